/*
 * check-name: a call through a local function pointer set once from functions' names is a call to each; one assigned twice, or a parameter, is not followed
 * check-tree: sleep-hooks
 * check-path: drivers/misc/fnptr.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
drivers/misc/fnptr.c:54:2: warning: slow_work() may sleep inside the atomic region begun by spin_lock(&dev_lock) at drivers/misc/fnptr.c:53: slow_work() -> msleep() [sleep-in-atomic]
drivers/misc/fnptr.c:66:2: warning: slow_work() may sleep inside the atomic region begun by spin_lock(&dev_lock) at drivers/misc/fnptr.c:64: slow_work() -> msleep() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

#define NULL ((void *)0)

struct dev {
	int n;
};

typedef void (*work_fn)(struct dev *d);

static spinlock_t dev_lock;

static void slow_work(struct dev *d)
{
	msleep(d->n);
}

static void fast_work(struct dev *d)
{
	d->n++;
}

/* intel_get_gpu_reset()'s shape: a name, or NULL for none. */
static work_fn pick(struct dev *d)
{
	if (d->n > 9)
		return NULL;
	if (d->n)
		return slow_work;
	return fast_work;
}

/* pick() may return slow_work(): reported at the call. */
void run_picked(struct dev *d)
{
	work_fn fn;

	fn = pick(d);
	if (!fn)
		return;
	spin_lock(&dev_lock);
	fn(d);
	spin_unlock(&dev_lock);
}

/* The name itself, or either arm of a ?:. */
void run_named(struct dev *d)
{
	work_fn fast = fast_work;
	work_fn either = d->n ? &slow_work : fast_work;

	spin_lock(&dev_lock);
	fast(d);
	either(d);
	spin_unlock(&dev_lock);
}

/* Assigned twice, or given by the caller: not followed (report --why says so). */
void run_reassigned(struct dev *d, work_fn given)
{
	work_fn fn = fast_work;

	if (d->n)
		fn = slow_work;
	spin_lock(&dev_lock);
	fn(d);
	given(d);
	spin_unlock(&dev_lock);
}
