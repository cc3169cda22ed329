/*
 * check-name: two tests of the parameters on the path to a call, nested or one after the other, both decided by the caller's arguments
 * check-tree: sleep-hooks
 * check-path: kernel/nested.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
kernel/nested.c:115:2: warning: dev_select() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/nested.c:114: dev_select() -> msleep() [sleep-in-atomic]
kernel/nested.c:116:2: warning: sync_flags() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/nested.c:114: sync_flags() -> might_sleep() [sleep-in-atomic]
kernel/nested.c:117:2: warning: grab() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/nested.c:114: grab() -> __kmalloc_node_track_caller_noprof(gfp) [sleep-in-atomic]
kernel/nested.c:118:2: warning: suspend() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/nested.c:114: suspend() -> might_sleep() [sleep-in-atomic]
kernel/nested.c:119:2: warning: alloc_flags() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/nested.c:114: alloc_flags() -> __kmalloc_node_track_caller_noprof(GFP_KERNEL) [sleep-in-atomic]
 * check-error-end
 *
 * Before, a path kept the first of its tests alone: ata_dev_select()'s
 * "if (wait)" hid its inner "can_sleep &&", and every call that waits
 * was reported.  Now a path keeps two (both must hold), where paths
 * meet the ones they share.
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

typedef unsigned int gfp_t;

#define SYNC_WAIT	0x1
#define SYNC_NOWAIT	0x2
#define RPM_ASYNC	0x1
#define RPM_NOWAIT	0x2

struct port {
	int class;
};

struct bucket;
void *__kmalloc_node_track_caller_noprof(unsigned long size, struct bucket *b,
					 gfp_t flags, int node,
					 unsigned long caller);
extern void wait_idle(struct port *ap);

static spinlock_t lock;

/* ata_dev_select()'s shape: "if (wait)", then "can_sleep && ...". */
static void dev_select(struct port *ap, int wait, int can_sleep)
{
	if (wait) {
		if (can_sleep && ap->class == 3)
			msleep(150);
		wait_idle(ap);
	}
}

/* Two bits of one parameter, nested. */
static void sync_flags(unsigned int flags)
{
	if (flags & SYNC_WAIT) {
		if (!(flags & SYNC_NOWAIT))
			might_sleep();
	}
}

/* A gfp_t passed on, under the path's own test of another parameter. */
static void *grab(gfp_t gfp, int node)
{
	if (node == -1)
		return __kmalloc_node_track_caller_noprof(64, 0, gfp, node, 0);
	return 0;
}

/* rpm_suspend()'s shape: two early returns on two bits. */
static void suspend(int flags, int busy)
{
	if (flags & RPM_NOWAIT)
		return;
	if (busy)
		wait_idle(0);
	if (flags & RPM_ASYNC)
		return;
	might_sleep();
}

/*
 * bpf_mem_cache_alloc_flags()'s shape: a local's test and a parameter's
 * joined by &&; the parameter's is the one the caller decides.
 */
extern void *unit_alloc(void);

static void *alloc_flags(gfp_t flags)
{
	void *ret;

	ret = unit_alloc();
	if (!ret && flags == GFP_KERNEL)
		ret = __kmalloc_node_track_caller_noprof(8, 0, GFP_KERNEL, -1, 0);
	return ret;
}

void fine(struct port *ap)
{
	spin_lock(&lock);
	dev_select(ap, 1, 0);
	dev_select(ap, 0, 1);
	sync_flags(SYNC_WAIT | SYNC_NOWAIT);
	sync_flags(SYNC_NOWAIT);
	grab(GFP_KERNEL, 0);
	grab(GFP_ATOMIC, -1);
	suspend(RPM_ASYNC, 1);
	suspend(RPM_NOWAIT, 0);
	alloc_flags(GFP_ATOMIC);
	spin_unlock(&lock);
}

void bug(struct port *ap)
{
	spin_lock(&lock);
	dev_select(ap, 1, 1);
	sync_flags(SYNC_WAIT);
	grab(GFP_KERNEL, -1);
	suspend(0, 1);
	alloc_flags(GFP_KERNEL);
	spin_unlock(&lock);
}
