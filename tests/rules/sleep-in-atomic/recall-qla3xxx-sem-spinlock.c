/*
 * check-name: recall: qla3xxx's ql_sem_spinlock() naps with ssleep() while its callers hold hw_lock
 * check-tree: sleep-recall
 * check-path: drivers/net/ethernet/qlogic/qla3xxx.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 *
 * Upstream fix: 13a6f3153922 "net/qla3xxx: fix schedule while atomic in
 * ql_sem_spinlock" (Zheyu Ma, 5.13; found with KASAN at probe).  Real
 * code: Linux 4.2.8 drivers/net/ethernet/qlogic/qla3xxx.c:1681 (and
 * :532, :1545, :1553, :1664, :1698), ql_sem_spinlock() under
 * spin_lock_irqsave(&qdev->hw_lock) at :1680; ql_sem_spinlock() calls
 * ssleep(1) (:118), an inline of include/linux/delay.h calling msleep().
 * One unit: found per unit, no other unit needed.  The fix waits with
 * mdelay(1000) (ql_get_speed_fixed below, quiet).
 *
 * check-output-start
drivers/net/ethernet/qlogic/qla3xxx.c:54:6: warning: ql_sem_spinlock() may sleep inside the atomic region begun by spin_lock_irqsave(&qdev->hw_lock, hw_flags) at drivers/net/ethernet/qlogic/qla3xxx.c:53: ql_sem_spinlock() -> ssleep() [sleep-in-atomic]
 * check-output-end
 */
#include <linux/spinlock.h>
#include <linux/delay.h>

struct ql3_adapter {
	spinlock_t hw_lock;
	unsigned int sem_reg;
	unsigned int speed;
};

extern void ql_write(struct ql3_adapter *qdev, unsigned int v);
extern unsigned int ql_read(struct ql3_adapter *qdev);
extern void ql_sem_unlock(struct ql3_adapter *qdev, unsigned int mask);

static int ql_sem_spinlock(struct ql3_adapter *qdev, unsigned int sem_mask,
			   unsigned int sem_bits)
{
	unsigned int seconds = 3;

	do {
		ql_write(qdev, sem_mask | sem_bits);
		if ((ql_read(qdev) & (sem_mask >> 16)) == sem_bits)
			return 0;
		ssleep(1);
	} while (--seconds);
	return -1;
}

unsigned int ql_get_speed(struct ql3_adapter *qdev)
{
	unsigned long hw_flags;
	unsigned int status;

	spin_lock_irqsave(&qdev->hw_lock, hw_flags);
	if (ql_sem_spinlock(qdev, 0x30000, 0x10)) {
		spin_unlock_irqrestore(&qdev->hw_lock, hw_flags);
		return 0;
	}
	status = qdev->speed;
	ql_sem_unlock(qdev, 0x30000);
	spin_unlock_irqrestore(&qdev->hw_lock, hw_flags);
	return status;
}

/* As the fix has it: a busy wait, mdelay(1000), instead of ssleep(1). */
static int ql_sem_spinlock_fixed(struct ql3_adapter *qdev,
				 unsigned int sem_mask, unsigned int sem_bits)
{
	unsigned int seconds = 3;

	do {
		ql_write(qdev, sem_mask | sem_bits);
		if ((ql_read(qdev) & (sem_mask >> 16)) == sem_bits)
			return 0;
		mdelay(1000);
	} while (--seconds);
	return -1;
}

unsigned int ql_get_speed_fixed(struct ql3_adapter *qdev)
{
	unsigned long hw_flags;
	unsigned int status = 0;

	spin_lock_irqsave(&qdev->hw_lock, hw_flags);
	if (!ql_sem_spinlock_fixed(qdev, 0x30000, 0x10)) {
		status = qdev->speed;
		ql_sem_unlock(qdev, 0x30000);
	}
	spin_unlock_irqrestore(&qdev->hw_lock, hw_flags);
	return status;
}
