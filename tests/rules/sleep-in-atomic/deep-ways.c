/*
 * check-name: a call whose arguments and regions rule out every way its callee sleeps, however deep the value that decides it is passed, is no finding; the chain shown is one the call can take
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
kernel/case.c:104:2: warning: netif_sid() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:103: netif_sid() -> to_sid() -> convert() -> release() -> might_sleep() [sleep-in-atomic]
kernel/case.c:107:2: warning: to_sid_gfp() may sleep inside the atomic region begun by spin_lock_bh(&lock) at kernel/case.c:106: to_sid_gfp() -> convert() -> kmalloc(gfp) [sleep-in-atomic]
kernel/case.c:110:2: warning: severity() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:109: severity() -> context_of() -> from_user() -> might_sleep() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>
#include <linux/irqctx.h>
#include <linux/gfp.h>

static spinlock_t lock;
static int verbose;

/* vfree()'s way: in interrupt context it defers, else it may sleep. */
static void release(const void *p)
{
	if (in_interrupt())
		return;
	might_sleep();
}

/*
 * services_convert_context()'s shape: it sleeps two ways, when its
 * flags can block (the allocation) or, printing, when not in
 * interrupt; its own condition is neither ("any", the ways joined).
 */
static int convert(const void *src, gfp_t gfp)
{
	if (verbose)
		release(src);
	return kmalloc(8, gfp) != 0;
}

/* sidtab_context_to_sid()'s: GFP_ATOMIC, passed two calls down. */
static int to_sid(const void *ctx)
{
	return convert(ctx, GFP_ATOMIC);
}

static int netif_sid(const void *ctx)
{
	return to_sid(ctx);
}

/* A caller that passes its flags on: the value decides at the site. */
static int to_sid_gfp(const void *ctx, gfp_t gfp)
{
	return convert(ctx, gfp);
}

/*
 * machine_check_poll()'s shape: a pointer that is NULL at the site,
 * passed down three calls to a function that returns before sleeping
 * when it is.
 */
static int from_user(const unsigned long *regs)
{
	if (!regs)
		return 0;
	might_sleep();
	return 1;
}

static int context_of(const unsigned long *regs)
{
	return from_user(regs);
}

static int severity(int bank, const unsigned long *regs)
{
	if (bank)
		return context_of(regs);
	return 0;
}

/* Quiet: in interrupt (bottom halves off), with GFP_ATOMIC below. */
void bh_callers(const void *ctx)
{
	spin_lock_bh(&lock);
	netif_sid(ctx);
	to_sid_gfp(ctx, GFP_NOWAIT);
	spin_unlock_bh(&lock);
}

/* Quiet: NULL passed down to the test. */
void poll_callers(void)
{
	spin_lock(&lock);
	severity(1, 0);
	spin_unlock(&lock);
}

/* Each fires: one way is open at each. */
void open_callers(const void *ctx, const unsigned long *regs)
{
	spin_lock(&lock);
	netif_sid(ctx);
	spin_unlock(&lock);
	spin_lock_bh(&lock);
	to_sid_gfp(ctx, GFP_KERNEL);
	spin_unlock_bh(&lock);
	spin_lock(&lock);
	severity(1, regs);
	spin_unlock(&lock);
}
