/*
 * Shim of preempt_disable()/preempt_enable(): a per-thread count, as the
 * kernel keeps one per task.  might_sleep() panics while it is not zero.
 */
#ifndef _SHIM_LINUX_PREEMPT_H
#define _SHIM_LINUX_PREEMPT_H

#include <linux/compiler.h>
#include <linux/kernel.h>

extern __thread int shim_preempt_count;

#define preempt_count()	(shim_preempt_count)

#define preempt_disable() \
	do { \
		shim_preempt_count++; \
		barrier(); \
	} while (0)

#define preempt_enable() \
	do { \
		barrier(); \
		if (unlikely(--shim_preempt_count < 0)) \
			panic("preempt_enable() without preempt_disable()"); \
	} while (0)

#endif /* _SHIM_LINUX_PREEMPT_H */
