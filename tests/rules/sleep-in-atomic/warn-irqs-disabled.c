/*
 * check-name: "if (WARN(!irqs_disabled(), ...)) local_irq_disable();" inside an interrupts-off region opens no second one
 * check-tree: sleep-hooks
 * check-path: init/main.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
init/main.c:34:2: warning: msleep() may sleep inside the atomic region begun by local_irq_disable() at init/main.c:31: msleep() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

extern void local_irq_disable(void);
extern void local_irq_enable(void);
extern int irqs_disabled(void);
extern int __warn_printk(const char *fmt, ...);
#define WARN(condition, format...) ({				\
	int __ret_warn_on = !!(condition);			\
	if (__ret_warn_on)					\
		__warn_printk(format);				\
	__ret_warn_on;						\
})

/*
 * start_kernel()'s shape (6.12 init/main.c:949): the WARN's arm runs
 * only when interrupts are on, which the region says they are not.
 */
void start_kernel_like(void)
{
	local_irq_disable();
	if (WARN(!irqs_disabled(), "Interrupts were enabled *very* early\n"))
		local_irq_disable();
	msleep(1);
	local_irq_enable();
	msleep(2);
}
