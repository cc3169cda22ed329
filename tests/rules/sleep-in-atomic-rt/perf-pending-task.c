/*
 * check-name: perf_pending_task() (Linux 6.1, fixed in 6.11 by 16b9569df9d2): a signal sent with preemption off takes the sighand lock
 * check-tree: sleep-hooks
 * check-path: kernel/events/core.c
 * check-flags: --rt -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
kernel/events/core.c:61:3: warning: perf_sigtrap() may sleep on PREEMPT_RT inside the atomic region begun by preempt_disable_notrace() at kernel/events/core.c:57: perf_sigtrap() -> send_sig_perf() -> spin_lock_irqsave(&t->sighand->siglock, flags) (on PREEMPT_RT) [sleep-in-atomic-rt]
 * check-error-end
 */
#include <linux/spinlock.h>

/*
 * The shape of kernel/events/core.c's perf_pending_task(), a task work
 * run in task context, and of the chain kernel/signal.c takes to send
 * the SIGTRAP: perf_sigtrap() -> send_sig_perf() -> ... ->
 * __lock_task_sighand() -> spin_lock_irqsave(&sighand->siglock).  The
 * fix replaced the preempt_disable_notrace() section by an RCU reader.
 */
#define preempt_disable_notrace() barrier()
#define preempt_enable_notrace() barrier()

struct sighand_struct {
	spinlock_t siglock;
};
struct task_struct {
	struct sighand_struct *sighand;
};
struct perf_event {
	int pending_work;
	struct task_struct *task;
};

extern int perf_swevent_get_recursion_context(void);
extern void perf_swevent_put_recursion_context(int rctx);

static int send_sig_perf(struct task_struct *t, int sig)
{
	unsigned long flags;

	spin_lock_irqsave(&t->sighand->siglock, flags);
	sig++;
	spin_unlock_irqrestore(&t->sighand->siglock, flags);
	return sig;
}

static void perf_sigtrap(struct perf_event *event)
{
	send_sig_perf(event->task, 5);
}

/* Bug on RT: the signal's spinlock_t under preempt_disable_notrace(). */
void perf_pending_task(struct perf_event *event)
{
	int rctx;

	preempt_disable_notrace();
	rctx = perf_swevent_get_recursion_context();
	if (event->pending_work) {
		event->pending_work = 0;
		perf_sigtrap(event);
	}
	if (rctx >= 0)
		perf_swevent_put_recursion_context(rctx);
	preempt_enable_notrace();
}

/* The fix: an RCU read section, preemptible on RT. */
void perf_pending_task_fixed(struct perf_event *event)
{
	int rctx;

	rcu_read_lock();
	rctx = perf_swevent_get_recursion_context();
	if (event->pending_work) {
		event->pending_work = 0;
		perf_sigtrap(event);
	}
	rcu_read_unlock();
	if (rctx >= 0)
		perf_swevent_put_recursion_context(rctx);
}
