/*
 * sched.c - the shim's per-thread atomic-context state, might_sleep(),
 * msleep() and panic().
 */
#include <linux/delay.h>
#include <linux/kernel.h>
#include <linux/preempt.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

__thread int shim_preempt_count;
__thread int shim_rcu_depth;

void panic(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("Kernel panic: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

void might_sleep(void)
{
	if (shim_preempt_count || shim_rcu_depth)
		panic("BUG: sleeping function called from invalid context: "
		      "preempt_count %d, rcu_read_lock depth %d",
		      shim_preempt_count, shim_rcu_depth);
}

void msleep(unsigned int msecs)
{
	struct timespec ts = {
		.tv_sec = msecs / 1000,
		.tv_nsec = (long)(msecs % 1000) * 1000000,
	};

	might_sleep();
	while (nanosleep(&ts, &ts))
		;
}
