/*
 * check-name: the same without PREEMPT_RT: a spinlock_t does not sleep, quiet under preempt and rcu
 * check-tree: sleep-hooks
 * check-path: security/casemod/lsm.c
 * check-flags: --no-prefilter -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 * check-conf: profile = lsm-hooks
 * check-conf: wrappers =
 * check-conf: guard.task_kill = preempt
 * check-conf: guard.file_open = rcu
 *
 * check-error-start
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

static spinlock_t case_lock;

static int casemod_task_kill(struct task_struct *p, int sig,
			     const struct cred *cred)
{
	spin_lock(&case_lock);
	spin_unlock(&case_lock);
	return p && cred && sig ? 0 : -EPERM;
}

/* An RCU reader is preemptible on RT: a spinlock_t is fine there. */
static int casemod_file_open(struct file *file)
{
	spin_lock(&case_lock);
	spin_unlock(&case_lock);
	return file ? 0 : -EINVAL;
}

static struct security_hook_list casemod_hooks[] = {
	LSM_HOOK_INIT(task_kill, casemod_task_kill),
	LSM_HOOK_INIT(file_open, casemod_file_open),
};

void casemod_init(void)
{
	security_add_hooks(casemod_hooks, 2, "casemod");
}
