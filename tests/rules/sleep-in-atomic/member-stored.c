/*
 * check-name: a member the caller stored a constant in before the call (a store, a designated initializer) decides the callee's test of it; a write between, or a store on one path alone, does not
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
kernel/case.c:68:2: warning: file_unmap() may sleep inside the atomic region begun by spin_lock(&b->lock) at kernel/case.c:67: file_unmap() -> might_sleep() [sleep-in-atomic]
kernel/case.c:78:2: warning: file_unmap() may sleep inside the atomic region begun by spin_lock(&b->lock) at kernel/case.c:77: file_unmap() -> might_sleep() [sleep-in-atomic]
kernel/case.c:88:2: warning: file_unmap() may sleep inside the atomic region begun by spin_lock(&b->lock) at kernel/case.c:87: file_unmap() -> might_sleep() [sleep-in-atomic]
kernel/case.c:98:2: warning: file_unmap() may sleep inside the atomic region begun by spin_lock(&b->lock) at kernel/case.c:97: file_unmap() -> might_sleep() [sleep-in-atomic]
kernel/case.c:137:2: warning: it_next() may sleep inside the atomic region begun by spin_lock(&lock_of_walks) at kernel/case.c:134: it_next() -> might_sleep() [sleep-in-atomic]
kernel/case.c:156:3: warning: it_next() may sleep inside the atomic region begun by spin_lock(&lock_of_walks) at kernel/case.c:154: it_next() -> might_sleep() [sleep-in-atomic]
kernel/case.c:179:2: warning: it_next() may sleep inside the atomic region begun by spin_lock(&lock_of_walks) at kernel/case.c:177: it_next() -> might_sleep() [sleep-in-atomic]
kernel/case.c:189:2: warning: it_next() may sleep inside the atomic region begun by spin_lock(&lock_of_walks) at kernel/case.c:188: it_next() -> might_sleep() [sleep-in-atomic]
kernel/case.c:201:2: warning: it_next() may sleep inside the atomic region begun by spin_lock(&lock_of_walks) at kernel/case.c:200: it_next() -> might_sleep() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

#define NULL ((void *)0)
#define IT_ATOMIC	(1 << 0)

extern void kfree(const void *p);
extern void invalidate(void *file);
extern void reset_storage(void *b);

struct bstore {
	void *file;
	void **map;
	int pages;
};

struct bmap {
	struct bstore storage;
	spinlock_t lock;
	int flags;
};

/* drivers/md/md-bitmap.c's md_bitmap_file_unmap(): sleeps with a file. */
static void file_unmap(struct bstore *store)
{
	void *file = store->file;

	kfree(store->map);
	if (file) {
		might_sleep();
		invalidate(file);
	}
}

/* __bitmap_resize()'s shape: the file taken away two lines before. */
void resize(struct bmap *b)
{
	b->storage.file = NULL;
	b->flags = 3;
	spin_lock(&b->lock);
	file_unmap(&b->storage);
	spin_unlock(&b->lock);
}

/* A file stored: it sleeps. */
void resize_with(struct bmap *b, void *f)
{
	b->storage.file = f;
	spin_lock(&b->lock);
	file_unmap(&b->storage);
	spin_unlock(&b->lock);
}

/* The object passed to a call between: anything may be in it again. */
void resize_reset(struct bmap *b)
{
	b->storage.file = NULL;
	reset_storage(b);
	spin_lock(&b->lock);
	file_unmap(&b->storage);
	spin_unlock(&b->lock);
}

/* Stored on one path alone: not known where they meet. */
void resize_maybe(struct bmap *b, int drop)
{
	if (drop)
		b->storage.file = NULL;
	spin_lock(&b->lock);
	file_unmap(&b->storage);
	spin_unlock(&b->lock);
}

/* Stored, then the whole storage copied over: not known. */
void resize_copied(struct bmap *b, struct bstore *from)
{
	b->storage.file = NULL;
	b->storage = *from;
	spin_lock(&b->lock);
	file_unmap(&b->storage);
	spin_unlock(&b->lock);
}

static spinlock_t lock_of_walks;

struct iter {
	void *page;
	unsigned int flags;
};

/* Sleeps unless started atomic. */
static int it_next(struct iter *it)
{
	if (it->flags & IT_ATOMIC)
		return 0;
	might_sleep();
	return 1;
}

/* kernel/sched/core.c's migrate_enable(): flags in the initializer. */
void walk_init(void *page)
{
	struct iter it = { .page = page, .flags = IT_ATOMIC };

	spin_lock(&lock_of_walks);
	it_next(&it);
	spin_unlock(&lock_of_walks);
}

/* Stored in the local object, then again after the first call. */
void walk_store(void)
{
	struct iter it;

	it.flags = IT_ATOMIC;
	spin_lock(&lock_of_walks);
	it_next(&it);
	it.flags = 0;
	it_next(&it);
	spin_unlock(&lock_of_walks);
}

/* Through the pointer a caller gave. */
void walk_ptr(struct iter *it)
{
	it->flags = IT_ATOMIC;
	spin_lock(&lock_of_walks);
	it_next(it);
	spin_unlock(&lock_of_walks);
}

/* A loop that writes the member: not known at its head. */
void walk_loop(struct iter *it, int n)
{
	it->flags = IT_ATOMIC;
	spin_lock(&lock_of_walks);
	while (n--) {
		it_next(it);
		it->flags = 0;
	}
	spin_unlock(&lock_of_walks);
}

/* A loop that leaves it alone keeps it. */
void walk_loop_kept(struct iter *it, int n)
{
	it->flags = IT_ATOMIC;
	spin_lock(&lock_of_walks);
	while (n--)
		kfree(it->page);
	it_next(it);
	spin_unlock(&lock_of_walks);
}

/* Each call may write what it is given: the second is not known. */
void walk_twice(struct iter *it)
{
	it->flags = IT_ATOMIC;
	spin_lock(&lock_of_walks);
	it_next(it);
	it_next(it);
	spin_unlock(&lock_of_walks);
}

/* Through another pointer of the type: it may be the same object. */
void walk_alias(struct iter *it, struct iter *other)
{
	it->flags = IT_ATOMIC;
	other->flags = 0;
	spin_lock(&lock_of_walks);
	it_next(it);
	spin_unlock(&lock_of_walks);
}

extern void iter_reset(struct iter *it);

/* Another pointer of the type given to a call: the same. */
void walk_alias_call(struct iter *it, struct iter *other)
{
	it->flags = IT_ATOMIC;
	iter_reset(other);
	spin_lock(&lock_of_walks);
	it_next(it);
	spin_unlock(&lock_of_walks);
}
