#!/bin/bash
# bench/front.sh - what kbuild's checker slot costs per unit: "true",
# sparse, hookwrap (the front, src/cmd/front.c) and hookwrap-full (the
# program without the front, as hookwrap was before it), each run the
# way "make C=2" runs a checker: $(CHECK) $(CHECKFLAGS) $(c_flags) file.c
# from the build directory, one process per unit.  Not a test: prints a
# markdown table for docs/performance.md.
#
#   bench/front.sh TREE BUILD TEMPLATE UNIT...
#
# TREE the kernel source, BUILD its O= build directory (configured and
# prepared), TEMPLATE a built unit's .o.cmd whose compiler flags every
# UNIT borrows (units of directories that were not built), UNIT a .c
# file relative to TREE.  RUNS=3 runs of each (the minimum is kept).
# Units are split by what the front did: answered by itself (the
# prefilter skips the unit) or handed to hookwrap-full (a parse).
set -u
HW=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 4 ] || { sed -n '2,17p' "$0" >&2; exit 2; }
exec python3 - "$HW" "$@" <<'PY'
import os, re, resource, shlex, subprocess, sys, time
hw, tree, build, template = sys.argv[1:5]
units = sys.argv[5:]
runs = int(os.environ.get("RUNS", "3"))
line = open(template).readline()
cmd = re.sub(r"^cmd_\S+ := \S+ ", "", line.strip())
cmd = cmd.split(" ; ")[0]
words = shlex.split(cmd)
# drop the output and the source (-c, -o and its object, the .c file) and the dependency file
flags = []
skip = 0
for w in words:
    if skip:
        skip -= 1
        continue
    if w == "-o":
        skip = 1
        continue
    if w == "-c" or w.endswith(".c") or w.startswith("-Wp,-M"):
        continue
    flags.append(w)
checkflags = ["-D__linux__", "-Dlinux", "-D__STDC__", "-Dunix", "-D__unix__",
              "-Wbitwise", "-Wno-return-void", "-Wno-unknown-attribute",
              "-D__x86_64__", "--arch=x86_64", "-mlittle-endian", "-m64"]
cache = os.path.join(build, ".hookwrap-bench-cache")
env = dict(os.environ, HOOKWRAP_CACHE_DIR=cache)
tools = {
    "true": ["true"],
    "sparse": ["sparse"] + checkflags,
    "hookwrap": [os.path.join(hw, "hookwrap"), "check", "--verbose"],
    "hookwrap-full": [os.path.join(hw, "hookwrap-full"), "check", "--verbose"],
}

def run(argv):
    """Wall seconds and the child's peak RSS (KiB) of one process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.monotonic()
    p = subprocess.run(argv, cwd=build, env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - t
    return wall, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, p

# Fill the manifest cache once, outside the timing.
subprocess.run(tools["hookwrap-full"] + flags + [os.path.join(tree, units[0])],
               cwd=build, env=env, capture_output=True)
rows = []
for u in units:
    src = os.path.join(tree, u)
    best = {}
    skipped = None
    for name, argv in tools.items():
        times = []
        for _ in range(runs):
            wall, rss, p = run(argv + flags + [src])
            times.append(wall)
            if name == "hookwrap":
                skipped = ": skipped: " in p.stderr or ": not parsed: " in p.stderr
        best[name] = min(times)
    rows.append((u, skipped, best))
# Peak RSS: one more run of each on the first unit of each kind.
peak = {}
for kind in (True, False):
    us = [r for r in rows if r[1] == kind]
    if not us:
        continue
    src = os.path.join(tree, us[0][0])
    for name, argv in tools.items():
        p = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv + flags + [src],
                           cwd=build, env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True)
        peak[(kind, name)] = int(p.stderr.strip().splitlines()[-1])

print("| units | n | sparse | hookwrap | hookwrap-full | hookwrap / sparse | full / sparse |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
def line(label, rs):
    if not rs:
        return
    added = {n: sum(r[2][n] - r[2]["true"] for r in rs) / len(rs) * 1000
             for n in ("sparse", "hookwrap", "hookwrap-full")}
    print("| %s | %d | %.1f ms | %.1f ms | %.1f ms | %.2fx | %.2fx |" % (
        label, len(rs), added["sparse"], added["hookwrap"],
        added["hookwrap-full"], added["hookwrap"] / added["sparse"],
        added["hookwrap-full"] / added["sparse"]))
line("the front answers (prefilter skips)", [r for r in rows if r[1]])
line("handed to hookwrap-full (parsed)", [r for r in rows if not r[1]])
line("all", rows)
print()
print("Added wall time per unit over `true` (mean of the per-unit minimum of %d runs)." % runs)
print()
print("| peak RSS, one unit | sparse | hookwrap | hookwrap-full |")
print("| --- | ---: | ---: | ---: |")
for kind, label in ((True, "skipped"), (False, "parsed")):
    if (kind, "sparse") in peak:
        print("| %s | %d MiB | %d MiB | %d MiB |" % (label,
              peak[(kind, "sparse")] // 1024, peak[(kind, "hookwrap")] // 1024,
              peak[(kind, "hookwrap-full")] // 1024))
PY
