/*
 * check-name: a loop no condition ends ("for (;;)", "while (1)") is left only by a break: the state after it is the breaks', not that of no iteration (posix_acl.c's get_cached_acl() released no lock of its caller's)
 * check-tree: sleep-hooks
 * check-path: fs/endless.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
fs/endless.c:53:2: warning: kmalloc() may sleep inside the atomic region begun by spin_lock(&cache_lock) at fs/endless.c:51: kmalloc(GFP_KERNEL) [sleep-in-atomic]
fs/endless.c:61:2: warning: kmalloc() may sleep inside the atomic region begun by spin_lock(&cache_lock) at fs/endless.c:59: kmalloc(GFP_KERNEL) [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

struct acl {
	int refs;
};

static spinlock_t cache_lock;
static struct acl *cached;

/* get_cached_acl(): the reader left once, after the loop. */
static struct acl *acl_get(void)
{
	struct acl *acl;

	for (;;) {
		rcu_read_lock();
		acl = cached;
		if (!acl || acl->refs++)
			break;
		rcu_read_unlock();
	}
	rcu_read_unlock();
	return acl;
}

static void acl_wait(void)
{
	while (1) {
		rcu_read_lock();
		if (cached)
			break;
		rcu_read_unlock();
	}
	rcu_read_unlock();
}

void acl_refresh(void)
{
	spin_lock(&cache_lock);
	acl_get();
	kmalloc(8, GFP_KERNEL);		/* still under cache_lock */
	spin_unlock(&cache_lock);
}

void acl_refresh_wait(void)
{
	spin_lock(&cache_lock);
	acl_wait();
	kmalloc(8, GFP_KERNEL);		/* still under cache_lock */
	spin_unlock(&cache_lock);
}
