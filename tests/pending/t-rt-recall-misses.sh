#!/bin/bash
# The PREEMPT_RT bugs of issue 24's recall (docs/findings.md, "Recall on
# PREEMPT_RT bugs") that hookwrap does not find yet, each as small as
# the real one: these checks state the goal, and fail until it is met.
#
# 1. __intel_gt_reset() (i915, Linux 6.1; "drm/i915: Do not disable
#    preemption for resets"): the reset is called through a local
#    function pointer that intel_get_gpu_reset() returns, and
#    gen8_reset_engines() takes the uncore spinlock_t.  A call through a
#    variable is not followed (sleep_call.c: "Through a pointer that is
#    no member ... not followed").
# 2. dcn20_validate_bandwidth() (amdgpu, Linux 6.1): DC_FP_START() is
#    dc_fpu_begin() of another unit, which returns with preemption off;
#    the link does not carry the regions a function leaves open from
#    one unit to its callers in another, so the GFP_ATOMIC allocation
#    after it is not in an atomic region (the same code in one unit is
#    found: tests/rules/sleep-in-atomic-rt/dc-fpu-alloc.c).
#
#   ./tests/run tests/pending/t-rt-recall-misses.sh
HW=${HW:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$HW/tests/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

T=$(copy_fixture sleep-hooks)
KFLAGS="-nostdinc -D__KERNEL__ -Iinclude"

mkdir -p "$T/drivers/gpu/drm/i915/gt"
cat >"$T/drivers/gpu/drm/i915/gt/intel_reset.c" <<'C'
#include <linux/spinlock.h>

struct intel_uncore { spinlock_t lock; int fw; };
struct intel_gt { struct intel_uncore *uncore; int gen; };
typedef int (*reset_func)(struct intel_gt *gt, unsigned int mask);

static int gen8_reset_engines(struct intel_gt *gt, unsigned int mask)
{
	unsigned long flags;

	spin_lock_irqsave(&gt->uncore->lock, flags);
	gt->uncore->fw = mask;
	spin_unlock_irqrestore(&gt->uncore->lock, flags);
	return 0;
}

static int i915_do_reset(struct intel_gt *gt, unsigned int mask)
{
	return gt->gen + mask;
}

static reset_func intel_get_gpu_reset(const struct intel_gt *gt)
{
	if (gt->gen >= 8)
		return gen8_reset_engines;
	return i915_do_reset;
}

int __intel_gt_reset(struct intel_gt *gt, unsigned int mask)
{
	reset_func reset = intel_get_gpu_reset(gt);
	int ret;

	preempt_disable();
	ret = reset(gt, mask);
	preempt_enable();
	return ret;
}
C
(cd "$T" && "$HOOKWRAP" check --no-group --rt $KFLAGS \
	drivers/gpu/drm/i915/gt/intel_reset.c) >"$OUT/reset.out" 2>&1
line=$(grep 'drivers/gpu/drm/i915/gt/intel_reset.c:35:' "$OUT/reset.out")
check "the reset called through a local function pointer, under preempt_disable(): found at its call" \
	grep -q 'inside the atomic region begun by preempt_disable().*gen8_reset_engines().*spin_lock_irqsave(&gt->uncore->lock, flags) (on PREEMPT_RT) \[sleep-in-atomic-rt\]' <<<"$line"

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
