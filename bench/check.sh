#!/bin/bash
# bench/check.sh - the checker's cost per unit beside clang -fsyntax-only
# and sparse, on the same units with the same flags.  Not a test: it
# prints a markdown table for docs/performance.md.
#
#   bench/check.sh TREE [compile_commands.json]
#
# The units come from TREE/compile_commands.json (record one from kbuild
# with bench/record-check).  Each tool runs once per unit in its own
# process, as kbuild runs a checker.  clang gets the flags hookwrap gives
# libclang (gcc-only ones dropped: clang refuses them); sparse gets
# kbuild's CHECKFLAGS (CHECKFLAGS=... to change) and the gcc flags as
# they are.  N=count limits the units (default: all), TOOLS= picks.
set -u
HW=$(cd "$(dirname "$0")/.." && pwd)
HOOKWRAP=${HOOKWRAP:-$HW/hookwrap}
[ $# -ge 1 ] && [ -d "$1" ] || {
	echo "usage: bench/check.sh TREE [compile_commands.json]" >&2
	exit 2
}
tree=$(cd "$1" && pwd)
db=${2:-$tree/compile_commands.json}
[ -f "$db" ] || {
	echo "bench/check.sh: no $db; record one: make C=2 CHECK=\"$HW/bench/record-check units.jsonl\", then bench/record-check --finish units.jsonl > $db" >&2
	exit 2
}
export HOOKWRAP_CACHE_DIR=${HOOKWRAP_CACHE_DIR:-$(mktemp -d)}
exec python3 - "$HOOKWRAP" "$tree" "$db" "${N:-0}" \
	"${CHECKFLAGS:--D__linux__ -Dlinux -D__STDC__ -Dunix -D__unix__ -D__i386__}" \
	"${TOOLS:-scan hookwrap hookwrap-noprefilter clang sparse}" <<'PY'
import json, os, shlex, subprocess, sys, time

hookwrap, tree, db, n, checkflags, tools = sys.argv[1:7]
units = json.load(open(db))
if int(n):
    units = units[:int(n)]
tools = tools.split()

def flags_of(u):
    return u["arguments"][1:-1] if "arguments" in u else shlex.split(u["command"])[1:-1]

def clang_flags(u):
    out = subprocess.run([hookwrap, "check", "--print-args",
                          "--tree", tree] + flags_of(u) + [u["file"]],
                         cwd=u["directory"], capture_output=True, text=True)
    line = out.stdout.splitlines()[0] if out.stdout else ""
    return line.split(": ", 1)[1].split() if ": " in line else []

def scan(u):
    # The floor: reading the file and looking for the pointer's name.
    return ["grep", "-c", "security_ops", u["file"]]

cmds = {
    "scan": scan,
    "hookwrap": lambda u: [hookwrap, "check", "--tree", tree] + flags_of(u) + [u["file"]],
    "hookwrap-noprefilter": lambda u: [hookwrap, "check", "--no-prefilter", "--tree", tree]
                                      + flags_of(u) + [u["file"]],
    "clang": lambda u: ["clang-14", "-fsyntax-only", "-w", "-ferror-limit=0"]
                       + (["-m32"] if "-m32" not in flags_of(u) and any(
                           f.startswith("-march=i") for f in flags_of(u)) else [])
                       + clang_flags(u) + [u["file"]],
    "sparse": lambda u: ["sparse"] + checkflags.split() + flags_of(u) + [u["file"]],
}
prepared = {t: [(u["directory"], cmds[t](u)) for u in units] for t in tools}
# Warm the manifest cache and the page cache once.
subprocess.run(prepared.get("hookwrap", [(tree, ["true"])])[0][1],
               cwd=prepared.get("hookwrap", [(tree, 0)])[0][0], capture_output=True)
rows = []
for t in tools:
    fails = 0
    cpu = 0.0
    rss = 0
    start = time.time()
    for cwd, cmd in prepared[t]:
        # wait4: this process's own CPU time and peak memory.
        p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        _, status, ru = os.wait4(p.pid, 0)
        code = os.waitstatus_to_exitcode(status)
        cpu += ru.ru_utime + ru.ru_stime
        rss = max(rss, ru.ru_maxrss)
        if code not in (0, 1) or (t == "clang" and code):
            fails += 1
    wall = time.time() - start
    rows.append((t, wall, cpu, rss, fails))
print("| tool | units | wall s | ms per unit | cpu ms per unit | peak RSS MB | failed |")
print("|---|---:|---:|---:|---:|---:|---:|")
for t, wall, cpu, rss, fails in rows:
    k = len(units)
    print("| %s | %d | %.1f | %.1f | %.1f | %.0f | %d |" % (
        t, k, wall, 1000 * wall / k, 1000 * cpu / k, rss / 1024, fails))
PY
