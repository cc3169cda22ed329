/*
 * check-name: a member a set-up call stores (sg_miter_start()'s flags) decides a later test of it on the same object
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
kernel/case.c:101:9: warning: sg_miter_next() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:100: sg_miter_next() -> might_sleep() [sleep-in-atomic]
kernel/case.c:114:2: warning: sg_miter_next() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:112: sg_miter_next() -> might_sleep() [sleep-in-atomic]
kernel/case.c:128:2: warning: sg_miter_next() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:127: sg_miter_next() -> might_sleep() [sleep-in-atomic]
kernel/case.c:129:2: warning: next_resetting() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:127: next_resetting() -> might_sleep() [sleep-in-atomic]
kernel/case.c:157:2: warning: sg_miter_next() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:156: sg_miter_next() -> might_sleep() [sleep-in-atomic]
kernel/case.c:186:2: warning: sg_miter_next() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:185: sg_miter_next() -> might_sleep() [sleep-in-atomic]
kernel/case.c:187:2: warning: next_once() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:185: next_once() -> might_sleep() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

#define SG_MITER_ATOMIC	(1 << 0)
#define SG_MITER_TO_SG	(1 << 1)

extern void *kmap(void *page);
extern void *kmap_atomic(void *page);

struct sg_mapping_iter {
	void *page;
	void *addr;
	unsigned int __flags;
};

/* lib/scatterlist.c's shape: the flags kept in the iterator. */
void sg_miter_start(struct sg_mapping_iter *miter, void *sgl,
		    unsigned int nents, unsigned int flags)
{
	miter->page = sgl;
	miter->__flags = flags;
}

/* Maps atomically only when the iterator was started so. */
int sg_miter_next(struct sg_mapping_iter *miter)
{
	if (miter->__flags & SG_MITER_ATOMIC) {
		miter->addr = kmap_atomic(miter->page);
	} else {
		might_sleep();
		miter->addr = kmap(miter->page);
	}
	return miter->addr != 0;
}

/* A wrapper that sets one flag itself and passes the others on. */
static void start_to_sg(struct sg_mapping_iter *miter, unsigned int flags)
{
	sg_miter_start(miter, 0, 1, flags | SG_MITER_TO_SG);
}

/* The iterator passed on: the test stays its caller's. */
static void drain(struct sg_mapping_iter *miter)
{
	while (sg_miter_next(miter))
		;
}

/* Tests a member it writes itself: not the caller's value. */
static int next_resetting(struct sg_mapping_iter *miter)
{
	miter->__flags = 0;
	if (miter->__flags & SG_MITER_ATOMIC)
		return 0;
	might_sleep();
	return 1;
}

static spinlock_t lock;
static struct sg_mapping_iter global_iter;

void global_setup(void)
{
	sg_miter_start(&global_iter, 0, 1, SG_MITER_ATOMIC);
}

void copy_atomic(void *sg)
{
	struct sg_mapping_iter miter;

	sg_miter_start(&miter, sg, 1, SG_MITER_TO_SG | SG_MITER_ATOMIC);
	spin_lock(&lock);
	while (sg_miter_next(&miter))
		;
	drain(&miter);
	spin_unlock(&lock);
}

void copy_sleeping(void *sg)
{
	struct sg_mapping_iter miter;

	sg_miter_start(&miter, sg, 1, SG_MITER_TO_SG);
	spin_lock(&lock);
	while (sg_miter_next(&miter))
		;
	spin_unlock(&lock);
}

void copy_wrapped(void)
{
	struct sg_mapping_iter atomic, sleeping;

	start_to_sg(&atomic, SG_MITER_ATOMIC);
	start_to_sg(&sleeping, 0);
	spin_lock(&lock);
	sg_miter_next(&atomic);
	sg_miter_next(&sleeping);
	spin_unlock(&lock);
}

/* Started two ways: not known which. */
void copy_either(int fast)
{
	struct sg_mapping_iter miter;

	if (fast)
		sg_miter_start(&miter, 0, 1, SG_MITER_ATOMIC);
	else
		sg_miter_start(&miter, 0, 1, 0);
	spin_lock(&lock);
	sg_miter_next(&miter);
	next_resetting(&miter);
	spin_unlock(&lock);
}

/* lib/scatterlist.c's sg_copy_buffer(): flags in a local, bits only added. */
void copy_buffer(void *sg, int to_buffer)
{
	struct sg_mapping_iter miter;
	unsigned int sg_flags = SG_MITER_ATOMIC;

	if (to_buffer)
		sg_flags |= SG_MITER_TO_SG;
	sg_miter_start(&miter, sg, 1, sg_flags);
	spin_lock(&lock);
	sg_miter_next(&miter);
	spin_unlock(&lock);
}

/* A local whose bits are cleared later: not known. */
void copy_cleared(void *sg, int slow)
{
	struct sg_mapping_iter miter;
	unsigned int sg_flags = SG_MITER_ATOMIC;

	if (slow)
		sg_flags &= ~SG_MITER_ATOMIC;
	sg_miter_start(&miter, sg, 1, sg_flags);
	spin_lock(&lock);
	sg_miter_next(&miter);
	spin_unlock(&lock);
}

/* Writes the flags again through WRITE_ONCE(): not only the set-up's. */
#define WRITE_ONCE(x, val) do { *(volatile __typeof__(x) *)&(x) = (val); } while (0)

void sg_miter_reset(struct sg_mapping_iter *miter)
{
	WRITE_ONCE(miter->__flags, 0);
}

/* Tests a member it writes through WRITE_ONCE() itself. */
static int next_once(struct sg_mapping_iter *miter)
{
	WRITE_ONCE(miter->__flags, SG_MITER_ATOMIC);
	if (miter->__flags & SG_MITER_ATOMIC)
		return 0;
	might_sleep();
	return 1;
}

void copy_reset(void *sg)
{
	struct sg_mapping_iter miter;

	sg_miter_start(&miter, sg, 1, SG_MITER_ATOMIC);
	sg_miter_reset(&miter);
	spin_lock(&lock);
	sg_miter_next(&miter);
	next_once(&miter);
	spin_unlock(&lock);
}

void copy_global(void)
{
	spin_lock(&lock);
	sg_miter_next(&global_iter);
	spin_unlock(&lock);
}
