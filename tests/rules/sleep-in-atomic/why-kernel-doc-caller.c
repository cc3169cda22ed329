/*
 * check-name: report --why flush_cache: a caller under a lock does not sleep through a function documented for atomic context, and is told which call would have
 * check-tree: sleep-hooks
 * check-path: mm/why_doc.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report --why flush_cache
 *
 * check-output-start
flush_cache() (mm/why_doc.c:43): does not sleep
  drop_page() at mm/why_doc.c:46 would sleep, but its kernel-doc (mm/why_doc.c:37) says "Context: May be called in process or interrupt context, but not in NMI context. May be called while holding a spinlock."
 * check-output-end
 *
 * drop_page() has folio_put()'s kernel-doc: it may be called under a
 * spinlock.  The analysis still finds a chain below it (the pool's
 * release); --why shows that chain and says that its callers are not
 * reported through it, and --why of a caller under a lock says which
 * call would have slept, and why it does not.
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

static spinlock_t lock;
static int pool_min, refs;

static void release_pool(void)
{
	if (pool_min > 0)
		msleep(1);
}

/**
 * drop_page - drop a reference to a page
 *
 * Context: May be called in process or interrupt context, but not in NMI
 * context.  May be called while holding a spinlock.
 */
void drop_page(void)
{
	if (!--refs)
		release_pool();
}

void flush_cache(void)
{
	spin_lock(&lock);
	drop_page();
	spin_unlock(&lock);
}
