/*
 * check-name: the arm of a test that holds only in early boot (after_bootmem, slab_is_available(), system_state == SYSTEM_BOOTING) makes no sleep, for its function or its callers
 * check-tree: sleep-hooks
 * check-path: arch/x86/mm/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 *
 * check-output-start
arch/x86/mm/case.c:103:2: warning: wrong_arm() may sleep inside the atomic region begun by spin_lock(&pte_lock) at arch/x86/mm/case.c:102: wrong_arm() -> memblock_like_alloc() -> kzalloc(GFP_KERNEL) [sleep-in-atomic]
arch/x86/mm/case.c:118:2: warning: running_alloc() may sleep inside the atomic region begun by spin_lock(&pte_lock) at arch/x86/mm/case.c:117: running_alloc() -> memblock_like_alloc() -> kzalloc(GFP_KERNEL) [sleep-in-atomic]
arch/x86/mm/case.c:133:2: warning: either() may sleep inside the atomic region begun by spin_lock(&pte_lock) at arch/x86/mm/case.c:132: either() -> memblock_like_alloc() -> kzalloc(GFP_KERNEL) [sleep-in-atomic]
arch/x86/mm/case.c:151:2: warning: restart_like() may sleep inside the atomic region begun by spin_lock(&pte_lock) at arch/x86/mm/case.c:150: restart_like() -> memblock_like_alloc() -> kzalloc(GFP_KERNEL) [sleep-in-atomic]
 * check-output-end
 *
 * x86's spp_getpage() takes a page from memblock while the kernel
 * boots and from the page allocator after (after_bootmem); memblock may
 * grow its arrays with kmalloc(GFP_KERNEL), but only before the
 * scheduler runs, where nothing sleeps or is judged.  A call made in
 * such an arm does not make its function sleep.
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>
#include <linux/gfp.h>

enum system_states {
	SYSTEM_BOOTING, SYSTEM_SCHEDULING, SYSTEM_FREEING_INITMEM,
	SYSTEM_RUNNING, SYSTEM_HALT, SYSTEM_POWER_OFF, SYSTEM_RESTART,
};

extern enum system_states system_state;
int after_bootmem;
extern unsigned long get_zeroed_page(gfp_t gfp);
extern int slab_is_available(void);

static spinlock_t pte_lock;

/* Grows its array with kmalloc(GFP_KERNEL): sleeps. */
void *memblock_like_alloc(unsigned long size)
{
	return kzalloc(size, GFP_KERNEL);
}

static void *spp_getpage_like(void)
{
	void *ptr;

	if (after_bootmem)
		ptr = (void *)get_zeroed_page(GFP_ATOMIC);
	else
		ptr = memblock_like_alloc(4096);
	return ptr;
}

/* Quiet: spp_getpage_like() sleeps only in early boot. */
void set_pte_like(void)
{
	preempt_disable();
	spp_getpage_like();
	preempt_enable();
}

static void *table_alloc(unsigned long size)
{
	if (!slab_is_available())
		return memblock_like_alloc(size);
	return kzalloc(size, GFP_ATOMIC);
}

/* Quiet: the same, the test a call, the arm ending in a return. */
void table_grow(void)
{
	spin_lock(&pte_lock);
	table_alloc(64);
	spin_unlock(&pte_lock);
}

static void *state_alloc(unsigned long size)
{
	if (unlikely(system_state == SYSTEM_BOOTING))
		return memblock_like_alloc(size);
	return kzalloc(size, GFP_NOWAIT);
}

/* Quiet: system_state is SYSTEM_BOOTING before the scheduler runs. */
void state_grow(void)
{
	spin_lock(&pte_lock);
	state_alloc(64);
	spin_unlock(&pte_lock);
}

static void *wrong_arm(void)
{
	if (after_bootmem)
		return memblock_like_alloc(4096);
	return (void *)get_zeroed_page(GFP_ATOMIC);
}

/* Fires: the sleep is in the arm taken after boot. */
void wrong_arm_user(void)
{
	spin_lock(&pte_lock);
	wrong_arm();
	spin_unlock(&pte_lock);
}

static void *running_alloc(unsigned long size)
{
	if (system_state == SYSTEM_RUNNING)
		return memblock_like_alloc(size);
	return kzalloc(size, GFP_ATOMIC);
}

/* Fires: SYSTEM_RUNNING is no boot. */
void running_grow(void)
{
	spin_lock(&pte_lock);
	running_alloc(64);
	spin_unlock(&pte_lock);
}

static void *either(int big)
{
	if (big || !after_bootmem)
		return memblock_like_alloc(4096);
	return (void *)get_zeroed_page(GFP_ATOMIC);
}

/* Fires: "big || !after_bootmem" holds after boot too. */
void either_user(void)
{
	spin_lock(&pte_lock);
	either(1);
	spin_unlock(&pte_lock);
}

static void restart_like(void)
{
	system_state = SYSTEM_RESTART;
	memblock_like_alloc(16);
}

/*
 * Fires: a restart silences might_sleep() from there on, but not the
 * caller's lock, held around it (other CPUs stopped may hold what the
 * callee waits for).
 */
void panic_like(void)
{
	spin_lock(&pte_lock);
	restart_like();
	spin_unlock(&pte_lock);
}
