#!/bin/bash
# bench/guards.sh - what each guard policy costs per hook call, counted
# in instructions by callgrind (repeatable, unlike time).
#
#   bench/guards.sh [TREE]          (CALLS=n in the environment)
#
# TREE is ignored (bench/run passes every benchmark one).  Builds
# bench/guards-loop.c with the wrappers of tests/fixtures/guard-ops, the
# table tests/runtime loads a module into, generated for each guard
# (tests/runtime/Makefile, no sanitizer); runs the chosen loop CALLS
# times (default 100000) under callgrind counting only that loop; prints
# a Markdown table: instructions per call over the same loop without a
# call, and over the raw indirect call.  The hook itself (the module's
# permission(), with no work) is in every row but the CONFIG-off one.
# Builds go to tests/out/bench-guards.
set -eu
cd "$(dirname "$0")/.."
N=${CALLS:-100000}
OUT=$PWD/tests/out/bench-guards
HOOKWRAP=${HOOKWRAP:-$PWD/hookwrap}
command -v valgrind >/dev/null || {
	echo "bench/guards.sh: valgrind is not installed (scripts/install-deps)" >&2
	exit 2
}
[ -x "$HOOKWRAP" ] || make -s
mkdir -p "$OUT"

# build NAME GUARD CONFIG
build() {
	make -s -j2 -C tests/runtime O="$OUT/$1" GUARD="$2" CONFIG="$3" \
		HOOKWRAP="$HOOKWRAP" "$OUT/$1/bench-loop" "$OUT/$1/module.so"
}

# ir NAME LOOP: instructions callgrind counts in loop_LOOP.
ir() {
	valgrind --tool=callgrind --callgrind-out-file="$OUT/$1-$2.cg" \
		--toggle-collect="loop_$2" "$OUT/$1/bench-loop" "$2" \
		"$OUT/$1/module.so" "$N" 2>"$OUT/$1-$2.log" ||
		{ cat "$OUT/$1-$2.log" >&2; exit 1; }
	sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$OUT/$1-$2.cg"
}

build none none y
build off none n
for g in refcount rcu preempt; do
	build "$g" "$g" y
done

empty=$(ir none empty)
raw=$(ir none raw)
per() { awk -v a="$1" -v b="$2" -v n="$N" 'BEGIN { printf "%.1f", (a - b) / n }'; }

echo "| variant | instructions per call | over the raw call |"
echo "| --- | ---: | ---: |"
row() {
	printf '| %s | %s | %s |\n' "$1" "$(per "$2" "$empty")" "$(per "$2" "$raw")"
}
row 'raw `guard_ops->permission()`' "$raw"
row 'wrapper, CONFIG off (the stub)' "$(ir off wrapper)"
row 'wrapper, `--guard=none`' "$(ir none wrapper)"
row 'wrapper, `--guard=preempt`' "$(ir preempt wrapper)"
row 'wrapper, `--guard=rcu`' "$(ir rcu wrapper)"
row 'wrapper, `--guard=refcount`' "$(ir refcount wrapper)"
