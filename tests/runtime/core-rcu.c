/*
 * core-rcu.c - registration of the guard table for guard "rcu".
 * The generated wrappers read guard_ops with rcu_dereference() inside
 * rcu_read_lock(); unregistering publishes the default table and waits
 * for a grace period, after which no thread can still be inside the old
 * table's hooks and the module may be unloaded.
 */
#include <linux/guard_ops.h>
#include <linux/rcupdate.h>

#include <errno.h>

struct guard_operations *guard_ops = &guard_default_ops;

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
	rcu_assign_pointer(guard_ops, &guard_default_ops);
	synchronize_rcu();
}
