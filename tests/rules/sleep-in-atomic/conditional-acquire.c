/*
 * check-name: a lock taken only when a helper returns true (__cond_acquires, or a bool __acquires that unlocks), and one taken and dropped under the same test of a once-assigned local or of a field read through it
 * check-tree: sleep-hooks
 * check-path: kernel/condacq.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
kernel/condacq.c:60:3: warning: msleep() may sleep inside the atomic region begun by run_queue(a) at kernel/condacq.c:59: msleep() [sleep-in-atomic]
kernel/condacq.c:73:2: warning: msleep() may sleep inside the atomic region begun by grab_if_idle(a) at kernel/condacq.c:71: msleep() [sleep-in-atomic]
kernel/condacq.c:109:2: warning: msleep() may sleep inside the atomic region begun by spin_lock(&list_lock) at kernel/condacq.c:105: msleep() [sleep-in-atomic]
kernel/condacq.c:137:3: warning: msleep() may sleep inside the atomic region begun by spin_trylock(&mapping->host->i_lock) at kernel/condacq.c:132: msleep() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

#define __cond_acquires(x)
#define true 1
#define false 0
#define NULL ((void *)0)

struct acct {
	spinlock_t lock;
	int work;
};

/*
 * io-wq's io_acct_run_queue(): "returns true with acct->lock acquired,
 * false with no lock held".
 */
static bool run_queue(struct acct *a)
	__acquires(&a->lock)
{
	spin_lock(&a->lock);
	if (a->work)
		return true;
	spin_unlock(&a->lock);
	return false;
}

static void handle_work(struct acct *a)
	__releases(&a->lock)
{
	a->work = 0;
	spin_unlock(&a->lock);
}

/* The worker loop: the lock is never held once the loop ends. */
void worker(struct acct *a)
{
	while (run_queue(a))
		handle_work(a);
	msleep(10);
}

/* Held in the arm where the helper said true. */
void worker_bug(struct acct *a)
{
	if (run_queue(a)) {
		msleep(10);
		spin_unlock(&a->lock);
	}
	msleep(20);
}

/* A prototype that says so. */
extern bool grab_if_idle(struct acct *a) __cond_acquires(&a->lock);

void early_out(struct acct *a)
{
	if (!grab_if_idle(a))
		return;
	msleep(30);
	spin_unlock(&a->lock);
	msleep(40);
}

extern int same_group(struct acct *a);
static spinlock_t list_lock;

/*
 * prlimit64()'s shape: taken and dropped under the same local, assigned
 * once before its first test.
 */
void correlated(struct acct *a)
{
	bool need;

	need = !same_group(a);
	if (need)
		spin_lock(&list_lock);
	a->work = 1;
	if (need)
		spin_unlock(&list_lock);
	msleep(50);
}

/* The same local assigned twice: the tests are not known to agree. */
void reassigned(struct acct *a)
{
	bool need;

	need = !same_group(a);
	if (need)
		spin_lock(&list_lock);
	need = a->work;
	if (need)
		spin_unlock(&list_lock);
	msleep(60);
}

struct host {
	spinlock_t i_lock;
};

struct mapping {
	struct host *host;
};

extern struct mapping *mapping_of(struct acct *a);

/*
 * shadow_lru_isolate()'s shape: the host's lock is taken and dropped
 * under the same test of a field read through a local assigned once.
 */
void field_test(struct acct *a)
{
	struct mapping *mapping;

	mapping = mapping_of(a);
	if (mapping->host != NULL) {
		if (!spin_trylock(&mapping->host->i_lock))
			return;
	}
	a->work = 2;
	if (mapping->host)
		msleep(70);
	if (mapping->host != NULL)
		spin_unlock(&mapping->host->i_lock);
	msleep(80);
}
