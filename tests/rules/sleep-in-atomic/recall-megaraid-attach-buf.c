/*
 * check-name: recall: megaraid_mm allocates from a DMA pool with GFP_KERNEL under the pool's spinlock
 * check-tree: sleep-recall
 * check-path: drivers/scsi/megaraid/megaraid_mm.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 * check-units: mm/dmapool.c
 *
 * Upstream fix: megaraid_mm's mraid_mm_attach_buf() allocates with
 * GFP_ATOMIC under pool->lock (Linux 6.1 drivers/scsi/megaraid/
 * megaraid_mm.c:569; commit id not found, found by diffing 4.2 and 6.1).
 * Real code: Linux 4.2.8 drivers/scsi/megaraid/megaraid_mm.c:573,
 * pci_pool_alloc(pool->handle, GFP_KERNEL, ...) under
 * spin_lock_irqsave(&pool->lock) at :569; pci_pool_alloc is a macro for
 * dma_pool_alloc() (mm/dmapool.c), which sleeps only when its gfp_t
 * argument can block: might_sleep_if(mem_flags & __GFP_WAIT) and
 * kmalloc/page allocation with mem_flags.
 *
 * Found since a gfp_t parameter passed on is a condition of the
 * function ("sleeps when argument 2 can block"), decided at each call
 * by the flags written (docs/rules/sleep-in-atomic.md): dma_pool_alloc()
 * passes mem_flags to its allocation, so GFP_KERNEL here fires and
 * mraid_mm_attach_buf_fixed (GFP_ATOMIC) stays quiet.
 *
 * check-output-start
drivers/scsi/megaraid/megaraid_mm.c:50:20: warning: dma_pool_alloc() may sleep inside the atomic region begun by spin_lock_irqsave(&pool->lock, flags) at drivers/scsi/megaraid/megaraid_mm.c:48: dma_pool_alloc() -> kmalloc(mem_flags) [sleep-in-atomic]
 * check-output-end
 */
#include <linux/spinlock.h>
#include <linux/pci.h>

struct mm_dmapool {
	spinlock_t lock;
	struct pci_pool *handle;
	int in_use;
};

struct uioc {
	void *buf_vaddr;
	dma_addr_t buf_paddr;
	int free_buf;
};

int mraid_mm_attach_buf(struct mm_dmapool *pool, struct uioc *kioc)
{
	unsigned long flags;

	spin_lock_irqsave(&pool->lock, flags);
	kioc->free_buf = 1;
	kioc->buf_vaddr = pci_pool_alloc(pool->handle, GFP_KERNEL,
					 &kioc->buf_paddr);
	spin_unlock_irqrestore(&pool->lock, flags);
	return kioc->buf_vaddr ? 0 : -ENOMEM;
}

/* As the fix has it: GFP_ATOMIC. */
int mraid_mm_attach_buf_fixed(struct mm_dmapool *pool, struct uioc *kioc)
{
	unsigned long flags;

	spin_lock_irqsave(&pool->lock, flags);
	kioc->free_buf = 1;
	kioc->buf_vaddr = dma_pool_alloc(pool->handle, GFP_ATOMIC,
					 &kioc->buf_paddr);
	spin_unlock_irqrestore(&pool->lock, flags);
	return kioc->buf_vaddr ? 0 : -ENOMEM;
}
