/*
 * check-name: a callee that returns with interrupts off on some paths only (a conditional acquire) is not a release of its caller's region when its caller then restores them: cancel_work_sync() under a spinlock sleeps there
 * check-tree: sleep-hooks
 * check-path: kernel/workq.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
kernel/workq.c:81:2: warning: cancel_sync() may sleep inside the atomic region begun by spin_lock(l) at kernel/workq.c:80: cancel_sync() -> msleep() [sleep-in-atomic]
 * check-error-end
 *
 * 6.12's try_to_grab_pending() (kernel/workqueue.c) turns interrupts
 * off and returns 0 or 1 with them off, or restores them and returns
 * -EAGAIN; work_grab_pending() loops until it is not -EAGAIN, and
 * __cancel_work_sync() and mod_delayed_work_on() restore them after
 * it.  The summary of a function keeps the regions it leaves open on
 * every path (none here), so the local_irq_restore() after the call
 * was taken for a release of the caller's region: every caller's lock
 * counted as dropped before __flush_work()'s wait, and
 * cancel_work_sync() under a spinlock was no finding.  Now the callee's
 * summary also says how many it may leave open (struct annot's may),
 * and a release with none of the function's own open ends one of
 * those first.
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>
#include <linux/irqctx.h>

#define EAGAIN 11

struct work {
	int pending;
};

extern int steal_pending(struct work *w);

/* try_to_grab_pending(): interrupts stay off unless it fails */
static int try_grab(struct work *w, unsigned long *flags)
{
	local_irq_save(*flags);
	if (steal_pending(w))
		return 1;
	if (!w->pending)
		return 0;
	local_irq_restore(*flags);
	return -EAGAIN;
}

/* work_grab_pending() */
static int grab(struct work *w, unsigned long *flags)
{
	int ret;

	do {
		ret = try_grab(w, flags);
	} while (ret == -EAGAIN);
	return ret;
}

/* __cancel_work_sync(): restores, then waits for the work */
void cancel_sync(struct work *w)
{
	unsigned long flags;

	grab(w, &flags);
	local_irq_restore(flags);
	msleep(1);
}

/* A callee that does release its caller's lock on every path. */
void drop_caller(spinlock_t *l)
{
	spin_unlock(l);
	msleep(1);
	spin_lock(l);
}

/* Fires: the restore ends the callee's interrupts-off region. */
void cancel_locked(spinlock_t *l, struct work *w)
{
	spin_lock(l);
	cancel_sync(w);
	spin_unlock(l);
}

/* Quiet: the callee drops the lock before it sleeps. */
void drop_locked(spinlock_t *l)
{
	spin_lock(l);
	drop_caller(l);
	spin_unlock(l);
}

/*
 * A lock's unlock names its lock: it ends the caller's whatever a
 * callee may have left open, and the restore then ends the callee's.
 */
void grab_then_drop(spinlock_t *l, struct work *w)
{
	unsigned long flags;

	grab(w, &flags);
	spin_unlock(l);
	local_irq_restore(flags);
	msleep(1);
	spin_lock(l);
}

/* Quiet: the lock is dropped before the sleep. */
void drop_locked_grab(spinlock_t *l, struct work *w)
{
	spin_lock(l);
	grab_then_drop(l, w);
	spin_unlock(l);
}
