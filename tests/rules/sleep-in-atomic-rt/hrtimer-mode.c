/*
 * check-name: a timer's mode, stored where it is set up, decides its cancel on RT: a HARD timer's spins, another's takes the softirq's expiry lock (is_soft computed from the mode, CONFIG_PREEMPT_RT on)
 * check-tree: sleep-hooks
 * check-path: kernel/events.c
 * check-flags: -DCONFIG_PREEMPT_RT=1 -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 * check-units: kernel/hrtimer.c
 *
 * check-output-start
kernel/events.c:53:2: warning: hrtimer_cancel() may sleep on PREEMPT_RT inside the atomic region begun by raw_spin_lock(&ctx_lock) at kernel/events.c:52: hrtimer_cancel() -> hrtimer_cancel_wait_running() -> spin_lock_bh(&softirq_expiry_lock) (on PREEMPT_RT) [sleep-in-atomic-rt]
kernel/events.c:60:2: warning: hrtimer_cancel() may sleep on PREEMPT_RT inside the atomic region begun by raw_spin_lock(&ctx_lock) at kernel/events.c:59: hrtimer_cancel() -> hrtimer_cancel_wait_running() -> spin_lock_bh(&softirq_expiry_lock) (on PREEMPT_RT) [sleep-in-atomic-rt]
 * check-output-end
 */
#include <linux/hrtimer.h>

typedef struct { int raw; } raw_spinlock_t;
extern void raw_spin_lock(raw_spinlock_t *lock);
extern void raw_spin_unlock(raw_spinlock_t *lock);

static raw_spinlock_t ctx_lock;

struct tick_sched { struct hrtimer sched_timer; };
struct mux_ctx { struct hrtimer mux_timer; };
struct watchdog { struct hrtimer soft_timer; };

void tick_setup(struct tick_sched *ts)
{
	hrtimer_init(&ts->sched_timer, 1, HRTIMER_MODE_ABS_HARD);
}

void mux_setup(struct mux_ctx *c)
{
	hrtimer_init(&c->mux_timer, 1, HRTIMER_MODE_REL);
}

void watchdog_setup(struct watchdog *w)
{
	hrtimer_init(&w->soft_timer, 1, HRTIMER_MODE_REL_SOFT);
}

/* Every sched_timer is HARD: its cancel spins under the raw lock. */
void tick_restart(struct tick_sched *ts)
{
	raw_spin_lock(&ctx_lock);
	hrtimer_cancel(&ts->sched_timer);
	raw_spin_unlock(&ctx_lock);
}

/* A timer not marked HARD expires in softirq on RT: a sleep. */
void mux_stop(struct mux_ctx *c)
{
	raw_spin_lock(&ctx_lock);
	hrtimer_cancel(&c->mux_timer);
	raw_spin_unlock(&ctx_lock);
}

void watchdog_stop(struct watchdog *w)
{
	raw_spin_lock(&ctx_lock);
	hrtimer_cancel(&w->soft_timer);
	raw_spin_unlock(&ctx_lock);
}
