/*
 * check-name: a notifier block registered nowhere the build shows may be on any chain, unless the build passes it nowhere it may be kept
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 * check-units: kernel/notifier.c
 *
 * check-output-start
kernel/case.c:79:2: warning: raw_notifier_call_chain() may sleep inside the atomic region begun by spin_lock(&clock_lock) at kernel/case.c:78: raw_notifier_call_chain() -> notifier_call_chain() -> far_notify() (through notifier_call_chain()'s list: notifier_block.notifier_call = far_notify at kernel/case.c:57) -> msleep() [sleep-in-atomic]
kernel/notifier.c:57:8: warning: notifier_call_chain() may sleep inside the atomic region begun by rcu_read_lock() at kernel/notifier.c:56: notifier_call_chain() -> far_notify() (through nb->notifier_call: notifier_block.notifier_call = far_notify at kernel/case.c:57) -> msleep() [sleep-in-atomic]
 * check-output-end
 *
 * Three blocks whose callbacks sleep, none linked into a chain by a
 * call the facts show.  stub_nb is passed to a registration that keeps
 * nothing (a stub, as an inline of a feature configured off is) and
 * gone_nb to nothing at all (its registration compiled out): both are
 * on no chain, and the raw chain's walk under the lock stays quiet for
 * them.  far_nb is passed to a function of another unit, which may
 * register it on any chain: the walks may reach it, the atomic
 * chains' under rcu_read_lock() too.
 */
#include <linux/notifier.h>

static struct raw_notifier_head clock_chain;
static spinlock_t clock_lock;
static long clock_seq;

static int clock_notify(struct notifier_block *nb, unsigned long val,
			void *v)
{
	clock_seq++;
	return 0;
}

static int stub_notify(struct notifier_block *nb, unsigned long val, void *v)
{
	msleep(1);
	return 0;
}

static int gone_notify(struct notifier_block *nb, unsigned long val, void *v)
{
	msleep(2);
	return 0;
}

static int far_notify(struct notifier_block *nb, unsigned long val, void *v)
{
	msleep(3);
	return 0;
}

static struct notifier_block clock_nb = { .notifier_call = clock_notify };
static struct notifier_block stub_nb = { .notifier_call = stub_notify };
static struct notifier_block gone_nb = { .notifier_call = gone_notify };
static struct notifier_block far_nb = { .notifier_call = far_notify };

/* A feature configured off: its registration keeps nothing. */
static int register_feature_notifier(struct notifier_block *nb)
{
	return -19;
}

/* Registers nb somewhere: defined in a unit not collected. */
extern int register_elsewhere(struct notifier_block *nb);

void clock_setup(void)
{
	raw_notifier_chain_register(&clock_chain, &clock_nb);
	register_feature_notifier(&stub_nb);
	register_elsewhere(&far_nb);
}

/* Fires, through far_notify() only. */
void clock_update(void)
{
	spin_lock(&clock_lock);
	raw_notifier_call_chain(&clock_chain, 0, 0);
	spin_unlock(&clock_lock);
}
