/*
 * check-name: a call on a parameter reaches, from each caller, what the object it passes holds
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 *
 * check-output-start
kernel/case.c:83:2: warning: tc_init() may sleep inside the atomic region begun by spin_lock(&v->lock) at kernel/case.c:82: tc_init() -> vclock_read() (through cc->read: cyclecounter.read = vclock_read at kernel/case.c:76) -> msleep() [sleep-in-atomic]
kernel/case.c:94:2: warning: tc_init() may sleep inside the atomic region begun by spin_lock(&any_lock) at kernel/case.c:93: tc_init() -> vclock_read() (through cc->read: cyclecounter.read = vclock_read at kernel/case.c:76) -> msleep() [sleep-in-atomic]
 * check-output-end
 *
 * tc_init() reads the clock through the cyclecounter it is given, as
 * timecounter_init() does.  Some of its callers pass a named object
 * (&a->cc of a struct adapter, &v->cc of a struct vclock), one passes a
 * pointer it was given: so tc_init() alone may reach any clock's read,
 * but called with &a->cc it reads the adapter's, which does not sleep,
 * and called with &v->cc the vclock's, which does.
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

struct cyclecounter {
	unsigned long long (*read)(const struct cyclecounter *cc);
};

struct timecounter {
	const struct cyclecounter *cc;
	unsigned long long last;
};

void tc_init(struct timecounter *tc, const struct cyclecounter *cc)
{
	tc->cc = cc;
	tc->last = cc->read(cc);
}

struct adapter {
	spinlock_t lock;
	struct cyclecounter cc;
	struct timecounter tc;
};

static unsigned long long adapter_read(const struct cyclecounter *cc)
{
	return 1;
}

void adapter_setup(struct adapter *a)
{
	a->cc.read = adapter_read;
}

/* Quiet: with &a->cc, tc_init() reads adapter_read(). */
void adapter_reset(struct adapter *a)
{
	spin_lock(&a->lock);
	tc_init(&a->tc, &a->cc);
	spin_unlock(&a->lock);
}

struct vclock {
	spinlock_t lock;
	struct cyclecounter cc;
	struct timecounter tc;
};

static unsigned long long vclock_read(const struct cyclecounter *cc)
{
	msleep(1);
	return 2;
}

void vclock_setup(struct vclock *v)
{
	v->cc.read = vclock_read;
}

/* Fires: with &v->cc, tc_init() reads vclock_read(). */
void vclock_reset(struct vclock *v)
{
	spin_lock(&v->lock);
	tc_init(&v->tc, &v->cc);
	spin_unlock(&v->lock);
}

static spinlock_t any_lock;
static struct timecounter any_tc;

/* Fires: any clock's read, vclock_read() among them. */
void any_reset(const struct cyclecounter *cc)
{
	spin_lock(&any_lock);
	tc_init(&any_tc, cc);
	spin_unlock(&any_lock);
}
