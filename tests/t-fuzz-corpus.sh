#!/bin/bash
# The fuzz harnesses (tests/fuzz/README), each run once over its seed
# corpus, which holds every input the fuzzers found hookwrap
# mishandling: the CI-sized smoke of "make fuzz FUZZ_RUNS=N".  A harness
# checks what its parser promises (tests/fuzz/fuzz_*.c), under ASan and
# UBSan; any report or broken promise fails it.  Skipped (an ok line
# says so) only where clang's libFuzzer runtime is missing; scripts/
# install-deps installs it (libclang-rt-14-dev).
. "$(dirname "$0")/lib.sh"

if ! echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }' |
	clang-14 -x c -fsanitize=fuzzer,address,undefined -o "$OUT/probe" - \
		>"$OUT/probe.log" 2>&1; then
	ok "# skip: clang-14 cannot link a libFuzzer harness ($(head -1 "$OUT/probe.log")); install libclang-rt-14-dev"
	exit 0
fi
if ! make -s -C "$HW" fuzz >"$OUT/make.log" 2>&1; then
	not_ok "make fuzz builds the harnesses" "$(tail -5 "$OUT/make.log")"
	exit 0
fi
ok "make fuzz builds the harnesses"
for src in "$HW"/tests/fuzz/fuzz_*.c; do
	n=$(basename "$src" .c)
	n=${n#fuzz_}
	corpus="$HW/tests/fuzz/corpus/$n"
	seeds=$(find "$corpus" -type f | wc -l)
	[ "$seeds" -gt 0 ] || { not_ok "fuzz_$n has a seed corpus" "$corpus is empty"; continue; }
	# -runs=0: each seed once, nothing mutated, nothing written; an
	# input that fails is kept in this file's scratch space, not in the
	# directory the suite runs from.
	"$HW/build-fuzz/fuzz_$n" -runs=0 -artifact_prefix="$OUT/$n-" "$corpus" \
		>"$OUT/$n.log" 2>&1
	rc=$?
	if [ $rc -eq 0 ] && grep -aq "^#[0-9]*.*DONE" "$OUT/$n.log"; then
		ok "fuzz_$n: its $seeds seeds run clean"
	else
		not_ok "fuzz_$n: its $seeds seeds run clean" "exit $rc" \
			"$(grep -aE 'ERROR|fuzz check failed|runtime error|SUMMARY' "$OUT/$n.log" | head -5)"
	fi
done
