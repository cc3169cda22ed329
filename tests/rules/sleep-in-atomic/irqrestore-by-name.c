/*
 * check-name: an unlock function named _irqrestore ends the interrupts-off region too
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 *
 * check-output-start
kernel/case.c:47:2: warning: msleep() may sleep inside the atomic region begun by local_irq_save(flags) at kernel/case.c:44: msleep() [sleep-in-atomic]
 * check-output-end
 *
 * kernel/rcu's way: local_irq_save(), then a lock, then
 * raw_spin_unlock_irqrestore_rcu_node(), a macro of a header that calls
 * _raw_spin_unlock_irqrestore() by its name.  Its __releases() names
 * the lock; its name says the interrupts are restored as well, so
 * nothing is open at the sleep.  poll_kick() keeps interrupts off.
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

void _raw_spin_unlock_irqrestore(spinlock_t *lock, unsigned long flags) __releases(lock);
void _raw_spin_unlock(spinlock_t *lock) __releases(lock);
#define node_unlock_irqrestore(l, f) _raw_spin_unlock_irqrestore(l, f)
#define node_unlock(l) _raw_spin_unlock(l)

static spinlock_t node_lock;

/* Quiet: the lock and the interrupts-off region both end. */
void poll_start(void)
{
	unsigned long flags;

	local_irq_save(flags);
	spin_lock(&node_lock);
	node_unlock_irqrestore(&node_lock, flags);
	msleep(1);
}

/* Fires: only the lock ends. */
void poll_kick(void)
{
	unsigned long flags;

	local_irq_save(flags);
	spin_lock(&node_lock);
	node_unlock(&node_lock);
	msleep(1);
	local_irq_restore(flags);
}
