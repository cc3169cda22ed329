/*
 * check-name: a lock function known only by its annotation (__acquires) tells by its name what its region does to the context: _raw_spin_lock_irqsave() behind xa_lock_irqsave() turns interrupts off
 * check-tree: sleep-hooks
 * check-path: kernel/xalock.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
kernel/xalock.c:71:2: warning: send_busy_loop() may sleep inside the atomic region begun by _raw_lock_plain() at kernel/xalock.c:70: send_busy_loop() -> msleep() [sleep-in-atomic]
 * check-error-end
 *
 * 6.1's (and 6.12's) xa_lock_irqsave(xa, flags) is a macro over
 * spin_lock_irqsave(), itself a macro over a call of
 * _raw_spin_lock_irqsave(), which kernel/locking/spinlock.c defines in
 * another unit, declared "__acquires(lock)".  The call the walk sees is
 * that function's: its region opens by the annotation, and its name says
 * that interrupts are off in it, as spin_lock_irqsave()'s does.  i915's
 * intel_guc_send_busy_loop() then spins instead of sleeping.
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>
#include <linux/irqctx.h>

struct xarray {
	spinlock_t xa_lock;
};

extern unsigned long _raw_lock_irqsave(spinlock_t *lock) __acquires(lock);
extern void _raw_unlock_irqrestore(spinlock_t *lock, unsigned long flags)
	__releases(lock);
extern unsigned long _raw_lock_plain(spinlock_t *lock) __acquires(lock);
extern void _raw_unlock_plain(spinlock_t *lock) __releases(lock);

#define xa_lock_irqsave(xa, flags) \
	do { flags = _raw_lock_irqsave(&(xa)->xa_lock); } while (0)
#define xa_unlock_irqrestore(xa, flags) \
	_raw_unlock_irqrestore(&(xa)->xa_lock, flags)
#define xa_lock_plain(xa)	_raw_lock_plain(&(xa)->xa_lock)
#define xa_unlock_plain(xa)	_raw_unlock_plain(&(xa)->xa_lock)

extern void cpu_relax(void);
extern int try_send(void);

/* intel_guc_send_busy_loop(): sleeps only with interrupts on */
static int send_busy_loop(void)
{
	_Bool not_irqs = !irqs_disabled();

	while (try_send()) {
		if (likely(not_irqs))
			msleep(1);
		else
			cpu_relax();
	}
	return 0;
}

/* Quiet: interrupts are off in the region. */
void log_contexts(struct xarray *xa)
{
	unsigned long flags;

	xa_lock_irqsave(xa, flags);
	send_busy_loop();
	xa_unlock_irqrestore(xa, flags);
}

/* Fires: a lock whose name says nothing of interrupts. */
void log_plain(struct xarray *xa)
{
	xa_lock_plain(xa);
	send_busy_loop();
	xa_unlock_plain(xa);
}
