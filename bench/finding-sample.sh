#!/bin/bash
# finding-sample.sh REPORT [N] [SEED] [RULE] - a seeded random sample of
# the findings of one rule in a report (hookwrap report's text output),
# to be read by hand when there are too many to read them all
# (docs/findings.md, "Precision on the whole 6.12 build").
#
# The findings are the lines ending in "[RULE]" (default sleep-in-atomic),
# kept in the report's order; Python's random.Random(SEED).sample() picks
# N of them (default 60, seed 23), printed in the report's order with
# their number in it.  All of them when there are N or fewer.
set -u
if [ $# -lt 1 ] || [ $# -gt 4 ]; then
	echo "usage: bench/finding-sample.sh REPORT [N] [SEED] [RULE]" >&2
	exit 2
fi
[ -r "$1" ] || { echo "finding-sample.sh: cannot read $1" >&2; exit 2; }
python3 - "$1" "${2:-60}" "${3:-23}" "${4:-sleep-in-atomic}" <<'PY'
import random, sys
path, n, seed, rule = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
tag = "[%s]" % rule
with open(path, errors="replace") as f:
    found = [l.rstrip("\n") for l in f if l.rstrip().endswith(tag)]
pick = range(len(found)) if len(found) <= n else \
    sorted(random.Random(seed).sample(range(len(found)), n))
for i in pick:
    print("%d\t%s" % (i + 1, found[i]))
print("%d of %d %s findings" % (len(pick), len(found), rule), file=sys.stderr)
PY
