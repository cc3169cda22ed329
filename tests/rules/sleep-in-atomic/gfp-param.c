/*
 * check-name: a function that passes its own gfp_t on sleeps when its caller's flags block, whatever the path's own test, also through a member typed by a typedef
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
kernel/case.c:93:2: warning: convert->func() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:91: convert->func() -> convert_context() (through convert->func: converter.func = convert_context at kernel/case.c:86) -> buf_alloc() -> __kmalloc_node_track_caller_noprof(how) [sleep-in-atomic]
kernel/case.c:102:2: warning: node_alloc() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:99: node_alloc() -> buf_alloc() -> __kmalloc_node_track_caller_noprof(how) [sleep-in-atomic]
kernel/case.c:117:2: warning: buf_alloc() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:115: buf_alloc() -> __kmalloc_node_track_caller_noprof(how) [sleep-in-atomic]
kernel/case.c:119:2: warning: buf_alloc_zeroed() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:115: buf_alloc_zeroed() -> buf_alloc() -> __kmalloc_node_track_caller_noprof(how) [sleep-in-atomic]
kernel/case.c:150:2: warning: pol->pd_alloc() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:148: pol->pd_alloc() -> policy_alloc() (through pol->pd_alloc: policy.pd_alloc = policy_alloc at kernel/case.c:143) -> buf_alloc() -> __kmalloc_node_track_caller_noprof(how) [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

typedef unsigned int gfp_t;

/* Modifiers alone: no __GFP_DIRECT_RECLAIM, so no blocking. */
#define __GFP_HIGH	0x20u
#define __GFP_NOWARN	0x2000u
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

/*
 * alloc_slab_page()'s shape: the flags decide, whatever the path's own
 * test ("if (node == NUMA_NO_NODE)") says.
 */
static void *node_alloc(gfp_t how, int node)
{
	if (node == -1)
		return __kmalloc_node_track_caller_noprof(64, 0, how, -1, 0);
	return buf_alloc(64, how);
}

/* sidtab's convert->func(..., GFP_ATOMIC): the flags through a member. */
struct converter {
	void *(*func)(unsigned long n, gfp_t gfp);
};

static void *convert_context(unsigned long n, gfp_t gfp)
{
	return buf_alloc(n, gfp);
}

static struct converter the_converter = {
	.func = convert_context,
};

void convert_callers(struct converter *convert)
{
	spin_lock(&lock);
	convert->func(16, GFP_ATOMIC);
	convert->func(16, GFP_KERNEL);
	spin_unlock(&lock);
}

void node_callers(void)
{
	spin_lock(&lock);
	node_alloc(GFP_ATOMIC, -1);
	node_alloc(GFP_ATOMIC, 3);
	node_alloc(GFP_KERNEL, 3);
	spin_unlock(&lock);
}

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
	buf_alloc(64, __GFP_HIGH | __GFP_NOWARN);
	spin_unlock(&lock);
	buf_alloc(64, GFP_KERNEL);
}

/*
 * blkcg_policy's shape: the member is declared with a typedef of the
 * function type (blkcg_pol_alloc_pd_fn *pd_alloc_fn), whose parameter
 * is the gfp_t: GFP_NOWAIT | __GFP_NOWARN through it cannot block.
 */
typedef void *(pd_alloc_fn)(unsigned long n, gfp_t gfp);

struct policy {
	pd_alloc_fn *pd_alloc;
};

static void *policy_alloc(unsigned long n, gfp_t gfp)
{
	return buf_alloc(n, gfp);
}

static struct policy the_policy = {
	.pd_alloc = policy_alloc,
};

void policy_callers(struct policy *pol)
{
	spin_lock(&lock);
	pol->pd_alloc(16, GFP_NOWAIT | __GFP_NOWARN);
	pol->pd_alloc(16, GFP_KERNEL);
	spin_unlock(&lock);
}

/* i915's capture_regs(): the flags kept in a const local set once. */
void gfp_local_once(void)
{
	const gfp_t gfp = GFP_ATOMIC | __GFP_NOWARN;
	gfp_t later = GFP_ATOMIC;

	later = GFP_KERNEL;
	spin_lock(&lock);
	buf_alloc(64, gfp);
	buf_alloc(64, later);
	spin_unlock(&lock);
}
