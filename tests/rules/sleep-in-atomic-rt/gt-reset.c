/*
 * check-name: __intel_gt_reset() (i915, Linux 6.1; "drm/i915: Do not disable preemption for resets"): the reset called through a local pointer a helper returns
 * check-tree: sleep-hooks
 * check-path: drivers/gpu/drm/i915/gt/intel_reset.c
 * check-flags: --rt -DCONFIG_PREEMPT_RT=1 -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
drivers/gpu/drm/i915/gt/intel_reset.c:55:8: warning: gen8_reset_engines() may sleep on PREEMPT_RT inside the atomic region begun by preempt_disable() at drivers/gpu/drm/i915/gt/intel_reset.c:54: gen8_reset_engines() -> spin_lock_irqsave(&gt->uncore->lock, flags) (on PREEMPT_RT) [sleep-in-atomic-rt]
 * check-error-end
 */
#include <linux/spinlock.h>

struct intel_uncore {
	spinlock_t lock;
	int fw;
};

struct intel_gt {
	struct intel_uncore *uncore;
	int gen;
};

typedef int (*reset_func)(struct intel_gt *gt, unsigned int mask);

/* Takes the uncore's spinlock_t: a sleeping lock on PREEMPT_RT. */
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

/* Every return is a function's name: the pointer holds one of them. */
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
