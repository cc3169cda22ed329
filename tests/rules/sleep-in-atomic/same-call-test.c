/*
 * check-name: a lock taken and dropped under the same test of a call that reads the same each time (set_memory.c's "if (!debug_pagealloc_enabled()) spin_lock(&cpa_lock);"), and the tests that are not known to agree
 * check-tree: sleep-hooks
 * check-path: arch/x86/mm/sametest.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
arch/x86/mm/sametest.c:64:2: warning: msleep() may sleep inside the atomic region begun by spin_lock(&cpa_lock) at arch/x86/mm/sametest.c:63: msleep() [sleep-in-atomic]
arch/x86/mm/sametest.c:79:2: warning: msleep() may sleep inside the atomic region begun by spin_lock(&cpa_lock) at arch/x86/mm/sametest.c:75: msleep() [sleep-in-atomic]
arch/x86/mm/sametest.c:90:2: warning: msleep() may sleep inside the atomic region begun by spin_lock(&cpa_lock) at arch/x86/mm/sametest.c:86: msleep() [sleep-in-atomic]
arch/x86/mm/sametest.c:101:2: warning: msleep() may sleep inside the atomic region begun by spin_lock(&cpa_lock) at arch/x86/mm/sametest.c:97: msleep() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

struct cpa {
	int numpages;
	int (*enabled)(void);
};

static spinlock_t cpa_lock;
static int debug_key;

extern int debug_pagealloc_enabled(void);
extern int static_key_on(int *key);
extern int pages_busy(int n);
extern int change_attr(struct cpa *c);

/*
 * __change_page_attr_set_clr()'s shape: the lock is taken and dropped
 * under the same test of a call with no arguments; after the second
 * test it is not held.
 */
int change_set_clr(struct cpa *c)
{
	int ret;

	if (!debug_pagealloc_enabled())
		spin_lock(&cpa_lock);
	ret = change_attr(c);
	if (!debug_pagealloc_enabled())
		spin_unlock(&cpa_lock);
	msleep(10);
	return ret;
}

/* The same with the address of a static variable as the argument. */
void keyed(struct cpa *c)
{
	if (static_key_on(&debug_key))
		spin_lock(&cpa_lock);
	c->numpages = 1;
	if (static_key_on(&debug_key))
		spin_unlock(&cpa_lock);
	msleep(20);
}

/* Held between the two tests, where the first one took it. */
void sleeps_between(struct cpa *c)
{
	if (!debug_pagealloc_enabled())
		spin_lock(&cpa_lock);
	msleep(30);
	if (!debug_pagealloc_enabled())
		spin_unlock(&cpa_lock);
}

/* An argument that changes between the tests: they may disagree. */
void argument_changes(struct cpa *c)
{
	int n = c->numpages;

	if (pages_busy(n))
		spin_lock(&cpa_lock);
	n = change_attr(c);
	if (pages_busy(n))
		spin_unlock(&cpa_lock);
	msleep(40);
}

/* A call through a pointer may be a different function each time. */
void through_pointer(struct cpa *c)
{
	if (c->enabled())
		spin_lock(&cpa_lock);
	c->numpages = 2;
	if (c->enabled())
		spin_unlock(&cpa_lock);
	msleep(50);
}

/* A different call in the second test. */
void other_test(struct cpa *c)
{
	if (!debug_pagealloc_enabled())
		spin_lock(&cpa_lock);
	c->numpages = 3;
	if (!static_key_on(&debug_key))
		spin_unlock(&cpa_lock);
	msleep(60);
}
