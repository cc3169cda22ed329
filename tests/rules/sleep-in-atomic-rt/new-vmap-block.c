/*
 * check-name: new_vmap_block() (Linux 4.2; mainline 5.19 "mm/vmalloc: Use raw_cpu_ptr() for vmap_block_queue access"): the queue's spinlock_t under get_cpu_var()
 * check-tree: sleep-hooks
 * check-path: mm/vmalloc.c
 * check-flags: --rt -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
mm/vmalloc.c:35:2: warning: spin_lock() may sleep on PREEMPT_RT inside the atomic region begun by get_cpu_var(vmap_block_queue) at mm/vmalloc.c:34: spin_lock(&vbq->lock) (on PREEMPT_RT) [sleep-in-atomic-rt]
 * check-error-end
 */
#include <linux/spinlock.h>

/*
 * The shape of mm/vmalloc.c: get_cpu_var() turns preemption off to
 * reach this CPU's vmap_block_queue, whose spinlock_t it then takes.
 * The fix reaches it with raw_cpu_ptr(), preemption left on: the lock
 * protects the queue wherever the task runs.
 */
struct vmap_block_queue {
	spinlock_t lock;
	int nr_free;
};

static struct vmap_block_queue vmap_block_queue;
#define get_cpu_var(var) (*({ preempt_disable(); &(var); }))
#define put_cpu_var(var) do { (void)&(var); preempt_enable(); } while (0)
#define raw_cpu_ptr(ptr) (ptr)

/* Bug on RT. */
void new_vmap_block(void)
{
	struct vmap_block_queue *vbq;

	vbq = &get_cpu_var(vmap_block_queue);
	spin_lock(&vbq->lock);
	vbq->nr_free++;
	spin_unlock(&vbq->lock);
	put_cpu_var(vmap_block_queue);
}

/* The fix. */
void new_vmap_block_fixed(void)
{
	struct vmap_block_queue *vbq;

	vbq = raw_cpu_ptr(&vmap_block_queue);
	spin_lock(&vbq->lock);
	vbq->nr_free++;
	spin_unlock(&vbq->lock);
}
