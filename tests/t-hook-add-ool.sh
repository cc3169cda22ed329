#!/bin/bash
# The out-of-line era (Linux 2.6.21 to 4.1; issue 22 items 1, 2, 4, 5):
# one struct, a static table pointer in security/security.c, a dispatcher
# per hook there, prototypes and CONFIG-off stubs in security.h, and the
# defaults a NULL member gets in security/capability.c (set_to_cap_if_null;
# 2.6.21-2.6.27: security/dummy.c, set_to_dummy_if_null).  On lsm3x-mini
# (3.x shape, with dispatchers that adapt their arguments:
# security_capable() takes three of the hook's four, security_mmap_file(),
# security_sk_classify_flow() for sk_getsecid) and lsm26x-mini (dummy.c):
#   - the wrapped tree: gen-header --in-place changes nothing, the block
#     (stdout, -o, --adopt, a region) is refused, check is silent;
#   - a patch adding a member: check --patch names the five pieces and
#     the command, gen-header --in-place writes them (the golden diff,
#     read by hand), the tree builds with gcc and clang, the option on
#     and off (tests/era-build, shared with t-eras.sh), a second run
#     changes nothing;
#   - a void network hook, a lost default or fixup line, a guard with no
#     section, a stub that would call the default it defines.
. "$(dirname "$0")/lib.sh"

export HOOKWRAP_CACHE_DIR="$OUT/cache"
FILES="include/linux/security.h security/security.c security/capability.c"

# stamp DIR: every file's bytes and modification time, one line each.
stamp() {
	(cd "$1" && find . -type f | sort | while read -r f; do
		printf '%s %s %s\n' "$f" "$(md5sum <"$f" | cut -c1-32)" \
			"$(stat -c %.9Y "$f")"
	done)
}

# builds WHAT TREE [CALLS]: the tree's objects (its Makefile: -Wall
# -Wmissing-prototypes -Werror) with gcc and clang, CONFIG_SECURITY and
# _NETWORK on, CONFIG_SECURITY alone, both off; with CALLS, a unit
# whose function body is CALLS (a caller of the new wrapper, in the
# tree's fs/) too.
builds() {
	local what=$1 t=$2 calls=${3:-} cc cfg extra=
	if [ -n "$calls" ]; then
		printf '#include <linux/fs.h>\n#include <linux/net.h>\n#include <linux/security.h>\n\nint frob(struct file *file, struct socket *sock);\n\nint frob(struct file *file, struct socket *sock)\n{\n%s\n}\n' \
			"$calls" >"$t/fs/frob.c"
		extra=fs/frob.o
	fi
	for cc in gcc clang; do
		for cfg in on nonet off; do
			check "$what: builds with $cc, config $cfg" sh -c \
				"make -s -C '$t' clean && make -s -C '$t' defconfig-$cfg &&
				 make -s -C '$t' CC=$cc all $extra"
		done
	done
	rm -f "$t/fs/frob.c"
}

# --- The wrapped tree: nothing to write, nothing to report. ---
T=$(copy_fixture lsm3x-mini)
cp -a "$T" "$OUT/pristine"
stamp "$T" >"$OUT/clean.before"
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/clean.out" 2>&1
check "wrapped: gen-header --in-place exits 0, no --adopt asked" test $? -eq 0
same "wrapped: ... prints nothing" /dev/null "$OUT/clean.out"
stamp "$T" >"$OUT/clean.after"
same "wrapped: ... and changes no byte and no time" "$OUT/clean.before" "$OUT/clean.after"
"$HOOKWRAP" check --tree "$T" >"$OUT/clean.check" 2>&1
check "wrapped: check --tree exits 0" test $? -eq 0
same "wrapped: check --tree finds nothing (sk_getsecid is dispatched by security_sk_classify_flow)" \
	/dev/null "$OUT/clean.check"
(cd "$T" && "$HOOKWRAP" check -Iinclude -DCONFIG_SECURITY -DCONFIG_SECURITY_NETWORK \
	security/security.c) >"$OUT/clean.kbuild" 2>&1
same "wrapped: check of security/security.c as kbuild runs it: nothing" \
	/dev/null "$OUT/clean.kbuild"

# The block of inline wrappers never fits: each mode says so and writes
# nothing.
WHY="the hooks of struct security_operations are dispatched out of line, in security/security.c (12 of 15 hooks), through 'security_ops', which include/linux/security.h does not declare"
"$HOOKWRAP" gen-header "$T" >"$OUT/block.out" 2>"$OUT/block.err"
check "block on stdout: exit 2" test $? -eq 2
same "block on stdout: nothing printed" /dev/null "$OUT/block.out"
same "block on stdout: one error line, naming --in-place" - "$OUT/block.err" <<W
$T: error: $WHY: a block of inline wrappers does not fit this tree; 'hookwrap gen-header --in-place $T' writes the pieces its hooks lack (dispatcher, prototype, stub, default) where it keeps them
W
"$HOOKWRAP" gen-header -o "$OUT/block.h" "$T" >/dev/null 2>&1
check "block with -o: exit 2" test $? -eq 2
check_fails "block with -o: no file written" test -e "$OUT/block.h"
"$HOOKWRAP" gen-header --in-place --adopt "$T" >"$OUT/adopt.out" 2>&1
check "--adopt: exit 2" test $? -eq 2
same "--adopt: one error line, saying to drop --adopt" - "$OUT/adopt.out" <<W
$T/include/linux/security.h: error: --adopt replaces a header's inline wrappers with the generated block, but $WHY; drop --adopt: 'hookwrap gen-header --in-place $T' writes the pieces its hooks lack where it keeps them
W
printf '/* hookwrap: begin generated wrappers */\n/* hookwrap: end generated wrappers */\n' \
	>>"$T/include/linux/security.h"
stamp "$T" >"$OUT/region.before"
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/region.out" 2>&1
check "a region: exit 2" test $? -eq 2
contains "a region: says to remove it" "$OUT/region.out" \
	"security.h:203: error: a generated region, but $WHY: a block of inline wrappers does not fit this tree; remove the region"
stamp "$T" >"$OUT/region.after"
same "a region: nothing written" "$OUT/region.before" "$OUT/region.after"
stamp "$OUT/pristine" >"$OUT/clean.pristine"
same "the refusals wrote nothing (but the region the test added)" \
	"$OUT/clean.pristine" <(cp "$OUT/pristine/include/linux/security.h" "$T/include/linux/security.h" &&
				touch -r "$OUT/pristine/include/linux/security.h" "$T/include/linux/security.h" &&
				stamp "$T")

# --- Adding a hook: the review names the pieces, gen-header writes them. ---
T=$(copy_fixture lsm3x-mini)
"$HOOKWRAP" check --tree "$T" --patch "$T/add-hook.patch" >"$OUT/patch.out" 2>&1
check "check --patch of the one-member patch exits 1" test $? -eq 1
same "check --patch: one finding at the member the patch adds, naming the five pieces and the command" \
	- "$OUT/patch.out" <<W
include/linux/security.h:54:1: warning: hook 'file_frobnicate' has no dispatcher in security/security.c, no prototype and no CONFIG-off stub in include/linux/security.h, no default cap_file_frobnicate() and no set_to_cap_if_null() line in security/capability.c; add them with 'hookwrap gen-header --in-place $T' [stale-wrapper]
W
cp -a "$T" "$OUT/add.orig"
(cd "$T" && patch -sp1 <add-hook.patch)
cp -a "$T" "$OUT/add.patched"
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/add.out" 2>&1
check "gen-header --in-place exits 0" test $? -eq 0
same "gen-header --in-place prints nothing" /dev/null "$OUT/add.out"
for f in $FILES; do
	diff -u --label "a/$f" --label "b/$f" "$OUT/add.patched/$f" "$T/$f"
done >"$OUT/add.diff"
same "the diff is the expected one, byte for byte (dispatcher, prototype, stub, default, fixup line)" \
	"$FIX/lsm3x-mini.expected/gen-header.diff" "$OUT/add.diff"
check "nothing else changed" diff -r -x security.h -x security.c -x capability.c \
	"$OUT/add.patched" "$T"
# Built by tests/era-build, once per run for this file and t-eras.sh
# (the same arguments there): gcc and clang, the option on and off.
B=$(shared era-lsm3x-mini "$HW/tests/era-build" lsm3x-mini \
	"	return security_file_frobnicate(file, 2);")
check "hook added: the tree built (tests/era-build) is this one" diff -r "$T" "$B/tree"
for cc in gcc clang; do
	for cfg in on off; do
		if [ "$(cat "$B/$cc-$cfg.status" 2>/dev/null)" = 0 ]; then
			ok "hook added: builds with $cc, config $cfg"
		else
			not_ok "hook added: builds with $cc, config $cfg" "$(head -20 "$B/$cc-$cfg.log")"
		fi
	done
done
grep '^security/security.o: ' "$B/gcc-on.nm" >"$OUT/add.nm"
contains "security.o defines security_file_frobnicate (global)" "$OUT/add.nm" \
	" T security_file_frobnicate"
stamp "$T" >"$OUT/add.g1"
"$HOOKWRAP" gen-header --in-place "$T" >/dev/null 2>&1
stamp "$T" >"$OUT/add.g2"
same "a second run changes no byte and no time" "$OUT/add.g1" "$OUT/add.g2"
"$HOOKWRAP" check --tree "$T" >"$OUT/add.tree" 2>&1
same "check --tree after it: nothing" /dev/null "$OUT/add.tree"
(cd "$OUT" && diff -ruN add.orig "$(basename "$T")" |
	sed "s|^--- add.orig/\([^\t]*\).*|--- a/\1|; s|^+++ [^/]*/\([^\t]*\).*|+++ b/\1|") \
	>"$OUT/add.full.patch"
"$HOOKWRAP" check --tree "$OUT/add.orig" --patch "$OUT/add.full.patch" >"$OUT/add.full.out" 2>&1
check "the member and its five pieces as one patch: exit 0" test $? -eq 0
same "... and no finding" /dev/null "$OUT/add.full.out"

# --- A void network hook: every piece in its CONFIG_SECURITY_NETWORK part. ---
T=$(copy_fixture lsm3x-mini)
sed -i 's/^\t\t\t    struct sockaddr \*address, int addrlen);$/&\n\tvoid (*socket_frob) (struct socket *sock, int how);/' \
	"$T/include/linux/security.h"
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/net.out" 2>&1
check "network hook: gen-header exits 0" test $? -eq 0
# sections FILE: each #if/#else/#endif line and each line naming the hook.
sections() {
	grep -n '^#\(if\|else\|endif\)\|socket_frob' "$1" | sed 's/^[0-9]*://'
}
sections "$T/security/security.c" >"$OUT/net.c"
same "network hook: the dispatcher (no return: void) inside #ifdef CONFIG_SECURITY_NETWORK" \
	- "$OUT/net.c" <<'W'
#ifdef CONFIG_SECURITY_NETWORK
void security_socket_frob(struct socket *sock, int how)
	security_ops->socket_frob(sock, how);
#endif	/* CONFIG_SECURITY_NETWORK */
W
sections "$T/include/linux/security.h" | sed -n '/CONFIG_SECURITY_NETWORK$/,$p' >"$OUT/net.h"
same "network hook: the member, the prototype in the network part, the stub in its #else" \
	- "$OUT/net.h" <<'W'
#ifdef CONFIG_SECURITY_NETWORK
	void (*socket_frob) (struct socket *sock, int how);
#endif	/* CONFIG_SECURITY_NETWORK */
#else /* CONFIG_SECURITY */
#endif	/* CONFIG_SECURITY */
#ifdef CONFIG_SECURITY_NETWORK
void security_socket_frob(struct socket *sock, int how);
#else	/* CONFIG_SECURITY_NETWORK */
static inline void security_socket_frob(struct socket *sock, int how)
#endif	/* CONFIG_SECURITY_NETWORK */
#endif /* ! __LINUX_SECURITY_H */
W
sections "$T/security/capability.c" >"$OUT/net.cap"
same "network hook: the default and the fixup line in their network sections" \
	- "$OUT/net.cap" <<'W'
#ifdef CONFIG_SECURITY_NETWORK
static void cap_socket_frob(struct socket *sock, int how)
#endif	/* CONFIG_SECURITY_NETWORK */
#ifdef CONFIG_SECURITY_NETWORK
	set_to_cap_if_null(ops, socket_frob);
#endif	/* CONFIG_SECURITY_NETWORK */
W
grep -A2 '^static inline void security_socket_frob' "$T/include/linux/security.h" >"$OUT/net.stub"
same "network hook: an empty stub written as its neighbours in the network part write theirs" \
	- "$OUT/net.stub" <<'W'
static inline void security_socket_frob(struct socket *sock, int how)
{
}
W
builds "network hook" "$T" "	security_socket_frob(sock, 1);
	return file != NULL;"

# A void hook in the CONFIG_SECURITY part, whose empty stubs are "{ }".
T=$(copy_fixture lsm3x-mini)
sed -i 's/^\tvoid (\*file_free_security) (struct file \*file);$/&\n\tvoid (*file_frob) (struct file *file);/' \
	"$T/include/linux/security.h"
"$HOOKWRAP" gen-header --in-place "$T" >/dev/null 2>&1
grep -A1 '^static inline void security_file_frob' "$T/include/linux/security.h" >"$OUT/void.stub"
same "void hook: an empty stub written as its neighbours write theirs, { }" \
	- "$OUT/void.stub" <<'W'
static inline void security_file_frob(struct file *file)
{ }
W

# --- A lost piece of a hook that has the rest: only it is written back. ---
for lost in fixup default; do
	T=$(copy_fixture lsm3x-mini)
	case $lost in
	fixup) sed -i '/set_to_cap_if_null(ops, syslog);/d' "$T/security/capability.c"
	       want="hook 'syslog' has no set_to_cap_if_null() line in security/capability.c" ;;
	default) sed -i '/^static int cap_syslog(int type)$/,/^$/d' "$T/security/capability.c"
		 want="hook 'syslog' has no default cap_syslog() in security/capability.c" ;;
	esac
	"$HOOKWRAP" check --tree "$T" >"$OUT/lost-$lost.out" 2>&1
	same "lost $lost: check says exactly that" - "$OUT/lost-$lost.out" <<W
$T/include/linux/security.h:47:1: warning: $want; add it with 'hookwrap gen-header --in-place $T' [stale-wrapper]
W
	"$HOOKWRAP" gen-header --in-place "$T" >/dev/null 2>&1
	check "lost $lost: gen-header writes it back: capability.c as it was" \
		cmp "$FIX/lsm3x-mini/security/capability.c" "$T/security/capability.c"
	check "lost $lost: ... and nothing else" diff -r "$FIX/lsm3x-mini" "$T"
done

# --- Refusals: one error line, exit 2, nothing written. ---
# A guard no hook has: no section to put the pieces in.
T=$(copy_fixture lsm3x-mini)
sed -i 's/^#endif\t\/\* CONFIG_SECURITY_NETWORK \*\/$/&\n#ifdef CONFIG_KEYS\n\tint (*key_frob) (int x);\n#endif/' \
	"$T/include/linux/security.h"
stamp "$T" >"$OUT/keys.before"
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/keys.out" 2>&1
check "new guard: exit 2" test $? -eq 2
same "new guard: one error line saying what to add" - "$OUT/keys.out" <<W
$T/include/linux/security.h:71: error: hook 'key_frob' (guard 'CONFIG_SECURITY && CONFIG_KEYS') has no section in security/security.c to put its dispatcher in: no other hook of that guard has one there; add a '#ifdef CONFIG_KEYS' section holding it by hand, then run again
W
stamp "$T" >"$OUT/keys.after"
same "new guard: nothing written" "$OUT/keys.before" "$OUT/keys.after"

# A stub (here from hookwrap.conf) that calls the default to be written.
T=$(copy_fixture lsm3x-mini)
(cd "$T" && patch -sp1 <add-hook.patch)
printf 'profile = lsm\nstub.file_frobnicate = return cap_file_frobnicate(file, how);\n' \
	>"$T/hookwrap.conf"
stamp "$T" >"$OUT/rec.before"
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/rec.out" 2>&1
check "a stub calling the default: exit 2" test $? -eq 2
same "a stub calling the default: says to write it by hand" - "$OUT/rec.out" <<W
$T/include/linux/security.h:54: error: hook 'file_frobnicate' has no default cap_file_frobnicate() in security/capability.c, and its stub calls it ('return cap_file_frobnicate(file, how);'): write cap_file_frobnicate() by hand
W
stamp "$T" >"$OUT/rec.after"
same "a stub calling the default: nothing written" "$OUT/rec.before" "$OUT/rec.after"

# --- 2.6.21-2.6.27: the defaults in dummy.c, capability.c a module. ---
T=$(copy_fixture lsm26x-mini)
stamp "$T" >"$OUT/d26.before"
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/d26.clean" 2>&1
stamp "$T" >"$OUT/d26.after"
same "dummy.c tree: gen-header --in-place changes nothing" "$OUT/d26.before" "$OUT/d26.after"
"$HOOKWRAP" check --tree "$T" --patch "$FIX/lsm3x-mini/add-hook.patch" >"$OUT/d26.patch" 2>&1
same "dummy.c tree: check --patch names dummy_file_frobnicate() and set_to_dummy_if_null()" \
	- "$OUT/d26.patch" <<W
include/linux/security.h:54:1: warning: hook 'file_frobnicate' has no dispatcher in security/security.c, no prototype and no CONFIG-off stub in include/linux/security.h, no default dummy_file_frobnicate() and no set_to_dummy_if_null() line in security/dummy.c; add them with 'hookwrap gen-header --in-place $T' [stale-wrapper]
W
(cd "$T" && patch -sp1 <"$FIX/lsm3x-mini/add-hook.patch")
cp -a "$T" "$OUT/d26.patched"
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/d26.out" 2>&1
check "dummy.c tree: gen-header exits 0" test $? -eq 0
diff -u "$OUT/d26.patched/security/dummy.c" "$T/security/dummy.c" |
	grep '^[+-]' | grep -v '^\(+++\|---\) ' >"$OUT/d26.dummy"
same "dummy.c tree: the default and its fixup line in dummy.c" - "$OUT/d26.dummy" <<'W'
+static int dummy_file_frobnicate(struct file *file, int how)
+{
+	return 0;
+}
+
+	set_to_dummy_if_null(ops, file_frobnicate);
W
check "dummy.c tree: capability.c (no fixup macro) untouched" \
	cmp "$OUT/d26.patched/security/capability.c" "$T/security/capability.c"
builds "dummy.c tree" "$T" "	return security_file_frobnicate(file, 2);"
stamp "$T" >"$OUT/d26.g1"
"$HOOKWRAP" gen-header --in-place "$T" >/dev/null 2>&1
stamp "$T" >"$OUT/d26.g2"
same "dummy.c tree: a second run changes nothing" "$OUT/d26.g1" "$OUT/d26.g2"
