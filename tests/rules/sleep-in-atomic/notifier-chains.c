/*
 * check-name: a notifier chain's walk calls the blocks linked into that chain, not every block
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 * check-units: kernel/notifier.c
 *
 * check-output-start
kernel/case.c:126:2: warning: raw_notifier_call_chain() may sleep inside the atomic region begun by spin_lock(&dev_lock) at kernel/case.c:125: raw_notifier_call_chain() -> notifier_call_chain() -> netdev_event() (through notifier_call_chain()'s list: notifier_block.notifier_call = netdev_event at kernel/case.c:106) -> msleep() [sleep-in-atomic]
kernel/case.c:185:2: warning: raw_notifier_call_chain() may sleep inside the atomic region begun by spin_lock(&dev_lock) at kernel/case.c:184: raw_notifier_call_chain() -> notifier_call_chain() -> netdev_event() (through nb->notifier_call: notifier_block.notifier_call = netdev_event at kernel/case.c:106) -> msleep() [sleep-in-atomic]
 * check-output-end
 *
 * The chains as the fixture's kernel/notifier.c makes them, another
 * unit: notifier_chain_register() links a block into a list,
 * notifier_call_chain() calls each block's notifier_call, and each
 * kind's API passes its head's list (&nh->head).  A block is on one chain (one next pointer): pm_nb, on
 * the blocking pm chain, may sleep there and is never called by an
 * atomic chain's walk under rcu_read_lock(); gtod_chain holds gtod_nb
 * alone, whose callback does not sleep, though netdev_chain's block,
 * raw too, does.  A raw chain given by a pointer may be any raw chain.
 * Blocks the code has no name for are named by where they are set up:
 * the elements of an array the function allocates ("nb[i]"), the block
 * a function's parameter points to ("nb->notifier_call = ..." in a
 * function that registers its nb).
 */
#include <linux/notifier.h>
#include <linux/gfp.h>

extern void *kmalloc_array(size_t n, size_t size, gfp_t flags);

/* An atomic chain and its block. */
static struct atomic_notifier_head die_chain;
static int die_count;

static int die_notify(struct notifier_block *nb, unsigned long val, void *v)
{
	die_count++;
	return 0;
}

static struct notifier_block die_nb = {
	.notifier_call = die_notify,
};

void die_setup(void)
{
	atomic_notifier_chain_register(&die_chain, &die_nb);
}

void die_event(void)
{
	atomic_notifier_call_chain(&die_chain, 1, 0);
}

/* A blocking chain: its block sleeps, as a blocking chain's may. */
static struct blocking_notifier_head pm_chain_head;
static struct mutex pm_mutex;

static int pm_notify(struct notifier_block *nb, unsigned long val, void *v)
{
	mutex_lock(&pm_mutex);
	mutex_unlock(&pm_mutex);
	return 0;
}

static struct notifier_block pm_nb;

int register_pm_notifier(struct notifier_block *nb)
{
	return blocking_notifier_chain_register(&pm_chain_head, nb);
}

void pm_setup(void)
{
	pm_nb.notifier_call = pm_notify;
	register_pm_notifier(&pm_nb);
}

void pm_event(void)
{
	blocking_notifier_call_chain(&pm_chain_head, 2, 0);
}

/* Two raw chains, each with its block. */
static struct raw_notifier_head gtod_chain;
static struct raw_notifier_head netdev_chain;
static spinlock_t timekeeper_lock;
static spinlock_t dev_lock;
static long gtod_seq;

static int gtod_notify(struct notifier_block *nb, unsigned long val, void *v)
{
	gtod_seq++;
	return 0;
}

static int netdev_event(struct notifier_block *nb, unsigned long val,
			void *v)
{
	msleep(1);
	return 0;
}

static struct notifier_block gtod_nb = { .notifier_call = gtod_notify };
static struct notifier_block netdev_nb = { .notifier_call = netdev_event };

void raw_setup(void)
{
	raw_notifier_chain_register(&gtod_chain, &gtod_nb);
	raw_notifier_chain_register(&netdev_chain, &netdev_nb);
}

/* Quiet: gtod_chain holds gtod_nb only. */
void update_gtod(void)
{
	spin_lock(&timekeeper_lock);
	raw_notifier_call_chain(&gtod_chain, 0, 0);
	spin_unlock(&timekeeper_lock);
}

/* Fires: netdev_chain's block sleeps. */
void netdev_notify_locked(void)
{
	spin_lock(&dev_lock);
	raw_notifier_call_chain(&netdev_chain, 3, 0);
	spin_unlock(&dev_lock);
}

/* Quiet: nothing is ever linked into idle_chain. */
static struct raw_notifier_head idle_chain;

void idle_notify_locked(void)
{
	spin_lock(&dev_lock);
	raw_notifier_call_chain(&idle_chain, 5, 0);
	spin_unlock(&dev_lock);
}

/* Blocks set up where the code has no name for them, on pm's chain. */
static int pm_array_notify(struct notifier_block *nb, unsigned long val,
			   void *v)
{
	mutex_lock(&pm_mutex);
	mutex_unlock(&pm_mutex);
	return 0;
}

static int pm_param_notify(struct notifier_block *nb, unsigned long val,
			   void *v)
{
	msleep(4);
	return 0;
}

/* Fresh memory, each element a block. */
int pm_array_setup(void)
{
	struct notifier_block *nb;

	nb = kmalloc_array(2, sizeof(*nb), GFP_KERNEL);
	if (!nb)
		return -12;
	for (int i = 0; i < 2; i++) {
		nb[i].notifier_call = pm_array_notify;
		register_pm_notifier(&nb[i]);
	}
	return 0;
}

/* The block its caller gives. */
int pm_param_setup(struct notifier_block *nb)
{
	nb->notifier_call = pm_param_notify;
	return register_pm_notifier(nb);
}

/*
 * Fires: any raw chain, netdev_chain among them; never a block of pm's
 * chain.
 */
void notify_any(struct raw_notifier_head *nh)
{
	spin_lock(&dev_lock);
	raw_notifier_call_chain(nh, 4, 0);
	spin_unlock(&dev_lock);
}
