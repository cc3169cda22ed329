/*
 * check-name: each function's walk starts afresh: what the function above knew of its locals is not this one's
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
kernel/case.c:53:2: warning: msleep() may sleep inside the atomic region begun by spin_lock_irqsave(&lock, flags) at kernel/case.c:52: msleep() [sleep-in-atomic]
 * check-error-end
 *
 * e1000e_systim_reset()'s shape, after a function that leaves its own
 * tracked locals with known values: a walk that kept those values took
 * them for ret_val's (the locals are numbered per function), found
 * "if (ret_val) return;" always taken, and the region below dead.
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

extern void msleep(unsigned int ms);
extern int get_base(int *t);
extern int other_base(void);
extern void use(int a, int b);

static spinlock_t lock;

/* Two locals written twice, both known true at the end. */
void knows_two(int x)
{
	int a = 0, b = 0;

	if (x) {
		a = 1;
		b = 1;
	} else {
		a = 1;
		b = 1;
	}
	use(a, b);
}

void systim_reset(int adjust)
{
	unsigned long flags;
	int ret_val, timinca;

	if (adjust)
		ret_val = other_base();
	else
		ret_val = get_base(&timinca);
	if (ret_val)
		return;
	spin_lock_irqsave(&lock, flags);
	msleep(1);
	spin_unlock_irqrestore(&lock, flags);
}
