/*
 * check_sleep_in_atomic.c - sleep-in-atomic: a call inside an atomic
 * region to a sleeping primitive, or to a function that may sleep
 * through calls that pass no hook (those are sleep-in-atomic-hook).
 */
#include "checker/sleep/sleep.h"

static void on_unit(struct check_ctx *cx)
{
	int unit;
	const struct link *lk = sleep_unit(cx, &unit);

	if (lk)
		sleep_report(cx, lk, unit, &rule_sleep_in_atomic);
}

const struct rule rule_sleep_in_atomic = {
	.id = "sleep-in-atomic",
	.name = "SleepInAtomic",
	.summary = "A call that may sleep, inside an atomic region",
	.help = "Inside a spinlock, an RCU read section, or with preemption, "
		"interrupts or bottom halves off, the code must not sleep: "
		"no mutex, no blocking allocation (GFP_KERNEL), no user "
		"copy, no schedule().  The message names where the region "
		"began and one chain to the sleeping primitive.  Move the "
		"call out of the region, or use the non-sleeping variant "
		"(GFP_ATOMIC).  See docs/rules/sleep-in-atomic.md.",
	.on_unit = on_unit,
};
