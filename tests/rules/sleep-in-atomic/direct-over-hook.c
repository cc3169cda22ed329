/*
 * check-name: a site that sleeps through a hook and through direct calls is shown with the direct chain
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 * check-command: report
 * check-units: security/security.c security/selinux/hooks.c security/apparmor/lsm.c
 *
 * check-output-start
kernel/case.c:60:2: warning: notify() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:59: notify() -> slow_path() -> flush() -> drain() -> settle() -> msleep() [sleep-in-atomic]
kernel/case.c:62:2: warning: check_kill() calls a hook whose implementation may sleep, inside the atomic region begun by spin_lock(&lock) at kernel/case.c:59: check_kill() -> security_task_kill() -> selinux_task_kill() -> avc_audit() -> kmalloc(GFP_KERNEL) [sleep-in-atomic-hook]
 * check-output-end
 *
 * notify()'s shortest chain passes the hook (its SELinux implementation
 * audits with GFP_KERNEL), shorter than its own slow_path(): a
 * reviewer must read the chain that does not depend on which LSM is
 * loaded, so the site is a sleep-in-atomic finding with that chain.
 * check_kill() sleeps through the hook alone: a sleep-in-atomic-hook
 * finding, as before.
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

static spinlock_t lock;

static void settle(void)
{
	msleep(1);
}

static void drain(void)
{
	settle();
}

static void flush(void)
{
	drain();
}

static void slow_path(void)
{
	flush();
}

static void notify(struct task_struct *p, int sig, const struct cred *cred, int slow)
{
	security_task_kill(p, sig, cred);
	slow_path();
}

static int check_kill(struct task_struct *p, int sig, const struct cred *cred)
{
	return security_task_kill(p, sig, cred);
}

void signal_locked(struct task_struct *p, int sig, const struct cred *cred)
{
	spin_lock(&lock);
	notify(p, sig, cred, 1);
	/* the hook alone: */
	check_kill(p, sig, cred);
	spin_unlock(&lock);
}
