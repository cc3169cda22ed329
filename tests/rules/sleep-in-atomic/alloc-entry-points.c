/*
 * check-name: an allocator's entry point is judged by its GFP argument, not by its body
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
kernel/case.c:66:2: warning: __kmalloc_node_track_caller_noprof() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:63: __kmalloc_node_track_caller_noprof(GFP_KERNEL) [sleep-in-atomic]
kernel/case.c:68:2: warning: __alloc_pages() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:63: __alloc_pages(GFP_KERNEL) [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

typedef unsigned int gfp_t;
struct bucket;
extern void cond_resched(void);
extern void wait_for_completion(void *done);

/* The page allocator's slow path, as a unit of mm/ brings it in. */
void *__alloc_pages_noprof(gfp_t gfp, unsigned int order, int nid)
{
	if (gfp & ___GFP_DIRECT_RECLAIM)
		cond_resched();
	return 0;
}

/* With slab buckets configured, the GFP is the third argument. */
void *__kmalloc_node_track_caller_noprof(unsigned long size, struct bucket *b,
					 gfp_t flags, int node,
					 unsigned long caller)
{
	return __alloc_pages_noprof(flags, 0, node);
}

/* Before gfp_t (2.6.13 and older): an unsigned int. */
void *__alloc_pages(unsigned int gfp_mask, unsigned int order, void *zl)
{
	cond_resched();
	return 0;
}

/* An allocation with the flags its caller chose (kept in a struct). */
struct buffer {
	gfp_t gfp_mask;
};

static void *grow(struct buffer *buf, unsigned long n)
{
	return __kmalloc_node_track_caller_noprof(n, 0, buf->gfp_mask, -1, 0);
}

/* Waits only without the flag it passes itself. */
void migrate_enable(void)
{
	wait_for_completion(0);
}

static spinlock_t lock;

void atomic_allocs(struct buffer *buf)
{
	spin_lock(&lock);
	grow(buf, 64);
	__kmalloc_node_track_caller_noprof(64, 0, GFP_ATOMIC, -1, 0);
	__kmalloc_node_track_caller_noprof(64, 0, GFP_KERNEL, -1, 0);
	__alloc_pages(GFP_ATOMIC, 0, 0);
	__alloc_pages(GFP_KERNEL, 0, 0);
	migrate_enable();
	spin_unlock(&lock);
}
