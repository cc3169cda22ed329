/*
 * check-name: a member set up to a truth of the set-up call's flags ("w->atomic = !!(flags & F_ATOMIC)", a bool member given "flags & F_NOWAIT") decides a later test of it, per object
 * check-tree: sleep-hooks
 * check-path: kernel/walker.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
kernel/walker.c:60:2: warning: walker_step() may sleep inside the atomic region begun by spin_lock(&list_lock) at kernel/walker.c:58: walker_step() -> mutex_lock() [sleep-in-atomic]
kernel/walker.c:62:2: warning: walker_retry() may sleep inside the atomic region begun by spin_lock(&list_lock) at kernel/walker.c:58: walker_retry() -> msleep() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

#define F_ATOMIC	0x1
#define F_NOWAIT	0x2

struct walker {
	unsigned char atomic;
	_Bool nowait;
	struct mutex lock;
};

static spinlock_t list_lock;
static struct walker irq_walker, task_walker, poll_walker;

void walker_init(struct walker *w, unsigned int flags)
{
	w->atomic = !!(flags & F_ATOMIC);
	w->nowait = flags & F_NOWAIT;
}

/* Takes its mutex unless the walker was made for atomic context. */
static void walker_step(struct walker *w)
{
	if (w->atomic)
		return;
	mutex_lock(&w->lock);
	mutex_unlock(&w->lock);
}

/* Sleeps for a retry unless told not to wait. */
static void walker_retry(struct walker *w)
{
	if (!w->nowait)
		msleep(1);
}

void walkers_setup(void)
{
	walker_init(&irq_walker, F_ATOMIC | F_NOWAIT);
	walker_init(&task_walker, 0);
	walker_init(&poll_walker, F_NOWAIT);
}

void walk_all(void)
{
	spin_lock(&list_lock);
	walker_step(&irq_walker);	/* atomic: returns first */
	walker_step(&task_walker);	/* sleeps */
	walker_retry(&poll_walker);	/* nowait: no retry */
	walker_retry(&task_walker);	/* sleeps */
	spin_unlock(&list_lock);
}
