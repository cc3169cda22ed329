/*
 * check-name: fput() defers the release: not a sleep under a lock; the file's own release is
 * check-tree: sleep-hooks
 * check-path: fs/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
fs/case.c:42:2: warning: release_now() may sleep inside the atomic region begun by spin_lock(&files_lock) at fs/case.c:40: release_now() -> might_sleep() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

struct file {
	long count;
	int opened;
};

static void release_now(struct file *f)
{
	might_sleep();
	kfree(f);
}

/* The last reference: a file never opened is freed at once. */
void fput(struct file *f)
{
	if (--f->count)
		return;
	if (!f->opened)
		kfree(f);
	else
		release_now(f);
}

static spinlock_t files_lock;

void drop_files(struct file *a, struct file *b)
{
	spin_lock(&files_lock);
	fput(a);
	release_now(b);
	spin_unlock(&files_lock);
}
