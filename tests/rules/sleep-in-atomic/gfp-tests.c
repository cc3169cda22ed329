/*
 * check-name: a test of gfpflags_allow_blocking(gfp) is a test of the flags the caller passes, also where its truth is passed on as an argument
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
kernel/case.c:128:2: warning: log_start() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:127: log_start() -> msleep() [sleep-in-atomic]
kernel/case.c:129:2: warning: log_wait() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:127: log_wait() -> msleep() [sleep-in-atomic]
kernel/case.c:130:2: warning: broadcast() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:127: broadcast() -> msleep() [sleep-in-atomic]
kernel/case.c:131:2: warning: send_mult() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:127: send_mult() -> unicast() -> mutex_lock() [sleep-in-atomic]
kernel/case.c:132:2: warning: unicast() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:127: unicast() -> mutex_lock() [sleep-in-atomic]
kernel/case.c:133:2: warning: log_forced() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:127: log_forced() -> msleep() [sleep-in-atomic]
kernel/case.c:134:2: warning: share_check() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:127: share_check() -> might_sleep() [sleep-in-atomic]
kernel/case.c:135:2: warning: alloc_or_wait() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:127: alloc_or_wait() -> msleep() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>
#include <linux/gfp.h>

static spinlock_t lock;
static struct mutex table_mutex;
static int backlog;

/* audit_log_start()'s shape: it waits only when the flags can block. */
static void log_start(gfp_t gfp_mask)
{
	if (gfpflags_allow_blocking(gfp_mask) && backlog > 0)
		msleep(1);
}

/* The same test as an early return. */
static int log_wait(gfp_t gfp_mask)
{
	if (!gfpflags_allow_blocking(gfp_mask))
		return -11;
	msleep(1);
	return 0;
}

/* netlink_broadcast_filtered()'s: it yields only when they can block. */
static int broadcast(int congested, gfp_t allocation)
{
	if (congested && gfpflags_allow_blocking(allocation))
		msleep(1);
	return 0;
}

/* A nonblock tested as is (netlink_unicast() makes it a timeout first). */
static int unicast(int portid, int nonblock)
{
	if (!nonblock)
		mutex_lock(&table_mutex);
	return portid;
}

/*
 * cn_netlink_send_mult()'s: its own flags passed on, to one callee as
 * flags, to the other as the truth of a test of them.
 */
static int send_mult(int group, gfp_t gfp_mask)
{
	if (group)
		return broadcast(group, gfp_mask);
	return unicast(0, !gfpflags_allow_blocking(gfp_mask));
}

/* A helper that is more than one bit test is not read as one. */
static inline int may_block(gfp_t gfp, int force)
{
	if (force)
		return 1;
	return !!(gfp & __GFP_DIRECT_RECLAIM);
}

static void log_forced(gfp_t gfp_mask)
{
	if (may_block(gfp_mask, 0))
		msleep(1);
}

/*
 * skb_share_check()'s shape: the kernel's own test that its flags can
 * block, then an allocation with them.  Both paths sleep under the one
 * condition "the flags can block", which GFP_ATOMIC rules out.
 */
static int shared;

static void *share_check(gfp_t pri)
{
	if (gfpflags_allow_blocking(pri))
		might_sleep();
	if (shared)
		return kmalloc(8, pri);
	return 0;
}

/*
 * Two ways to sleep, each under its own condition: the flags can
 * block, or wait is true.  A caller's GFP_ATOMIC rules out the first,
 * its 0 the second; with 1 the chain shown is the one its flags allow.
 */
static void alloc_or_wait(gfp_t gfp, int wait)
{
	kmalloc(8, gfp);
	if (wait)
		msleep(1);
}

void atomic_callers(void)
{
	spin_lock(&lock);
	log_start(GFP_ATOMIC);
	log_wait(GFP_NOWAIT);
	broadcast(1, GFP_ATOMIC);
	send_mult(0, GFP_ATOMIC);
	send_mult(1, GFP_ATOMIC);
	unicast(0, !gfpflags_allow_blocking(GFP_NOWAIT));
	share_check(GFP_ATOMIC);
	alloc_or_wait(GFP_ATOMIC, 0);
	spin_unlock(&lock);
}

void blocking_callers(void)
{
	spin_lock(&lock);
	log_start(GFP_KERNEL);
	log_wait(GFP_KERNEL);
	broadcast(1, GFP_KERNEL);
	send_mult(0, GFP_KERNEL);
	unicast(0, gfpflags_allow_blocking(GFP_NOWAIT));
	log_forced(GFP_ATOMIC);
	share_check(GFP_KERNEL);
	alloc_or_wait(GFP_ATOMIC, 1);
	spin_unlock(&lock);
}
