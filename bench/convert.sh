#!/bin/bash
# bench/convert.sh - "hookwrap convert" on a whole tree beside a naive
# one-rule spatch run (bench/naive.cocci) on the same tree, in the same
# run.  Not a test: it prints a markdown table for docs/performance.md.
#
#   bench/convert.sh TREE [ORIGINAL]
#
# Both tools only print diffs; TREE is not changed.  With ORIGINAL (the
# tree TREE was made from by scripts/unconvert), each diff is applied to
# a scratch copy of TREE and compared with ORIGINAL line by line: sites
# converted exactly, sites missed or converted wrongly, and lines changed
# that should not have been.  J=n sets the jobs for both (default: CPUs).
set -u
HW=$(cd "$(dirname "$0")/.." && pwd)
HOOKWRAP=${HOOKWRAP:-$HW/hookwrap}
SPATCH=${SPATCH:-spatch}
J=${J:-$(nproc)}

[ $# -ge 1 ] && [ -d "$1" ] || {
	echo "usage: bench/convert.sh TREE [ORIGINAL]" >&2
	exit 2
}
tree=$(cd "$1" && pwd)
orig=
[ $# -ge 2 ] && orig=$(cd "$2" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/hookwrap-bench.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
elapsed() { echo "$1 $2" | awk '{ printf "%.1f", $2 - $1 }'; }
# sites a diff converts: security_ops-> uses it removes, less those it adds
sites() {
	awk '/^-[^-]/ { n += gsub(/security_ops->/, "") }
	     /^\+[^+]/ { n -= gsub(/security_ops->/, "") }
	     END { print n + 0 }' "$1"
}

t0=$(now)
"$HOOKWRAP" convert --stats --jobs "$J" "$tree" >"$work/hw.diff" \
	2>"$work/hw.err"
hw_rc=$?
t1=$(now)
hw_time=$(elapsed "$t0" "$t1")
hw_parsed=$(sed -n 's/.* \([0-9]*\) parsed by spatch.*/\1/p' "$work/hw.err")
hw_sites=$(sites "$work/hw.diff")

t0=$(now)
"$SPATCH" --sp-file "$HW/bench/naive.cocci" --include-headers \
	--dir "$tree" --patch "$tree" --jobs "$J" --chunksize 1 \
	>"$work/naive.diff" 2>"$work/naive.err"
naive_rc=$?
t1=$(now)
naive_time=$(elapsed "$t0" "$t1")
naive_parsed=$(grep -c '^HANDLING' "$work/naive.err")
naive_sites=$(sites "$work/naive.diff")

# accuracy DIFF: apply it to a copy of TREE, compare with ORIGINAL
accuracy() {
	rm -rf "$work/copy"
	cp -a "$tree" "$work/copy"
	patch -d "$work/copy" -p1 --quiet --force -i "$1" >/dev/null 2>&1
	diff -r -U0 "$orig" "$tree" >"$work/truth.diff"
	diff -r -U0 "$orig" "$work/copy" >"$work/after.diff"
	python3 - "$work/truth.diff" "$work/after.diff" "$orig" <<'EOF'
import re, sys
def lines(path, root):
    old, added, f = set(), 0, None
    for l in open(path, errors="replace"):
        if l.startswith("--- "):
            f = l[4:].split("\t")[0].strip()[len(root) + 1:]
        m = re.match(r"@@ -(\d+)(?:,(\d+))? \+\d+(?:,(\d+))? @@", l)
        if m:
            a, b = int(m.group(1)), int(m.group(2) or 1)
            d = int(m.group(3) or 1)
            old |= {(f, a + k) for k in range(b)}
            if b == 0:
                added += d
    return old, added
truth, _ = lines(sys.argv[1], sys.argv[3])
after, added = lines(sys.argv[2], sys.argv[3])
print(len(truth), len(truth) - len(after & truth), len(after & truth),
      len(after - truth), added)
EOF
}

echo "| tool | wall time (s) | files parsed | sites converted | exit |"
echo "|---|---|---|---|---|"
echo "| hookwrap convert -j $J | $hw_time | $hw_parsed | $hw_sites | $hw_rc |"
echo "| naive one-rule spatch -j $J | $naive_time | $naive_parsed |" \
	"$naive_sites | $naive_rc |"
if [ -n "$orig" ]; then
	echo
	echo "| tool | raw sites | converted exactly | missed or wrong |" \
		"original lines changed | lines added |"
	echo "|---|---|---|---|---|---|"
	read -r n exact missed damaged added < <(accuracy "$work/hw.diff")
	echo "| hookwrap convert | $n | $exact | $missed | $damaged | $added |"
	read -r n exact missed damaged added < <(accuracy "$work/naive.diff")
	echo "| naive one-rule spatch | $n | $exact | $missed | $damaged |" \
		"$added |"
fi
echo
echo "tree: $tree; $(nproc) CPUs; $("$SPATCH" --version | head -1)"
