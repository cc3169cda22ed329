/*
 * check-name: a user access with page faults off (pagefault_disable(), kmap_atomic()) fails with -EFAULT, it does not sleep
 * check-tree: sleep-hooks
 * check-path: kernel/uaccess.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
kernel/uaccess.c:46:2: warning: copy_from_user() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/uaccess.c:42: copy_from_user() [sleep-in-atomic]
kernel/uaccess.c:64:2: warning: read_user() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/uaccess.c:63: read_user() -> copy_from_user() [sleep-in-atomic]
kernel/uaccess.c:106:7: warning: copy_from_user() may sleep inside the atomic region begun by kmap_atomic(page) at kernel/uaccess.c:103: copy_from_user() [sleep-in-atomic]
 * check-error-end
 *
 * perf_callchain_user()'s shape: between pagefault_disable() and
 * pagefault_enable() a fault makes the access fail, and might_fault()
 * keeps silent.  kmap_atomic() turns page faults off too.  After
 * pagefault_enable() the access may sleep again; and the state is the
 * walk's own: a callee's access is judged in the callee (read_user()).
 * A region open on one arm only (copy_huge()) carries that arm's page
 * faults with it.
 */
#include <linux/lsm_hooks.h>
#include <linux/highmem.h>

static spinlock_t lock;

static unsigned long read_user(void *to, const void *from)
{
	return copy_from_user(to, from, 8);
}

void callchain(void *to, const void *from)
{
	spin_lock(&lock);
	pagefault_disable();
	copy_from_user(to, from, 8);
	pagefault_enable();
	spin_unlock(&lock);
}

void after_enable(void *to, const void *from)
{
	spin_lock(&lock);
	pagefault_disable();
	copy_from_user(to, from, 8);
	pagefault_enable();
	copy_from_user(to, from, 8);
	spin_unlock(&lock);
}

void mapped(struct page *page, const void *from)
{
	void *addr = kmap_atomic(page);

	copy_from_user(addr, from, 8);
	kunmap_atomic(addr);
}

void through_callee(void *to, const void *from)
{
	pagefault_disable();
	read_user(to, from);
	pagefault_enable();
	spin_lock(&lock);
	read_user(to, from);
	spin_unlock(&lock);
}

extern void *kmap(struct page *page);
extern void kunmap(struct page *page);

/*
 * copy_huge_page_from_user()'s shape (6.1 mm/memory.c): kmap_atomic() on
 * one arm, kmap() on the other.  Where the region is open, page faults
 * are off and the copy fails; where they are on, no region is open.
 */
long copy_huge(struct page *page, const void *from, int allow_pagefault)
{
	void *addr;
	long rc;

	if (allow_pagefault)
		addr = kmap(page);
	else
		addr = kmap_atomic(page);
	rc = copy_from_user(addr, from, 8);
	if (allow_pagefault)
		kunmap(page);
	else
		kunmap_atomic(addr);
	return rc;
}

/* The same with page faults turned on again in the atomic arm: fires. */
long copy_huge_faults_on(struct page *page, const void *from,
			 int allow_pagefault)
{
	void *addr;
	long rc;

	if (allow_pagefault) {
		addr = kmap(page);
	} else {
		addr = kmap_atomic(page);
		pagefault_enable();
	}
	rc = copy_from_user(addr, from, 8);
	if (allow_pagefault)
		kunmap(page);
	else
		kunmap_atomic(addr);
	return rc;
}
