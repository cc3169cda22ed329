/*
 * check-name: the same implementation under guard refcount, which may sleep
 * check-tree: sleep-hooks
 * check-path: security/casemod/lsm.c
 * check-flags: --no-prefilter -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 * check-conf: profile = lsm-hooks
 * check-conf: wrappers =
 * check-conf: guard.task_kill = refcount
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
