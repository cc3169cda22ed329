/*
 * kthread.c - what a kernel thread gets for free: being known to RCU.
 * liburcu's readers must register before their first rcu_read_lock().
 */
#include <urcu.h>

#include "kthread.h"

void kthread_enter(void)
{
	rcu_register_thread();
}

void kthread_leave(void)
{
	rcu_unregister_thread();
}
