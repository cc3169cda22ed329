/*
 * check-name: report --why: a function that sleeps only for some values of a member of what its parameter points to says which
 * check-tree: sleep-hooks
 * check-path: kernel/why_field.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report --why iter_next
 *
 * check-output-start
iter_next() (kernel/why_field.c:24): may sleep when member flags of what its parameter 0 (from 0) points to has no bit of 0x1 set: iter_next() -> might_sleep()
 * check-output-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

#define ITER_ATOMIC	0x1

extern void *kmap(void *page);

struct iter {
	void *page;
	unsigned int flags;
};

void *iter_next(struct iter *it)
{
	if (it->flags & ITER_ATOMIC)
		return it->page;
	might_sleep();
	return kmap(it->page);
}
