/*
 * check-name: raid_run_ops() (Linux 4.2; mainline "md/raid5: play nice with PREEMPT_RT"): the stripe's spinlock_t under get_cpu(), a call deep
 * check-tree: sleep-hooks
 * check-path: drivers/md/raid5.c
 * check-flags: --rt -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
drivers/md/raid5.c:54:3: warning: ops_run_biofill() may sleep on PREEMPT_RT inside the atomic region begun by get_cpu() at drivers/md/raid5.c:51: ops_run_biofill() -> spin_lock_irq(&sh->stripe_lock) (on PREEMPT_RT) [sleep-in-atomic-rt]
 * check-error-end
 */
#include <linux/spinlock.h>

/*
 * The shape of drivers/md/raid5.c: get_cpu() keeps the per-CPU scribble
 * buffers in use on this CPU while the stripe operations run, and
 * ops_run_biofill() takes sh->stripe_lock, a spinlock_t.  The fix
 * protects the per-CPU data with a local_lock_t, preemptible on RT.
 */
typedef struct { int l; } local_lock_t;
extern void local_lock(local_lock_t *lock);
extern void local_unlock(local_lock_t *lock);
extern void spin_lock_irq(spinlock_t *lock);
extern void spin_unlock_irq(spinlock_t *lock);

struct stripe_head {
	spinlock_t stripe_lock;
	int ops_request;
	int toread;
};
struct raid5_percpu {
	local_lock_t lock;
	void *scribble;
};

extern struct raid5_percpu *per_cpu_percpu(int cpu);
extern struct raid5_percpu *this_cpu_percpu(void);

static void ops_run_biofill(struct stripe_head *sh)
{
	spin_lock_irq(&sh->stripe_lock);
	sh->toread = 0;
	spin_unlock_irq(&sh->stripe_lock);
}

/* Bug on RT: the stripe's lock under get_cpu(). */
void raid_run_ops(struct stripe_head *sh)
{
	struct raid5_percpu *percpu;
	int cpu;

	cpu = get_cpu();
	percpu = per_cpu_percpu(cpu);
	if (sh->ops_request)
		ops_run_biofill(sh);
	percpu->scribble = 0;
	put_cpu();
}

/* The fix: a local_lock_t. */
void raid_run_ops_fixed(struct stripe_head *sh)
{
	struct raid5_percpu *percpu = this_cpu_percpu();

	local_lock(&percpu->lock);
	if (sh->ops_request)
		ops_run_biofill(sh);
	percpu->scribble = 0;
	local_unlock(&percpu->lock);
}
