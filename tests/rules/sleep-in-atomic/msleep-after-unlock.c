/*
 * check-name: msleep() after the unlock; GFP_ATOMIC under the lock
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

static spinlock_t siglock;

void *wait_unlocked(void)
{
	unsigned long flags;
	void *p;

	spin_lock_irqsave(&siglock, flags);
	p = kmalloc(16, GFP_ATOMIC);
	spin_unlock_irqrestore(&siglock, flags);
	msleep(10);
	return p;
}
