/*
 * check_sleep_in_atomic_rt.c - sleep-in-atomic-rt: what may sleep only
 * on a PREEMPT_RT kernel, inside a region that stays atomic there: a
 * spinlock_t, rwlock_t or local_lock_t taken (they are sleeping locks
 * on RT), or memory allocated whatever the GFP, under a raw_spinlock_t,
 * with preemption or interrupts off.  On when the unit is built with
 * CONFIG_PREEMPT_RT, or with --rt (an RT review of any build); a
 * finding of every kernel stays sleep-in-atomic's.
 */
#include "checker/sleep/sleep.h"

static void on_unit(struct check_ctx *cx)
{
	int unit;
	const struct link *lk = sleep_unit(cx, &unit);
	const struct link *rt = lk ? sleep_unit_rt(cx) : NULL;

	if (rt)
		sleep_report_rt(cx, lk, rt, unit);
}

const struct rule rule_sleep_in_atomic_rt = {
	.id = "sleep-in-atomic-rt",
	.name = "SleepInAtomicRt",
	.summary = "A call that may sleep on PREEMPT_RT, inside a region "
		   "atomic there",
	.help = "On PREEMPT_RT spinlock_t, rwlock_t and local_lock_t are "
		"sleeping locks and the memory allocator may sleep, while a "
		"raw_spinlock_t, preempt_disable() or interrupts off stay "
		"atomic: taking such a lock, or allocating (even with "
		"GFP_ATOMIC), there is a sleep in atomic context on RT.  Use "
		"a raw_spinlock_t for the inner lock, move the call out of "
		"the region, or allocate before it.  See "
		"docs/rules/sleep-in-atomic-rt.md.",
	.on_unit = on_unit,
};
