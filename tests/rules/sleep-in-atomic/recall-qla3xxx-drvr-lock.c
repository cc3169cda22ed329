/*
 * check-name: recall: qla3xxx waits for the driver lock and resets the adapter, napping, under hw_lock
 * check-tree: sleep-recall
 * check-path: drivers/net/ethernet/qlogic/qla3xxx.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 *
 * Upstream fix: 92766c4628ea "net/qla3xxx: fix schedule while atomic in
 * ql_wait_for_drvr_lock and ql_adapter_reset" (Zheyu Ma, 5.14).  Real
 * code: Linux 4.2.8 drivers/net/ethernet/qlogic/qla3xxx.c:3443 and :3444
 * in ql_adapter_down(), under spin_lock_irqsave(&qdev->hw_lock) at
 * :3442, and :3497 in ql_adapter_up() (lock at :3495); both callees nap
 * with ssleep(1) (:158 and in ql_adapter_reset()).  One unit.  The fix
 * uses mdelay(1000) (the _fixed functions below, quiet).
 *
 * check-output-start
drivers/net/ethernet/qlogic/qla3xxx.c:65:6: warning: ql_wait_for_drvr_lock() may sleep inside the atomic region begun by spin_lock_irqsave(&qdev->hw_lock, hw_flags) at drivers/net/ethernet/qlogic/qla3xxx.c:64: ql_wait_for_drvr_lock() -> ssleep() [sleep-in-atomic]
drivers/net/ethernet/qlogic/qla3xxx.c:65:38: warning: ql_adapter_reset() may sleep inside the atomic region begun by spin_lock_irqsave(&qdev->hw_lock, hw_flags) at drivers/net/ethernet/qlogic/qla3xxx.c:64: ql_adapter_reset() -> ssleep() [sleep-in-atomic]
 * check-output-end
 */
#include <linux/spinlock.h>
#include <linux/delay.h>

struct ql3_adapter {
	spinlock_t hw_lock;
	unsigned int ctrl;
};

extern int ql_sem_lock(struct ql3_adapter *qdev, unsigned int mask,
		       unsigned int bits);
extern unsigned int ql_read_ctrl(struct ql3_adapter *qdev);
extern int ql_adapter_initialize(struct ql3_adapter *qdev);

static int ql_wait_for_drvr_lock(struct ql3_adapter *qdev)
{
	int i = 0;

	do {
		if (ql_sem_lock(qdev, 0x100, 0x2))
			return 1;
		ssleep(1);
	} while (++i < 10);
	return 0;
}

static int ql_adapter_reset(struct ql3_adapter *qdev)
{
	int max_wait_time = 5;

	qdev->ctrl |= 1;
	do {
		if (!(ql_read_ctrl(qdev) & 1))
			return 0;
		ssleep(1);
	} while (--max_wait_time);
	return -1;
}

int ql_adapter_down(struct ql3_adapter *qdev)
{
	unsigned long hw_flags;
	int err = -1;

	spin_lock_irqsave(&qdev->hw_lock, hw_flags);
	if (ql_wait_for_drvr_lock(qdev) && !ql_adapter_reset(qdev))
		err = ql_adapter_initialize(qdev);
	spin_unlock_irqrestore(&qdev->hw_lock, hw_flags);
	return err;
}

/* As the fix has it: mdelay(1000) in both. */
static int ql_wait_for_drvr_lock_fixed(struct ql3_adapter *qdev)
{
	int i = 0;

	do {
		if (ql_sem_lock(qdev, 0x100, 0x2))
			return 1;
		mdelay(1000);
	} while (++i < 10);
	return 0;
}

static int ql_adapter_reset_fixed(struct ql3_adapter *qdev)
{
	int max_wait_time = 5;

	qdev->ctrl |= 1;
	do {
		if (!(ql_read_ctrl(qdev) & 1))
			return 0;
		mdelay(1000);
	} while (--max_wait_time);
	return -1;
}

int ql_adapter_down_fixed(struct ql3_adapter *qdev)
{
	unsigned long hw_flags;
	int err = -1;

	spin_lock_irqsave(&qdev->hw_lock, hw_flags);
	if (ql_wait_for_drvr_lock_fixed(qdev) && !ql_adapter_reset_fixed(qdev))
		err = ql_adapter_initialize(qdev);
	spin_unlock_irqrestore(&qdev->hw_lock, hw_flags);
	return err;
}
