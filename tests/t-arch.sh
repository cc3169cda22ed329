#!/bin/bash
# The tree's architecture and incomplete hooks (issue 22 item 3).  A
# board-support tree carries one architecture (arch/arm), not x86: the
# parses must use it, or u32 and friends do not resolve and the hooks
# that use them lose their wrapper and default.  Which architecture:
# 'arch' in hookwrap.conf, else ARCH=, else x86, else the tree's one,
# else (several) the configured one or the first by name, with a note.
# A hook whose declaration, a function that runs it or its default does
# not type-check is an [incomplete-hook] error naming the unresolved
# name, the count closes, and no command goes on without its facts.
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

ARM=$(fixture arch-arm)		# arch/arm only, u32 in asm/types.h
hooks=7

# run NAME CMD...: CMD's stdout, stderr and status in $OUT/NAME.{out,err,rc}.
run() {
	local name=$1
	shift
	"$@" >"$OUT/$name.out" 2>"$OUT/$name.err"
	echo $? >"$OUT/$name.rc"
}
# rc_is NAME WANT: the status run NAME left.
rc_is() {
	same "$1: exit $2" <(echo "$2") "$OUT/$1.rc"
}
# count NAME FILE PATTERN N: FILE has N lines with the fixed string.
count() {
	local n
	n=$(grep -cF -- "$3" "$2")
	[ "$n" = "$4" ] && ok "$1" ||
		not_ok "$1" "want $4 lines with '$3', got $n:" "$(head -8 "$2")"
}

# --- An ARM-only tree: its own arch/arm headers, every fact found.
run arm "$HOOKWRAP" manifest "$ARM"
rc_is arm 0
same "arm: nothing on stderr" /dev/null "$OUT/arm.err"
awk -F'\t' 'NR > 1 && ($8 == "-" || $10 == "-") { print $1 }' \
	"$OUT/arm.out" >"$OUT/arm.lost"
same "arm: every hook has its default and its out-of-line wrapper" \
	/dev/null "$OUT/arm.lost"
count "arm: $hooks hooks" "$OUT/arm.out" "	security_" $hooks
contains "arm: inode_getsecid (u32 *secid): wrapper, default, stub" \
	"$OUT/arm.out" "$(printf 'inode_getsecid\tsecurity_inode_getsecid\tvoid\tconst struct inode *inode, u32 *secid\tinode, secid\tCONFIG_SECURITY\t*secid = 0;\tcap_inode_getsecid\tinclude/linux/security.h:23\tsecurity/security.c:30\t')"
contains "arm: xfrm_policy_lookup (u8): its default" "$OUT/arm.out" \
	"$(printf 'return 0;\tcap_xfrm_policy_lookup\t')"

# The same tree named by ARCH= and by 'arch =': the same manifest.
run arm-env env ARCH=arm "$HOOKWRAP" manifest "$ARM"
same "ARCH=arm: the same manifest" "$OUT/arm.out" "$OUT/arm-env.out"
C=$(copy_fixture arch-arm)
printf 'profile = lsm\narch = arm\n' >"$C/hookwrap.conf"
run arm-conf "$HOOKWRAP" manifest "$C"
same "arch = arm: the same manifest" "$OUT/arm.out" "$OUT/arm-conf.out"

# An architecture the tree does not have: an error that lists its own.
run env-x86 env ARCH=x86_64 "$HOOKWRAP" manifest "$ARM"
rc_is env-x86 2
contains "ARCH=x86_64: says the tree has no arch/x86, and has arm" \
	"$OUT/env-x86.err" "error: ARCH=x86_64 (the environment): $ARM has neither arch/x86/include nor include/asm-x86_64; unset ARCH or name one of the architectures it has: arm"
printf 'profile = lsm\narch = mips\n' >"$C/hookwrap.conf"
run conf-mips "$HOOKWRAP" manifest "$C"
rc_is conf-mips 2
contains "arch = mips: an error at the description" "$OUT/conf-mips.err" \
	"$C/hookwrap.conf: error: arch = mips: $C has neither arch/mips/include nor include/asm-mips; name one of the architectures it has: arm"

# The ARM tree is of the out-of-line era (2.6.32): gen-header --in-place
# on it, wrapped already, changes nothing (issue 22 item 1), and its
# header compiles, with gcc and clang, CONFIG_SECURITY on and off,
# against arch/arm's headers.
rm "$C/hookwrap.conf"
run arm-gen "$HOOKWRAP" gen-header --in-place "$C"
rc_is arm-gen 0
check "arm: gen-header --in-place on a wrapped tree changes nothing" \
	diff -r "$FIX/arch-arm" "$C"
printf '#include <linux/security.h>\nint f(struct inode *i, u32 *s)\n{\n\tsecurity_inode_getsecid(i, s);\n\treturn security_xfrm_policy_lookup(0, *s, 1);\n}\n' \
	>"$OUT/use.c"
for cc in gcc clang; do
	for cfg in "" "-DCONFIG_SECURITY -DCONFIG_SECURITY_NETWORK_XFRM"; do
		check "arm: the generated header compiles ($cc${cfg:+ $cfg})" \
			$cc -nostdinc -I"$C/include" -I"$C/arch/arm/include" \
			$cfg -Wall -Werror -c "$OUT/use.c" -o "$OUT/use.o"
	done
done

# --- The same tree without its arch headers (what the x86-only front
# end saw): u32 does not resolve; four hooks are incomplete.
N=$(copy_fixture arch-arm)
rm -r "$N/arch/arm/include"
run noarch "$HOOKWRAP" manifest "$N"
rc_is noarch 2
same "no arch headers: no manifest on stdout" /dev/null "$OUT/noarch.out"
for m in inode_getsecid:23 task_kill:25 secid_to_secctx:26 xfrm_policy_lookup:28; do
	contains "no arch headers: ${m%:*} is an error at its declaration, naming u32" \
		"$OUT/noarch.err" "$N/include/linux/security.h:${m#*:}: error: hook '${m%:*}' is incomplete: its declaration does not type-check (unknown type name 'u32'); make 'u32' resolve"
done
count "no arch headers: four [incomplete-hook] lines and the count" \
	"$OUT/noarch.err" "[incomplete-hook]" 5
contains "no arch headers: the count line" "$OUT/noarch.err" \
	"hookwrap manifest: error: 4 of the $hooks hooks are incomplete"
# No command goes on without those facts.
cp "$N/include/linux/security.h" "$OUT/security.h.before"
run noarch-gen "$HOOKWRAP" gen-header --in-place "$N"
rc_is noarch-gen 2
same "gen-header --in-place: the header untouched" \
	"$OUT/security.h.before" "$N/include/linux/security.h"
run noarch-o "$HOOKWRAP" gen-header -o "$OUT/block.h" "$N"
rc_is noarch-o 2
[ ! -e "$OUT/block.h" ] && ok "gen-header -o: no file written" ||
	not_ok "gen-header -o: no file written" "$OUT/block.h exists"
run noarch-conv "$HOOKWRAP" convert "$N"
rc_is noarch-conv 2
contains "convert: the count line" "$OUT/noarch-conv.err" \
	"hookwrap convert: error: 4 of the $hooks hooks are incomplete"
run noarch-check sh -c "cd '$N' && '$HOOKWRAP' check --tree . security/security.c"
rc_is noarch-check 2
contains "check: the count line" "$OUT/noarch-check.err" \
	"hookwrap check: error: 4 of the $hooks hooks are incomplete"

# --- Old layout: include/asm-arm and no arch/: the one architecture,
# behind an asm link the front end makes.
O=$(copy_fixture arch-arm)
mkdir -p "$O/include/asm-arm"
mv "$O/arch/arm/include/asm/"* "$O/include/asm-arm/"
rm -r "$O/arch"
run old "$HOOKWRAP" manifest "$O"
rc_is old 0
same "include/asm-arm only: the same manifest" "$OUT/arm.out" "$OUT/old.out"
# Configured for arm (include/asm -> asm-arm) beside another asm-*: the
# link decides, and says so; ARCH= names another and its headers win
# (mips's asm/types.h here has no u32).
mkdir "$O/include/asm-mips"
printf 'typedef unsigned char u8;\n' >"$O/include/asm-mips/types.h"
ln -s asm-arm "$O/include/asm"
run old-link "$HOOKWRAP" manifest "$O"
rc_is old-link 0
contains "include/asm -> asm-arm beside asm-mips: arm, and a note" \
	"$OUT/old-link.err" "note: the tree has 2 architectures and no x86 (arm mips); the parses use arm, include/asm links to it: the one the tree is configured for;"
run old-mips env ARCH=mips "$HOOKWRAP" manifest "$O"
rc_is old-mips 2
count "ARCH=mips over the asm-arm link: its asm/types.h, 4 incomplete" \
	"$OUT/old-mips.err" "(unknown type name 'u32')" 4

# --- Two architectures and no x86 (arch-two: arm, and arm64 configured).
TWO=$(copy_fixture arch-two)
run two "$HOOKWRAP" manifest "$TWO"
rc_is two 0
contains "two, arm64 configured: it is used, and a note says why" \
	"$OUT/two.err" "$TWO: note: the tree has 2 architectures and no x86 (arm arm64); the parses use arm64, the only one with generated headers (arch/*/include/generated): the one the tree is configured for; set 'arch' in hookwrap.conf or ARCH= in the environment to use another [arch]"
count "two: the note is the only line" "$OUT/two.err" "" 1
same "two, arm64's generated asm/types.h: the same manifest" \
	"$OUT/arm.out" "$OUT/two.out"
run two-arm env ARCH=arm "$HOOKWRAP" manifest "$TWO"
same "two, ARCH=arm: no note" /dev/null "$OUT/two-arm.err"
rm -r "$TWO/arch/arm64/include/generated"
run two-unbuilt "$HOOKWRAP" manifest "$TWO"
rc_is two-unbuilt 0
contains "two, never built: arm, the first by name" "$OUT/two-unbuilt.err" \
	"note: the tree has 2 architectures and no x86 (arm arm64); the parses use arm, the first by name;"
same "two, never built: the same manifest" "$OUT/arm.out" \
	"$OUT/two-unbuilt.out"
# arm64 unbuilt has no asm/types.h of its own: its hooks are incomplete.
run two-arm64 env ARCH=arm64 "$HOOKWRAP" manifest "$TWO"
rc_is two-arm64 2
count "two, never built, ARCH=arm64: u32 unresolved in 4 hooks" \
	"$OUT/two-arm64.err" "(unknown type name 'u32')" 4
# 'arch' in hookwrap.conf comes before ARCH=.
printf 'profile = lsm\narch = arm64\n' >"$TWO/hookwrap.conf"
run two-conf env ARCH=arm "$HOOKWRAP" manifest "$TWO"
rc_is two-conf 2
printf 'profile = lsm\narch = arm\n' >"$TWO/hookwrap.conf"
run two-conf2 env ARCH=arm64 "$HOOKWRAP" manifest "$TWO"
rc_is two-conf2 0
rm "$TWO/hookwrap.conf"
# The manifest cache tells ARCH= apart: a manifest cached without it is
# not the one for ARCH=arm64.
run two-check sh -c "cd '$TWO' && '$HOOKWRAP' check --verbose --tree . security/security.c"
rc_is two-check 0
contains "check without ARCH: the manifest is cached" "$OUT/two-check.err" \
	"hookwrap check: manifest cached in"
run two-check64 sh -c "cd '$TWO' && ARCH=arm64 '$HOOKWRAP' check --tree . security/security.c"
rc_is two-check64 2
contains "check, ARCH=arm64 after a cached run without it: incomplete" \
	"$OUT/two-check64.err" "hookwrap check: error: 4 of the $hooks hooks are incomplete"

# An arch/x86 beside them (empty here): the configured arm64 still
# wins, said in a note; never built, x86 comes first (and lacks u32).
X=$(copy_fixture arch-two)
mkdir -p "$X/arch/x86/include/asm"
run x86-conf "$HOOKWRAP" manifest "$X"
rc_is x86-conf 0
contains "with x86, configured for arm64: arm64, and a note" \
	"$OUT/x86-conf.err" "note: the tree has 3 architectures (arm arm64 x86); the parses use arm64, the only one with generated headers"
rm -r "$X/arch/arm64/include/generated"
run x86-unbuilt "$HOOKWRAP" manifest "$X"
rc_is x86-unbuilt 2
lacks "with x86, never built: x86, no note" "$OUT/x86-unbuilt.err" "note:"
count "with x86, never built: x86's (empty) headers, 4 incomplete" \
	"$OUT/x86-unbuilt.err" "(unknown type name 'u32')" 4

# --- A hook type no header defines, and the other ways to lose a fact.
U=$(fixture arch-unresolved)
run unres "$HOOKWRAP" manifest "$U"
rc_is unres 2
same "unresolved: no manifest on stdout" /dev/null "$OUT/unres.out"
contains "unresolved: sb_frob's declaration, frob_t at its line" \
	"$OUT/unres.err" "$U/include/linux/security.h:30: error: hook 'sb_frob' is incomplete: its declaration does not type-check (unknown type name 'frob_t'); make 'frob_t' resolve ('arch' in hookwrap.conf or ARCH= for the tree's architecture; -I, -D in 'cflags') [incomplete-hook]"
contains "unresolved: task_frob's dispatcher passes FROB_LEVEL" \
	"$OUT/unres.err" "$U/security/security.c:59: error: hook 'task_frob' is incomplete: security_task_frob() (security/security.c:57), a function that runs it, does not type-check (use of undeclared identifier 'FROB_LEVEL'); make 'FROB_LEVEL' resolve"
contains "unresolved: inode_frob's default entry dropped with cap_inode_frob()" \
	"$OUT/unres.err" "$U/security/capability.c:44: error: hook 'inode_frob' is incomplete: the parse dropped its default table entry (security/capability.c:62): cap_inode_frob() does not type-check (unknown type name 'frob_level_t'); make 'frob_level_t' resolve"
contains "unresolved: sb_unfrob lost with the whole initialiser" \
	"$OUT/unres.err" "$U/security/capability.c:44: error: hook 'sb_unfrob' is incomplete: the parse dropped its default table entry (security/capability.c:61): cap_inode_frob() does not type-check (unknown type name 'frob_level_t')"
contains "unresolved: file_unfrob's default body returns EFROZEN" \
	"$OUT/unres.err" "$U/security/capability.c:56: error: hook 'file_unfrob' is incomplete: its default cap_file_unfrob() (security/capability.c:54) does not type-check (use of undeclared identifier 'EFROZEN'); make 'EFROZEN' resolve"
lacks "unresolved: file_frob, whose error is outside its call, is complete" \
	"$OUT/unres.err" "'file_frob'"
count "unresolved: five hooks, then the count" "$OUT/unres.err" \
	"[incomplete-hook]" 6
tail -1 "$OUT/unres.err" >"$OUT/unres.last"
same "unresolved: the count line closes" <(echo "hookwrap manifest: error: 5 of the 13 hooks are incomplete (a declaration, a function that runs the hook or a default that does not type-check); no manifest is built [incomplete-hook]") \
	"$OUT/unres.last"

# --- The 6.12 shape (lsm612-mini): a hook-list entry whose type does not
# resolve, a dispatch macro passing an undeclared name, and an error in a
# dispatcher outside its call_void_hook(), which costs nothing.
L=$(copy_fixture lsm612-mini)
sed -i 's/^\(LSM_HOOK(int, 0, sb_alloc_security, struct super_block \*sb\))$/\1,\n\t sb_mode_t mode)/' \
	"$L/include/linux/lsm_hook_defs.h"
sed -i 's/return call_int_hook(inode_permission, inode, mask);/return call_int_hook(inode_permission, inode, mask | MAY_FROB);/' \
	"$L/security/security.c"
sed -i 's/^\tcall_void_hook(sb_free_security, sb);/\tif (sb->s_frob)\n\t\treturn;\n&/' \
	"$L/security/security.c"
run l612 "$HOOKWRAP" manifest "$L"
rc_is l612 2
m=$(grep -n 'sb_mode_t' "$L/include/linux/lsm_hook_defs.h" | cut -d: -f1)
contains "6.12 shape: a list entry's unresolved type, at its line" \
	"$OUT/l612.err" "$L/include/linux/lsm_hook_defs.h:$m: error: hook 'sb_alloc_security' is incomplete: its declaration does not type-check (unknown type name 'sb_mode_t')"
m=$(grep -n 'MAY_FROB' "$L/security/security.c" | cut -d: -f1)
contains "6.12 shape: call_int_hook() passing an undeclared name" \
	"$OUT/l612.err" "$L/security/security.c:$m: error: hook 'inode_permission' is incomplete: security_inode_permission()"
lacks "6.12 shape: an error beside call_void_hook() costs nothing" \
	"$OUT/l612.err" "'sb_free_security'"
contains "6.12 shape: the count" "$OUT/l612.err" \
	"hookwrap manifest: error: 2 of the 12 hooks are incomplete"
