#!/bin/bash
# hookwrap check output: gcc format, JSON, SARIF 2.1.0 (structure,
# stable ids and fingerprints, fix-its that apply), and exit statuses.
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

T=$(copy_fixture check)
D=$T/drivers
PY="python3"

# gcc: every line is file:line:col: warning: message [rule-id]
"$HOOKWRAP" check "$D/calls.c" "$D/uses.c" "$D/unknown.c" >"$OUT/gcc.out"
bad=$(grep -cvE '^[^:]+:[0-9]+:[0-9]+: warning: .+ \[(direct-ops-call|direct-ops-use|unknown-hook|stale-wrapper)\]$' "$OUT/gcc.out")
if [ "$bad" -eq 0 ] && [ -s "$OUT/gcc.out" ]; then ok "gcc format on every line"
else not_ok "gcc format" "$(grep -vE ': warning: ' "$OUT/gcc.out" | head -3)"; fi
contains "paths as given" "$OUT/gcc.out" "$D/calls.c:11:9: warning:"
(cd "$T" && "$HOOKWRAP" check drivers/calls.c >"$OUT/rel.out")
contains "relative path stays relative" "$OUT/rel.out" "drivers/calls.c:11:9: warning:"

# JSON
"$HOOKWRAP" check --format=json "$D/calls.c" "$D/uses.c" >"$OUT/r.json"
check "json parses" $PY -c "import json,sys; json.load(open(sys.argv[1]))" "$OUT/r.json"
check "json holds every finding with rule, file, line, column, message" $PY -c '
import json, sys
r = json.load(open(sys.argv[1]))
f = r["findings"]
assert len(f) == 11, len(f)
for x in f:
    for k in ("rule", "file", "line", "column", "message", "function"):
        assert k in x, k
assert sum(1 for x in f if "fix" in x) == 6
' "$OUT/r.json"
"$HOOKWRAP" check --format=json "$D/clean.c" >"$OUT/empty.json"
check "json of a clean unit is an empty list" $PY -c '
import json, sys; assert json.load(open(sys.argv[1]))["findings"] == []' "$OUT/empty.json"

# Fix-its apply: the fixed file has no direct-ops-call left.
cp "$D/calls.c" "$OUT/fixed.c"
cp "$OUT/fixed.c" "$D/fixed.c"
"$HOOKWRAP" check --format=json "$D/fixed.c" >"$OUT/fix.json"
n=$($PY "$FIX/../check/apply-fixes.py" "$OUT/fix.json" "$D/fixed.c")
check "six fix-its" test "$n" = 6
"$HOOKWRAP" check "$D/fixed.c" >"$OUT/fixed.out" 2>&1
same "the fixed file is clean" /dev/null "$OUT/fixed.out"
contains "the fix keeps the arguments" "$D/fixed.c" \
	"return security_inode_alloc(inode); /* want: 21 */"
contains "the fix keeps the space before the arguments" "$D/fixed.c" \
	"return security_inode_mkdir (dir, dentry, mode);"

# SARIF 2.1.0
"$HOOKWRAP" check --format=sarif "$D/calls.c" "$D/macros.c" "$D/uses.c" \
	"$D/unknown.c" >"$OUT/r.sarif"
check "sarif is well-formed SARIF 2.1.0" $PY "$FIX/../check/sarif-check.py" "$OUT/r.sarif"
check "sarif lists every rule with its description" $PY -c '
import json, sys
d = json.load(open(sys.argv[1]))["runs"][0]["tool"]["driver"]
ids = [r["id"] for r in d["rules"]]
for want in ("direct-ops-call", "direct-ops-use", "unknown-hook", "stale-wrapper"):
    assert want in ids, ids
' "$OUT/r.sarif"
check "sarif uris are tree-relative under SRCROOT" $PY -c '
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
assert run["originalUriBaseIds"]["SRCROOT"]["uri"].startswith("file:///")
uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]}
assert "drivers/calls.c" in uris and "drivers/macros.c" in uris, uris
' "$OUT/r.sarif"
# The checker of the checker must be able to fail.
$PY -c '
import json, sys
d = json.load(open(sys.argv[1]))
del d["runs"][0]["results"][0]["partialFingerprints"]
d["runs"][0]["results"][1]["ruleId"] = "no-such-rule"
json.dump(d, open(sys.argv[2], "w"))' "$OUT/r.sarif" "$OUT/broken.sarif"
check_fails "sarif-check.py rejects a broken log" $PY "$FIX/../check/sarif-check.py" "$OUT/broken.sarif"

# Fingerprints survive lines moving; differ between findings.
fps() { $PY -c '
import json, sys
for r in json.load(open(sys.argv[1]))["runs"][0]["results"]:
    print(r["ruleId"], list(r["partialFingerprints"].values())[0])' "$1"; }
"$HOOKWRAP" check --format=sarif "$D/calls.c" >"$OUT/a.sarif"
{ printf '\n\n\n'; cat "$D/calls.c"; } >"$OUT/moved.c"
cp "$OUT/moved.c" "$D/calls.c"
"$HOOKWRAP" check --format=sarif "$D/calls.c" >"$OUT/b.sarif"
fps "$OUT/a.sarif" >"$OUT/a.fp"
fps "$OUT/b.sarif" >"$OUT/b.fp"
same "fingerprints are stable when lines move" "$OUT/a.fp" "$OUT/b.fp"
u=$(cut -d' ' -f2 "$OUT/a.fp" | sort -u | wc -l)
check "fingerprints differ between findings" test "$u" -eq 6

# Exit statuses: 0 clean, 0 findings, 1 findings with --error-exit,
# 2 usage or parse failure.
"$HOOKWRAP" check "$D/clean.c" >/dev/null 2>&1
check "clean: exit 0" test $? -eq 0
"$HOOKWRAP" check "$D/uses.c" >/dev/null 2>&1
check "findings without --error-exit: exit 0" test $? -eq 0
"$HOOKWRAP" check --error-exit "$D/uses.c" >/dev/null 2>&1
check "findings with --error-exit: exit 1" test $? -eq 1
"$HOOKWRAP" check --error-exit "$D/clean.c" >/dev/null 2>&1
check "clean with --error-exit: exit 0" test $? -eq 0
"$HOOKWRAP" check --error-exit --format=sarif "$D/uses.c" >/dev/null 2>&1
check "sarif with --error-exit: exit 1" test $? -eq 1
"$HOOKWRAP" check --format=xml "$D/uses.c" >/dev/null 2>"$OUT/e1"
check "unknown format: exit 2" test $? -eq 2
contains "unknown format says which exist" "$OUT/e1" "use gcc, json or sarif"
"$HOOKWRAP" check "$D/no-such-file.c" >/dev/null 2>"$OUT/e2"
check "missing file: exit 2" test $? -eq 2
contains "missing file is named" "$OUT/e2" "$D/no-such-file.c: error: no such file"
"$HOOKWRAP" check --tree "$OUT/nowhere" "$D/uses.c" >/dev/null 2>"$OUT/e3"
check "bad --tree: exit 2" test $? -eq 2
"$HOOKWRAP" check --manifest >/dev/null 2>"$OUT/e4"
check "option without its value: exit 2" test $? -eq 2
(cd / && "$HOOKWRAP" check >/dev/null 2>"$OUT/e5")
check "no tree anywhere: exit 2" test $? -eq 2
contains "no tree: says what to do" "$OUT/e5" "pass --tree DIR"
"$HOOKWRAP" check --error-exit "$D/broken.c" >/dev/null 2>&1
check "a partly parsed unit with findings: exit 1, not 2" test $? -eq 1
printf 'int main(void) { return 0; }\n' >"$OUT/notree.c"
"$HOOKWRAP" check --tree "$T" "$OUT/notree.c" >/dev/null 2>"$OUT/e6"
check "a file outside the tree without flags: exit 2" test $? -eq 2
"$HOOKWRAP" check --help >"$OUT/help" 2>&1
check "--help: exit 0" test $? -eq 0
contains "--help shows the kbuild use" "$OUT/help" 'make C=1 CHECK="hookwrap check"'

# Odd input: never a crash.  An empty file and a binary one are clean; a
# directory is no C file; deep nesting and a cut-off unit get one note.
mkdir -p "$D/odd/dir.c"
: >"$D/odd/empty.c"
head -c 20000 "$HOOKWRAP" >"$D/odd/binary.c"
printf '#include <linux/security.h>\nint x = security_ops->\n' >"$D/odd/cut.c"
python3 -c "print('#include <linux/security.h>'); print('int f(void) { return ' + '(' * 3000 + 'security_ops->syslog(1)' + ')' * 3000 + '; }')" >"$D/odd/deep.c"
for f in empty binary cut deep; do
	"$HOOKWRAP" check "$D/odd/$f.c" >"$OUT/odd-$f.out" 2>&1
	rc=$?
	if [ "$rc" -eq 0 ]; then ok "odd input $f.c: exit 0"
	else not_ok "odd input $f.c: exit $rc" "$(head -3 "$OUT/odd-$f.out")"; fi
done
n=$(grep -c 'note:' "$OUT/odd-deep.out")
check "deep nesting: one note" test "$n" -eq 1
"$HOOKWRAP" check "$D/odd/dir.c" >/dev/null 2>"$OUT/odd-dir.err"
check "a directory named *.c: exit 2" test $? -eq 2
contains "... says it is no file" "$OUT/odd-dir.err" "not a regular file"
