/*
 * check-name: a call no path reaches (an arm that a tracked local's known value rules out, code after a return) is not the function's: it makes the function sleep no more than it is an atomic site; a path the value leaves open still does
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
kernel/case.c:63:2: warning: set_one_way() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:61: set_one_way() -> msleep() [sleep-in-atomic]
kernel/case.c:65:2: warning: after_label() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:61: after_label() -> msleep() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

extern int real_test(void);

/* Zero on every path to the test: the wait is dead code. */
static void zero_both_ways(void)
{
	int remap = 0;

	if (real_test())
		remap = 0;
	if (remap)
		msleep(1);
}

/* One way sets it: the wait is reached. */
static void set_one_way(void)
{
	int remap = 0;

	if (real_test())
		remap = 1;
	if (remap)
		msleep(1);
}

/* After the return, before any label: nothing reaches it. */
static int after_return(int x)
{
	return x;
	msleep(1);
}

/* A label a goto reaches: reached again. */
static int after_label(int x)
{
	if (x)
		goto wait;
	return x;
wait:
	msleep(1);
	return 0;
}

static spinlock_t lock;

void callers(int x)
{
	spin_lock(&lock);
	zero_both_ways();
	set_one_way();
	after_return(x);
	after_label(x);
	spin_unlock(&lock);
}
