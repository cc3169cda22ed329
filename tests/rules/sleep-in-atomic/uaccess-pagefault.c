/*
 * check-name: a user access with page faults off (pagefault_disable(), kmap_atomic()) fails with -EFAULT, it does not sleep
 * check-tree: sleep-hooks
 * check-path: kernel/uaccess.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
kernel/uaccess.c:43:2: warning: copy_from_user() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/uaccess.c:39: copy_from_user() [sleep-in-atomic]
kernel/uaccess.c:61:2: warning: read_user() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/uaccess.c:60: read_user() -> copy_from_user() [sleep-in-atomic]
 * check-error-end
 *
 * perf_callchain_user()'s shape: between pagefault_disable() and
 * pagefault_enable() a fault makes the access fail, and might_fault()
 * keeps silent.  kmap_atomic() turns page faults off too.  After
 * pagefault_enable() the access may sleep again; and the state is the
 * walk's own: a callee's access is judged in the callee (read_user()).
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
