/*
 * check-name: blk_mq_run_hw_queue() (Linux 4.2; mainline 5.19 "blk-mq: Don't disable preemption around __blk_mq_run_hw_queue()"): the hctx spinlock_t under get_cpu()
 * check-tree: sleep-hooks
 * check-path: block/blk-mq.c
 * check-flags: --rt -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
block/blk-mq.c:42:3: warning: __blk_mq_run_hw_queue() may sleep on PREEMPT_RT inside the atomic region begun by get_cpu() at block/blk-mq.c:39: __blk_mq_run_hw_queue() -> spin_lock(&hctx->lock) (on PREEMPT_RT) [sleep-in-atomic-rt]
 * check-error-end
 */
#include <linux/spinlock.h>

/*
 * The shape of block/blk-mq.c: get_cpu() to run the queue in place when
 * this CPU is one of the hardware context's, and __blk_mq_run_hw_queue()
 * takes hctx->lock, a spinlock_t, with preemption still off.  The fix
 * reads the CPU's number without turning preemption off.
 */
struct blk_mq_hw_ctx {
	spinlock_t lock;
	unsigned long cpumask;
	int dispatched;
};

extern int cpumask_test_cpu(int cpu, unsigned long mask);
extern int raw_smp_processor_id(void);
extern void kblockd_schedule(struct blk_mq_hw_ctx *hctx);

static void __blk_mq_run_hw_queue(struct blk_mq_hw_ctx *hctx)
{
	spin_lock(&hctx->lock);
	hctx->dispatched++;
	spin_unlock(&hctx->lock);
}

/* Bug on RT: the queue run in place with preemption off. */
void blk_mq_run_hw_queue(struct blk_mq_hw_ctx *hctx)
{
	int cpu = get_cpu();

	if (cpumask_test_cpu(cpu, hctx->cpumask)) {
		__blk_mq_run_hw_queue(hctx);
		put_cpu();
		return;
	}
	put_cpu();
	kblockd_schedule(hctx);
}

/* The fix. */
void blk_mq_run_hw_queue_fixed(struct blk_mq_hw_ctx *hctx)
{
	if (cpumask_test_cpu(raw_smp_processor_id(), hctx->cpumask)) {
		__blk_mq_run_hw_queue(hctx);
		return;
	}
	kblockd_schedule(hctx);
}
