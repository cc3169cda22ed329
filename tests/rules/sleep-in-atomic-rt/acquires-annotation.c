/*
 * check-name: a callee's __acquires() leaves a region preemptible on RT, unless its lock is a raw_spinlock_t
 * check-tree: sleep-hooks
 * check-path: kernel/signal.c
 * check-flags: --rt -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
kernel/signal.c:52:2: warning: spin_lock() may sleep on PREEMPT_RT inside the atomic region begun by rq_relock() at kernel/signal.c:51: spin_lock(&queue_lock) (on PREEMPT_RT) [sleep-in-atomic-rt]
 * check-error-end
 */
#include <linux/spinlock.h>

/*
 * kernel/signal.c's ptrace_stop() is __releases(&current->sighand->
 * siglock) __acquires(&current->sighand->siglock): it returns with
 * the spinlock_t taken again, and its callers go on under it.  A
 * spinlock_t's region is no atomic region on PREEMPT_RT, so what they
 * allocate or lock there is not an RT finding; a raw_spinlock_t's is.
 */
typedef struct { int raw; } raw_spinlock_t;
extern void raw_spin_unlock(raw_spinlock_t *lock);

struct sighand_struct {
	spinlock_t siglock;
};

static struct sighand_struct *sighand;
static raw_spinlock_t rq_lock;
static spinlock_t queue_lock;

extern int ptrace_stop(int exit_code)
	__releases(&sighand->siglock) __acquires(&sighand->siglock);
extern void rq_relock(void) __acquires(&rq_lock);

/* Fine on RT: after ptrace_stop(), under siglock, a spinlock_t. */
int ptrace_signal(int signr)
{
	void *q;

	signr = ptrace_stop(signr);
	q = kmalloc(32, GFP_ATOMIC);
	spin_lock(&queue_lock);
	spin_unlock(&queue_lock);
	kfree(q);
	return signr;
}

/* Bug on RT: a spinlock_t under the raw_spinlock_t rq_relock() took. */
void after_rq_relock(void)
{
	rq_relock();
	spin_lock(&queue_lock);
	spin_unlock(&queue_lock);
	raw_spin_unlock(&rq_lock);
}
