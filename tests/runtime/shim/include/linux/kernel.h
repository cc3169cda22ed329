/*
 * Shim of the kernel's panic() and might_sleep() (shim/sched.c).
 * might_sleep() is the check of CONFIG_DEBUG_ATOMIC_SLEEP: it panics when
 * called with preemption disabled or inside rcu_read_lock().
 */
#ifndef _SHIM_LINUX_KERNEL_H
#define _SHIM_LINUX_KERNEL_H

__attribute__((noreturn, format(printf, 1, 2)))
void panic(const char *fmt, ...);

void might_sleep(void);

#endif /* _SHIM_LINUX_KERNEL_H */
