/*
 * check-name: a lock a helper takes only when it returns true (refcount_dec_and_lock(), __cond_acquires) is a spinlock_t on PREEMPT_RT: a spinlock taken under it is fine there
 * check-tree: sleep-hooks
 * check-path: fs/nfs/state.c
 * check-flags: --rt -DCONFIG_PREEMPT_RT=1 -nostdinc -D__KERNEL__ -Iinclude
 */
#include <linux/spinlock.h>

#define __cond_acquires(x)

typedef struct {
	int refs;
} refcount_t;

extern bool refcount_dec_and_lock(refcount_t *r, spinlock_t *lock)
	__cond_acquires(lock);

struct owner {
	spinlock_t so_lock;
};

struct state {
	refcount_t count;
	spinlock_t *i_lock;
};

/* nfs4_put_open_state()'s shape (fs/nfs/nfs4state.c:784, 6.12). */
void put_open_state(struct state *state, struct owner *owner)
{
	if (!refcount_dec_and_lock(&state->count, &owner->so_lock))
		return;
	spin_lock(state->i_lock);
	spin_unlock(state->i_lock);
	spin_unlock(&owner->so_lock);
}
