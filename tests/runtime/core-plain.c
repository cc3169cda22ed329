/*
 * core-plain.c - registration of the guard table for the wrappers that
 * do not protect the call: guard "none" and guard "preempt".  Unregister
 * swaps the default table back in and returns at once, so the module may
 * be unloaded while another thread is still inside one of its hooks:
 * the race tests/t-runtime.sh expects to see.
 */
#include <linux/compiler.h>
#include <linux/guard_ops.h>

#include <errno.h>

struct guard_operations *guard_ops = &guard_default_ops;

int guard_register(struct guard_operations *ops)
{
	if (READ_ONCE(guard_ops) != &guard_default_ops)
		return -EBUSY;
	WRITE_ONCE(guard_ops, ops);
	return 0;
}

void guard_unregister(struct guard_operations *ops)
{
	if (READ_ONCE(guard_ops) == ops)
		WRITE_ONCE(guard_ops, &guard_default_ops);
}
