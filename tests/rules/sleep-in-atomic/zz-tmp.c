/*
 * check-name: tmp
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

extern void msleep(unsigned int ms);
extern int get_base(int *t);
extern void write_reg(int v);
extern void warn(int v);
struct info { int (*adjfine)(struct info *i, long d); };
struct adapter { spinlock_t lock; struct info *info; long delta; int flags; };

#define my_lock_irqsave(lock, flags) do { do { ({ unsigned long __dummy; typeof(flags) __dummy2; (void)(&__dummy == &__dummy2); 1; }); flags = _raw_spin_lock_irqsave(lock); } while (0); } while (0)

void systim_reset(struct adapter *adapter)
{
	struct info *info = adapter->info;
	unsigned long flags;
	int timinca;
	int ret_val;

	if (!(adapter->flags & 4))
		return;
	if (info->adjfine) {
		ret_val = info->adjfine(info, adapter->delta);
	} else {
		ret_val = get_base(&timinca);
		if (!ret_val)
			write_reg(timinca);
	}
	if (ret_val) {
		({ do {} while (0); warn(ret_val); });
		return;
	}
	my_lock_irqsave(&adapter->lock, flags);
	msleep(1);
	spin_unlock_irqrestore(&adapter->lock, flags);
}
