#!/bin/bash
# hookwrap check --patch: review mode.  Only lines the patch adds are
# reported, with the patch's names and new line numbers; the exit status
# says whether the patch is clean; the tree is never modified.
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

T=$(copy_fixture lsm-mini)
P=$(fixture check)/patches
cp -r "$T" "$OUT/pristine"

# The shadow goes to $TMPDIR (src/core/util.c's temp policy): a private one.
mkdir -p "$OUT/tmp"
TMPDIR="$OUT/tmp" "$HOOKWRAP" check --tree "$T" --patch "$P/raw-call.patch" \
	>"$OUT/raw.out" 2>"$OUT/raw.err"
check "a patch with findings: exit 1" test $? -eq 1
cat >"$OUT/raw.want" <<'W'
fs/namei.c:47:14: warning: direct call security_ops->inode_unlink(); call the wrapper security_inode_unlink() instead [direct-ops-call]
fs/stat.c:9:6: warning: table pointer security_ops compared outside its home; only security/security.c, security/dummy.c, security/capability.c, ... may touch it [direct-ops-use]
W
same "only the added lines, with the patch's names and lines" "$OUT/raw.want" "$OUT/raw.out"
same "nothing on stderr" /dev/null "$OUT/raw.err"
lacks "the raw calls already in fs/namei.c are not the patch's" "$OUT/raw.out" "inode_permission"
check "the tree is untouched" diff -r "$OUT/pristine" "$T"
left=$(ls -A "$OUT/tmp")
[ -z "$left" ] && ok "the shadow tree is removed" ||
	not_ok "the shadow tree is removed" "left in TMPDIR: $left"

# From standard input; from inside the tree without --tree.
"$HOOKWRAP" check --tree "$T" --patch - <"$P/raw-call.patch" >"$OUT/stdin.out" 2>&1
same "--patch - reads standard input" "$OUT/raw.want" "$OUT/stdin.out"
(cd "$T/fs" && "$HOOKWRAP" check --patch "$P/raw-call.patch" >"$OUT/cwd.out" 2>&1)
same "the tree is found from the current directory" "$OUT/raw.want" "$OUT/cwd.out"

# A clean patch exits 0 and prints nothing.
"$HOOKWRAP" check --tree "$T" --patch "$P/clean.diff" >"$OUT/clean.out" 2>&1
check "a clean patch: exit 0" test $? -eq 0
same "a clean patch: no output" /dev/null "$OUT/clean.out"

# A new hook without regenerated wrappers: stale-wrapper on the added line.
"$HOOKWRAP" check --tree "$T" --patch "$P/new-hook.diff" >"$OUT/hook.out" 2>&1
check "a new hook without its wrapper: exit 1" test $? -eq 1
contains "stale-wrapper at the member the patch adds" "$OUT/hook.out" \
	"include/linux/security.h:79:1: warning: hook 'inode_rmdir' has no wrapper security_inode_rmdir() in include/linux/security.h; regenerate with 'hookwrap gen-header --in-place $T' [stale-wrapper]"
# ... and once regenerated in the same patch, it is clean.
cp -r "$T" "$OUT/regen"
cp -r "$T" "$OUT/regen-base"
(cd "$OUT/regen" && patch -s -p1 <"$P/new-hook.diff")
"$HOOKWRAP" gen-header --in-place "$OUT/regen"
(cd "$OUT" && diff -ru regen-base regen >"$OUT/regen.diff")
"$HOOKWRAP" check --tree "$T" --patch "$OUT/regen.diff" >"$OUT/regen.out" 2>&1
check "a new hook with its wrappers regenerated: exit 0" test $? -eq 0
same "... and nothing reported" /dev/null "$OUT/regen.out"

# A plain "diff -ru old new" with its own top directories.
cp -r "$T" "$OUT/new"
(cd "$OUT/new" && patch -s -p1 <"$P/raw-call.patch")
(cd "$OUT" && diff -ruN pristine new >"$OUT/plain.diff")
"$HOOKWRAP" check --tree "$T" --patch "$OUT/plain.diff" >"$OUT/plain.out" 2>&1
check "plain diff -ruN: exit 1" test $? -eq 1
contains "plain diff: the patch's own names" "$OUT/plain.out" "new/fs/namei.c:47:14: warning: direct call"
contains "plain diff: the new file" "$OUT/plain.out" "new/fs/stat.c:9:6: warning:"

# A tree that already has the patch: the same findings.
"$HOOKWRAP" check --tree "$OUT/new" --patch "$P/raw-call.patch" >"$OUT/applied.out" 2>&1
same "a tree with the patch applied gives the same report" "$OUT/raw.want" "$OUT/applied.out"

# A patch that does not apply, and input that is no patch: exit 2.
sed 's/^ int vfs_unlink/ int vfs_unlink_renamed/' "$P/raw-call.patch" >"$OUT/bad.patch"
"$HOOKWRAP" check --tree "$T" --patch "$OUT/bad.patch" >/dev/null 2>"$OUT/bad.err"
check "a patch that does not apply: exit 2" test $? -eq 2
contains "... says which hunk" "$OUT/bad.err" "$OUT/bad.patch:16: error: the patch does not apply to $T/fs/namei.c"
printf 'Subject: hello\n\nno diff here\n' >"$OUT/none.patch"
"$HOOKWRAP" check --tree "$T" --patch "$OUT/none.patch" >/dev/null 2>"$OUT/none.err"
check "no diff in the input: exit 2" test $? -eq 2
contains "... says what it wanted" "$OUT/none.err" "no file changes found"
head -20 "$P/raw-call.patch" >"$OUT/cut.patch"
"$HOOKWRAP" check --tree "$T" --patch "$OUT/cut.patch" >/dev/null 2>"$OUT/cut.err"
check "a patch cut short: exit 2" test $? -eq 2
contains "... says it is damaged" "$OUT/cut.err" "cut short; the patch is damaged"
"$HOOKWRAP" check --tree "$T" --patch "$OUT/missing.patch" >/dev/null 2>&1
check "a missing patch file: exit 2" test $? -eq 2
"$HOOKWRAP" check --tree "$T" --patch "$P/clean.diff" "$T/fs/namei.c" >/dev/null 2>&1
check "--patch with a FILE: exit 2" test $? -eq 2

# SARIF in review mode: the patch's names.
"$HOOKWRAP" check --tree "$T" --format=sarif --patch "$P/raw-call.patch" >"$OUT/r.sarif" 2>&1
check "review mode sarif is well-formed" python3 "$FIX/../check/sarif-check.py" "$OUT/r.sarif"
contains "review mode sarif names the patched file" "$OUT/r.sarif" '"uri": "fs/stat.c"'

# A patch that adds a raw call to a header outside the allow-list.
rm -rf "$OUT/h-old" "$OUT/h-new"
mkdir -p "$OUT/h-old/include/linux" "$OUT/h-new/include/linux"
cp "$T/include/linux/sched.h" "$OUT/h-old/include/linux/"
cp "$T/include/linux/sched.h" "$OUT/h-new/include/linux/"
cat >>"$OUT/h-new/include/linux/sched.h" <<'H'

#include <linux/security.h>
struct task_struct;
struct siginfo;
static inline int task_may_kill(struct task_struct *t, struct siginfo *i,
				int s)
{
	return security_ops->task_kill(t, i, s);
}
H
(cd "$OUT" && diff -ru h-old h-new >"$OUT/header.diff")
"$HOOKWRAP" check --tree "$T" --patch "$OUT/header.diff" >"$OUT/header.out" 2>&1
check "a raw use added to a header: exit 1" test $? -eq 1
contains "a header the patch changes is checked" "$OUT/header.out" \
	"h-new/include/linux/sched.h:"
n=$(grep -c 'warning:' "$OUT/header.out")
check "... and only its added lines reported" test "$n" -eq 1
lacks "review mode never shows the shadow's paths" "$OUT/header.out" "hookwrap-shadow"

# A reviewed line in the patch: "hookwrap: ignore" is read from the
# patched file (the shadow), so the comment the patch adds counts.
awk '/^\+\tint error = security_ops->inode_unlink\(dir, dentry\);$/ && !done {
		print "+\t/* hookwrap: ignore direct-ops-call: checked twice on purpose */"; done = 1 }
	     { print }' "$P/raw-call.patch" |
	sed 's/^@@ -42,6 +42,15 @@/@@ -42,6 +42,16 @@/; s/^ fs\/namei.c |  9 +++++++++/ fs\/namei.c | 10 ++++++++++/' \
	>"$OUT/ignored.patch"
"$HOOKWRAP" check --tree "$T" --patch "$OUT/ignored.patch" >"$OUT/ign.out" 2>&1
lacks "review mode: the patch's own ignore comment silences its line" \
	"$OUT/ign.out" "inode_unlink"
contains "... and the other finding stays" "$OUT/ign.out" \
	"fs/stat.c:9:6: warning: table pointer security_ops compared"
