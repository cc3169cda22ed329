/*
 * check-name: a hook whose selinux implementation sleeps, called under read_lock
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 * check-command: report
 * check-units: security/security.c security/selinux/hooks.c security/apparmor/lsm.c
 *
 * check-output-start
kernel/case.c:23:8: warning: hook task_kill called inside the atomic region begun by read_lock(&tasklist_lock) at kernel/case.c:22, and an implementation may sleep: security_task_kill() -> selinux_task_kill() -> avc_audit() -> kmalloc(GFP_KERNEL) [sleep-in-atomic-hook]
 * check-output-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

static rwlock_t tasklist_lock;

int kill_locked(struct task_struct *p, int sig, const struct cred *cred)
{
	int ret;

	read_lock(&tasklist_lock);
	ret = security_task_kill(p, sig, cred);
	read_unlock(&tasklist_lock);
	return ret;
}
