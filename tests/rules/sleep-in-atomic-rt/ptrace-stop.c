/*
 * check-name: ptrace_stop() (Linux 6.1, fixed in 6.7 by 1aabbc532413): css_set_lock taken with preemption off after read_unlock()
 * check-tree: sleep-hooks
 * check-path: kernel/signal.c
 * check-flags: --rt -DCONFIG_PREEMPT_RT=1 -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
kernel/signal.c:42:2: warning: cgroup_enter_frozen() may sleep on PREEMPT_RT inside the atomic region begun by preempt_disable() at kernel/signal.c:40: cgroup_enter_frozen() -> spin_lock(&css_set_lock) (on PREEMPT_RT) [sleep-in-atomic-rt]
 * check-error-end
 */
#include <linux/kconfig.h>
#include <linux/spinlock.h>

/*
 * The shape of kernel/signal.c's ptrace_stop() and of
 * kernel/cgroup/freezer.c's cgroup_enter_frozen(): the tracee turns
 * preemption off inside read_lock(&tasklist_lock) and keeps it off
 * after read_unlock(), until schedule(); cgroup_enter_frozen() takes
 * css_set_lock, a spinlock_t, in between.  On PREEMPT_RT the
 * read_unlock() ends the rwlock_t's region, not preempt_disable()'s.
 */
extern void schedule(void);
#define preempt_enable_no_resched() barrier()

static rwlock_t tasklist_lock;
static spinlock_t css_set_lock;
static int nr_frozen;

static void cgroup_enter_frozen(void)
{
	spin_lock(&css_set_lock);
	nr_frozen++;
	spin_unlock(&css_set_lock);
}

/* Bug on RT: the spinlock_t inside the preempt_disable() region. */
void ptrace_stop(void)
{
	read_lock(&tasklist_lock);
	preempt_disable();
	read_unlock(&tasklist_lock);
	cgroup_enter_frozen();
	preempt_enable_no_resched();
	schedule();
}

/* The fix: preemption stays on on PREEMPT_RT. */
void ptrace_stop_fixed(void)
{
	read_lock(&tasklist_lock);
	if (!IS_ENABLED(CONFIG_PREEMPT_RT))
		preempt_disable();
	read_unlock(&tasklist_lock);
	cgroup_enter_frozen();
	if (!IS_ENABLED(CONFIG_PREEMPT_RT))
		preempt_enable_no_resched();
	schedule();
}
