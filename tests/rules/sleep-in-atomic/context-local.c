/*
 * check-name: a local set once where declared to a test of the context is that test where the code tests the local
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
kernel/case.c:67:2: warning: changed_later() may sleep inside the atomic region begun by spin_lock_irqsave(&lock, flags) at kernel/case.c:65: changed_later() -> msleep() [sleep-in-atomic]
kernel/case.c:68:2: warning: other_local() may sleep inside the atomic region begun by spin_lock_irqsave(&lock, flags) at kernel/case.c:65: other_local() -> msleep() [sleep-in-atomic]
kernel/case.c:71:2: warning: send_busy_loop() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:70: send_busy_loop() -> msleep() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>
#include <linux/irqctx.h>

#define in_atomic()	(read_preempt_count() != 0)

extern void cpu_relax(void);
extern int try_send(void);

/*
 * i915's intel_guc_send_busy_loop(): it sleeps between tries only
 * where it is neither atomic nor with interrupts off, else it spins.
 */
static int send_busy_loop(void)
{
	_Bool not_atomic = !in_atomic() && !irqs_disabled();

	while (try_send()) {
		if (likely(not_atomic))
			msleep(1);
		else
			cpu_relax();
	}
	return 0;
}

/* The local changed after its declaration: not the test any more. */
static void changed_later(int force)
{
	_Bool may_sleep = !irqs_disabled();

	if (force)
		may_sleep = 1;
	if (may_sleep)
		msleep(1);
}

/* A local named like the test's, but set to something else. */
static void other_local(void)
{
	int ready = try_send();

	if (ready)
		msleep(1);
}

static spinlock_t lock;

void callers(void)
{
	unsigned long flags;

	spin_lock_irqsave(&lock, flags);
	send_busy_loop();
	changed_later(0);
	other_local();
	spin_unlock_irqrestore(&lock, flags);
	spin_lock(&lock);
	send_busy_loop();
	spin_unlock(&lock);
}
