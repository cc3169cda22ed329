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
# TREE the kernel source, BUILD its build directory (configured and
# prepared; TREE itself when built in place), TEMPLATE a built unit's
# .o.cmd whose compiler flags a UNIT borrows when it has no .o.cmd of
# its own in BUILD, UNIT a .c file relative to TREE.  The compiler is
# the first word of the .o.cmd line (build with CC=a-script when CC
# has flags of its own, as CC="gcc -m32" would).  RUNS=3 passes over
# the units (each unit's minimum is kept).  CHECKFLAGS: sparse's
# (default x86_64's; i386: "-D__linux__ -Dlinux -D__STDC__ -Dunix
# -D__unix__ -Wbitwise -D__i386__").  CACHE=warm (default: one untimed
# pass fills the header cache first) or cold (the header cache is
# emptied before each pass, as in a first kbuild run; the manifest stays
# cached).  hookwrap and hookwrap-full have a cache each.  Units are
# split by what hookwrap did in the first timed pass: skipped by the
# prefilter, answered from the header cache, or parsed.  UNITS=FILE
# also writes each unit's kind and times (ms: true, sparse, hookwrap,
# hookwrap-full), a line each.
set -u
HW=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 4 ] || { sed -n '2,26p' "$0" >&2; exit 2; }
exec python3 - "$HW" "$@" <<'PY'
import os, re, shlex, subprocess, sys, time
hw, tree, build, template = sys.argv[1:5]
units = sys.argv[5:]
runs = int(os.environ.get("RUNS", "3"))

def flags_of(cmdfile):
    """The compiler's flags of a .o.cmd: its command less the compiler
    (one word), -c, -o and its object, the .c file and the dependency file."""
    line = open(cmdfile).readline()
    # 6.x's kbuild writes "savedcmd_", older ones "cmd_" (as kbuild-replay reads)
    cmd = re.sub(r"^(saved)?cmd_\S+ := \S+ ", "", line.strip())
    cmd = cmd.split(" ; ")[0]
    flags = []
    skip = 0
    for w in shlex.split(cmd):
        if skip:
            skip -= 1
            continue
        if w == "-o":
            skip = 1
            continue
        if w == "-c" or w.endswith(".c") or w.startswith("-Wp,-M"):
            continue
        flags.append(w)
    return flags

def unit_flags(u):
    own = os.path.join(build, os.path.dirname(u),
                       "." + os.path.basename(u)[:-2] + ".o.cmd")
    return flags_of(own if os.path.exists(own) else template)

checkflags = os.environ.get("CHECKFLAGS", "-D__linux__ -Dlinux -D__STDC__ "
    "-Dunix -D__unix__ -Wbitwise -Wno-return-void -Wno-unknown-attribute "
    "-D__x86_64__ --arch=x86_64 -mlittle-endian -m64").split()
mode = os.environ.get("CACHE", "warm")
if mode not in ("warm", "cold"):
    sys.exit("bench/front.sh: CACHE=%s: say warm or cold" % mode)
tools = {
    "true": ["true"],
    "sparse": ["sparse"] + checkflags,
    "hookwrap": [os.path.join(hw, "hookwrap"), "check", "--verbose"],
    "hookwrap-full": [os.path.join(hw, "hookwrap-full"), "check", "--verbose"],
}
cachedir = {n: os.path.join(build, ".hookwrap-bench-cache", n)
            for n in ("hookwrap", "hookwrap-full")}
envs = {n: dict(os.environ, HOOKWRAP_CACHE_DIR=cachedir.get(n, ""))
        for n in tools}
uflags = {u: unit_flags(u) for u in units}
# kbuild names a unit relative to the build directory when built in place.
inplace = os.path.realpath(tree) == os.path.realpath(build)
def source(u):
    return u if inplace else os.path.join(tree, u)

def run(name, u):
    """Wall seconds and stderr of one process."""
    t = time.monotonic()
    p = subprocess.run(tools[name] + uflags[u] + [source(u)],
                       cwd=build, env=envs[name], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    return time.monotonic() - t, p.stderr

def empty_header_cache():
    for d in cachedir.values():
        for f in os.listdir(d):
            if f.startswith("header-"):
                os.unlink(os.path.join(d, f))

def kind_of(err):
    if ": skipped: " in err:
        return "skipped"
    if ": not parsed: " in err:
        return "cached"
    return "partial" if "could not fully parse" in err else "parsed"

# Fill the manifest caches once, outside the timing.
for n in cachedir:
    os.makedirs(cachedir[n], exist_ok=True)
    run(n, units[0])
empty_header_cache()
if mode == "warm":
    for u in units:
        run("hookwrap", u)
        run("hookwrap-full", u)
times = {u: {n: [] for n in tools} for u in units}
kind = {}
for r in range(runs):
    if mode == "cold":
        empty_header_cache()
    for u in units:
        for name in tools:
            wall, err = run(name, u)
            times[u][name].append(wall)
            if name == "hookwrap" and r == 0:
                kind[u] = kind_of(err)
rows = [(u, kind[u], {n: min(times[u][n]) for n in tools}) for u in units]
# Peak RSS: one more run of each on the first unit of each kind (the
# header cache emptied first for a parsed unit in a cold run).
peak = {}
kinds = (("skipped", "the front answers (prefilter skips)"),
         ("cached", "the front answers (header cache)"),
         ("parsed", "handed to hookwrap-full (parsed)"),
         ("partial", "handed to hookwrap-full (parsed in part)"))
for k, _ in kinds:
    us = [r for r in rows if r[1] == k]
    if not us:
        continue
    src = source(us[0][0])
    for name, argv in tools.items():
        if mode == "cold" and k in ("parsed", "partial"):
            empty_header_cache()
        p = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv +
                           uflags[us[0][0]] + [src], cwd=build,
                           env=envs[name], stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True)
        peak[(k, name)] = int(p.stderr.strip().splitlines()[-1])

print("| units (%s cache) | n | sparse | hookwrap | hookwrap-full | hookwrap / sparse | full / sparse |" % mode)
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
for k, label in kinds:
    line(label, [r for r in rows if r[1] == k])
line("all", rows)
print()
print("Added wall time per unit over `true` (mean of the per-unit minimum of %d passes)." % runs)
print()
print("| peak RSS, one unit | sparse | hookwrap | hookwrap-full |")
print("| --- | ---: | ---: | ---: |")
for k, label in kinds:
    if (k, "sparse") in peak:
        print("| %s | %d MiB | %d MiB | %d MiB |" % (k,
              peak[(k, "sparse")] // 1024, peak[(k, "hookwrap")] // 1024,
              peak[(k, "hookwrap-full")] // 1024))
if os.environ.get("UNITS"):
    with open(os.environ["UNITS"], "w") as f:
        for u, k, b in rows:
            f.write("%s\t%s\t%s\n" % (u, k, "\t".join(
                "%.1f" % (b[n] * 1000) for n in tools)))
PY
