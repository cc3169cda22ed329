#!/bin/bash
# bench/clean-tree.sh - what "hookwrap convert" and "make coccicheck"
# cost on a tree with nothing to convert, beside a text scan of it
# (grep -rl of the table's pointer), in one run: the runs alternate, the
# least of RUNS=3 is kept.  The manifest cache is warmed first (the
# cache check keeps; a scratch directory, not the user's).  Not a test:
# prints a markdown table for docs/performance.md.
#
#   bench/clean-tree.sh TREE
#
# OLD=path of another hookwrap (an older build) adds its convert run.
# J=n jobs (default: CPUs).
set -u
HW=$(cd "$(dirname "$0")/.." && pwd)
HOOKWRAP=${HOOKWRAP:-$HW/hookwrap}
RUNS=${RUNS:-3}
J=${J:-$(nproc)}
OLD=${OLD:-}
[ $# -eq 1 ] && [ -d "$1" ] || {
	echo "usage: bench/clean-tree.sh TREE" >&2
	exit 2
}
tree=$(cd "$1" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/hookwrap-bench.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
export HOOKWRAP_CACHE_DIR=$work/cache

# The pointer the tree's table names, from the rule convert generates.
"$HOOKWRAP" convert --print-rule -o "$work/rule.cocci" "$tree" || exit 2
ptr=$(sed -n 's|^/// \([A-Za-z_][A-Za-z_0-9]*\)->HOOK(args) becomes.*|\1|p' \
	"$work/rule.cocci")
[ -n "$ptr" ] || { echo "bench/clean-tree.sh: no pointer in the rule" >&2; exit 2; }
n=$("$HOOKWRAP" convert --print-files "$tree" | wc -l)

declare -A best cpu
tools="grep convert coccicheck"
[ -n "$OLD" ] && tools="$tools old"
cmd() {
	case $1 in
	grep) echo grep -rl -- "$ptr" "$tree" ;;
	convert) echo "$HOOKWRAP" convert -j "$J" "$tree" ;;
	coccicheck) echo env M="$tree" MODE=report J="$J" \
		HOOKWRAP="$HOOKWRAP" "$HW/scripts/coccicheck" ;;
	old) echo env HOOKWRAP_CACHE_DIR= "$OLD" convert -j "$J" "$tree" ;;
	esac
}
for ((r = 0; r < RUNS; r++)); do
	for t in $tools; do
		# shellcheck disable=SC2046
		/usr/bin/time -o "$work/t" -f "%e %U %S" $(cmd "$t") \
			>"$work/out.$t" 2>/dev/null
		read -r wall user sys <"$work/t"
		if [ -z "${best[$t]:-}" ] ||
		   awk "BEGIN { exit !($wall < ${best[$t]}) }"; then
			best[$t]=$wall
			cpu[$t]=$(awk "BEGIN { printf \"%.2f\", $user + $sys }")
		fi
	done
done
echo "Tree: $tree ($ptr; $n files name it outside the allow-list), J=$J, least of $RUNS runs"
echo
echo "| command | wall (s) | CPU (s) | wall / text scan |"
echo "| --- | ---: | ---: | ---: |"
for t in $tools; do
	printf '| %s | %s | %s | %s |\n' "$(cmd "$t" | sed "s|$HW/||g; s|$tree|TREE|g; s|$work/||g")" \
		"${best[$t]}" "${cpu[$t]}" \
		"$(awk "BEGIN { g = ${best[grep]}; if (g > 0) printf \"%.2fx\", ${best[$t]} / g; else printf \"-\" }")"
done
