/*
 * check-name: the same hook called before the region
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 * check-command: report
 * check-units: security/security.c security/selinux/hooks.c security/apparmor/lsm.c
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

static rwlock_t tasklist_lock;

int kill_unlocked(struct task_struct *p, int sig, const struct cred *cred)
{
	int ret;

	ret = security_task_kill(p, sig, cred);
	read_lock(&tasklist_lock);
	read_unlock(&tasklist_lock);
	return ret;
}
