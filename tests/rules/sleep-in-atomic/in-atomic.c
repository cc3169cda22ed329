/*
 * check-name: in a build with CONFIG_PREEMPT_COUNT a spinlock, preempt_disable() or a bottom-half region makes in_atomic() true and preemptible() false; interrupts off alone or an RCU reader does not
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1 -DCONFIG_PREEMPT_COUNT=1
 *
 * check-error-start
kernel/case.c:88:2: warning: wait_unless_atomic() may sleep inside the atomic region begun by local_irq_save(flags) at kernel/case.c:87: wait_unless_atomic() -> msleep() [sleep-in-atomic]
kernel/case.c:92:2: warning: send_busy_loop() may sleep inside the atomic region begun by rcu_read_lock() at kernel/case.c:91: send_busy_loop() -> msleep() [sleep-in-atomic]
kernel/case.c:93:2: warning: wait_unless_atomic() may sleep inside the atomic region begun by rcu_read_lock() at kernel/case.c:91: wait_unless_atomic() -> msleep() [sleep-in-atomic]
kernel/case.c:94:2: warning: wait_if_preemptible() may sleep inside the atomic region begun by rcu_read_lock() at kernel/case.c:91: wait_if_preemptible() -> msleep() [sleep-in-atomic]
kernel/case.c:147:2: warning: msleep() may sleep inside the atomic region begun by preempt_disable() at kernel/case.c:146: msleep() [sleep-in-atomic]
kernel/case.c:156:2: warning: msleep() may sleep inside the atomic region begun by local_irq_disable() at kernel/case.c:155: msleep() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>
#include <linux/irqctx.h>
#include <linux/gfp.h>

static spinlock_t lock;

extern int send_nb(void);

/* intel_guc_send_busy_loop()'s shape: the test kept in a local. */
static inline int send_busy_loop(int loop)
{
	int not_atomic = !in_atomic() && !irqs_disabled();
	int err;

	might_sleep_if(loop && not_atomic);
retry:
	err = send_nb();
	if (err == -16 && loop) {
		if (likely(not_atomic))
			msleep(1);
		goto retry;
	}
	return err;
}

/* in_atomic() alone: interrupts off leave it false. */
static void wait_unless_atomic(void)
{
	if (!in_atomic())
		msleep(1);
}

/* The kernel's own macro. */
static void wait_if_preemptible(void)
{
	if (preemptible())
		msleep(1);
}

/* Quiet: each region raises the preempt count or turns interrupts off. */
void counted_regions(void)
{
	unsigned long flags;

	spin_lock(&lock);
	send_busy_loop(1);
	wait_unless_atomic();
	wait_if_preemptible();
	spin_unlock(&lock);

	preempt_disable();
	send_busy_loop(1);
	wait_unless_atomic();
	preempt_enable();

	local_bh_disable();
	wait_unless_atomic();
	local_bh_enable();

	local_irq_save(flags);
	send_busy_loop(1);
	wait_if_preemptible();
	local_irq_restore(flags);
}

/* Each fires: interrupts off alone, an RCU reader. */
void uncounted_regions(void)
{
	unsigned long flags;

	local_irq_save(flags);
	wait_unless_atomic();
	local_irq_restore(flags);

	rcu_read_lock();
	send_busy_loop(1);
	wait_unless_atomic();
	wait_if_preemptible();
	rcu_read_unlock();
}

/* The test in the region's own function. */
void own_region(void)
{
	spin_lock(&lock);
	if (!in_atomic())
		msleep(1);
	spin_unlock(&lock);
}

/*
 * Two ways to sleep: an allocation with the caller's flags, the busy
 * loop's wait when preemptible (intel_guc_send_nb() and the loop).
 */
static int send_flags(int loop, gfp_t gfp)
{
	int not_atomic = !in_atomic() && !irqs_disabled();

	kmalloc(8, gfp);
	if (loop && not_atomic)
		msleep(1);
	return 0;
}

/* guc_bump_inflight_request_prio()'s shape: the lock taken a call down. */
static void bump_prio(void)
{
	spin_lock(&lock);
	send_flags(1, GFP_ATOMIC);
	spin_unlock(&lock);
}

/* Quiet: the chain's own lock makes in_atomic() true below it. */
void reader_calls_locker(void)
{
	rcu_read_lock();
	bump_prio();
	rcu_read_unlock();
}

/*
 * Each fires: the test is made before the region, so it does not hold
 * inside it (preempt_schedule_notrace()'s shape, and the same with
 * interrupts).
 */
void tested_then_disabled(void)
{
	if (!preemptible())
		return;
	preempt_disable();
	msleep(1);
	preempt_enable();
}

void irqs_tested_then_disabled(void)
{
	if (irqs_disabled())
		return;
	local_irq_disable();
	msleep(1);
	local_irq_enable();
}
