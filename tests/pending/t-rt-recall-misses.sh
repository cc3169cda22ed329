#!/bin/bash
# The PREEMPT_RT bug of issue 24's recall (docs/findings.md, "Recall on
# PREEMPT_RT bugs") that hookwrap does not find yet, as small as the
# real one: this check states the goal, and fails until it is met.
# (__intel_gt_reset()'s reset through a local function pointer, the
# other miss, is found now: tests/rules/sleep-in-atomic-rt/gt-reset.c.)
#
# dcn20_validate_bandwidth() (amdgpu, Linux 6.1): DC_FP_START() is
# dc_fpu_begin() of another unit, which returns with preemption off; the
# link does not carry the regions a function leaves open from one unit
# to its callers in another, so the GFP_ATOMIC allocation after it is
# not in an atomic region (the same code in one unit is found:
# tests/rules/sleep-in-atomic-rt/dc-fpu-alloc.c).
#
#   ./tests/run tests/pending/t-rt-recall-misses.sh
HW=${HW:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$HW/tests/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

T=$(copy_fixture sleep-hooks)
KFLAGS="-nostdinc -D__KERNEL__ -Iinclude"

mkdir -p "$T/drivers/gpu/drm/amd/display/amdgpu_dm" \
	 "$T/drivers/gpu/drm/amd/display/dc/dcn20"
cat >"$T/drivers/gpu/drm/amd/display/amdgpu_dm/dc_fpu.c" <<'C'
#include <linux/spinlock.h>

#define get_cpu_ptr(var) ({ preempt_disable(); (var); })
#define put_cpu_ptr(var) do { (void)(var); preempt_enable(); } while (0)

static int fpu_recursion_depth;

void dc_fpu_begin(void)
{
	int *pcpu = get_cpu_ptr(&fpu_recursion_depth);

	*pcpu += 1;
}

void dc_fpu_end(void)
{
	fpu_recursion_depth -= 1;
	put_cpu_ptr(&fpu_recursion_depth);
}
C
cat >"$T/drivers/gpu/drm/amd/display/dc/dcn20/dcn20_resource.c" <<'C'
#include <linux/spinlock.h>

extern void dc_fpu_begin(void);
extern void dc_fpu_end(void);
#define DC_FP_START() dc_fpu_begin()
#define DC_FP_END() dc_fpu_end()

int dcn20_validate_bandwidth(int pipe_count)
{
	void *pipes;

	DC_FP_START();
	pipes = kzalloc(pipe_count * 16, GFP_ATOMIC);
	DC_FP_END();
	kfree(pipes);
	return pipes != 0;
}
C
DB="$OUT/facts.db"
collect() {
	for u in drivers/gpu/drm/amd/display/amdgpu_dm/dc_fpu.c \
		 drivers/gpu/drm/amd/display/dc/dcn20/dcn20_resource.c; do
		(cd "$T" && "$HOOKWRAP" check --db="$DB" $KFLAGS "$u") || return 1
	done
}
check "collect the two units' facts" collect
(cd "$T" && "$HOOKWRAP" report --no-group --rt --db="$DB") >"$OUT/fpu.out" 2>&1
line=$(grep 'drivers/gpu/drm/amd/display/dc/dcn20/dcn20_resource.c:13:' "$OUT/fpu.out")
check "GFP_ATOMIC after DC_FP_START(), whose preempt_disable() is another unit's: found" \
	grep -q 'inside the atomic region begun by dc_fpu_begin().*GFP_ATOMIC) (on PREEMPT_RT) \[sleep-in-atomic-rt\]' <<<"$line"
