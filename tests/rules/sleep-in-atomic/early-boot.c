/*
 * check-name: start_kernel()'s early boot (early_boot_irqs_disabled) is no atomic context
 * check-tree: sleep-hooks
 * check-path: init/main.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
init/main.c:47:2: warning: setup_arch_like() may sleep inside the atomic region begun by local_irq_disable() at init/main.c:46: setup_arch_like() -> kzalloc(GFP_KERNEL) [sleep-in-atomic]
init/main.c:66:2: warning: msleep() may sleep inside the atomic region begun by local_irq_disable() at init/main.c:63: msleep() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

#define true 1
#define false 0

extern void local_irq_disable(void);
extern void local_irq_enable(void);

bool early_boot_irqs_disabled;
static struct mutex boot_mutex;

/* Called before the scheduler runs: its sleeps are harmless there. */
static void setup_arch_like(void)
{
	void *p = kzalloc(64, GFP_KERNEL);

	kfree(p);
}

void start_kernel(void)
{
	local_irq_disable();
	early_boot_irqs_disabled = true;
	setup_arch_like();
	mutex_lock(&boot_mutex);
	mutex_unlock(&boot_mutex);
	early_boot_irqs_disabled = false;
	local_irq_enable();
}

/* Later, interrupts off by hand: sleeping there is a bug. */
void after_boot(void)
{
	local_irq_disable();
	setup_arch_like();
	local_irq_enable();
}

/* The flag tested: its true arm runs only in early boot (sleep_boot.c). */
void tests_the_flag(void)
{
	local_irq_disable();
	if (early_boot_irqs_disabled == true)
		msleep(1);
	local_irq_enable();
}

/* Early boot over ("= false"), interrupts still off: a bug again. */
void boot_over(void)
{
	local_irq_disable();
	early_boot_irqs_disabled = true;
	early_boot_irqs_disabled = false;
	msleep(1);
	local_irq_enable();
}
