/*
 * check-name: hibernation's "system_state = SYSTEM_SUSPEND" with interrupts off is no atomic context, until it says SYSTEM_RUNNING
 * check-tree: sleep-hooks
 * check-path: kernel/power/hibernate.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
kernel/power/hibernate.c:49:2: warning: free_image() may sleep inside the atomic region begun by local_irq_disable() at kernel/power/hibernate.c:45: free_image() -> mutex_lock() [sleep-in-atomic]
kernel/power/hibernate.c:56:2: warning: free_image() may sleep inside the atomic region begun by local_irq_disable() at kernel/power/hibernate.c:55: free_image() -> mutex_lock() [sleep-in-atomic]
 * check-error-end
 *
 * create_image()'s shape: with one CPU left and tasks frozen, the
 * kernel says so in system_state, and __might_resched() judges no sleep
 * past SYSTEM_RUNNING.  After "system_state = SYSTEM_RUNNING;" under
 * the same region, and in a region that never said it, a sleep is one.
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

enum system_states {
	SYSTEM_BOOTING,
	SYSTEM_SCHEDULING,
	SYSTEM_FREEING_INITMEM,
	SYSTEM_RUNNING,
	SYSTEM_HALT,
	SYSTEM_POWER_OFF,
	SYSTEM_RESTART,
	SYSTEM_SUSPEND,
};

extern enum system_states system_state;
extern void local_irq_disable(void);
extern void local_irq_enable(void);

static struct mutex image_mutex;

static void free_image(void)
{
	mutex_lock(&image_mutex);
	mutex_unlock(&image_mutex);
}

void create_image(void)
{
	local_irq_disable();
	system_state = SYSTEM_SUSPEND;
	free_image();
	system_state = SYSTEM_RUNNING;
	free_image();
	local_irq_enable();
}

void not_suspending(void)
{
	local_irq_disable();
	free_image();
	local_irq_enable();
}
