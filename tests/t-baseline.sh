#!/bin/bash
# --baseline FILE: a report saved earlier (JSON or SARIF) holds the
# findings a tree already has; report and check then show only new
# ones, matched by rule, file, function and message without line
# numbers.  Lines moved by a patch: 0 new.  A sleeping call added under
# a lock: 1 new, the one printed.  SARIF says each result's
# baselineState (new, unchanged, and for report absent).  A file that is
# not a hookwrap report is refused with its line and what to do.
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

T=$(copy_fixture sleep-hooks)
UNITS="kernel/signal.c security/selinux/hooks.c security/apparmor/lsm.c
 security/security.c security/commoncap.c"
KFLAGS="-nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1
 -DCONFIG_SECURITY_NETWORK=1 -O2"

# collect DB: the facts of every unit, kbuild's way.
collect() {
	rm -f "$1"
	for u in $UNITS; do
		(cd "$T" && "$HOOKWRAP" check --no-group --db="$1" $KFLAGS "$u") ||
			return 1
	done
}
report() {
	(cd "$T" && "$HOOKWRAP" report --no-group "$@")
}

check "collect the facts" collect "$OUT/a.db"
report --db="$OUT/a.db" >"$OUT/all.txt"
n_all=$(grep -c ': warning: ' "$OUT/all.txt")
check "the fixture has findings to baseline ($n_all)" test "$n_all" -ge 10
report --db="$OUT/a.db" --format=json >"$OUT/base.json"
report --db="$OUT/a.db" --format=sarif >"$OUT/base.sarif"
check "JSON findings carry a 16-digit fingerprint" \
	grep -qE '"fingerprint": "[0-9a-f]{16}"' "$OUT/base.json"
check "SARIF results carry hookwrapFinding/v2" \
	grep -qE '"hookwrapFinding/v2": "[0-9a-f]{16}"' "$OUT/base.sarif"

# The same facts against their own baseline: nothing new.
report --db="$OUT/a.db" --baseline="$OUT/base.json" >"$OUT/same.txt" \
	2>"$OUT/same.err"
check "same facts: exit 0" test $? -eq 0
same "same facts: no finding printed" /dev/null "$OUT/same.txt"
contains "same facts: the count line" "$OUT/same.err" \
	"hookwrap report: $n_all findings, 0 new; $n_all of the baseline $OUT/base.json unchanged, 0 gone"
report --db="$OUT/a.db" --baseline="$OUT/base.sarif" >"$OUT/same2.txt" 2>/dev/null
same "a SARIF baseline works the same" /dev/null "$OUT/same2.txt"
report --db="$OUT/a.db" --baseline="$OUT/base.json" --error-exit >/dev/null 2>&1
check "--error-exit: 0 when nothing is new" test $? -eq 0

# A patch that only moves lines: three lines above everything in
# signal.c, every finding's line shifts (and the regions' lines in the
# messages too).
sed -i '1i /* moved */\n/* moved */\n/* moved */' "$T/kernel/signal.c"
check "collect after lines moved" collect "$OUT/b.db"
report --db="$OUT/b.db" >"$OUT/moved-all.txt"
check "lines moved: the findings' lines did change" \
	bash -c "! diff -q '$OUT/all.txt' '$OUT/moved-all.txt' >/dev/null"
report --db="$OUT/b.db" --baseline="$OUT/base.json" >"$OUT/moved.txt" 2>"$OUT/moved.err"
same "lines moved: 0 new" /dev/null "$OUT/moved.txt"
contains "lines moved: counted unchanged" "$OUT/moved.err" ", 0 new; $n_all of the baseline"

# A sleeping call added under a lock: 1 new, and it is the one shown.
cat >>"$T/kernel/signal.c" <<'EOF'

void baseline_new_bug(void)
{
	spin_lock(&siglock);
	msleep(10);
	spin_unlock(&siglock);
}
EOF
line=$(grep -n 'msleep(10);' "$T/kernel/signal.c" | tail -1 | cut -d: -f1)
check "collect after a bug is added" collect "$OUT/c.db"
report --db="$OUT/c.db" --baseline="$OUT/base.json" >"$OUT/new.txt" 2>"$OUT/new.err"
check "one new: exactly one line" test "$(wc -l <"$OUT/new.txt")" -eq 1
contains "one new: the added call, at its line" "$OUT/new.txt" \
	"kernel/signal.c:$line:2: warning: msleep() may sleep inside the atomic region begun by spin_lock(&siglock)"
contains "one new: counted" "$OUT/new.err" ", 1 new; $n_all of the baseline"
report --db="$OUT/c.db" --baseline="$OUT/base.json" --error-exit >/dev/null 2>&1
check "--error-exit: 1 when one is new" test $? -eq 1
report --db="$OUT/c.db" --baseline="$OUT/base.json" --format=json >"$OUT/new.json" 2>/dev/null
check "JSON with a baseline: only the new finding" \
	test "$(grep -c '"rule": ' "$OUT/new.json")" -eq 1

# SARIF states: the new one "new", the rest "unchanged"; a finding gone
# (the unit that held one removed from the facts) "absent".
report --db="$OUT/c.db" --baseline="$OUT/base.sarif" --format=sarif >"$OUT/states.sarif" 2>/dev/null
check "SARIF: one result new" \
	test "$(grep -c '"baselineState": "new"' "$OUT/states.sarif")" -eq 1
check "SARIF: the others unchanged ($n_all)" \
	test "$(grep -c '"baselineState": "unchanged"' "$OUT/states.sarif")" -eq "$n_all"
check "SARIF with states is valid JSON" python3 -m json.tool "$OUT/states.sarif" /dev/null
UNITS="security/selinux/hooks.c security/apparmor/lsm.c security/security.c security/commoncap.c"
check "collect without kernel/signal.c" collect "$OUT/d.db"
report --db="$OUT/d.db" --format=sarif --baseline="$OUT/base.json" >"$OUT/gone.sarif" 2>"$OUT/gone.err"
n_sig=$(grep -c '^kernel/signal.c:' "$OUT/all.txt")
check "SARIF: the findings of the unit gone are absent ($n_sig)" \
	test "$(grep -c '"baselineState": "absent"' "$OUT/gone.sarif")" -eq "$n_sig"
check "SARIF with absent results is valid JSON" python3 -m json.tool "$OUT/gone.sarif" /dev/null
check "... and has the structure SARIF 2.1.0 requires" \
	python3 "$HW/tests/check/sarif-check.py" "$OUT/gone.sarif"
contains "absent: counted gone" "$OUT/gone.err" "unchanged, $n_sig gone"
UNITS="kernel/signal.c security/selinux/hooks.c security/apparmor/lsm.c
 security/security.c security/commoncap.c"

# Two like findings need two in the baseline: a baseline holding the
# finding once leaves the copy new.
python3 - "$OUT/base.json" "$OUT/one.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["findings"] = d["findings"][:1]
json.dump(d, open(sys.argv[2], "w"))
EOF
report --db="$OUT/a.db" --baseline="$OUT/one.json" >"$OUT/one.txt" 2>/dev/null
check "a baseline of one finding leaves the others new" \
	test "$(wc -l <"$OUT/one.txt")" -eq $((n_all - 1))

# check --baseline: the per-unit rules, kbuild's way (findings on
# standard error) and with --tree.
C=$(copy_fixture check)
(cd "$C" && "$HOOKWRAP" check --no-group --format=json drivers/calls.c) >"$OUT/check-base.json" 2>/dev/null
n_check=$(grep -c '"rule": ' "$OUT/check-base.json")
check "check: the unit has findings ($n_check)" test "$n_check" -ge 1
(cd "$C" && "$HOOKWRAP" check --no-group --baseline="$OUT/check-base.json" drivers/calls.c) >"$OUT/check-same.txt" 2>&1
same "check: against its own baseline, nothing" /dev/null "$OUT/check-same.txt"
sed -i '1i /* moved */\n/* moved */' "$C/drivers/calls.c"
(cd "$C" && "$HOOKWRAP" check --no-group --baseline="$OUT/check-base.json" -nostdinc -Iinclude -DCONFIG_SECURITY=1 drivers/calls.c) >"$OUT/check-moved.txt" 2>&1
same "check: lines moved, kbuild's way: nothing" /dev/null "$OUT/check-moved.txt"
cat >>"$C/drivers/calls.c" <<'EOF'

int baseline_new_raw(struct inode *dir, struct dentry *dentry, int mode)
{
	return security_ops->inode_mkdir(dir, dentry, mode);
}
EOF
(cd "$C" && "$HOOKWRAP" check --no-group --baseline="$OUT/check-base.json" -nostdinc -Iinclude -DCONFIG_SECURITY=1 drivers/calls.c) >"$OUT/check-new.txt" 2>&1
check "check: the raw call added is the one finding" \
	test "$(grep -c ': warning: ' "$OUT/check-new.txt")" -eq 1
line=$(grep -n 'return security_ops->inode_mkdir(dir, dentry, mode);' "$C/drivers/calls.c" | tail -1 | cut -d: -f1)
contains "check: ... at its line" "$OUT/check-new.txt" "drivers/calls.c:$line:9: warning: direct call security_ops->inode_mkdir()"
(cd "$C" && "$HOOKWRAP" check --no-group --format=sarif --baseline="$OUT/check-base.json" drivers/calls.c) >"$OUT/check.sarif" 2>/dev/null
check "check SARIF: one new" test "$(grep -c '"baselineState": "new"' "$OUT/check.sarif")" -eq 1
check "check SARIF: no absent (check sees only its units)" \
	test "$(grep -c '"baselineState": "absent"' "$OUT/check.sarif")" -eq 0

# Bad baselines: exit 2, one error line naming the file.
bad() {
	local f=$1 want=$2
	report --db="$OUT/a.db" --baseline="$OUT/$f" >"$OUT/$f.out" 2>"$OUT/$f.err"
	check "$f: exit 2" test $? -eq 2
	same "$f: nothing on stdout" /dev/null "$OUT/$f.out"
	contains "$f: says what is wrong" "$OUT/$f.err" "$OUT/$f:$want"
}
printf '{"findings": [' >"$OUT/cut.json"
bad cut.json "1: error: malformed report: it ends early"
printf '{"tool": "other", "findings": []}\n' >"$OUT/other.json"
bad other.json " error: not a baseline: neither hookwrap's JSON report"
printf '{"tool": "hookwrap", "findings": [{"rule": "direct-ops-call", "line": 3}]}\n' >"$OUT/nofp.json"
bad nofp.json " error: not a baseline: finding 1: a finding without its \"fingerprint\""
printf '{"tool": "hookwrap", "findings": [{"rule": "x", "fingerprint": "12"}]}\n' >"$OUT/shortfp.json"
bad shortfp.json " error: not a baseline: finding 1: a \"fingerprint\" is 16 hex digits"
printf '{"runs": [{"results": [{"ruleId": "x"}]}]}\n' >"$OUT/sarif-nofp.sarif"
bad sarif-nofp.sarif " error: not a baseline: finding 1: a result without the fingerprint"
printf '[1, 2]\n' >"$OUT/list.json"
bad list.json " error: not a baseline: expected hookwrap's JSON report or a SARIF log"
report --db="$OUT/a.db" --baseline="$OUT/none.json" >/dev/null 2>"$OUT/none.err"
check "a missing baseline: exit 2" test $? -eq 2
contains "a missing baseline: says so" "$OUT/none.err" "$OUT/none.json: error: cannot read the baseline"
(cd "$C" && "$HOOKWRAP" check --no-group --baseline="$OUT/other.json" drivers/calls.c) >/dev/null 2>"$OUT/check-bad.err"
check "check with a bad baseline: exit 2" test $? -eq 2
