/*
 * check-name: a sleeping implementation of a hook guarded by rcu
 * check-tree: sleep-hooks
 * check-path: security/casemod/lsm.c
 * check-flags: --no-prefilter -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 * check-conf: profile = lsm-hooks
 * check-conf: wrappers =
 * check-conf: guard.task_kill = rcu
 *
 * check-error-start
security/casemod/lsm.c:28:2: warning: hook task_kill runs under guard 'rcu', where it must not sleep, but its implementation casemod_task_kill may sleep: casemod_task_kill() -> mutex_lock() [sleep-under-guard]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

static struct mutex case_mutex;

static int casemod_task_kill(struct task_struct *p, int sig,
			     const struct cred *cred)
{
	mutex_lock(&case_mutex);
	mutex_unlock(&case_mutex);
	return p && cred && sig ? 0 : -EPERM;
}

static struct security_hook_list casemod_hooks[] = {
	LSM_HOOK_INIT(task_kill, casemod_task_kill),
};

void casemod_init(void)
{
	security_add_hooks(casemod_hooks, 1, "casemod");
}
