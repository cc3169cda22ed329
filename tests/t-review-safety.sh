#!/bin/bash
# Review mode and hostile patches: a patch from a mailing list naming a
# file outside the tree ("../..", "/abs", "a//abs", a C-quoted "..",
# rename/copy headers, .git/, a symbolic link of the tree) is refused
# with exit 2 and the patch's line, and nothing outside the shadow
# directory is ever written, created or deleted, even when the rest of
# the patch would not apply.  Fixtures: tests/fixtures/hostile-patches/.
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

T=$(copy_fixture lsm-mini)
HP="$FIX/hostile-patches"
OUTSIDE="$OUT/outside"
mkdir -p "$OUTSIDE"
printf 'precious\n' >"$OUT/sentinel.orig"
# Links in the tree that lead out of it.
ln -s "$OUTSIDE" "$T/escape"
ln -s "$OUTSIDE/sentinel" "$T/fs/evil.c"
cp -a "$T" "$OUT/pristine"

# fill NAME: the fixture with its placeholders filled in, into $OUT.
fill() {
	python3 - "$HP/$1" "$OUT/$1" "$OUTSIDE" <<'PY'
import sys
src, dst, outside = sys.argv[1:]
s = open(src).read()
s = s.replace("@UPQ@", "\\056\\056/" * 32).replace("@UP@", "../" * 32)
s = s.replace("@OUTSIDE_ABS@", outside).replace("@OUTSIDE@", outside[1:])
open(dst, "w").write(s)
PY
}

# hostile NAME LINE WHAT: review fixture NAME; exit 2 with one error
# line "PATCH:LINE: error: WHAT...", the sentinel outside neither
# changed nor deleted, nothing new outside, the tree as it was.
hostile() {
	local pn=$1 line=$2 what=$3 p="$OUT/$1" rc n
	rm -rf "$OUTSIDE"
	mkdir -p "$OUTSIDE"
	cp "$OUT/sentinel.orig" "$OUTSIDE/sentinel"
	fill "$pn"
	"$HOOKWRAP" check --tree "$T" --patch "$p" >"$OUT/$pn.out" 2>"$OUT/$pn.err"
	rc=$?
	check "$pn: exit 2" test "$rc" -eq 2
	contains "$pn: the error names the patch's line $line" "$OUT/$pn.err" \
		"$p:$line: error: $what"
	n=$(wc -l <"$OUT/$pn.err")
	check "$pn: one error line" test "$n" -eq 1
	same "$pn: the sentinel outside the tree is unchanged" \
		"$OUT/sentinel.orig" "$OUTSIDE/sentinel"
	ls -A "$OUTSIDE" >"$OUT/outside.ls"
	echo sentinel >"$OUT/outside.want"
	same "$pn: nothing new outside the tree" "$OUT/outside.want" "$OUT/outside.ls"
	check "$pn: the tree is untouched" \
		diff -r --no-dereference "$OUT/pristine" "$T"
}

DOTDOT="unsafe file name '$(printf '../%.0s' $(seq 32))${OUTSIDE#/}"
hostile dotdot-modify.patch 10 "$DOTDOT/sentinel': it has a '..' component"
hostile dotdot-plain.diff 10 "$DOTDOT/sentinel': it has a '..' component"
hostile dotdot-delete.patch 10 "$DOTDOT/sentinel': it has a '..' component"
hostile old-name-escapes.patch 10 "$DOTDOT/sentinel': it has a '..' component"
hostile new-name-escapes.patch 11 "$DOTDOT/created': it has a '..' component"
hostile absolute-create.patch 11 "unsafe file name '$OUTSIDE/created': it is absolute"
hostile double-slash.patch 10 "unsafe file name '/${OUTSIDE#/}/sentinel': it is absolute"
hostile quoted-octal.patch 11 "$DOTDOT/created': it has a '..' component"
hostile rename-from.patch 12 "$DOTDOT/sentinel': it has a '..' component"
hostile rename-to.patch 13 "$DOTDOT/created': it has a '..' component"
hostile copy-to.patch 13 "$DOTDOT/created': it has a '..' component"
hostile dot-git.patch 11 "unsafe file name '.git/hooks/post-checkout': it has a '.git' component"
# Refused before anything is applied, whichever comes first.
hostile delete-then-fail.patch 10 "$DOTDOT/sentinel': it has a '..' component"
hostile fail-then-delete.patch 17 "$DOTDOT/sentinel': it has a '..' component"
# Through the tree's own links: git apply's "beyond a symbolic link".
hostile symlink-dir.patch 10 "'escape/sentinel' is beyond a symbolic link ($T/escape)"
hostile symlink-dir-create.patch 11 "'escape/created' is beyond a symbolic link ($T/escape)"
hostile symlink-file.patch 10 "'fs/evil.c' is a symbolic link in $T"
hostile symlink-file-delete.patch 10 "'fs/evil.c' is a symbolic link in $T"

# Damaged patches: one error line with the line, never a crash.
# damaged NAME LINE WHAT: the patch $OUT/NAME (written by the caller).
damaged() {
	local rc
	"$HOOKWRAP" check --tree "$T" --patch "$OUT/$1" >/dev/null 2>"$OUT/$1.err"
	rc=$?
	check "$1: exit 2" test "$rc" -eq 2
	contains "$1: the error names line $2" "$OUT/$1.err" "$OUT/$1:$2: error: $3"
}
printf -- '--- a/fs/namei.c\n+++ b/fs/namei.c\n@@ -4000000000,1 +1,1 @@\n-x\n+y\n' \
	>"$OUT/huge-line.patch"
damaged huge-line.patch 3 "malformed hunk header"
printf -- '--- a/fs/namei.c\n+++ b/fs/namei.c\n@@ -1,3 +1,3 @@\n /*\n-\0 * Path\n+ * P\n */\n' \
	>"$OUT/nul.patch"
damaged nul.patch 5 "a NUL byte"
printf -- 'diff --git "a/fs/namei.c b/fs/namei.c\n' >"$OUT/quote.patch"
damaged quote.patch 1 "a quoted name has no closing quote"
# An addition past the end of a file applies at its end, read in bounds.
printf -- '--- a/fs/namei.c\n+++ b/fs/namei.c\n@@ -900,0 +901,1 @@\n+int tail;\n' \
	>"$OUT/past-end.patch"
"$HOOKWRAP" check --tree "$T" --patch "$OUT/past-end.patch" >"$OUT/past-end.out" 2>&1
check "an addition past the end of the file: exit 0" test $? -eq 0

# A git rename is reviewed under its new name, the old one gone.
cat >"$OUT/rename.patch" <<'P'
diff --git a/fs/namei.c b/fs/walk.c
similarity index 96%
rename from fs/namei.c
rename to fs/walk.c
index 15b6499..5a09f66 100644
--- a/fs/namei.c
+++ b/fs/walk.c
@@ -8,6 +8,7 @@ int permission(struct inode *inode, int mask, struct nameidata *nd)
 int permission(struct inode *inode, int mask, struct nameidata *nd)
 {
 	int retval = 0;
+	retval = security_ops->inode_permission(inode, mask, nd);
 
 	if ((mask & MAY_WRITE) && inode->i_mode == 0)
 		retval = -EACCES;
P
"$HOOKWRAP" check --tree "$T" --patch "$OUT/rename.patch" >"$OUT/rename.out" 2>&1
check "a git rename with a raw call: exit 1" test $? -eq 1
contains "... reported under the new name, on the added line" "$OUT/rename.out" \
	"fs/walk.c:11:11: warning: direct call security_ops->inode_permission()"
check "the tree is untouched after the rename" \
	diff -r --no-dereference "$OUT/pristine" "$T"
