/*
 * check-name: a test of a header's stub (a static function whose whole body is "return K;", as an option that is off leaves PageHighMem() or dev_is_dma_coherent()) is decided by K, as the compiler decides it once it inlines the stub; a function another unit could define, or a test whose other operand may call something, is not
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
kernel/case.c:123:2: warning: low_page_wait() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:121: low_page_wait() -> msleep() [sleep-in-atomic]
kernel/case.c:125:2: warning: call_first() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:121: call_first() -> msleep() [sleep-in-atomic]
kernel/case.c:126:2: warning: zero_or_call() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:121: zero_or_call() -> msleep() [sleep-in-atomic]
kernel/case.c:127:2: warning: not_static() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:121: not_static() -> msleep() [sleep-in-atomic]
kernel/case.c:128:2: warning: argument_calls() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:121: argument_calls() -> sleepy_value() -> msleep() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

struct page;
struct device;

extern void *vmap_pages(struct page *page);	/* sleeps below */
extern int real_test(void);
extern int sleepy_value(void);

void *vmap_pages(struct page *page)
{
	msleep(1);
	return page;
}

/* The stubs of an option that is off. */
static inline int page_high(const struct page *page)
{
	return 0;
}

static inline int dev_coherent(const struct device *dev)
{
	return 1;
}

static inline int takes_value(int x)
{
	return 0;
}

/* Another unit may define it otherwise (a weak default): not a stub. */
int global_zero(void)
{
	return 0;
}

int sleepy_value(void)
{
	msleep(1);
	return 1;
}

/*
 * dma_direct_alloc()'s shape: remap only for a device that is not
 * coherent, or a high page; neither exists in this build.
 */
static void *alloc_map(struct device *dev, struct page *page)
{
	int remap = 0;

	if (!dev_coherent(dev))
		remap = 1;
	if (page_high(page))
		remap = 1;
	if (remap)
		return vmap_pages(page);
	return page;
}

/* The stub's other arm runs: a real sleep. */
static void low_page_wait(struct page *page)
{
	if (!page_high(page))
		msleep(1);
}

/* Decided by what runs first: 0 && anything. */
static void first_decides(struct page *page)
{
	if (page_high(page) && real_test())
		msleep(1);
}

/* Not decided: a call runs before the stub, or after a 0 ||. */
static void call_first(struct page *page)
{
	if (real_test() && page_high(page))
		msleep(1);
}

static void zero_or_call(struct page *page)
{
	if (page_high(page) || real_test())
		msleep(1);
}

/* Not a stub: a global function. */
static void not_static(void)
{
	if (global_zero())
		msleep(1);
}

/* Not folded: an argument that calls (and sleeps) is walked. */
static void argument_calls(void)
{
	if (takes_value(sleepy_value()))
		real_test();
}

static spinlock_t lock;

void callers(struct device *dev, struct page *page)
{
	spin_lock(&lock);
	alloc_map(dev, page);
	low_page_wait(page);
	first_decides(page);
	call_first(page);
	zero_or_call(page);
	not_static();
	argument_calls();
	spin_unlock(&lock);
}
