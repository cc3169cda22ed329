/*
 * check-name: recall: grgpio_irq_map()/unmap() request and free the irq under bgc.lock (request_irq() is a header's inline)
 * check-tree: sleep-recall
 * check-path: drivers/gpio/gpio-grgpio.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 * check-units: kernel/irq/manage.c
 *
 * Upstream fix: e36eaf94be8f "gpio: gpio-grgpio: fix possible
 * sleep-in-atomic-context bugs in grgpio_irq_map/unmap()" (Jia-Ju Bai,
 * STCheck; 5.6).  Real code: Linux 4.2.8 drivers/gpio/gpio-grgpio.c:264,
 * request_irq() under spin_lock_irqsave(&priv->bgc.lock) at :258, and
 * :329, free_irq() under the lock taken at :310; request_irq() is the
 * static inline of include/linux/interrupt.h that calls
 * request_threaded_irq() -> kzalloc(GFP_KERNEL) (kernel/irq/manage.c);
 * free_irq() -> __free_irq() -> synchronize_irq() -> wait_event().  The
 * fix requests and frees with the lock dropped (the _fixed functions
 * below, quiet).
 *
 * check-output-start
drivers/gpio/gpio-grgpio.c:48:9: warning: request_irq() may sleep inside the atomic region begun by spin_lock_irqsave(&priv->lock, flags) at drivers/gpio/gpio-grgpio.c:46: request_irq() -> request_threaded_irq() -> kzalloc(GFP_KERNEL) [sleep-in-atomic]
drivers/gpio/gpio-grgpio.c:68:3: warning: free_irq() may sleep inside the atomic region begun by spin_lock_irqsave(&priv->lock, flags) at drivers/gpio/gpio-grgpio.c:65: free_irq() -> __free_irq() -> synchronize_irq() -> wait_event() [sleep-in-atomic]
 * check-output-end
 */
#include <linux/interrupt.h>
#include <linux/spinlock.h>

struct grgpio_uirq {
	unsigned char refcnt;
	unsigned char uirq;
};

struct grgpio_priv {
	spinlock_t lock;
	struct grgpio_uirq uirqs[32];
};

extern int grgpio_irq_handler(int irq, void *dev);

int grgpio_irq_map(struct grgpio_priv *priv, int index)
{
	struct grgpio_uirq *uirq = &priv->uirqs[index];
	unsigned long flags;
	int ret = 0;

	spin_lock_irqsave(&priv->lock, flags);
	if (uirq->refcnt == 0) {
		ret = request_irq(uirq->uirq, grgpio_irq_handler, 0,
				  "grgpio", priv);
		if (ret) {
			spin_unlock_irqrestore(&priv->lock, flags);
			return ret;
		}
	}
	uirq->refcnt++;
	spin_unlock_irqrestore(&priv->lock, flags);
	return ret;
}

void grgpio_irq_unmap(struct grgpio_priv *priv, int index)
{
	struct grgpio_uirq *uirq = &priv->uirqs[index];
	unsigned long flags;

	spin_lock_irqsave(&priv->lock, flags);
	uirq->refcnt--;
	if (uirq->refcnt == 0)
		free_irq(uirq->uirq, priv);
	spin_unlock_irqrestore(&priv->lock, flags);
}

/* As the fix has it: the lock is dropped around request_irq(), free_irq(). */
int grgpio_irq_map_fixed(struct grgpio_priv *priv, int index)
{
	struct grgpio_uirq *uirq = &priv->uirqs[index];
	unsigned long flags;
	int ret = 0;

	spin_lock_irqsave(&priv->lock, flags);
	if (uirq->refcnt == 0) {
		spin_unlock_irqrestore(&priv->lock, flags);
		ret = request_irq(uirq->uirq, grgpio_irq_handler, 0,
				  "grgpio", priv);
		if (ret)
			return ret;
		spin_lock_irqsave(&priv->lock, flags);
	}
	uirq->refcnt++;
	spin_unlock_irqrestore(&priv->lock, flags);
	return ret;
}

void grgpio_irq_unmap_fixed(struct grgpio_priv *priv, int index)
{
	struct grgpio_uirq *uirq = &priv->uirqs[index];
	unsigned long flags;

	spin_lock_irqsave(&priv->lock, flags);
	uirq->refcnt--;
	if (uirq->refcnt == 0) {
		spin_unlock_irqrestore(&priv->lock, flags);
		free_irq(uirq->uirq, priv);
		return;
	}
	spin_unlock_irqrestore(&priv->lock, flags);
}
