/*
 * check-name: a parameter whose body sets or clears other bits still decides a test of its own bits
 * check-tree: sleep-hooks
 * check-path: kernel/bits.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
kernel/bits.c:72:2: warning: mark_dirty() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/bits.c:71: mark_dirty() -> might_sleep() [sleep-in-atomic]
kernel/bits.c:73:2: warning: get_folio() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/bits.c:71: get_folio() -> might_sleep() [sleep-in-atomic]
kernel/bits.c:74:2: warning: get_folio() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/bits.c:71: get_folio() -> might_sleep() [sleep-in-atomic]
kernel/bits.c:75:2: warning: reset() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/bits.c:71: reset() -> might_sleep() [sleep-in-atomic]
 * check-error-end
 *
 * mark_dirty() is __mark_inode_dirty()'s shape: it adds and drops
 * DIRTY_TIME, so a test of DIRTY_INODE's bits still reads what the
 * caller passed, and mark_buffer_dirty()'s DIRTY_PAGES rules the
 * sleep out.  get_folio() sets the very bit it tests (FGP_LOCK), and
 * reset() assigns its parameter: neither is assumed, so any call sleeps.
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

#define DIRTY_SYNC	(1 << 3)
#define DIRTY_DATASYNC	(1 << 4)
#define DIRTY_PAGES	(1 << 5)
#define DIRTY_TIME	(1 << 11)
#define DIRTY_INODE	(DIRTY_SYNC | DIRTY_DATASYNC)
#define FGP_LOCK	0x1
#define FGP_CREAT	0x2

extern int time_dirty(void);

static spinlock_t lock;

static void mark_dirty(int flags)
{
	if (flags & DIRTY_INODE) {
		if (time_dirty())
			flags |= DIRTY_TIME;
		might_sleep();
	}
	flags &= ~DIRTY_TIME;
}

static void get_folio(unsigned int fgp)
{
	if (fgp & FGP_CREAT)
		fgp |= FGP_LOCK;
	if (fgp & FGP_LOCK)
		might_sleep();
}

static void reset(unsigned int mode)
{
	if (time_dirty())
		mode = 1;
	if (mode & 1)
		might_sleep();
}

void fine(void)
{
	spin_lock(&lock);
	mark_dirty(DIRTY_PAGES);
	mark_dirty(DIRTY_TIME);
	spin_unlock(&lock);
}

void bug(void)
{
	spin_lock(&lock);
	mark_dirty(DIRTY_SYNC);
	get_folio(FGP_CREAT);
	get_folio(0);
	reset(0);
	spin_unlock(&lock);
}
