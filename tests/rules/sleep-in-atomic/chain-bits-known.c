/*
 * check-name: the chain a finding shows takes no step that what a caller on the way stored rules out (a bit set before the call, a test of it in the callee): the shortest chain left is shown
 * check-tree: sleep-hooks
 * check-path: drivers/misc/dev.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-group: yes
 *
 * check-error-start
drivers/misc/dev.c:55:2: warning: dev_poll() may sleep inside the atomic region begun by spin_lock(&dev_lock) at drivers/misc/dev.c:54: dev_poll() -> dev_work() -> dev_flush() -> dev_sync() -> mutex_lock() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>
#include <linux/bitops.h>

#define DEV_POLLED	1

struct dev {
	unsigned long flags;
	int cached;
	struct mutex lock;
};

static spinlock_t dev_lock;

static void dev_sync(struct dev *d)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
}

static void dev_flush(struct dev *d)
{
	dev_sync(d);
}

/* Waits for an interrupt unless polled; flushes a cached device. */
static void dev_work(struct dev *d)
{
	if (!test_bit(DEV_POLLED, &d->flags))
		msleep(1);
	if (d->cached)
		dev_flush(d);
}

void dev_poll(struct dev *d)
{
	set_bit(DEV_POLLED, &d->flags);
	dev_work(d);
}

void dev_tick(struct dev *d)
{
	spin_lock(&dev_lock);
	dev_poll(d);		/* sleeps in dev_sync(), never in msleep() */
	spin_unlock(&dev_lock);
}
