/*
 * check-name: a callee defined below its caller is summarised before the caller's walk goes on
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 *
 * check-output-start
kernel/case.c:39:2: warning: msleep() may sleep inside the atomic region begun by spin_lock(&tbl_lock) at kernel/case.c:37: msleep() [sleep-in-atomic]
 * check-output-end
 *
 * neighbour.c's way: __neigh_ifdown() takes the table's lock and calls
 * pneigh_ifdown_and_unlock(), defined further down the file, which
 * drops it.  The walk of the caller needs the callee's summary when it
 * reaches the call, so the callee is walked then; without it the lock
 * stayed open to the caller's end, and to its callers.
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

static spinlock_t tbl_lock;

static void flush_and_unlock(int n);
static void flush_locked(int n);

/* Quiet: flush_and_unlock() drops the lock before the sleep. */
void table_down(int n)
{
	spin_lock(&tbl_lock);
	flush_and_unlock(n);
	msleep(1);
}

/* Fires: flush_locked() leaves the lock held. */
void table_flush(int n)
{
	spin_lock(&tbl_lock);
	flush_locked(n);
	msleep(1);
	spin_unlock(&tbl_lock);
}

static void flush_and_unlock(int n)
{
	if (n)
		flush_locked(n - 1);
	spin_unlock(&tbl_lock);
}

static void flush_locked(int n)
{
}
