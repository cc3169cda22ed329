/*
 * check-name: __build_all_zonelists() (Linux 6.1; mainline 6.5 "use write_seqlock_irqsave() instead write_seqlock() + local_irq_save()"): a seqlock_t's spinlock_t under local_irq_save()
 * check-tree: sleep-hooks
 * check-path: mm/page_alloc.c
 * check-flags: --rt -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
mm/page_alloc.c:64:2: warning: write_seqlock() may sleep on PREEMPT_RT inside the atomic region begun by local_irq_save(flags) at mm/page_alloc.c:63: write_seqlock() -> spin_lock(&sl->lock) (on PREEMPT_RT) [sleep-in-atomic-rt]
 * check-error-end
 */
#include <linux/spinlock.h>

/*
 * The shape of mm/page_alloc.c and of include/linux/seqlock.h, whose
 * inline write_seqlock() takes the seqlock_t's spinlock_t: on
 * PREEMPT_RT a sleeping lock, taken here where local_irq_save() has
 * turned interrupts off.  write_seqlock_irqsave() takes the lock the
 * spinlock_t way, interrupts left on on RT.
 */
typedef struct {
	unsigned sequence;
	spinlock_t lock;
} seqlock_t;

static inline void write_seqlock(seqlock_t *sl)
{
	spin_lock(&sl->lock);
	sl->sequence++;
}

static inline void write_sequnlock(seqlock_t *sl)
{
	sl->sequence++;
	spin_unlock(&sl->lock);
}

static inline unsigned long __write_seqlock_irqsave(seqlock_t *sl)
{
	unsigned long flags;

	spin_lock_irqsave(&sl->lock, flags);
	sl->sequence++;
	return flags;
}
#define write_seqlock_irqsave(sl, flags) \
	do { flags = __write_seqlock_irqsave(sl); } while (0)

static inline void write_sequnlock_irqrestore(seqlock_t *sl,
					      unsigned long flags)
{
	sl->sequence++;
	spin_unlock_irqrestore(&sl->lock, flags);
}

static seqlock_t zonelist_update_seq;
extern void build_zonelists(int nid);

/* Bug on RT: the seqlock's spinlock_t with interrupts off. */
void __build_all_zonelists(int nid)
{
	unsigned long flags;

	local_irq_save(flags);
	write_seqlock(&zonelist_update_seq);
	build_zonelists(nid);
	write_sequnlock(&zonelist_update_seq);
	local_irq_restore(flags);
}

/* The fix. */
void __build_all_zonelists_fixed(int nid)
{
	unsigned long flags;

	write_seqlock_irqsave(&zonelist_update_seq, flags);
	build_zonelists(nid);
	write_sequnlock_irqrestore(&zonelist_update_seq, flags);
}
