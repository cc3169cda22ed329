/*
 * check-name: a parameter passed on with bits or'ed in keeps the caller's other bits (rpm_idle()'s rpm_suspend(dev, rpmflags | RPM_AUTO))
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
kernel/case.c:74:2: warning: rpm_idle() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:72: rpm_idle() -> rpm_suspend() -> schedule() [sleep-in-atomic]
kernel/case.c:75:2: warning: rpm_idle() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:72: rpm_idle() -> rpm_suspend() -> schedule() [sleep-in-atomic]
kernel/case.c:78:2: warning: wait_in_auto_or() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:72: wait_in_auto_or() -> wait_in_auto() -> schedule() [sleep-in-atomic]
kernel/case.c:79:2: warning: wait_in_auto() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:72: wait_in_auto() -> schedule() [sleep-in-atomic]
kernel/case.c:109:2: warning: append_data() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:107: append_data() -> alloc_send() -> schedule() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

#define RPM_ASYNC	0x01
#define RPM_NOWAIT	0x02
#define RPM_AUTO	0x08

extern void schedule(void);

struct device {
	int status;
};

/* Asynchronous: queues the work and returns; else waits. */
static int rpm_suspend(struct device *dev, int rpmflags)
{
	if (rpmflags & RPM_ASYNC)
		return dev->status;
	schedule();
	return 0;
}

/* Passes its own flags on, with RPM_AUTO set. */
static int rpm_idle(struct device *dev, int rpmflags)
{
	return rpm_suspend(dev, rpmflags | RPM_AUTO);
}

/* Sets the very bit its callee tests: never waits. */
static int rpm_suspend_async(struct device *dev, int rpmflags)
{
	return rpm_suspend(dev, rpmflags | RPM_ASYNC);
}

/* Waits only in one mode: an equality. */
static void wait_in_auto(int mode)
{
	if (mode == RPM_AUTO)
		schedule();
}

/* RPM_ASYNC or'ed in: never exactly RPM_AUTO. */
static void wait_in_auto_async(int mode)
{
	wait_in_auto(mode | RPM_ASYNC);
}

/* Bits or'ed into what the callee only compares: not known. */
static void wait_in_auto_or(int mode)
{
	wait_in_auto(mode | RPM_AUTO);
}

static spinlock_t lock;

void allow(struct device *dev)
{
	spin_lock(&lock);
	rpm_idle(dev, RPM_AUTO | RPM_ASYNC);
	rpm_idle(dev, 0);
	rpm_idle(dev, RPM_NOWAIT);
	rpm_suspend_async(dev, 0);
	wait_in_auto_async(0);
	wait_in_auto_or(0);
	wait_in_auto(RPM_AUTO);
	wait_in_auto(RPM_NOWAIT);
	spin_unlock(&lock);
}

/*
 * A bit test of the caller's flags passed as a truth (__ip6_append_data()'s
 * sock_alloc_send_skb(sk, len, (flags & MSG_DONTWAIT), &err)): the
 * callee's test of it is the caller's test of that bit.
 */
#define MSG_DONTWAIT	0x40

static int alloc_send(int noblock)
{
	if (!noblock)
		schedule();
	return 0;
}

static int append_data(int flags)
{
	if (flags & 0x100)
		flags &= ~0x100;	/* another bit: MSG_DONTWAIT stays */
	return alloc_send(flags & MSG_DONTWAIT);
}

void append_callers(void)
{
	spin_lock(&lock);
	append_data(MSG_DONTWAIT);
	append_data(0);
	spin_unlock(&lock);
}
