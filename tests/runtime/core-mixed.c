/*
 * core-mixed.c - registration of the guard table when its hooks mix the
 * guards "rcu" and "refcount" (guard = rcu, guard.HOOK = refcount for the
 * hooks that may sleep: docs/policies.md).  Unregistering must satisfy
 * both kinds of caller: refuse new references and wait until none is
 * held (refcount callers), then publish the default table and wait for a
 * grace period (rcu callers).
 */
#include <linux/atomic.h>
#include <linux/guard_ops.h>
#include <linux/rcupdate.h>

#include <errno.h>
#include <sched.h>

struct guard_operations *guard_ops = &guard_default_ops;

static atomic_t users = ATOMIC_INIT(0);
static atomic_t going = ATOMIC_INIT(0);

struct guard_operations *guard_ops_get(void)
{
	if (atomic_read(&going))
		return NULL;
	atomic_inc_return(&users);
	if (atomic_read(&going)) {
		atomic_dec_return(&users);
		return NULL;
	}
	return rcu_dereference(guard_ops);
}

void guard_ops_put(struct guard_operations *ops)
{
	(void)ops;
	atomic_dec_return(&users);
}

int guard_register(struct guard_operations *ops)
{
	if (rcu_dereference(guard_ops) != &guard_default_ops)
		return -EBUSY;
	rcu_assign_pointer(guard_ops, ops);
	return 0;
}

void guard_unregister(struct guard_operations *ops)
{
	if (rcu_dereference(guard_ops) != ops)
		return;
	atomic_set(&going, 1);
	while (atomic_read(&users))
		sched_yield();
	rcu_assign_pointer(guard_ops, &guard_default_ops);
	synchronize_rcu();
	atomic_set(&going, 0);
}
