/*
 * check-name: recall: gr_udc's gr_probe() registers the gadget controller under dev->lock
 * check-tree: sleep-recall
 * check-path: drivers/usb/gadget/udc/gr_udc.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 * check-units: drivers/usb/gadget/udc/udc-core.c
 *
 * Upstream fix: 9c1ed62ae069 "usb: gadget: udc: fix possible
 * sleep-in-atomic-context bugs in gr_probe()" (Jia-Ju Bai, STCheck; 5.6).
 * Real code: Linux 4.2.8 drivers/usb/gadget/udc/gr_udc.c:2197,
 * usb_add_gadget_udc() under spin_lock(&dev->lock) at :2194;
 * usb_add_gadget_udc() -> usb_add_gadget_udc_release() ->
 * kzalloc(GFP_KERNEL) (and mutex_lock()) in udc-core.c.  The fix
 * registers after the unlock (gr_probe_fixed below, quiet).
 *
 * check-output-start
drivers/usb/gadget/udc/gr_udc.c:45:12: warning: usb_add_gadget_udc() may sleep inside the atomic region begun by spin_lock(&dev->lock) at drivers/usb/gadget/udc/gr_udc.c:42: usb_add_gadget_udc() -> usb_add_gadget_udc_release() -> kzalloc(GFP_KERNEL) [sleep-in-atomic]
 * check-output-end
 */
#include <linux/spinlock.h>

struct device;
struct usb_gadget {
	const char *name;
};

struct gr_udc {
	spinlock_t lock;
	struct device *dev;
	struct usb_gadget gadget;
	int irq;
};

extern int usb_add_gadget_udc(struct device *parent, struct usb_gadget *gadget);
extern int gr_udc_init(struct gr_udc *dev);

int gr_probe(struct gr_udc *dev)
{
	int retval;

	spin_lock(&dev->lock);
	retval = gr_udc_init(dev);
	if (!retval)
		retval = usb_add_gadget_udc(dev->dev, &dev->gadget);
	spin_unlock(&dev->lock);
	return retval;
}

/* As the fix has it: the controller is registered after the unlock. */
int gr_probe_fixed(struct gr_udc *dev)
{
	int retval;

	spin_lock(&dev->lock);
	retval = gr_udc_init(dev);
	spin_unlock(&dev->lock);
	if (retval)
		return retval;
	return usb_add_gadget_udc(dev->dev, &dev->gadget);
}
