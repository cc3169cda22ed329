/*
 * check-name: report --why: a function that sleeps only for some values of a parameter says which
 * check-tree: sleep-hooks
 * check-path: kernel/why_value.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report --why put
 *
 * check-output-start
put() (kernel/why_value.c:35): may sleep when its parameter 0 (from 0) has no bit of 0x10 set: put() -> put_last() -> mutex_lock()
 * check-output-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

extern void mutex_lock(struct mutex *m);
extern void mutex_unlock(struct mutex *m);
extern void queue_later(void);

#define PUT_ASYNC	0x10

static struct mutex big;

/* Sleeps unless the caller asks for the async put. */
static void put_last(unsigned long flags)
{
	if (flags & PUT_ASYNC) {
		queue_later();
		return;
	}
	mutex_lock(&big);
	mutex_unlock(&big);
}

/* Passes its own flags on: the condition becomes its own. */
void put(unsigned long flags)
{
	put_last(flags);
}
