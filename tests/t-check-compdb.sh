#!/bin/bash
# hookwrap check -p compile_commands.json [FILES]: each unit with its own
# flags and directory; "command" and "arguments" forms; bad input.
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

T=$(copy_fixture check)
F='"-nostdinc", "-D__KERNEL__", "-Iinclude", "-DCONFIG_SECURITY=1", "-mpreferred-stack-boundary=2", "-c"'
cat >"$T/compile_commands.json" <<J
[
  {"directory": "$T", "file": "drivers/calls.c",
   "arguments": ["gcc", $F, "-o", "drivers/calls.o", "drivers/calls.c"]},
  {"directory": "$T/fs", "file": "namei.c",
   "command": "gcc -nostdinc -D__KERNEL__ -I../include -DCONFIG_SECURITY=1 -D'NAME=\"x y\"' -c -o namei.o namei.c"},
  {"directory": "$T", "file": "$T/drivers/clean.c",
   "arguments": ["gcc", $F, "$T/drivers/clean.c"], "output": "clean.o"},
  {"directory": "$T", "file": "security/commoncap.c",
   "arguments": ["gcc", $F, "security/commoncap.c"]}
]
J
"$HOOKWRAP" check --verbose -p "$T/compile_commands.json" >"$OUT/all.out" 2>"$OUT/all.err"
check "-p: exit 0" test $? -eq 0
n=$(grep -c '\[direct-ops-call\]' "$OUT/all.out")
check "-p: 6 findings in calls.c and 6 in namei.c" test "$n" -eq 12
contains "-p: paths as the database gives them" "$OUT/all.out" "drivers/calls.c:11:9: warning:"
contains "-p: each entry in its own directory" "$OUT/all.out" "namei.c:15:12: warning:"
contains "-p: the unit that cannot hold a finding is skipped" "$OUT/all.err" \
	"4 units, 1 skipped by the prefilter, 0 partly parsed, 12 findings"
"$HOOKWRAP" check -p "$T" >"$OUT/dir.out" 2>&1
same "-p DIR reads DIR/compile_commands.json" "$OUT/all.out" "$OUT/dir.out"
(cd "$T" && "$HOOKWRAP" check -p compile_commands.json fs/namei.c >"$OUT/one.out" 2>&1)
n=$(grep -c 'warning:' "$OUT/one.out")
check "-p with FILES checks only those" test "$n" -eq 6
"$HOOKWRAP" check --error-exit -p "$T" >/dev/null 2>&1
check "-p --error-exit with findings: exit 1" test $? -eq 1
"$HOOKWRAP" check --format=sarif -p "$T" >"$OUT/p.sarif" 2>&1
check "-p sarif is well-formed" python3 "$FIX/../check/sarif-check.py" "$OUT/p.sarif"

# The database outside the tree (a build directory, /tmp), checked from
# outside it too: the tree is the one its entries' files are in, as
# clang's tools take it (it used to stop: "cannot find the kernel tree").
mkdir -p "$OUT/elsewhere" "$OUT/away"
cp "$T/compile_commands.json" "$OUT/elsewhere/"
(cd "$OUT/away" && "$HOOKWRAP" check -p "$OUT/elsewhere/compile_commands.json") \
	>"$OUT/elsewhere.out" 2>"$OUT/elsewhere.err"
check "-p outside the tree, run outside it: exit 0" test $? -eq 0
same "-p outside the tree: the same findings as inside it" "$OUT/all.out" "$OUT/elsewhere.out"
(cd "$OUT/away" && "$HOOKWRAP" check -p "$OUT/elsewhere") >"$OUT/elsewhere-dir.out" 2>&1
same "-p DIR outside the tree: the same" "$OUT/all.out" "$OUT/elsewhere-dir.out"
printf '[{"directory": "%s", "file": "x.c", "command": "gcc -c x.c"}]\n' "$OUT/away" \
	>"$OUT/elsewhere/notree.json"
(cd "$OUT/away" && "$HOOKWRAP" check -p "$OUT/elsewhere/notree.json") >/dev/null 2>"$OUT/notree.err"
check "-p whose entries are in no tree: exit 2" test $? -eq 2
contains "... says it found no tree, and what to do" "$OUT/notree.err" "cannot find the kernel tree"

# Bad input: exit 2 with file:line.
printf '[\n  {"directory": "/", "file": "x.c"\n' >"$OUT/cut.json"
"$HOOKWRAP" check --tree "$T" -p "$OUT/cut.json" >/dev/null 2>"$OUT/cut.err"
check "truncated database: exit 2" test $? -eq 2
contains "truncated database: file:line and what is wrong" "$OUT/cut.err" \
	"$OUT/cut.json:3: error: malformed compile_commands.json"
printf '[{"directory": "/", "file": "x.c"}]\n' >"$OUT/nocmd.json"
"$HOOKWRAP" check --tree "$T" -p "$OUT/nocmd.json" >/dev/null 2>"$OUT/nocmd.err"
check "an entry without a command: exit 2" test $? -eq 2
contains "... says what an entry needs" "$OUT/nocmd.err" 'needs "file" and "command" or "arguments"'
"$HOOKWRAP" check --tree "$T" -p "$OUT/none.json" >/dev/null 2>"$OUT/none.err"
check "a missing database: exit 2" test $? -eq 2
printf '[{"directory": "%s/nowhere", "file": "x.c", "command": "gcc x.c"}]\n' "$OUT" >"$OUT/nodir.json"
"$HOOKWRAP" check --tree "$T" -p "$OUT/nodir.json" >/dev/null 2>"$OUT/nodir.err"
check "an entry whose directory is missing: exit 2" test $? -eq 2
"$HOOKWRAP" check -p >/dev/null 2>&1
check "-p without a value: exit 2" test $? -eq 2

# Memory stays flat: 600 units cost no more than 100 (every unit parsed).
python3 - "$T" "$OUT" <<'PY'
import glob, json, sys
t, out = sys.argv[1:]
files = sorted(glob.glob(t + "/fs/*.c") + glob.glob(t + "/kernel/*.c") + glob.glob(t + "/net/*.c"))
for n in (100, 600):
    json.dump([{"directory": t, "file": files[i % len(files)],
                "arguments": ["gcc", "-nostdinc", "-Iinclude", "-DCONFIG_SECURITY=1",
                              "-DCONFIG_SECURITY_NETWORK=1", files[i % len(files)]]}
               for i in range(n)], open("%s/db%d.json" % (out, n), "w"))
PY
# peak_rss OUT CMD...: run CMD, its output to OUT; print its peak RSS (KB).
peak_rss() {
	python3 - "$@" <<'PY'
import os, subprocess, sys
out = open(sys.argv[1], "w")
p = subprocess.Popen(sys.argv[2:], stdout=out, stderr=subprocess.STDOUT)
print(os.wait4(p.pid, 0)[2].ru_maxrss)
PY
}
# Under AddressSanitizer (bench/sanitize) freed memory waits in its
# quarantine, up to 256 MB: measured without it, as what hookwrap holds.
asan=${ASAN_OPTIONS-}
sanitized && asan="${asan:+$asan:}quarantine_size_mb=0:thread_local_quarantine_size_kb=0"
for n in 100 600; do
	ASAN_OPTIONS=$asan peak_rss "$OUT/mem$n.out" "$HOOKWRAP" check \
		--no-prefilter --tree "$T" -p "$OUT/db$n.json" >"$OUT/rss$n"
done
a=$(cat "$OUT/rss100")
b=$(cat "$OUT/rss600")
if [ "$b" -lt $((a + 8192)) ]; then
	ok "memory flat: ${a} KB after 100 units, ${b} KB after 600"
else
	not_ok "memory grows: ${a} KB after 100 units, ${b} KB after 600"
fi
same "600 units, the same findings as 100 (printed once)" "$OUT/mem100.out" "$OUT/mem600.out"

# A relative --db is resolved once, against the directory the checker
# starts in: every entry's "directory" writes the same database.
mkdir -p "$OUT/run"
(cd "$OUT/run" && "$HOOKWRAP" check --db facts.db -p "$T/compile_commands.json" \
	>"$OUT/db.out" 2>&1)
check "--db relative with -p: exit 0" test $? -eq 0
check "--db relative: the database is where the checker started" test -f "$OUT/run/facts.db"
check "... and in no entry's directory" test ! -e "$T/facts.db" -a ! -e "$T/fs/facts.db"
sqlite3 "$OUT/run/facts.db" 'SELECT path FROM units WHERE header=0 ORDER BY path' >"$OUT/db.units" 2>&1
printf '%s\n' drivers/calls.c drivers/clean.c fs/namei.c security/commoncap.c >"$OUT/db.want"
same "... holding the facts of every unit" "$OUT/db.want" "$OUT/db.units"
"$HOOKWRAP" check --db= -p "$T" >/dev/null 2>"$OUT/dbempty.err"
check "--db with an empty name: exit 2" test $? -eq 2
contains "... says so" "$OUT/dbempty.err" "--db needs a file name"

# JSON as json-c reads it: bad input is one error line with its line.
# bad_json NAME LINE WHAT: $OUT/NAME.json (written by the caller).
bad_json() {
	"$HOOKWRAP" check --tree "$T" -p "$OUT/$1.json" >/dev/null 2>"$OUT/$1.err"
	check "$1: exit 2" test $? -eq 2
	contains "$1: file:line and what is wrong" "$OUT/$1.err" "$OUT/$1.json:$2: error: $3"
}
printf '[\n {"file": "x.c", "command": "gcc x.c"}\n]\n]\n' >"$OUT/trailing.json"
bad_json trailing 4 "malformed compile_commands.json"
printf '[\n {"file": "x.c", "command": "gcc x.c"},\n {"file": 7, "command": "gcc x.c"}\n]\n' >"$OUT/notstr.json"
bad_json notstr 3 'entry 2: "directory", "file" and "command" must be strings'
printf '[\n {"file": "x.c\\u0000.h", "command": "gcc x.c"}\n]\n' >"$OUT/unul.json"
bad_json unul 2 'entry 1: a string holds \u0000'
printf '[\n {"file": "x.c", "command": "gcc x.c"}\n]\n\0junk' >"$OUT/nul.json"
bad_json nul 4 "a NUL byte"
python3 -c 'import sys; sys.stdout.write("[{\"x\": " + "[" * 1000000 + "]" * 1000000 + ", \"file\": \"x.c\", \"command\": \"gcc x.c\"}]\n")' \
	>"$OUT/deep.json"
bad_json deep 1 "malformed compile_commands.json: nesting too deep"
# A name outside the BMP, as JSON writes it (a UTF-16 surrogate pair).
cp "$T/drivers/calls.c" "$T/drivers/u-$(printf '\360\237\230\200').c"
printf '[{"directory": "%s", "file": "drivers/u-\\ud83d\\ude00.c", "arguments": ["gcc", %s, "drivers/u-\\ud83d\\ude00.c"]}]\n' \
	"$T" "$F" >"$OUT/utf16.json"
"$HOOKWRAP" check --tree "$T" -p "$OUT/utf16.json" >"$OUT/utf16.out" 2>&1
check "a surrogate pair in a name: exit 0" test $? -eq 0
contains "... the file found under its UTF-8 name" "$OUT/utf16.out" \
	"drivers/u-$(printf '\360\237\230\200').c:11:9: warning:"
