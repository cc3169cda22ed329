/*
 * check-name: an unlock ends the region of the lock it names, even with regions opened inside it since
 * check-tree: sleep-hooks
 * check-path: mm/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
mm/case.c:69:2: warning: msleep() may sleep inside the atomic region begun by spin_lock(&inner) at mm/case.c:67: msleep() [sleep-in-atomic]
 * check-error-end
 *
 * shadow_lru_isolate()'s shape (mm/workingset.c): entered holding its
 * caller's lru_lock, it takes the mapping's locks, then drops lru_lock
 * with them held, then them: every path reaches cond_resched() with no
 * lock held.  Hand over hand: after the outer lock goes, the inner
 * one's region is the one open.
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>
#include <linux/irqctx.h>

extern void msleep(unsigned int ms);
extern void cond_resched(void);
extern void isolate_item(void *item);

struct mapping {
	spinlock_t i_pages;
	spinlock_t *host_lock;
};

/* Quiet: every path drops all three before cond_resched(). */
int isolate(void *item, spinlock_t *lru_lock, struct mapping *mapping)
	__must_hold(lru_lock)
{
	int ret;

	if (!spin_trylock(&mapping->i_pages)) {
		spin_unlock_irq(lru_lock);
		ret = 1;
		goto out;
	}
	if (mapping->host_lock) {
		if (!spin_trylock(mapping->host_lock)) {
			spin_unlock(&mapping->i_pages);
			spin_unlock_irq(lru_lock);
			ret = 1;
			goto out;
		}
	}
	isolate_item(item);
	spin_unlock(lru_lock);
	spin_unlock(&mapping->i_pages);
	if (mapping->host_lock)
		spin_unlock(mapping->host_lock);
	ret = 2;
out:
	cond_resched();
	spin_lock_irq(lru_lock);
	return ret;
}

static spinlock_t outer, inner;

/* Fires once: under inner, after outer is dropped; quiet after both. */
void hand_over_hand(void)
{
	spin_lock(&outer);
	spin_lock(&inner);
	spin_unlock(&outer);
	msleep(1);
	spin_unlock(&inner);
	msleep(1);
}
