/*
 * check-name: recall: pcmciamtd_set_vpp() changes Vpp, through the socket's mutex, under a spinlock
 * check-tree: sleep-recall
 * check-path: drivers/mtd/maps/pcmciamtd.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 * check-units: drivers/pcmcia/pcmcia_resource.c
 *
 * Upstream fix: "mtd: maps: pcmciamtd: fix possible
 * sleep-in-atomic-context bugs in pcmciamtd_set_vpp()" v2 (Jia-Ju Bai,
 * STCheck, Dec 2019: the spinlock becomes a mutex, as Dominik Brodowski
 * asked; Linux 6.1 has DEFINE_MUTEX(pcmcia_vpp_lock); commit id not
 * found).  Real code: Linux 4.2.8 drivers/mtd/maps/pcmciamtd.c:309 and
 * :312, pcmcia_fixup_vpp() under spin_lock_irqsave(&pcmcia_vpp_lock) at
 * :306; pcmcia_fixup_vpp() -> mutex_lock() in
 * drivers/pcmcia/pcmcia_resource.c.  pcmciamtd_set_vpp_fixed below takes
 * a mutex instead (quiet).
 *
 * check-output-start
drivers/mtd/maps/pcmciamtd.c:45:4: warning: pcmcia_fixup_vpp() may sleep inside the atomic region begun by spin_lock_irqsave(&pcmcia_vpp_lock, flags) at drivers/mtd/maps/pcmciamtd.c:42: pcmcia_fixup_vpp() -> mutex_lock() [sleep-in-atomic]
drivers/mtd/maps/pcmciamtd.c:48:4: warning: pcmcia_fixup_vpp() may sleep inside the atomic region begun by spin_lock_irqsave(&pcmcia_vpp_lock, flags) at drivers/mtd/maps/pcmciamtd.c:42: pcmcia_fixup_vpp() -> mutex_lock() [sleep-in-atomic]
 * check-output-end
 */
#include <linux/spinlock.h>

struct pcmcia_device;
struct pcmciamtd_dev {
	struct pcmcia_device *p_dev;
	unsigned char vpp;
};

extern int pcmcia_fixup_vpp(struct pcmcia_device *p_dev, unsigned char new_vpp);

static spinlock_t pcmcia_vpp_lock;
static struct mutex pcmcia_vpp_mutex;
static int pcmcia_vpp_refcnt;

void pcmciamtd_set_vpp(struct pcmciamtd_dev *dev, int on)
{
	unsigned long flags;

	spin_lock_irqsave(&pcmcia_vpp_lock, flags);
	if (on) {
		if (++pcmcia_vpp_refcnt == 1)
			pcmcia_fixup_vpp(dev->p_dev, dev->vpp);
	} else {
		if (--pcmcia_vpp_refcnt == 0)
			pcmcia_fixup_vpp(dev->p_dev, 0);
	}
	spin_unlock_irqrestore(&pcmcia_vpp_lock, flags);
}

/* As the fix has it: a mutex, in which sleeping is allowed. */
void pcmciamtd_set_vpp_fixed(struct pcmciamtd_dev *dev, int on)
{
	mutex_lock(&pcmcia_vpp_mutex);
	if (on) {
		if (++pcmcia_vpp_refcnt == 1)
			pcmcia_fixup_vpp(dev->p_dev, dev->vpp);
	} else {
		if (--pcmcia_vpp_refcnt == 0)
			pcmcia_fixup_vpp(dev->p_dev, 0);
	}
	mutex_unlock(&pcmcia_vpp_mutex);
}
