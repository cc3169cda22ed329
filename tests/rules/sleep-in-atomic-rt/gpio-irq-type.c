/*
 * check-name: irq_set_type under the raw desc->lock (Linux 4.2's gpio-dwapb; mainline 3c938cc5cebc "gpio: use raw spinlock for gpio chip shadowed data"): a spinlock_t through an irq_chip member
 * check-tree: sleep-hooks
 * check-path: kernel/irq/manage.c
 * check-flags: --rt -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
kernel/irq/manage.c:90:8: warning: desc->chip->irq_set_type() may sleep on PREEMPT_RT inside the atomic region begun by raw_spin_lock_irqsave(&desc->lock, flags) at kernel/irq/manage.c:89: desc->chip->irq_set_type() -> dwapb_irq_set_type() (through desc->chip->irq_set_type: irq_chip.irq_set_type = dwapb_irq_set_type at kernel/irq/manage.c:67) -> spin_lock_irqsave(&bgc->lock, flags) (on PREEMPT_RT) [sleep-in-atomic-rt]
 * check-error-end
 */
#include <linux/spinlock.h>

/*
 * The shape of kernel/irq/manage.c and drivers/gpio/gpio-dwapb.c: the
 * core calls an irq_chip's callbacks under the irq descriptor's lock, a
 * raw_spinlock_t; dwapb's irq_set_type takes the basic MMIO GPIO chip's
 * lock, a spinlock_t until the fix made it a raw_spinlock_t.
 */
typedef struct { int raw; } raw_spinlock_t;
extern unsigned long _raw_raw_spin_lock_irqsave(raw_spinlock_t *lock);
extern void raw_spin_unlock_irqrestore(raw_spinlock_t *lock,
				       unsigned long flags);
#define raw_spin_lock_irqsave(lock, flags) \
	do { flags = _raw_raw_spin_lock_irqsave(lock); } while (0)

struct irq_data {
	unsigned int irq;
	void *chip_data;
};
struct irq_chip {
	int (*irq_set_type)(struct irq_data *data, unsigned int type);
};
struct irq_desc {
	raw_spinlock_t lock;
	struct irq_data irq_data;
	struct irq_chip *chip;
};
struct bgpio_chip {
	spinlock_t lock;
	raw_spinlock_t raw_lock;
	unsigned long data;
};

static int dwapb_irq_set_type(struct irq_data *d, unsigned int type)
{
	struct bgpio_chip *bgc = d->chip_data;
	unsigned long flags;

	spin_lock_irqsave(&bgc->lock, flags);
	bgc->data |= type;
	spin_unlock_irqrestore(&bgc->lock, flags);
	return 0;
}

static int dwapb_irq_set_type_fixed(struct irq_data *d, unsigned int type)
{
	struct bgpio_chip *bgc = d->chip_data;
	unsigned long flags;

	raw_spin_lock_irqsave(&bgc->raw_lock, flags);
	bgc->data |= type;
	raw_spin_unlock_irqrestore(&bgc->raw_lock, flags);
	return 0;
}

struct irq_chip dwapb_chip = {
	.irq_set_type = dwapb_irq_set_type,
};

/*
 * The fixed callback behind a member of its own (one slot holds every
 * function stored in it, and this file has both the bug and the fix).
 */
struct gpio_chip {
	struct irq_data irq_data;
	int (*set_type)(struct irq_data *data, unsigned int type);
};

struct gpio_chip fixed_chip = {
	.set_type = dwapb_irq_set_type_fixed,
};

/* Bug on RT: the chip's spinlock_t under the raw desc->lock. */
int __setup_irq(struct irq_desc *desc, unsigned int type)
{
	unsigned long flags;
	int ret;

	raw_spin_lock_irqsave(&desc->lock, flags);
	ret = desc->chip->irq_set_type(&desc->irq_data, type);
	raw_spin_unlock_irqrestore(&desc->lock, flags);
	return ret;
}

/* The fix: the chip's lock a raw_spinlock_t. */
int setup_irq_fixed(struct irq_desc *desc, struct gpio_chip *gc,
		    unsigned int type)
{
	unsigned long flags;
	int ret;

	raw_spin_lock_irqsave(&desc->lock, flags);
	ret = gc->set_type(&gc->irq_data, type);
	raw_spin_unlock_irqrestore(&desc->lock, flags);
	return ret;
}
