/*
 * check-name: recall: bdisp_device_run() resets the blitter, which naps, under bdisp->slock
 * check-tree: sleep-recall
 * check-path: drivers/media/platform/sti/bdisp/bdisp-v4l2.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 * check-units: drivers/media/platform/sti/bdisp/bdisp-hw.c
 *
 * Upstream fix: bb6d42061a05 "media: sti: bdisp: fix a possible
 * sleep-in-atomic-context bug in bdisp_device_run()" (Jia-Ju Bai,
 * STCheck; 5.6).  Real code: Linux 4.2.8
 * drivers/media/platform/sti/bdisp/bdisp-v4l2.c:341, bdisp_hw_reset()
 * under spin_lock_irqsave(&bdisp->slock) at :317; bdisp_hw_reset() ->
 * msleep() in bdisp-hw.c (:80).  The fix polls with udelay() in
 * bdisp_hw_reset(); bdisp_device_run_fixed below calls a reset that
 * does so (quiet).
 *
 * check-output-start
drivers/media/platform/sti/bdisp/bdisp-v4l2.c:40:8: warning: bdisp_hw_reset() may sleep inside the atomic region begun by spin_lock_irqsave(&bdisp->slock, flags) at drivers/media/platform/sti/bdisp/bdisp-v4l2.c:39: bdisp_hw_reset() -> msleep() [sleep-in-atomic]
 * check-output-end
 */
#include <linux/spinlock.h>
#include <linux/delay.h>

struct bdisp_dev {
	spinlock_t slock;
	int state;
};

extern int bdisp_hw_reset(struct bdisp_dev *bdisp);
extern unsigned int bdisp_read_status(struct bdisp_dev *bdisp);
extern int bdisp_hw_update(struct bdisp_dev *bdisp);

void bdisp_device_run(struct bdisp_dev *bdisp)
{
	unsigned long flags;
	int err;

	spin_lock_irqsave(&bdisp->slock, flags);
	err = bdisp_hw_reset(bdisp);
	if (!err)
		err = bdisp_hw_update(bdisp);
	bdisp->state = err;
	spin_unlock_irqrestore(&bdisp->slock, flags);
}

/* As the fix has it: the reset polls with udelay(). */
static int bdisp_hw_reset_fixed(struct bdisp_dev *bdisp)
{
	int i;

	for (i = 0; i < 10; i++) {
		if (bdisp_read_status(bdisp) & 1)
			return 0;
		udelay(1000);
	}
	return -1;
}

void bdisp_device_run_fixed(struct bdisp_dev *bdisp)
{
	unsigned long flags;
	int err;

	spin_lock_irqsave(&bdisp->slock, flags);
	err = bdisp_hw_reset_fixed(bdisp);
	if (!err)
		err = bdisp_hw_update(bdisp);
	bdisp->state = err;
	spin_unlock_irqrestore(&bdisp->slock, flags);
}
