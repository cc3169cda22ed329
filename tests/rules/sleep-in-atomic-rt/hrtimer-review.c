/*
 * check-name: --rt review of a build without RT: IS_ENABLED(CONFIG_PREEMPT_RT), 0 in this build, is not taken as known, so a timer not marked HARD may be soft on RT (its cancel sleeps), while a HARD timer's cancel still spins
 * check-tree: sleep-hooks
 * check-path: kernel/events.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report --rt
 * check-units: kernel/hrtimer.c
 *
 * check-output-start
kernel/events.c:40:2: warning: hrtimer_cancel() may sleep on PREEMPT_RT inside the atomic region begun by raw_spin_lock(&ctx_lock) at kernel/events.c:39: hrtimer_cancel() -> hrtimer_cancel_wait_running() -> spin_lock_bh(&softirq_expiry_lock) (on PREEMPT_RT) [sleep-in-atomic-rt]
 * check-output-end
 */
#include <linux/hrtimer.h>

typedef struct { int raw; } raw_spinlock_t;
extern void raw_spin_lock(raw_spinlock_t *lock);
extern void raw_spin_unlock(raw_spinlock_t *lock);

static raw_spinlock_t ctx_lock;
static struct hrtimer sched_timer, mux_timer;

void timers_setup(void)
{
	hrtimer_init(&sched_timer, 1, HRTIMER_MODE_ABS_HARD);
	hrtimer_init(&mux_timer, 1, HRTIMER_MODE_REL);
}

/* HARD in every build: the cancel spins. */
void tick_restart(void)
{
	raw_spin_lock(&ctx_lock);
	hrtimer_cancel(&sched_timer);
	raw_spin_unlock(&ctx_lock);
}

/* Soft on RT, whatever this build's own configuration says. */
void mux_stop(void)
{
	raw_spin_lock(&ctx_lock);
	hrtimer_cancel(&mux_timer);
	raw_spin_unlock(&ctx_lock);
}
