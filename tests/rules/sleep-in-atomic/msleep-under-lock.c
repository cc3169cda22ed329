/*
 * check-name: msleep() between spin_lock_irqsave and its unlock
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
kernel/case.c:21:2: warning: msleep() may sleep inside the atomic region begun by spin_lock_irqsave(&siglock, flags) at kernel/case.c:20: msleep() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

static spinlock_t siglock;

void wait_locked(void)
{
	unsigned long flags;

	spin_lock_irqsave(&siglock, flags);
	msleep(10);
	spin_unlock_irqrestore(&siglock, flags);
}
