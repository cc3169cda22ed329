/*
 * check-name: a local set, where a lock was taken, to the object that holds the lock (compaction's "locked = lruvec;"): where a later test finds it NULL, the lock is not held; and the locals that tell nothing
 * check-tree: sleep-hooks
 * check-path: mm/lockowner.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
mm/lockowner.c:134:3: warning: msleep() may sleep inside the atomic region begun by compact_lock_irqsave(&lruvec->lru_lock, &flags, cc) at mm/lockowner.c:129: msleep() [sleep-in-atomic]
mm/lockowner.c:154:3: warning: msleep() may sleep inside the atomic region begun by compact_lock_irqsave(&lruvec->lru_lock, &flags, cc) at mm/lockowner.c:150: msleep() [sleep-in-atomic]
mm/lockowner.c:171:4: warning: msleep() may sleep inside the atomic region begun by compact_lock_irqsave(&lruvec->lru_lock, &flags, cc) at mm/lockowner.c:167: msleep() [sleep-in-atomic]
mm/lockowner.c:187:4: warning: msleep() may sleep inside the atomic region begun by compact_lock_irqsave(&lruvec->lru_lock, &flags, cc) at mm/lockowner.c:183: msleep() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

struct lruvec {
	spinlock_t lru_lock;
};

struct cc {
	int contended;
};

extern struct lruvec *folio_lruvec(int i);
extern struct lruvec *other_lruvec(int i);
extern int isolate_one(int i);

static inline void unlock_lruvec_irqrestore(struct lruvec *lruvec,
					    unsigned long flags)
{
	spin_unlock_irqrestore(&lruvec->lru_lock, flags);
}

static int compact_lock_irqsave(spinlock_t *lock, unsigned long *flags,
				struct cc *cc)
	__acquires(lock)
{
	spin_lock_irqsave(lock, *flags);
	return 1;
}

/*
 * isolate_migratepages_block()'s shape: the lock of the folio's lruvec
 * is taken when it changes, "locked" names the lruvec whose lock is
 * held, and every drop sets it to NULL.  Where it is NULL, nothing is
 * held.
 */
void isolate_range(struct cc *cc, int n)
{
	struct lruvec *locked = NULL, *lruvec;
	unsigned long flags = 0;
	int i;

	for (i = 0; i < n; i++) {
		lruvec = folio_lruvec(i);
		if (lruvec != locked) {
			if (locked)
				unlock_lruvec_irqrestore(locked, flags);
			compact_lock_irqsave(&lruvec->lru_lock, &flags, cc);
			locked = lruvec;
		}
		if (!isolate_one(i)) {
			if (locked) {
				unlock_lruvec_irqrestore(locked, flags);
				locked = NULL;
			}
			msleep(1);
		}
	}
	if (locked)
		unlock_lruvec_irqrestore(locked, flags);
}

/*
 * The same with its gotos: every failure after the lock jumps to a
 * label that drops it if "locked" says so; the label's paths meet
 * there, none comes back.
 */
void isolate_gotos(struct cc *cc, int n)
{
	struct lruvec *locked = NULL, *lruvec;
	unsigned long flags = 0;
	int i, nr = 0;

	for (i = 0; i < n; i++) {
		if (isolate_one(-i))
			goto fail;
		lruvec = folio_lruvec(i);
		if (lruvec != locked) {
			if (locked)
				unlock_lruvec_irqrestore(locked, flags);
			compact_lock_irqsave(&lruvec->lru_lock, &flags, cc);
			locked = lruvec;
		}
		if (!isolate_one(i))
			goto fail_put;
		nr++;
		continue;
fail_put:
		if (locked) {
			unlock_lruvec_irqrestore(locked, flags);
			locked = NULL;
		}
fail:
		if (nr) {
			if (locked) {
				unlock_lruvec_irqrestore(locked, flags);
				locked = NULL;
			}
			msleep(5);
		}
	}
	if (locked)
		unlock_lruvec_irqrestore(locked, flags);
}

/*
 * A label a later goto comes back to: what the paths knew there is
 * forgotten, for the goto's path may bring the lock with "locked" NULL
 * (as here: the second time round, msleep() runs under the lock).
 */
void label_loop(struct cc *cc, int i)
{
	struct lruvec *locked = NULL, *lruvec = folio_lruvec(i);
	unsigned long flags = 0;

	if (isolate_one(i)) {
		compact_lock_irqsave(&lruvec->lru_lock, &flags, cc);
		locked = lruvec;
	}
again:
	if (!locked)
		msleep(6);
	if (--i > 0) {
		locked = NULL;
		goto again;
	}
	if (locked)
		unlock_lruvec_irqrestore(locked, flags);
}

/* Where the test finds the local set, the lock is held. */
void sleeps_while_set(struct cc *cc, int i)
{
	struct lruvec *locked = NULL, *lruvec = folio_lruvec(i);
	unsigned long flags = 0;

	if (isolate_one(i)) {
		compact_lock_irqsave(&lruvec->lru_lock, &flags, cc);
		locked = lruvec;
	}
	if (locked)
		msleep(2);
	if (locked)
		unlock_lruvec_irqrestore(locked, flags);
}

/* Another object than the lock's: NULL or not, it tells nothing. */
void other_object(struct cc *cc, int i)
{
	struct lruvec *locked = NULL, *lruvec = folio_lruvec(i);
	unsigned long flags = 0;

	for (; i > 0; i--) {
		if (isolate_one(i)) {
			compact_lock_irqsave(&lruvec->lru_lock, &flags, cc);
			locked = other_lruvec(i);
		}
		if (!locked)
			msleep(3);
	}
}

/* The local written by the arm that took no lock: it tells nothing. */
void set_elsewhere(struct cc *cc, int i)
{
	struct lruvec *last = NULL, *lruvec = folio_lruvec(i);
	unsigned long flags = 0;

	for (; i > 0; i--) {
		if (isolate_one(i))
			compact_lock_irqsave(&lruvec->lru_lock, &flags, cc);
		else
			last = lruvec;
		if (!last)
			msleep(4);
	}
}
