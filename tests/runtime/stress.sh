#!/bin/bash
# stress.sh - the long run of the guard policies (docs/policies.md).
#
#   tests/runtime/stress.sh [CALLS [CYCLES [RACE_TRIES]]]
#
# refcount, rcu and the mixed table (rcu, with refcount for the hook that
# sleeps), without a sanitizer and under AddressSanitizer+UBSan (refcount
# under ThreadSanitizer too): at least CALLS hook calls
# (default 10^7) and CYCLES load/unload cycles (default 200) each, with
# 4 threads calling; every run must end clean.  Then guard none: RACE_TRIES
# (default 50) separate runs of up to 1000 cycles, each of which must see
# the race; prints in which cycle and how.  Exits 1 if anything differs.
# Builds go to tests/out/stress.
set -u
cd "$(dirname "$0")/../.." || exit 2
CALLS=${1:-10000000}
CYCLES=${2:-200}
TRIES=${3:-50}
OUT=tests/out/stress
HOOKWRAP=${HOOKWRAP:-$PWD/hookwrap}
ulimit -c 0
mkdir -p "$OUT"
[ -x "$HOOKWRAP" ] || make -s || exit 2
fail=0

# build NAME GUARD SAN [MAKE VARIABLES]
build() {
	local dir=$PWD/$OUT/$1
	make -s -j2 -C tests/runtime O="$dir" GUARD="$2" SAN="$3" "${@:4}" \
		HOOKWRAP="$HOOKWRAP" "$dir/harness" "$dir/module.so" || {
		echo "stress: cannot build $1" >&2
		exit 2
	}
}

# The mixed table of docs/policies.md: rcu, refcount for obj_alloc.
rm -rf "$OUT/guard-ops-mixed"
cp -r tests/fixtures/guard-ops "$OUT/guard-ops-mixed"
printf 'guard = rcu\nguard.obj_alloc = refcount\n' \
	>>"$OUT/guard-ops-mixed/hookwrap.conf"
mixed="CORE=mixed FIXTURE=$PWD/$OUT/guard-ops-mixed"

echo "# clean runs: >= $CALLS hook calls, >= $CYCLES load/unload cycles, 4 threads"
while read -r b g san vars; do
	# shellcheck disable=SC2086
	build "$b" "$g" "$san" $vars
	start=$(date +%s)
	"$OUT/$b/harness" -t 4 -c "$CYCLES" -n "$CALLS" -p 100000 \
		"$OUT/$b/module.so" >"$OUT/$b.out" 2>&1
	rc=$?
	secs=$(($(date +%s) - start))
	line=$(grep 'hook calls' "$OUT/$b.out")
	if [ "$rc" -eq 0 ] && ! grep -q Sanitizer "$OUT/$b.out" && [ -n "$line" ]; then
		echo "$b: clean: $line (${secs}s)"
	else
		echo "$b: FAILED (exit $rc), see $OUT/$b.out"
		grep -v '^    #' "$OUT/$b.out" | tail -5
		fail=1
	fi
done <<EOF
refcount-none refcount none
refcount-asan refcount asan
refcount-tsan refcount tsan
rcu-none rcu none
rcu-asan rcu asan
mixed-none rcu none $mixed
mixed-asan rcu asan $mixed
EOF

echo "# guard none: $TRIES runs of up to 1000 load/unload cycles"
for san in none asan tsan; do
	build "none-$san" none "$san"
	: >"$OUT/none-$san.results"
	for _ in $(seq "$TRIES"); do
		"$OUT/none-$san/harness" -t 4 -c 1000 \
			"$OUT/none-$san/module.so" >"$OUT/none-$san.out" 2>&1
		res=$(grep '^result:' "$OUT/none-$san.out")
		case $res in
		*"in load/unload cycle "[1-9]*)
			how=${res#*(}
			how=${how% in load/unload*}
			kind=$(grep -om1 -E '(Address|Thread)Sanitizer: [a-zA-Z-]+( race)?' \
				"$OUT/none-$san.out")
			[ -n "$kind" ] && how="$how, $kind"
			grep -q 'ran after the module' "$OUT/none-$san.out" &&
				how="$how, hook ran after the module's exit"
			cycle=${res##*cycle }
			echo "${cycle%)} $how" >>"$OUT/none-$san.results" ;;
		*)
			echo "none, sanitizer $san: race NOT observed: $res"
			fail=1 ;;
		esac
	done
	n=$(wc -l <"$OUT/none-$san.results")
	echo "none, sanitizer $san: race observed in $n of $TRIES runs;" \
		"cycle of the first failure: min $(sort -n "$OUT/none-$san.results" |
		head -1 | cut -d' ' -f1), max $(sort -n "$OUT/none-$san.results" |
		tail -1 | cut -d' ' -f1)"
	cut -d' ' -f2- "$OUT/none-$san.results" | sort | uniq -c |
		sed 's/^/    /'
done
exit $fail
