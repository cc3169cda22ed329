/*
 * check-name: report --rt --why: a hook whose implementation takes a spinlock_t may sleep on PREEMPT_RT
 * check-tree: sleep-hooks
 * check-path: security/casemod/lsm.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 * check-command: report --rt --why task_kill
 * check-units: security/security.c
 *
 * check-output-start
hook task_kill: casemod_task_kill (security/casemod/lsm.c:28): may sleep: casemod_task_kill() -> spin_lock(&case_lock) (on PREEMPT_RT)
 * check-output-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

static spinlock_t case_lock, caller_lock;

/* Never sleeps on a kernel without RT; takes a sleeping lock on RT. */
static int casemod_task_kill(struct task_struct *p, int sig,
			     const struct cred *cred)
{
	spin_lock(&case_lock);
	spin_unlock(&case_lock);
	return p && cred && sig ? 0 : -EPERM;
}

static struct security_hook_list casemod_hooks[] = {
	LSM_HOOK_INIT(task_kill, casemod_task_kill),
};

void casemod_init(void)
{
	security_add_hooks(casemod_hooks, 1, "casemod");
}

/* Preemptible on RT: the spinlock_t region, the implementation's lock. */
int kill_under_spinlock(struct task_struct *p, int sig,
			const struct cred *cred)
{
	int ret;

	spin_lock(&caller_lock);
	ret = security_task_kill(p, sig, cred);
	spin_unlock(&caller_lock);
	return ret;
}

/* Truly atomic on RT too: the implementation's spinlock_t sleeps. */
int kill_preempt_off(struct task_struct *p, int sig, const struct cred *cred)
{
	int ret;

	preempt_disable();
	ret = security_task_kill(p, sig, cred);
	preempt_enable();
	return ret;
}
