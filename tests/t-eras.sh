#!/bin/bash
# Generated code compiles, in every era of the LSM table (issue 22 item
# 4).  One fixture per era, each through the same steps:
#
#   inline   lsm269-mini  2.5.43-2.6.20: inline wrappers in security.h,
#                         defaults in security/dummy.c
#   ool      lsm3x-mini   2.6.21-4.1: out-of-line dispatchers, defaults in
#                         security/capability.c (set_to_cap_if_null)
#   heads42  lsm42-mini   4.2-4.11: union security_list_options and struct
#                         security_hook_heads written out in lsm_hooks.h,
#                         each head initialised by name in security.c
#   heads    lsm54-mini   4.12-5.6: the same, the heads initialised as one
#                         array; no lsm_hook_defs.h in either
#   static   lsm612-mini  6.12: LSM_HOOK lines, static calls
#
#  1. the wrapped tree: 'gen-header --in-place' (with --adopt on the
#     inline era, whose header has hand-written wrappers: the block
#     replaces them, and every object is the same, instruction for
#     instruction); a second run changes nothing; 'check --tree' is
#     silent;
#  2. review: 'check --patch' of the fixture's add-hook.patch (one member
#     or LSM_HOOK line) names, at that line, every piece the hook lacks
#     in that era and the command that writes them;
#  3. 'gen-header --in-place' writes them: the golden diff (read by
#     hand), nothing else changed;
#  4. the result builds (the fixture's Makefile, -Wall -Werror) with gcc
#     and clang, CONFIG_SECURITY and _NETWORK on and all off, with a unit
#     calling the new hook's wrapper; nm shows who defines it, and with
#     the option off the unit calls nothing;
#  5. a second run changes nothing, 'check --tree' is silent, and the
#     hook with its pieces as one patch reviews clean.
#
# The builds (tests/era-build) run once per run (shared).  ERAS="..."
# runs some of the eras only.
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

# stamp DIR: every file's modification time, then its bytes.
stamp() {
	(cd "$1" && find . -type f -printf '%p %T@\n' | sort &&
	 find . -type f -exec md5sum {} + | sort -k2)
}

# stderr less the notes of the tree's own stubs that differ from the
# defaults (issue 12 item 2, tests/t-tree-stubs.sh): 4 on lsm612-mini.
others() {
	grep -v "\[stub-differs\]\$\|: note: .* with a stub in the tree's header" "$1"
}

FROB="	return security_file_frobnicate(file, 2);"
H=include/linux/security.h
L=include/linux/lsm_hooks.h
C=security/security.c

# era E: the settings of era E.  NAME: the fixture; ADOPT: the first
# run's flag; FILES: what gen-header writes, in the golden diff's order;
# WANT: the review's finding (T: the tree as named); CALLS: the unit's
# body; NM: lines nm must show with the option on, "FILE SYMBOL".
era() {
	ADOPT=
	CALLS=$FROB
	GOLDEN=$FIX/$1.expected/gen-header.diff
	case $1 in
	inline)
		NAME=lsm269-mini ADOPT=--adopt
		FILES="$H security/dummy.c"
		WANT="$H:47:1: warning: hook 'file_frobnicate' has no wrapper security_file_frobnicate() in $H, no default dummy_file_frobnicate() and no set_to_dummy_if_null() line in security/dummy.c; regenerate with 'hookwrap gen-header --in-place T' [stale-wrapper]"
		NM="fs/frob.o U security_ops
security/dummy.o t dummy_file_frobnicate" ;;
	ool)
		NAME=lsm3x-mini
		FILES="$H $C security/capability.c"
		WANT="$H:54:1: warning: hook 'file_frobnicate' has no dispatcher in $C, no prototype and no CONFIG-off stub in $H, no default cap_file_frobnicate() and no set_to_cap_if_null() line in security/capability.c; add them with 'hookwrap gen-header --in-place T' [stale-wrapper]"
		NM="fs/frob.o U security_file_frobnicate
security/security.o T security_file_frobnicate
security/capability.o t cap_file_frobnicate" ;;
	heads42|heads)
		NAME=lsm54-mini
		[ "$1" = heads42 ] && NAME=lsm42-mini
		FILES="$L $H $C"
		WANT="$L:45:1: warning: hook 'file_frobnicate' has no dispatcher in $C, no prototype and no CONFIG-off stub in $H, no member of struct security_hook_heads in $L"
		[ "$1" = heads42 ] && WANT="$WANT and no entry in the initialiser of security_hook_heads in $C"
		WANT="$WANT; add them with 'hookwrap gen-header --in-place T' [stale-wrapper]"
		NM="fs/frob.o U security_file_frobnicate
security/security.o T security_file_frobnicate" ;;
	static)
		NAME=lsm612-mini
		FILES="$H $C"
		WANT="include/linux/lsm_hook_defs.h:6:1: warning: hook 'inode_frob' has no dispatcher in $C, no prototype and no CONFIG-off stub in $H; add them with 'hookwrap gen-header --in-place T' [stale-wrapper]"
		CALLS="	return security_inode_frob(inode, 1);"
		NM="fs/frob.o U security_inode_frob
security/security.o T security_inode_frob" ;;
	esac
	case $1 in
	inline|ool|heads42|heads) GOLDEN=$FIX/$NAME.expected/gen-header.diff ;;
	static) GOLDEN=$FIX/$NAME/gen-header.expected.diff ;;
	esac
}

# symbols NMFILE FILE: "FILE TYPE NAME" lines of FILE's symbols.
symbols() {
	sed -n "s|^\($2\): *[0-9a-f]* \([A-Za-z]\) \(.*\)|\1 \2 \3|p" "$1"
}

ERAS=${ERAS:-inline ool heads42 heads static}
# The builds first, in the background: each era's checks below run while
# the next eras build (shared: whoever comes first builds, once).
for E in $ERAS; do
	era "$E"
	shared "era-$NAME" "$HW/tests/era-build" $ADOPT "$NAME" "$CALLS" \
		>/dev/null 2>&1 &
done

for E in $ERAS; do
	era "$E"
	T=$(copy_fixture "$NAME")
	B=$(shared "era-$NAME" "$HW/tests/era-build" $ADOPT "$NAME" "$CALLS") ||
		not_ok "$E: tests/era-build $NAME" "$(tail -5 "$B.log")"

	# 1. The wrapped tree.
	if [ -n "$ADOPT" ]; then
		stamp "$T" >"$OUT/$E.s0"
		"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/$E.noadopt" 2>&1
		check "$E: hand-written wrappers, no --adopt: exit 2" test $? -eq 2
		contains "$E: ... naming --adopt" "$OUT/$E.noadopt" \
			"hand-written wrappers and stubs (the first: security_ptrace()): run with --adopt"
		stamp "$T" >"$OUT/$E.s1"
		same "$E: ... and nothing written" "$OUT/$E.s0" "$OUT/$E.s1"
	fi
	"$HOOKWRAP" gen-header --in-place $ADOPT "$T" >"$OUT/$E.gen1" 2>&1
	check "$E: gen-header --in-place $ADOPT on the wrapped tree exits 0" test $? -eq 0
	if [ -n "$ADOPT" ]; then
		contains "$E: --adopt removes the 17 wrappers, 17 stubs and mod_reg_security()'s prototype" \
			"$OUT/$E.gen1" "note: --adopt removed 35 functions (17 wrappers, 17 stubs, 1 prototypes), all regenerated by the block"
		for cfg in on off; do
			for o in $(cd "$B/wrapped-gcc-$cfg" && find . -name '*.o' | sort); do
				objdump -d --no-show-raw-insn "$B/wrapped-gcc-$cfg/$o" | sed 1,3d
			done >"$OUT/$E.wrapped-$cfg.s"
			for o in $(cd "$B/adopted-gcc-$cfg" && find . -name '*.o' | sort); do
				objdump -d --no-show-raw-insn "$B/adopted-gcc-$cfg/$o" | sed 1,3d
			done >"$OUT/$E.adopted-$cfg.s"
			check "$E: option $cfg: the wrapped and the adopted tree build ($(cat "$B/wrapped-gcc-$cfg.status") $(cat "$B/adopted-gcc-$cfg.status"))" \
				test "$(cat "$B/wrapped-gcc-$cfg.status" "$B/adopted-gcc-$cfg.status")" = "0
0"
			check "$E: option $cfg: ... to the same objects, instruction for instruction ($(grep -c '>:$' "$OUT/$E.adopted-$cfg.s") functions)" \
				cmp "$OUT/$E.wrapped-$cfg.s" "$OUT/$E.adopted-$cfg.s"
		done
	else
		others "$OUT/$E.gen1" >"$OUT/$E.gen1.other"
		same "$E: ... prints nothing" /dev/null "$OUT/$E.gen1.other"
		check "$E: ... and changes nothing" diff -r "$(fixture "$NAME")" "$T"
	fi
	stamp "$T" >"$OUT/$E.s2"
	"$HOOKWRAP" gen-header --in-place "$T" >/dev/null 2>&1
	stamp "$T" >"$OUT/$E.s3"
	same "$E: a second run changes no byte and no time" "$OUT/$E.s2" "$OUT/$E.s3"
	"$HOOKWRAP" check --tree "$T" >"$OUT/$E.tree0" 2>&1
	same "$E: check --tree on the wrapped tree: nothing" /dev/null "$OUT/$E.tree0"
	cp -a "$T" "$OUT/$E.base"

	# 2. Review of the patch adding the hook.
	"$HOOKWRAP" check --tree "$T" --patch "$T/add-hook.patch" >"$OUT/$E.review" 2>&1
	check "$E: check --patch of add-hook.patch exits 1" test $? -eq 1
	echo "$WANT" | sed "s|--in-place T'|--in-place $T'|" >"$OUT/$E.want"
	same "$E: one finding at the line the patch adds, naming every missing piece and the command" \
		"$OUT/$E.want" "$OUT/$E.review"

	# 3. gen-header writes the pieces.
	(cd "$T" && patch -sp1 <add-hook.patch)
	cp -a "$T" "$OUT/$E.patched"
	"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/$E.gen2" 2>&1
	check "$E: gen-header --in-place on the patched tree exits 0" test $? -eq 0
	others "$OUT/$E.gen2" >"$OUT/$E.gen2.other"
	same "$E: ... prints nothing" /dev/null "$OUT/$E.gen2.other"
	for f in $FILES; do
		diff -u --label "a/$f" --label "b/$f" "$OUT/$E.patched/$f" "$T/$f"
	done >"$OUT/$E.diff"
	sed 's/^\(---\|+++\) \([^\t]*\)\t.*/\1 \2/' "$GOLDEN" >"$OUT/$E.golden"
	same "$E: the diff is the golden one ($(grep -c '^+[^+]' "$OUT/$E.golden") lines added in $(echo $FILES | wc -w) files)" \
		"$OUT/$E.golden" "$OUT/$E.diff"
	excl=
	for f in $FILES; do excl="$excl -x $(basename "$f")"; done
	check "$E: nothing else changed" diff -r $excl "$OUT/$E.patched" "$T"

	# 4. The builds (tests/era-build, shared): the same tree.
	check "$E: the tree built is this one" diff -r "$T" "$B/tree"
	for cc in gcc clang; do
		for cfg in on off; do
			s=$(cat "$B/$cc-$cfg.status" 2>/dev/null)
			if [ "$s" = 0 ]; then
				ok "$E: builds with $cc, config $cfg ($(grep -c '\.o: .* T ' "$B/$cc-$cfg.nm") global functions)"
			else
				not_ok "$E: builds with $cc, config $cfg" "$(head -20 "$B/$cc-$cfg.log")"
			fi
		done
		while read -r file type sym; do
			symbols "$B/$cc-on.nm" "$file" >"$OUT/$E.$cc.sym"
			contains "$E: $cc, on: nm $file: $type $sym" "$OUT/$E.$cc.sym" \
				"$file $type $sym"
		done <<<"$NM"
		symbols "$B/$cc-off.nm" fs/frob.o >"$OUT/$E.$cc.offsym"
		same "$E: $cc, off: the caller calls nothing (the stub)" - \
			"$OUT/$E.$cc.offsym" <<<"fs/frob.o T frob"
	done

	# 5. Idempotent, clean.
	stamp "$T" >"$OUT/$E.g1"
	"$HOOKWRAP" gen-header --in-place "$T" >/dev/null 2>&1
	stamp "$T" >"$OUT/$E.g2"
	same "$E: a second run changes no byte and no time" "$OUT/$E.g1" "$OUT/$E.g2"
	"$HOOKWRAP" check --tree "$T" >"$OUT/$E.tree1" 2>&1
	same "$E: check --tree after it: nothing" /dev/null "$OUT/$E.tree1"
	(cd "$OUT" && diff -ruN "$E.base" "$(basename "$T")" |
		sed "s|^--- $E.base/\([^\t]*\).*|--- a/\1|; s|^+++ [^/]*/\([^\t]*\).*|+++ b/\1|") \
		>"$OUT/$E.full.patch"
	"$HOOKWRAP" check --tree "$OUT/$E.base" --patch "$OUT/$E.full.patch" \
		>"$OUT/$E.full" 2>&1
	check "$E: the hook and its pieces as one patch: exit 0" test $? -eq 0
	same "$E: ... and no finding" /dev/null "$OUT/$E.full"
done
wait

# --- The inline era: a default or a fixup line lost, before and after
# the adoption. ---
case " $ERAS " in *" inline "*)
T=$(copy_fixture lsm269-mini)
sed -i '/set_to_dummy_if_null(ops, syslog);/d' "$T/security/dummy.c"
"$HOOKWRAP" check --tree "$T" >"$OUT/lost-fixup.out" 2>&1
same "inline: hand-written wrappers, a fixup line lost: check says so, and how" \
	- "$OUT/lost-fixup.out" <<W
$T/$H:36:1: warning: hook 'syslog' has no set_to_dummy_if_null() line in security/dummy.c; add it by hand, or with 'hookwrap gen-header --in-place --adopt $T' (which also puts the generated block in place of hand-written wrappers) [stale-wrapper]
W
"$HOOKWRAP" gen-header --in-place --adopt "$T" >/dev/null 2>&1
check "inline: --adopt writes it back: dummy.c as it was" \
	cmp "$FIX/lsm269-mini/security/dummy.c" "$T/security/dummy.c"
cp "$T/security/dummy.c" "$OUT/adopted-dummy.c"
sed -i '/^static int dummy_inode_permission (struct inode \*inode, int mask)$/,/^$/d' \
	"$T/security/dummy.c"
"$HOOKWRAP" check --tree "$T" >"$OUT/lost-dflt.out" 2>&1
same "inline: the region, a default lost: check says so" - "$OUT/lost-dflt.out" <<W
$T/$H:44:1: warning: hook 'inode_permission' has no default dummy_inode_permission() in security/dummy.c; add it with 'hookwrap gen-header --in-place $T' [stale-wrapper]
W
cp -a "$T" "$OUT/lost.before"
"$HOOKWRAP" gen-header --in-place "$T" >/dev/null 2>&1
diff "$OUT/adopted-dummy.c" "$T/security/dummy.c" >"$OUT/lost-dflt.diff"
same "inline: gen-header writes it back where it was, of its stub's body (only the blank before '(' differs)" \
	- "$OUT/lost-dflt.diff" <<'W'
46c46
< static int dummy_inode_permission (struct inode *inode, int mask)
---
> static int dummy_inode_permission(struct inode *inode, int mask)
W
check "inline: ... and nothing else" diff -r -x dummy.c "$OUT/lost.before" "$T"
;;
esac

# --- Written-out heads: the pieces beside their neighbours' ---
case " $ERAS " in *" heads42 "*)
# A patch with both halves of the hook: the head is there, not the rest.
T=$(copy_fixture lsm42-mini)
(cd "$T" && patch -sp1 <add-hook.patch)
sed -i 's/^\tstruct hlist_head file_permission;$/&\n\tstruct hlist_head file_frobnicate;/' "$T/$L"
"$HOOKWRAP" check --tree "$T" >"$OUT/halves.out" 2>&1
same "heads42: a patch with the member and its head: the rest is named" - \
	"$OUT/halves.out" <<W
$T/$L:45:1: warning: hook 'file_frobnicate' has no dispatcher in $C, no prototype and no CONFIG-off stub in $H, no entry in the initialiser of security_hook_heads in $C; add them with 'hookwrap gen-header --in-place $T' [stale-wrapper]
W

# A long name after a one-line entry, a void network hook at the end.
T=$(copy_fixture lsm42-mini)
sed -i 's/^\tint (\*syslog)(int type);$/&\n\tint (*syslog_frobnicate_everything)(int type);/
	s/^\tvoid (\*sk_getsecid)(struct sock \*sk, u32 \*secid);$/&\n\tvoid (*sk_frob)(struct sock *sk);/' "$T/$L"
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/long.out" 2>&1
check "heads42: two hooks: gen-header exits 0" test $? -eq 0
sed -n '/^struct security_hook_heads {$/,/^}/p' "$T/$L" |
	grep '^#\|frob\|syslog\|sk_getsecid' >"$OUT/long.h"
same "heads42: the heads after their neighbours', the network one in its #ifdef" \
	- "$OUT/long.h" <<'W'
	struct hlist_head syslog;
	struct hlist_head syslog_frobnicate_everything;
#ifdef CONFIG_SECURITY_NETWORK
	struct hlist_head sk_getsecid;
	struct hlist_head sk_frob;
#endif	/* CONFIG_SECURITY_NETWORK */
W
sed -n '/^struct security_hook_heads security_hook_heads = {$/,/^};$/p' "$T/$C" |
	grep -A1 'syslog\|\.sk_\|^#' >"$OUT/long.c"
same "heads42: initialiser entries as the neighbours', broken past 80 columns as 4.2 breaks its own" \
	- "$OUT/long.c" <<'W'
	.syslog =	LIST_HEAD_INIT(security_hook_heads.syslog),
	.syslog_frobnicate_everything =
		LIST_HEAD_INIT(security_hook_heads.syslog_frobnicate_everything),
	.vm_enough_memory =
--
#ifdef CONFIG_SECURITY_NETWORK
	.socket_create =
--
	.sk_free_security =
		LIST_HEAD_INIT(security_hook_heads.sk_free_security),
	.sk_getsecid =	LIST_HEAD_INIT(security_hook_heads.sk_getsecid),
	.sk_frob =	LIST_HEAD_INIT(security_hook_heads.sk_frob),
#endif	/* CONFIG_SECURITY_NETWORK */
};
W
for cfg in on nonet off; do
	check "heads42: two hooks: builds with gcc, config $cfg" sh -c \
		"make -s -C '$T' defconfig-$cfg >/dev/null && make -s -C '$T' all && make -s -C '$T' clean"
done
"$HOOKWRAP" check --tree "$T" >"$OUT/long.tree" 2>&1
same "heads42: two hooks: check --tree after it: nothing" /dev/null "$OUT/long.tree"
;;
esac
