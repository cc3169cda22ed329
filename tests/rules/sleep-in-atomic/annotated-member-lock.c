/*
 * check-name: a function entered with a member lock held: atomic for a spinlock, not for a mutex
 * check-tree: sleep-hooks
 * check-path: fs/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
fs/case.c:34:2: warning: msleep() may sleep inside the atomic region begun by __must_hold(&h->slock) at fs/case.c:31: msleep() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

extern void mutex_unlock(struct mutex *lock);

struct holder {
	struct mutex holder_lock;
	spinlock_t slock;
	int users;
};

/* Entered with the holder's mutex held, as its annotation says. */
void put_holder(struct holder *h) __releases(&h->holder_lock)
{
	h->users--;
	mutex_unlock(&h->holder_lock);
	msleep(1);
}

/* Entered with the spinlock held. */
void count_holder(struct holder *h) __must_hold(&h->slock)
{
	h->users++;
	msleep(1);
}
