#!/bin/bash
# Adding a hook on a modern tree (issue 12 item 3): a one-line patch to
# lsm_hook_defs.h is reviewed (stale-wrapper on its line, naming what is
# missing and the command), then gen-header --in-place writes exactly
# what is missing into security/security.c and include/linux/security.h,
# in the tree's own style: on lsm61-mini (6.1 shape: call_int_hook(HOOK,
# IRC, args), no kernel-doc) and lsm612-mini (6.12 shape: call_int_hook(
# HOOK, args), kernel-doc).
. "$(dirname "$0")/lib.sh"

# Output less the notes of the tree's own stubs that differ from the
# defaults (issue 12 item 2: tests/t-tree-stubs.sh holds those).
others() {
	grep -v "\[stub-differs\]\$\|: note: .* with a stub in the tree's header" "$1"
}
export HOOKWRAP_CACHE_DIR="$OUT/cache"
D=include/linux/lsm_hook_defs.h
FILES="include/linux/security.h security/security.c"

# stamp DIR: every file's bytes and modification time, one line each.
stamp() {
	(cd "$1" && find . -type f | sort | while read -r f; do
		printf '%s %s %s\n' "$f" "$(md5sum <"$f" | cut -c1-32)" \
			"$(stat -c %.9Y "$f")"
	done)
}

# compiles NAME TREE: both configurations of the tree, gcc and clang.
compiles() {
	printf '#include <linux/security.h>\nint use(struct inode *i)\n{\n\treturn security_inode_frob(i, 1);\n}\n' \
		>"$2/unit.c"
	for cc in gcc clang; do
		check "$1: security.c compiles with $cc, CONFIG_SECURITY on" \
			$cc -fsyntax-only -Wall -Werror -I"$2/include" \
			-DCONFIG_SECURITY -DCONFIG_SECURITY_NETWORK -DCONFIG_KEYS \
			"$2/security/security.c"
		check "$1: a caller compiles with $cc, CONFIG_SECURITY on" \
			$cc -fsyntax-only -Wall -Werror -I"$2/include" \
			-DCONFIG_SECURITY "$2/unit.c"
		check "$1: a caller compiles with $cc, CONFIG_SECURITY off (the stub)" \
			$cc -fsyntax-only -Wall -Werror -I"$2/include" "$2/unit.c"
	done
	rm -f "$2/unit.c"
}

for NAME in lsm61-mini lsm612-mini; do
	T=$(copy_fixture "$NAME")
	PATCH="$T/add-hook.patch"
	case $NAME in
	lsm61-mini) WANT="$FIX/lsm61-mini.expected/gen-header.diff" ;;
	*) WANT="$T/gen-header.expected.diff" ;;
	esac

	# Review: one finding, on the line the patch adds.
	"$HOOKWRAP" check --tree "$T" --patch "$PATCH" >"$OUT/$NAME.patch.out" 2>&1
	check "$NAME: check --patch of the one-line patch exits 1" test $? -eq 1
	same "$NAME: exactly one finding, at the patch's line, naming the three parts and the command" \
		- "$OUT/$NAME.patch.out" <<W
$D:6:1: warning: hook 'inode_frob' has no dispatcher in security/security.c, no prototype and no CONFIG-off stub in include/linux/security.h; add them with 'hookwrap gen-header --in-place $T' [stale-wrapper]
W

	# Even with every file parsed, the hook list is no unit of its own
	# (no "could not fully parse" note for it).
	"$HOOKWRAP" check --no-prefilter --tree "$T" --patch "$PATCH" \
		>"$OUT/$NAME.nopf.out" 2>&1
	same "$NAME: --no-prefilter: the same one finding, no note" \
		"$OUT/$NAME.patch.out" "$OUT/$NAME.nopf.out"
	cp -a "$T" "$OUT/$NAME.orig"

	# Unpatched: nothing missing, nothing changed (not even a time).
	stamp "$T" >"$OUT/$NAME.before"
	"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/$NAME.un.out" 2>&1
	check "$NAME: gen-header --in-place on the unpatched tree exits 0" test $? -eq 0
	stamp "$T" >"$OUT/$NAME.after"
	same "$NAME: ... and changes nothing" "$OUT/$NAME.before" "$OUT/$NAME.after"
	"$HOOKWRAP" check --tree "$T" >"$OUT/$NAME.tree0.out" 2>&1
	lacks "$NAME: the unpatched tree has no stale-wrapper" \
		"$OUT/$NAME.tree0.out" "[stale-wrapper]"

	# Patched, then gen-header: the expected diff, byte for byte.
	(cd "$T" && patch -sp1 <add-hook.patch)
	cp -a "$T" "$OUT/$NAME.patched"
	"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/$NAME.gen.out" 2>&1
	check "$NAME: gen-header --in-place exits 0" test $? -eq 0
	# Less the notes of the tree's own stubs (issue 12 item 2,
	# t-tree-stubs.sh): the fixtures have 4 that differ from the defaults.
	others "$OUT/$NAME.gen.out" >"$OUT/$NAME.gen.other"
	same "$NAME: gen-header --in-place prints nothing but the stub notes" /dev/null "$OUT/$NAME.gen.other"
	for f in $FILES; do
		diff -u --label "a/$f" --label "b/$f" "$OUT/$NAME.patched/$f" "$T/$f"
	done >"$OUT/$NAME.got.diff"
	sed 's/^\(---\|+++\) \([^\t]*\)\t.*/\1 \2/' "$WANT" >"$OUT/$NAME.want.diff"
	same "$NAME: the diff is the expected one, byte for byte" \
		"$OUT/$NAME.want.diff" "$OUT/$NAME.got.diff"
	check "$NAME: nothing else changed (the hook list, the other files)" \
		diff -r -x security.h -x security.c "$OUT/$NAME.patched" "$T"
	compiles "$NAME" "$T"

	# A second run changes nothing; the review is then silent.
	stamp "$T" >"$OUT/$NAME.g1"
	"$HOOKWRAP" gen-header --in-place "$T" >/dev/null 2>&1
	stamp "$T" >"$OUT/$NAME.g2"
	same "$NAME: a second run changes no byte and no time" "$OUT/$NAME.g1" "$OUT/$NAME.g2"
	"$HOOKWRAP" check --tree "$T" >"$OUT/$NAME.tree1.out" 2>&1
	lacks "$NAME: check --tree after it: no stale-wrapper" \
		"$OUT/$NAME.tree1.out" "[stale-wrapper]"

	# The same hook with its three pieces, as one patch: clean.
	(cd "$OUT" && diff -ruN "$NAME.orig" "$NAME" |
		sed "s|^--- $NAME.orig/\([^\t]*\).*|--- a/\1|; s|^+++ $NAME/\([^\t]*\).*|+++ b/\1|") \
		>"$OUT/$NAME.full.patch"
	"$HOOKWRAP" check --tree "$OUT/$NAME.orig" --patch "$OUT/$NAME.full.patch" \
		>"$OUT/$NAME.full.out" 2>&1
	check "$NAME: a patch adding the hook and its pieces: exit 0" test $? -eq 0
	same "$NAME: ... and no finding" /dev/null "$OUT/$NAME.full.out"
done

# The pieces go in the hook list's order: two new hooks in a row, and a
# new first hook (placed before the first hook's pieces).
T=$(copy_fixture lsm61-mini)
sed -i 's/^LSM_HOOK(int, 0, inode_permission, .*/&\nLSM_HOOK(int, 0, inode_frob, struct inode *inode, int level)\nLSM_HOOK(void, LSM_RET_VOID, inode_frob2, struct inode *inode)/' "$T/$D"
sed -i 's/^LSM_HOOK(int, 0, capable, /LSM_HOOK(int, -EOPNOTSUPP, first_one, int x)\n&/' "$T/$D"
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/order.out" 2>&1
check "order: gen-header exits 0" test $? -eq 0
for f in $FILES; do
	grep -o 'security_\(first_one\|capable\|inode_permission\|inode_frob2\?\|inode_setxattr\)(' \
		"$T/$f" | uniq | tr '\n' ' '
	echo
done >"$OUT/order.got"
same "order: list order in the dispatchers, the prototypes and the stubs" - "$OUT/order.got" <<'W'
security_first_one( security_capable( security_inode_permission( security_inode_frob( security_inode_frob2( security_inode_setxattr( security_first_one( security_capable( security_inode_permission( security_inode_frob( security_inode_frob2( security_inode_setxattr( 
security_first_one( security_capable( security_inode_permission( security_inode_frob( security_inode_frob2( security_inode_setxattr( 
W
contains "order: a void hook's dispatcher" "$T/security/security.c" \
	"	call_void_hook(inode_frob2, inode);"
contains "order: the default of the list is call_int_hook's IRC" \
	"$T/security/security.c" "	return call_int_hook(first_one, -EOPNOTSUPP, x);"
grep -A3 '^static inline int security_first_one(int x)$' "$T/include/linux/security.h" \
	>"$OUT/first-stub.got"
same "order: ... and the stub returns it" - "$OUT/first-stub.got" <<'W'
static inline int security_first_one(int x)
{
	return -EOPNOTSUPP;
}
W
compiles "order" "$T"

# A guard no hook has yet: no section to put it in.  One error, exit 2,
# nothing written.
T=$(copy_fixture lsm61-mini)
printf '#ifdef CONFIG_FROB\nLSM_HOOK(int, 0, frob_it, int x)\n#endif\n' >>"$T/$D"
stamp "$T" >"$OUT/sec.before"
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/sec.out" 2>&1
check "new guard: exit 2" test $? -eq 2
others "$OUT/sec.out" >"$OUT/sec.other"
same "new guard: one error line saying what to do" - "$OUT/sec.other" <<W
$T/$D:21: error: hook 'frob_it' (guard 'CONFIG_SECURITY && CONFIG_FROB') has no section in security/security.c to put its dispatcher in: no other hook of that guard has one there; add a '#ifdef CONFIG_FROB' section holding it by hand, then run again
W
stamp "$T" >"$OUT/sec.after"
same "new guard: nothing written" "$OUT/sec.before" "$OUT/sec.after"

# A hook returning neither int nor void: its dispatcher is hand work.
T=$(copy_fixture lsm61-mini)
sed -i 's/^LSM_HOOK(int, 0, inode_permission, .*/&\nLSM_HOOK(void *, NULL, inode_frob, struct inode *inode)/' "$T/$D"
stamp "$T" >"$OUT/ret.before"
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/ret.out" 2>&1
check "void * hook: exit 2" test $? -eq 2
contains "void * hook: says to write it by hand" "$OUT/ret.out" \
	"$D:6: error: hook 'inode_frob' returns 'void *': hookwrap writes dispatchers of int and void hooks only; write security_inode_frob() by hand"
stamp "$T" >"$OUT/ret.after"
same "void * hook: nothing written" "$OUT/ret.before" "$OUT/ret.after"

# A name in a comment is no dispatcher, prototype or stub.
T=$(copy_fixture lsm61-mini)
(cd "$T" && patch -sp1 <add-hook.patch)
printf '/* security_inode_frob() is to come: int security_inode_frob(struct inode *inode, int level); */\n' |
	tee -a "$T/security/security.c" >>"$T/include/linux/security.h"
"$HOOKWRAP" check --tree "$T" >"$OUT/comment.out" 2>&1
contains "hook list: a name in a comment does not count" "$OUT/comment.out" \
	"hook 'inode_frob' has no dispatcher in security/security.c, no prototype and no CONFIG-off stub"
T=$(copy_fixture handwrapped)
printf '/* security_task_kill() is still to be written */\n' >>"$T/include/linux/security.h"
"$HOOKWRAP" check --tree "$T" >"$OUT/hand.out" 2>&1
contains "no markers, no hook list: a wrapper named in a comment is none" \
	"$OUT/hand.out" "hook 'task_kill' has no wrapper security_task_kill()"

# A hook-list tree without its wrappers file: checked as any tree
# without markers (one wrapper name per hook), never an error.
T=$(copy_fixture lsm61-mini)
rm "$T/security/security.c"
"$HOOKWRAP" check --tree "$T" >"$OUT/nowrap.out" 2>&1
check "no security/security.c: check --tree exits 0" test $? -eq 0
lacks "no security/security.c: no error" "$OUT/nowrap.out" "error:"
