/*
 * check-name: a function that passes its own gfp_t on sleeps when its caller's flags block
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
kernel/case.c:68:2: warning: buf_alloc() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:66: buf_alloc() -> __kmalloc_node_track_caller_noprof(how) [sleep-in-atomic]
kernel/case.c:70:2: warning: buf_alloc_zeroed() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:66: buf_alloc_zeroed() -> buf_alloc() -> __kmalloc_node_track_caller_noprof(how) [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

typedef unsigned int gfp_t;
struct bucket;

void *__kmalloc_node_track_caller_noprof(unsigned long size, struct bucket *b,
					 gfp_t flags, int node,
					 unsigned long caller);

/* Allocates with the flags its caller chose. */
static void *buf_alloc(unsigned long n, gfp_t how)
{
	return __kmalloc_node_track_caller_noprof(n, 0, how, -1, 0);
}

/* Hands its own flags down, unchanged, one more level. */
static void *buf_alloc_zeroed(unsigned long n, gfp_t gfp)
{
	return buf_alloc(n, gfp);
}

/* A local variable's flags: not known, no finding. */
static void *buf_alloc_local(unsigned long n)
{
	gfp_t mine = GFP_KERNEL;

	return __kmalloc_node_track_caller_noprof(n, 0, mine, -1, 0);
}

/*
 * The flags kept in a struct (audit_expand()'s ab->gfp_mask passed to
 * pskb_expand_head()): not known at the call, no finding.
 */
struct audit_buffer {
	gfp_t gfp_mask;
};

static void *buf_expand(struct audit_buffer *ab, unsigned long n)
{
	return buf_alloc(n, ab->gfp_mask);
}

static spinlock_t lock;

void gfp_field(struct audit_buffer *ab)
{
	spin_lock(&lock);
	buf_expand(ab, 64);
	spin_unlock(&lock);
}

void gfp_callers(void)
{
	spin_lock(&lock);
	buf_alloc(64, GFP_ATOMIC);
	buf_alloc(64, GFP_KERNEL);
	buf_alloc_zeroed(64, GFP_NOWAIT);
	buf_alloc_zeroed(64, GFP_KERNEL);
	buf_alloc_local(64);
	spin_unlock(&lock);
	buf_alloc(64, GFP_KERNEL);
}
