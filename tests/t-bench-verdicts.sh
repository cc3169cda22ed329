#!/bin/bash
# bench/verdicts.py: a report's findings beside verdicts read earlier,
# matched by the end of the path, the line and the rule; a verdict whose
# site is another entry of a group, or whose finding is gone, is
# listed; a malformed verdict file is refused.
. "$(dirname "$0")/lib.sh"

V=$HW/bench/verdicts.py
cat >"$OUT/report" <<'R'
/t/fs/a.c:10:2: warning: f() may sleep inside ...; the same sleep is reached inside atomic regions from 1 more place: /t/mm/c.c:5 (spin_lock(&l)) [sleep-in-atomic]
/t/fs/a.c:20:2: warning: g() may sleep inside ... [sleep-in-atomic]
/t/kernel/b.c:10:2: warning: h() calls a hook ... [sleep-in-atomic-hook]
/t/kernel/b.c:10:2: note: not a finding [sleep-in-atomic]x
R
printf '# a comment\nfs/a.c:10\tsleep-in-atomic\ttrue\t\tread\nkernel/b.c:10\tsleep-in-atomic\tfalse\tfield or mode\tthe rule differs\nmm/c.c:5\tsleep-in-atomic\tfalse\tdata invariant\tgone now\n' >"$OUT/v.tsv"
"$V" "$OUT/report" "$OUT/v.tsv" >"$OUT/got" 2>&1
rc=$?
check "verdicts.py runs on a report and a verdict file" test $rc -eq 0
contains "a finding with a verdict shows it" "$OUT/got" "true   /t/fs/a.c:10 [sleep-in-atomic]"
contains "a finding without one is unread" "$OUT/got" "unread /t/fs/a.c:20 [sleep-in-atomic]"
contains "the rule is part of the match" "$OUT/got" "unread /t/kernel/b.c:10 [sleep-in-atomic-hook]"
contains "a verdict whose site is another entry of a group says so" "$OUT/got" "joined mm/c.c:5 [sleep-in-atomic] (was false): an entry of /t/fs/a.c:10's group"
contains "a verdict whose finding is gone is listed" "$OUT/got" "gone   kernel/b.c:10 [sleep-in-atomic] (was false)"
contains "the counts close the output" "$OUT/got" "1 true, 0 false, 2 unread; 1 verdicts joined another group, 1 gone"

printf 'fs/a.c:10\tsleep-in-atomic\tmaybe\t\tx\n' >"$OUT/bad.tsv"
check_fails "a verdict other than true or false is refused" "$V" "$OUT/report" "$OUT/bad.tsv"
contains "with its file and line" "$OUT/last.out" "bad.tsv:1: want site"

# The verdicts kept in the tree are well-formed.
check "bench/verdicts/*.tsv read cleanly" "$V" /dev/null "$HW/bench/verdicts/612.tsv"
