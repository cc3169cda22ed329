/*
 * check-name: execlists_dequeue_irq() (i915, Linux 6.1 to 6.12; the RT queue's "Use spin_lock_irq() instead of local_irq_disable() + spin_lock()")
 * check-tree: sleep-hooks
 * check-path: drivers/gpu/drm/i915/gt/intel_execlists_submission.c
 * check-flags: --rt -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
drivers/gpu/drm/i915/gt/intel_execlists_submission.c:45:2: warning: execlists_dequeue() may sleep on PREEMPT_RT inside the atomic region begun by local_irq_disable() at drivers/gpu/drm/i915/gt/intel_execlists_submission.c:44: execlists_dequeue() -> spin_lock(&sched_engine->lock) (on PREEMPT_RT) [sleep-in-atomic-rt]
 * check-error-end
 */
#include <linux/spinlock.h>
#include <linux/irqctx.h>

/*
 * The shape of drivers/gpu/drm/i915/gt/intel_execlists_submission.c:
 * interrupts off around the submission, and the submission takes the
 * engine's spinlock_t.  On PREEMPT_RT spin_lock_irq() leaves interrupts
 * on and the lock is a sleeping one; local_irq_disable() still turns
 * them off, and a sleeping lock cannot be taken there.
 */
extern void spin_lock_irq(spinlock_t *lock);
extern void spin_unlock_irq(spinlock_t *lock);

struct i915_sched_engine {
	spinlock_t lock;
	int queue_priority_hint;
};
struct intel_engine_cs {
	struct i915_sched_engine *sched_engine;
};

static void execlists_dequeue(struct intel_engine_cs *engine)
{
	struct i915_sched_engine *const sched_engine = engine->sched_engine;

	spin_lock(&sched_engine->lock);
	sched_engine->queue_priority_hint = 0;
	spin_unlock(&sched_engine->lock);
}

/* Bug on RT: local_irq_disable() + spin_lock(). */
void execlists_dequeue_irq(struct intel_engine_cs *engine)
{
	local_irq_disable();
	execlists_dequeue(engine);
	local_irq_enable();
}

/* The fix: the lock taken with spin_lock_irq(), in one place. */
static void execlists_dequeue_fixed(struct intel_engine_cs *engine)
{
	struct i915_sched_engine *const sched_engine = engine->sched_engine;

	spin_lock_irq(&sched_engine->lock);
	sched_engine->queue_priority_hint = 0;
	spin_unlock_irq(&sched_engine->lock);
}

void execlists_dequeue_irq_fixed(struct intel_engine_cs *engine)
{
	execlists_dequeue_fixed(engine);
}
