/*
 * check-name: a function whose kernel-doc says it may be called in atomic context is no sleep of its callers; one whose comment says it may sleep, or only under a condition, still is
 * check-tree: sleep-hooks
 * check-path: mm/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
mm/case.c:67:3: warning: msleep() may sleep inside the atomic region begun by spin_lock(&pool_lock) at mm/case.c:65: msleep() [sleep-in-atomic]
mm/case.c:188:2: warning: wait_obj() may sleep inside the atomic region begun by spin_lock(&lock) at mm/case.c:182: wait_obj() -> msleep() [sleep-in-atomic]
mm/case.c:189:2: warning: alloc_obj() may sleep inside the atomic region begun by spin_lock(&lock) at mm/case.c:182: alloc_obj() -> msleep() [sleep-in-atomic]
mm/case.c:190:2: warning: plain_comment() may sleep inside the atomic region begun by spin_lock(&lock) at mm/case.c:182: plain_comment() -> msleep() [sleep-in-atomic]
mm/case.c:191:2: warning: process_only() may sleep inside the atomic region begun by spin_lock(&lock) at mm/case.c:182: process_only() -> msleep() [sleep-in-atomic]
mm/case.c:192:2: warning: not_from_irq() may sleep inside the atomic region begun by spin_lock(&lock) at mm/case.c:182: not_from_irq() -> msleep() [sleep-in-atomic]
mm/case.c:193:2: warning: put_last() may sleep inside the atomic region begun by spin_lock(&lock) at mm/case.c:182: put_last() -> msleep() [sleep-in-atomic]
mm/case.c:195:2: warning: grab_id() may sleep inside the atomic region begun by spin_lock(&lock) at mm/case.c:182: grab_id() -> kmalloc(gfp) [sleep-in-atomic]
 * check-error-end
 *
 * The analysis finds a chain below put_obj() (the pool's release
 * sleeps), but the function's kernel-doc promises every caller that it
 * may be called under a spinlock, as folio_put()'s does: the kernel's
 * contract, so its callers under a lock (lines 183 to 187) are not
 * reported.  A sleep inside the documented function's own region is
 * still its own finding (line 67).  A comment that says the function
 * may sleep, or that makes the promise depend on something (GFP flags,
 * "only"), or denies an atomic context ("must not be dropped from atomic
 * context"), or is no kernel-doc comment (no second star), promises
 * nothing (lines 188 to 193).  "Any context" of a function that takes GFP
 * flags is said of callers whose flags their context allows: the flags
 * decide (line 195, GFP_KERNEL; not line 194, GFP_ATOMIC).
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>
#include <linux/gfp.h>

static spinlock_t lock, pool_lock;
static int pool_min, pool_used;

static void release_pool(void)
{
	if (pool_min > 0)
		msleep(1);
}

/**
 * put_obj - drop a reference to an object
 * @n: references to drop
 *
 * Context: May be called in process or interrupt context, but not in NMI
 * context.  May be called while holding a spinlock.
 */
static void put_obj(int n)
{
	pool_used -= n;
	if (!pool_used)
		release_pool();
}

/**
 * put_obj_checked - the same, and a sleep under its own lock
 *
 * Context: Any context.
 */
static void put_obj_checked(int n)
{
	spin_lock(&pool_lock);
	if (n > 100)
		msleep(1);
	spin_unlock(&pool_lock);
	put_obj(n);
}

/**
 * put_obj_irq - as called from an interrupt handler
 *
 * Context: May be called from interrupt or process context.
 */
static void put_obj_irq(void)
{
	put_obj(1);
	release_pool();
}

/**
 * drop_obj - documented on its declaration, defined below
 *
 * Context: Any context.  Takes and releases the pool lock.
 */
static void drop_obj(void);

/**
 * peek_obj - a function that says it does not sleep
 *
 * Context: Process context.  Does not sleep.
 */
static int peek_obj(void)
{
	if (pool_min < 0)
		release_pool();
	return pool_used;
}

/**
 * wait_obj - wait for the pool
 *
 * Context: Any context that permits to sleep.
 */
static void wait_obj(void)
{
	msleep(1);
}

/**
 * alloc_obj - allocate
 *
 * Context: Any context.  May sleep if the @gfp flags permit.
 */
static void alloc_obj(void)
{
	msleep(1);
}

/*
 * plain_comment - no kernel-doc (one star): clang attaches nothing
 *
 * Context: Any context.
 */
static void plain_comment(void)
{
	msleep(1);
}

/**
 * process_only - a promise that holds only somewhere
 *
 * Context: Any context, only if the pool is empty.
 */
static void process_only(void)
{
	msleep(1);
}

/**
 * not_from_irq - a denial
 *
 * Context: Must not be called from interrupt context.
 * Return: nothing.
 */
static void not_from_irq(void)
{
	msleep(1);
}

/**
 * put_last - a promise taken back for the last reference
 *
 * Context: Any context, but the last reference must not be dropped from
 * atomic context.
 */
static void put_last(void)
{
	msleep(1);
}

/**
 * grab_id - allocate an id, with the caller's flags
 *
 * Context: Any context.  It is safe to call this function without
 * locking in your code.
 */
static int grab_id(gfp_t gfp)
{
	return kmalloc(8, gfp) != 0;
}

static void drop_obj(void)
{
	release_pool();
}

static void caller(void)
{
	spin_lock(&lock);
	put_obj(1);
	put_obj_checked(1);
	put_obj_irq();
	drop_obj();
	peek_obj();
	wait_obj();
	alloc_obj();
	plain_comment();
	process_only();
	not_from_irq();
	put_last();
	grab_id(GFP_ATOMIC);
	grab_id(GFP_KERNEL);
	spin_unlock(&lock);
}

void case_entry(void)
{
	caller();
}
