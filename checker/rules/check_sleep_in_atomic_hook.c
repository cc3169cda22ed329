/*
 * check_sleep_in_atomic_hook.c - sleep-in-atomic-hook: a hook called
 * (through its wrapper, its dispatcher or the table) inside an atomic
 * region, where an implementation registered for that hook, in any
 * module, may sleep.  The facts and the link are sleep_unit.c's.
 */
#include "checker/sleep/sleep.h"

static void on_unit(struct check_ctx *cx)
{
	int unit;
	const struct link *lk = sleep_unit(cx, &unit);

	if (lk)
		sleep_report(cx, lk, unit, &rule_sleep_in_atomic_hook);
}

const struct rule rule_sleep_in_atomic_hook = {
	.id = "sleep-in-atomic-hook",
	.name = "SleepInAtomicHook",
	.summary = "A hook whose implementation may sleep, called inside an "
		   "atomic region",
	.help = "A spinlock, rwlock, RCU read section, or preemption, "
		"interrupts or bottom halves turned off make a region where "
		"the code must not sleep; a hook called there runs every "
		"module's implementation, and one of them may sleep "
		"(\"scheduling while atomic\").  Smatch does not follow calls "
		"through function pointers, so it cannot see this.  The "
		"message names where the region began and one chain from the "
		"call to the sleeping primitive.  Call the hook after the "
		"region ends, or make the implementation not sleep "
		"(GFP_ATOMIC, no mutex).  See "
		"docs/rules/sleep-in-atomic-hook.md.",
	.on_unit = on_unit,
};
