#!/bin/bash
# Every file a comment of src/, checker/ or tests/ names exists (at its
# path after a move): scripts/check-comment-refs.  And the checker can
# fail: a comment naming a file that is not there is caught.
. "$(dirname "$0")/lib.sh"

out=$("$HW/scripts/check-comment-refs" 2>&1)
rc=$?
check "every file a comment names exists" test "$rc" -eq 0 -a -z "$out"
[ $rc -eq 0 ] || echo "$out" | head -5 | sed 's/^/# /'

# A planted comment naming a file that does not exist is found.
copy=$OUT/tree
mkdir -p "$copy"
cp -r "$HW/src" "$HW/checker" "$HW/scripts" "$copy/"
mkdir -p "$copy/tests" "$copy/docs"
printf '/* see checker/no_such_file.c */\n' >>"$copy/checker/walk.c"
out=$("$copy/scripts/check-comment-refs" 2>&1)
contains "a comment naming checker/no_such_file.c is caught" \
	<(echo "$out") "checker/no_such_file.c"
