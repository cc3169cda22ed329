/*
 * check-name: recall: uio_dmem_genirq_irqcontrol() disables the irq under its spinlock (disable_irq() waits)
 * check-tree: sleep-recall
 * check-path: drivers/uio/uio_dmem_genirq.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 * check-units: kernel/irq/manage.c
 *
 * Upstream fix: b74351287d4b "uio: fix a sleep-in-atomic-context bug in
 * uio_dmem_genirq_irqcontrol()" (Jia-Ju Bai, STCheck; 5.6).  Real code:
 * Linux 4.2.8 drivers/uio/uio_dmem_genirq.c:140 (and 3.19), disable_irq()
 * inside spin_lock_irqsave(&priv->lock) at :134; disable_irq() ->
 * synchronize_irq() -> wait_event() in kernel/irq/manage.c.  The fix
 * drops the lock before disable_irq() (uio_dmem_genirq_irqcontrol_fixed
 * below, which must stay quiet).
 *
 * check-output-start
drivers/uio/uio_dmem_genirq.c:48:4: warning: disable_irq() may sleep inside the atomic region begun by spin_lock_irqsave(&priv->lock, flags) at drivers/uio/uio_dmem_genirq.c:42: disable_irq() -> synchronize_irq() -> wait_event() [sleep-in-atomic]
 * check-output-end
 */
#include <linux/interrupt.h>
#include <linux/spinlock.h>

struct uio_dmem_genirq_platdata {
	spinlock_t lock;
	unsigned long flags;
};

struct uio_info {
	void *priv;
	unsigned int irq;
};

extern int test_and_clear_bit(int nr, unsigned long *addr);
extern int test_and_set_bit(int nr, unsigned long *addr);

int uio_dmem_genirq_irqcontrol(struct uio_info *dev_info, int irq_on)
{
	struct uio_dmem_genirq_platdata *priv = dev_info->priv;
	unsigned long flags;

	spin_lock_irqsave(&priv->lock, flags);
	if (irq_on) {
		if (test_and_clear_bit(0, &priv->flags))
			enable_irq(dev_info->irq);
	} else {
		if (!test_and_set_bit(0, &priv->flags))
			disable_irq(dev_info->irq);
	}
	spin_unlock_irqrestore(&priv->lock, flags);
	return 0;
}

/* As the fix has it: the lock is dropped before disable_irq(). */
int uio_dmem_genirq_irqcontrol_fixed(struct uio_info *dev_info, int irq_on)
{
	struct uio_dmem_genirq_platdata *priv = dev_info->priv;
	unsigned long flags;

	spin_lock_irqsave(&priv->lock, flags);
	if (irq_on) {
		if (test_and_clear_bit(0, &priv->flags))
			enable_irq(dev_info->irq);
		spin_unlock_irqrestore(&priv->lock, flags);
	} else {
		if (!test_and_set_bit(0, &priv->flags)) {
			spin_unlock_irqrestore(&priv->lock, flags);
			disable_irq(dev_info->irq);
			return 0;
		}
		spin_unlock_irqrestore(&priv->lock, flags);
	}
	return 0;
}
