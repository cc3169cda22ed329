/*
 * check-name: a local set to a constant where a region is left tells the arms apart: a later test of it closes the region
 * check-tree: sleep-hooks
 * check-path: drivers/acpi/osl.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
drivers/acpi/osl.c:74:3: warning: msleep() may sleep inside the atomic region begun by spin_lock(&lock) at drivers/acpi/osl.c:70: msleep() [sleep-in-atomic]
drivers/acpi/osl.c:91:2: warning: msleep() may sleep inside the atomic region begun by spin_lock(&lock) at drivers/acpi/osl.c:85: msleep() [sleep-in-atomic]
drivers/acpi/osl.c:105:2: warning: msleep() may sleep inside the atomic region begun by spin_lock(&lock) at drivers/acpi/osl.c:99: msleep() [sleep-in-atomic]
 * check-error-end
 *
 * read_memory() is acpi_os_read_memory()'s shape: unmap is true only
 * where the RCU reader was left, so "if (unmap) unmap_it(); else
 * rcu_read_unlock();" sleeps outside it (a BUG_ON()'s do { } while (0)
 * between them is no loop).  maybe_locked() takes the lock
 * and says so in a flag: a sleep after "if (locked) spin_unlock()" is
 * outside, one before it inside.  Forgotten: a flag written with
 * anything but a constant after it was tied (relocked()), and one whose
 * address is passed on (by_address()).
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

#define true 1
#define false 0

extern void *lookup(unsigned long addr);
extern void *remap(unsigned long addr);
extern int want(void);
extern void set_flag(int *flag);

static spinlock_t lock;

static void unmap_it(void *p)
{
	msleep(1);
}

int read_memory(unsigned long addr)
{
	void *virt;
	bool unmap = false;

	rcu_read_lock();
	virt = lookup(addr);
	if (!virt) {
		rcu_read_unlock();
		virt = remap(addr);
		if (!virt)
			return -1;
		unmap = true;
	}
	do {
		if (!virt)
			return -2;
	} while (0);
	if (unmap)
		unmap_it(virt);
	else
		rcu_read_unlock();
	return 0;
}

void maybe_locked(void)
{
	bool locked = false;

	if (want()) {
		spin_lock(&lock);
		locked = true;
	}
	if (locked)
		msleep(1);
	if (locked)
		spin_unlock(&lock);
	msleep(1);
}

void relocked(void)
{
	bool locked = false;

	if (want()) {
		spin_lock(&lock);
		locked = true;
	}
	locked = want();
	if (locked)
		spin_unlock(&lock);
	msleep(1);
}

void by_address(void)
{
	int locked = false;

	if (want()) {
		spin_lock(&lock);
		locked = true;
	}
	set_flag(&locked);
	if (locked)
		spin_unlock(&lock);
	msleep(1);
}
