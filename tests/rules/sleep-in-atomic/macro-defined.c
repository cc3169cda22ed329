/*
 * check-name: a function a macro defines (SYSCALL_DEFINE's shape): its locals and parameters are read from its body
 * check-tree: sleep-hooks
 * check-path: kernel/sys.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
kernel/sys.c:63:2: warning: sys_reset() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/sys.c:62: sys_reset() -> might_sleep() [sleep-in-atomic]
 * check-error-end
 *
 * The body of a function whose head a macro writes was read from the
 * macro's text, so nothing of it was seen: sys_limit()'s need (set
 * once, then the lock and its unlock under it) was not tied, and its
 * copy_to_user() was reported under a lock it had dropped; sys_reset()'s
 * write to flags went unseen, so "if (flags) return" was assumed and its
 * call with flags 1 was not reported.
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>
#include <linux/syscalls.h>

extern int same(void);
extern int alive(void);
extern int work(void);
extern unsigned long copy_to_user(void *to, const void *from, unsigned long n);

static rwlock_t tasklist_lock;
static spinlock_t lock;

SYSCALL_DEFINE2(limit, int, pid, void *, old)
{
	int need, ret = 0;
	char buf[4];

	need = !same();
	if (need) {
		read_lock(&tasklist_lock);
		if (!alive())
			ret = -3;
	}
	if (!ret)
		ret = work();
	if (need)
		read_unlock(&tasklist_lock);
	if (!ret && old)
		ret = copy_to_user(old, buf, 4);
	return ret;
}

SYSCALL_DEFINE2(reset, int, pid, int, flags)
{
	if (pid)
		flags = 0;
	if (flags)
		return 0;
	might_sleep();
	return 1;
}

void caller(void)
{
	spin_lock(&lock);
	sys_reset(1, 1);
	spin_unlock(&lock);
}
