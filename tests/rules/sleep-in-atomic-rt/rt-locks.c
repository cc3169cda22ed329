/*
 * check-name: on PREEMPT_RT a spinlock_t, a local_lock_t or an allocation under a truly atomic region sleeps
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: --rt -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1
 *
 * check-error-start
kernel/case.c:36:2: warning: spin_lock() may sleep on PREEMPT_RT inside the atomic region begun by raw_spin_lock(&raw) at kernel/case.c:35: spin_lock(&inner) (on PREEMPT_RT) [sleep-in-atomic-rt]
kernel/case.c:46:6: warning: kmalloc() may sleep on PREEMPT_RT inside the atomic region begun by raw_spin_lock(&raw) at kernel/case.c:45: kmalloc(16, GFP_ATOMIC) (on PREEMPT_RT) [sleep-in-atomic-rt]
kernel/case.c:54:2: warning: spin_lock() may sleep on PREEMPT_RT inside the atomic region begun by preempt_disable() at kernel/case.c:53: spin_lock(&inner) (on PREEMPT_RT) [sleep-in-atomic-rt]
kernel/case.c:62:2: warning: local_lock() may sleep on PREEMPT_RT inside the atomic region begun by local_irq_disable() at kernel/case.c:61: local_lock(&llock) (on PREEMPT_RT) [sleep-in-atomic-rt]
kernel/case.c:76:2: warning: takes_inner() may sleep on PREEMPT_RT inside the atomic region begun by raw_spin_lock(&raw) at kernel/case.c:75: takes_inner() -> spin_lock(&inner) (on PREEMPT_RT) [sleep-in-atomic-rt]
kernel/case.c:110:2: warning: msleep() may sleep inside the atomic region begun by raw_spin_lock(&raw) at kernel/case.c:109: msleep() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

typedef struct { int raw; } raw_spinlock_t;
typedef struct { int l; } local_lock_t;
extern void raw_spin_lock(raw_spinlock_t *lock);
extern void raw_spin_unlock(raw_spinlock_t *lock);
extern void local_irq_disable(void);
extern void local_irq_enable(void);
extern void local_lock(local_lock_t *lock);
extern void local_unlock(local_lock_t *lock);

static raw_spinlock_t raw;
static spinlock_t inner, outer;
static local_lock_t llock;

/* Bugs on RT: the lock inside sleeps, the region outside does not. */
void spin_under_raw(void)
{
	raw_spin_lock(&raw);
	spin_lock(&inner);
	spin_unlock(&inner);
	raw_spin_unlock(&raw);
}

void alloc_under_raw(void)
{
	void *p;

	raw_spin_lock(&raw);
	p = kmalloc(16, GFP_ATOMIC);
	raw_spin_unlock(&raw);
	kfree(p);
}

void spin_under_preempt_off(void)
{
	preempt_disable();
	spin_lock(&inner);
	spin_unlock(&inner);
	preempt_enable();
}

void local_lock_irqs_off(void)
{
	local_irq_disable();
	local_lock(&llock);
	local_unlock(&llock);
	local_irq_enable();
}

static void takes_inner(void)
{
	spin_lock(&inner);
	spin_unlock(&inner);
}

void chain_under_raw(void)
{
	raw_spin_lock(&raw);
	takes_inner();
	raw_spin_unlock(&raw);
}

/* Fine on RT: the region is a spinlock_t or an RCU reader there. */
void spin_under_spin(void)
{
	spin_lock(&outer);
	spin_lock(&inner);
	spin_unlock(&inner);
	spin_unlock(&outer);
}

void alloc_under_spin(void)
{
	void *p;

	spin_lock(&outer);
	p = kmalloc(16, GFP_ATOMIC);
	spin_unlock(&outer);
	kfree(p);
}

void spin_under_rcu(void)
{
	rcu_read_lock();
	takes_inner();
	rcu_read_unlock();
}

/* A sleep of every kernel stays sleep-in-atomic's, not said twice. */
void msleep_under_raw(void)
{
	raw_spin_lock(&raw);
	msleep(1);
	raw_spin_unlock(&raw);
}
