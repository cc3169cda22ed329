/*
 * core-refcount.c - registration of the guard table for guard "refcount":
 * the guard_ops_get()/guard_ops_put() pair the generated wrappers call.
 *
 * Every call holds a reference (users) for as long as it runs.
 * Unregistering sets going, so that new calls get NULL and run the stub,
 * waits until users drops to zero, and only then puts the default table
 * back: when guard_unregister() returns, no thread is inside the module
 * and none can enter it, and the module may be unloaded.  The counter
 * and the flag are fully ordered (a store-load pair: either the caller
 * sees going, or unregister sees the caller's reference), as in the
 * kernel's try_module_get() against delete_module().
 */
#include <linux/atomic.h>
#include <linux/guard_ops.h>

#include <errno.h>
#include <sched.h>

struct guard_operations *guard_ops = &guard_default_ops;

static atomic_t users = ATOMIC_INIT(0);
static atomic_t going = ATOMIC_INIT(0);

struct guard_operations *guard_ops_get(void)
{
	if (atomic_read(&going))	/* the common case while going */
		return NULL;
	atomic_inc_return(&users);
	if (atomic_read(&going)) {
		atomic_dec_return(&users);
		return NULL;
	}
	return smp_load_acquire(&guard_ops);
}

void guard_ops_put(struct guard_operations *ops)
{
	(void)ops;
	atomic_dec_return(&users);
}

int guard_register(struct guard_operations *ops)
{
	if (smp_load_acquire(&guard_ops) != &guard_default_ops)
		return -EBUSY;
	smp_store_release(&guard_ops, ops);
	return 0;
}

void guard_unregister(struct guard_operations *ops)
{
	if (smp_load_acquire(&guard_ops) != ops)
		return;
	atomic_set(&going, 1);
	while (atomic_read(&users))
		sched_yield();
	smp_store_release(&guard_ops, &guard_default_ops);
	atomic_set(&going, 0);
}
