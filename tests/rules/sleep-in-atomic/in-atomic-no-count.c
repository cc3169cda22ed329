/*
 * check-name: in a build without CONFIG_PREEMPT_COUNT a spinlock or preempt_disable() leaves in_atomic() false (the kernel keeps no count to read): a sleep guarded by !in_atomic() under one is a real sleep; a bottom-half region still counts
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
kernel/case.c:65:2: warning: send_busy_loop() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:64: send_busy_loop() -> msleep() [sleep-in-atomic]
kernel/case.c:66:2: warning: wait_unless_atomic() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:64: wait_unless_atomic() -> msleep() [sleep-in-atomic]
kernel/case.c:67:2: warning: wait_if_preemptible() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:64: wait_if_preemptible() -> msleep() [sleep-in-atomic]
kernel/case.c:71:2: warning: send_busy_loop() may sleep inside the atomic region begun by preempt_disable() at kernel/case.c:70: send_busy_loop() -> msleep() [sleep-in-atomic]
kernel/case.c:72:2: warning: wait_unless_atomic() may sleep inside the atomic region begun by preempt_disable() at kernel/case.c:70: wait_unless_atomic() -> msleep() [sleep-in-atomic]
kernel/case.c:91:2: warning: wait_unless_atomic() may sleep inside the atomic region begun by local_irq_save(flags) at kernel/case.c:90: wait_unless_atomic() -> msleep() [sleep-in-atomic]
kernel/case.c:95:2: warning: send_busy_loop() may sleep inside the atomic region begun by rcu_read_lock() at kernel/case.c:94: send_busy_loop() -> msleep() [sleep-in-atomic]
kernel/case.c:96:2: warning: wait_unless_atomic() may sleep inside the atomic region begun by rcu_read_lock() at kernel/case.c:94: wait_unless_atomic() -> msleep() [sleep-in-atomic]
kernel/case.c:97:2: warning: wait_if_preemptible() may sleep inside the atomic region begun by rcu_read_lock() at kernel/case.c:94: wait_if_preemptible() -> msleep() [sleep-in-atomic]
kernel/case.c:106:3: warning: msleep() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:104: msleep() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>
#include <linux/irqctx.h>

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

/* Without the count only the bottom-half region and interrupts off keep each quiet. */
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

/* Each fires, as with the count: interrupts off alone, an RCU reader. */
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
