#!/bin/sh
# bench/manifest.sh TREE - what "hookwrap manifest" and "gen-header" cost
# on a tree: wall time (median of 5 runs), peak memory, hooks.  Not a
# test: the numbers go in docs/performance.md with this command.
set -e
here=$(cd "$(dirname "$0")/.." && pwd)
tree=${1:?usage: bench/manifest.sh TREE}
hw=$here/hookwrap
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for cmd in manifest gen-header; do
	for i in 1 2 3 4 5; do
		/usr/bin/time -f "%e %M" -o "$tmp/t$i" "$hw" $cmd "$tree" \
			>"$tmp/out" 2>/dev/null
	done
	med=$(cat "$tmp"/t? | awk '{print $1}' | sort -n | sed -n 3p)
	rss=$(cat "$tmp"/t? | awk '{print $2}' | sort -n | tail -1)
	hooks=$("$hw" manifest "$tree" 2>/dev/null | tail -n +2 | wc -l)
	printf '%s\t%s\t%s s\t%s KiB\t%s hooks\n' "$(basename "$tree")" \
		"$cmd" "$med" "$rss" "$hooks"
done
