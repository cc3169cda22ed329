/*
 * check-name: recall: grgpio_remove() removes the gpiochip and the irq domain under bgc.lock
 * check-tree: sleep-recall
 * check-path: drivers/gpio/gpio-grgpio.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 * check-units: drivers/gpio/gpiolib.c drivers/gpio/gpiolib-sysfs.c kernel/irq/irqdomain.c
 *
 * Upstream fix: 25d071b3f6db "gpio: gpio-grgpio: fix possible
 * sleep-in-atomic-context bugs in grgpio_remove()" (Jia-Ju Bai,
 * STCheck; 5.6).  Real code: Linux 4.2.8 drivers/gpio/gpio-grgpio.c:473
 * and :476, gpiochip_remove() and irq_domain_remove() under
 * spin_lock_irqsave(&priv->bgc.lock) at :462; gpiochip_remove() ->
 * gpiochip_sysfs_unregister() -> mutex_lock() (gpiolib.c,
 * gpiolib-sysfs.c), irq_domain_remove() -> mutex_lock()
 * (kernel/irq/irqdomain.c).  The fix drops the lock (grgpio_remove_fixed
 * below, quiet).
 *
 * check-output-start
drivers/gpio/gpio-grgpio.c:54:2: warning: gpiochip_remove() may sleep inside the atomic region begun by spin_lock_irqsave(&priv->lock, flags) at drivers/gpio/gpio-grgpio.c:49: gpiochip_remove() -> gpiochip_sysfs_unregister() -> mutex_lock() [sleep-in-atomic]
drivers/gpio/gpio-grgpio.c:56:3: warning: irq_domain_remove() may sleep inside the atomic region begun by spin_lock_irqsave(&priv->lock, flags) at drivers/gpio/gpio-grgpio.c:49: irq_domain_remove() -> mutex_lock() [sleep-in-atomic]
 * check-output-end
 */
#include <linux/spinlock.h>

struct gpio_chip {
	int base;
	int exported;
};
struct irq_domain;

struct grgpio_priv {
	spinlock_t lock;
	struct gpio_chip gc;
	struct irq_domain *domain;
	int irq_refs;
};

extern void gpiochip_remove(struct gpio_chip *chip);
extern void irq_domain_remove(struct irq_domain *domain);

#define EBUSY 16

int grgpio_remove(struct grgpio_priv *priv)
{
	unsigned long flags;
	int ret = 0;

	spin_lock_irqsave(&priv->lock, flags);
	if (priv->domain && priv->irq_refs) {
		ret = -EBUSY;
		goto out;
	}
	gpiochip_remove(&priv->gc);
	if (priv->domain)
		irq_domain_remove(priv->domain);
out:
	spin_unlock_irqrestore(&priv->lock, flags);
	return ret;
}

/* As the fix has it: no lock around the removals. */
int grgpio_remove_fixed(struct grgpio_priv *priv)
{
	gpiochip_remove(&priv->gc);
	if (priv->domain)
		irq_domain_remove(priv->domain);
	return 0;
}
