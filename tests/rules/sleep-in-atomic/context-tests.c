/*
 * check-name: a callee that tests in_interrupt() or irqs_disabled() sleeps only outside that context
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
kernel/case.c:82:2: warning: serving_like() may sleep inside the atomic region begun by local_bh_disable() at kernel/case.c:79: serving_like() -> msleep() [sleep-in-atomic]
kernel/case.c:113:2: warning: kvfree_like() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:112: kvfree_like() -> vfree_like() -> might_sleep() [sleep-in-atomic]
kernel/case.c:116:2: warning: put_like() may sleep inside the atomic region begun by rcu_read_lock() at kernel/case.c:115: put_like() -> put_now() -> might_sleep() [sleep-in-atomic]
kernel/case.c:119:2: warning: vfree_like() may sleep inside the atomic region begun by preempt_disable() at kernel/case.c:118: vfree_like() -> might_sleep() [sleep-in-atomic]
kernel/case.c:129:2: warning: kvfree_like() may sleep inside the atomic region begun by spin_lock_irqsave(&lock, flags) at kernel/case.c:128: kvfree_like() -> vfree_like() -> might_sleep() [sleep-in-atomic]
kernel/case.c:132:2: warning: put_like() may sleep inside the atomic region begun by local_bh_disable() at kernel/case.c:131: put_like() -> put_now() -> might_sleep() [sleep-in-atomic]
kernel/case.c:145:2: warning: put_like() may sleep inside the atomic region begun by spin_lock_irqsave(&lock, flags) at kernel/case.c:142: put_like() -> put_now() -> might_sleep() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>
#include <linux/irqctx.h>

extern void defer_free(const void *p);
extern void queue_put(void *w);
extern int is_big(const void *p);

/* vfree()'s way: in interrupt context it defers, else it may sleep. */
void vfree_like(const void *p)
{
	if (unlikely(in_interrupt())) {
		defer_free(p);
		return;
	}
	might_sleep();
}

/* Does not test the context itself: its callers' decides. */
void kvfree_like(const void *p)
{
	if (is_big(p))
		vfree_like(p);
	else
		kfree(p);
}

/* Sleeps on its own as well (a mutex, say), in any context. */
static void put_now(void *w)
{
	vfree_like(w);
	might_sleep();
}

/* __bpf_prog_put()'s way: with interrupts off it defers. */
void put_like(void *w)
{
	if (in_irq() || irqs_disabled())
		queue_put(w);
	else
		put_now(w);
}

/* in_softirq() is true under local_bh_disable() as well. */
void soft_like(void)
{
	if (!in_softirq())
		msleep(1);
}

/* in_serving_softirq() is not: a BH-disabled region is not serving. */
void serving_like(void)
{
	if (in_serving_softirq())
		return;
	msleep(1);
}

static spinlock_t lock;

void bh_regions(void *p)
{
	local_bh_disable();
	kvfree_like(p);
	soft_like();
	serving_like();
	local_bh_enable();
	spin_lock_bh(&lock);
	vfree_like(p);
	spin_unlock_bh(&lock);
	rcu_read_lock_bh();
	kvfree_like(p);
	rcu_read_unlock_bh();
}

void irq_regions(void *p)
{
	unsigned long flags;

	spin_lock_irqsave(&lock, flags);
	put_like(p);
	spin_unlock_irqrestore(&lock, flags);
	spin_lock_irq(&lock);
	put_like(p);
	spin_unlock_irq(&lock);
	local_irq_disable();
	spin_lock(&lock);
	put_like(p);
	spin_unlock(&lock);
	local_irq_enable();
}

/* Neither a lock nor RCU turns interrupts or bottom halves off. */
void plain_regions(void *p)
{
	spin_lock(&lock);
	kvfree_like(p);
	spin_unlock(&lock);
	rcu_read_lock();
	put_like(p);
	rcu_read_unlock();
	preempt_disable();
	vfree_like(p);
	preempt_enable();
}

/* Interrupts off is not in_interrupt(), nor bottom halves off the other. */
void crossed_regions(void *p)
{
	unsigned long flags;

	spin_lock_irqsave(&lock, flags);
	kvfree_like(p);
	spin_unlock_irqrestore(&lock, flags);
	local_bh_disable();
	put_like(p);
	local_bh_enable();
}

/* A region open on one path only decides nothing after the paths meet. */
void one_path(void *p, int irq)
{
	unsigned long flags;

	if (irq)
		spin_lock_irqsave(&lock, flags);
	else
		spin_lock(&lock);
	put_like(p);
	spin_unlock(&lock);
}

/* A helper of this unit that returns with interrupts off. */
static void irq_off(void)
{
	local_irq_disable();
}

void through_helper(void *p)
{
	irq_off();
	put_like(p);
	local_irq_enable();
}

/* A test in the region's own function: that path never runs. */
void own_test(void)
{
	unsigned long flags;

	spin_lock_irqsave(&lock, flags);
	if (!irqs_disabled())
		msleep(1);
	spin_unlock_irqrestore(&lock, flags);
}
