/*
 * check_sleep_under_guard.c - sleep-under-guard: a hook whose guard
 * policy (guard = rcu or preempt, docs/config.md) makes its wrapper run
 * it where it must not sleep, with a registered implementation that may
 * sleep.  Reported at the registration.  On PREEMPT_RT (--rt, or
 * CONFIG_PREEMPT_RT) also a hook under preempt whose implementation
 * sleeps there only: takes a spinlock_t, allocates.
 */
#include "checker/sleep/sleep.h"

static void on_unit(struct check_ctx *cx)
{
	int unit;
	const struct link *lk = sleep_unit(cx, &unit);
	const struct link *rt = lk ? sleep_unit_rt(cx) : NULL;

	if (lk)
		sleep_report(cx, lk, unit, &rule_sleep_under_guard);
	if (rt)
		sleep_report_guard_rt(cx, lk, rt, unit);
}

const struct rule rule_sleep_under_guard = {
	.id = "sleep-under-guard",
	.name = "SleepUnderGuard",
	.summary = "A hook guarded by rcu or preempt, with an implementation "
		   "that may sleep",
	.help = "The rcu and preempt guard policies make a hook's wrapper "
		"call it inside an RCU read section or with preemption off, "
		"where it must not sleep; an implementation registered for "
		"the hook may sleep, with the chain the message shows.  Give "
		"the hook the guard none or refcount (guard.HOOK in "
		"hookwrap.conf), or make the implementation not sleep.  See "
		"docs/rules/sleep-under-guard.md.",
	.on_unit = on_unit,
};
