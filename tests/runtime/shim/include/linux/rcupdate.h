/*
 * Shim of the kernel's RCU API over liburcu (the urcu-memb flavour).
 * rcu_dereference(), rcu_assign_pointer() and synchronize_rcu() are
 * liburcu's own, under the kernel's names.  rcu_read_lock() and
 * rcu_read_unlock() also keep a per-thread depth, so that might_sleep()
 * can catch a sleep inside a read-side critical section, as the kernel's
 * CONFIG_DEBUG_ATOMIC_SLEEP does.  A thread that reads must be registered
 * with rcu_register_thread() first (the kernel's threads are implicitly).
 */
#ifndef _SHIM_LINUX_RCUPDATE_H
#define _SHIM_LINUX_RCUPDATE_H

#define _LGPL_SOURCE	/* liburcu's read side inline, as the kernel's is */
#include <urcu.h>

#include <linux/compiler.h>
#include <linux/kernel.h>

extern __thread int shim_rcu_depth;

static inline void shim_rcu_read_lock(void)
{
	urcu_memb_read_lock();
	shim_rcu_depth++;
}

static inline void shim_rcu_read_unlock(void)
{
	if (unlikely(--shim_rcu_depth < 0))
		panic("rcu_read_unlock() without rcu_read_lock()");
	urcu_memb_read_unlock();
}

#undef rcu_read_lock
#undef rcu_read_unlock
#define rcu_read_lock()		shim_rcu_read_lock()
#define rcu_read_unlock()	shim_rcu_read_unlock()

#endif /* _SHIM_LINUX_RCUPDATE_H */
