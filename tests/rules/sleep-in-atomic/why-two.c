/*
 * check-name: report --why: a call's own test and its callee's are both kept (lease_modify()'s shape)
 * check-tree: sleep-hooks
 * check-path: kernel/why_two.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report --why modify
 *
 * check-output-start
modify() (kernel/why_two.c:30): may sleep when its parameter 0 (from 0) is 2 and its parameter 1 (from 0) is false: modify() -> delete_lock() -> might_sleep()
 * check-output-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

#define F_UNLCK	2

/* Puts the lock on the caller's list, or frees it now (and sleeps). */
static void delete_lock(int *dispose)
{
	if (dispose)
		*dispose = 1;
	else
		might_sleep();
}

/*
 * Its own test of arg, its callee's of dispose: a caller that passes
 * F_UNLCK and &list does not sleep, one that passes NULL does.
 */
void modify(int arg, int *dispose)
{
	if (arg == F_UNLCK)
		delete_lock(dispose);
}
