/*
 * check-name: a test of a parameter's value (a flag bit, a switch case, an equality) decided by the caller's constant argument
 * check-tree: sleep-hooks
 * check-path: kernel/values.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
kernel/values.c:128:2: warning: cache_alloc() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/values.c:126: cache_alloc() -> might_sleep() [sleep-in-atomic]
kernel/values.c:157:2: warning: delete_lock() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/values.c:155: delete_lock() -> might_sleep() [sleep-in-atomic]
kernel/values.c:160:2: warning: modify() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/values.c:155: modify() -> delete_lock() -> might_sleep() [sleep-in-atomic]
kernel/values.c:186:2: warning: put_last() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/values.c:185: put_last() -> mutex_lock() [sleep-in-atomic]
kernel/values.c:187:2: warning: put_last() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/values.c:185: put_last() -> mutex_lock() [sleep-in-atomic]
kernel/values.c:188:2: warning: put_last() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/values.c:185: put_last() -> mutex_lock() [sleep-in-atomic]
kernel/values.c:189:2: warning: put() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/values.c:185: put() -> put_last() -> mutex_lock() [sleep-in-atomic]
kernel/values.c:190:2: warning: notify() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/values.c:185: notify() -> mutex_lock() [sleep-in-atomic]
kernel/values.c:191:2: warning: notify() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/values.c:185: notify() -> mutex_lock() [sleep-in-atomic]
kernel/values.c:192:2: warning: append() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/values.c:185: append() -> might_sleep() [sleep-in-atomic]
kernel/values.c:193:2: warning: run_queue() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/values.c:185: run_queue() -> might_sleep() [sleep-in-atomic]
kernel/values.c:194:2: warning: set_mode() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/values.c:185: set_mode() -> might_sleep() [sleep-in-atomic]
kernel/values.c:195:2: warning: debug_off() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/values.c:185: debug_off() -> might_sleep() [sleep-in-atomic]
kernel/values.c:196:2: warning: put_last() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/values.c:185: put_last() -> mutex_lock() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

extern void mutex_lock(struct mutex *m);
extern void mutex_unlock(struct mutex *m);
extern void queue_later(void);

#define PUT_ASYNC	0x1
#define PUT_DEBUG	0x4
#define MSG_DONTWAIT	0x40
#define MSG_ZEROCOPY	0x4000000
#define NULL ((void *)0)

enum { EV_ADD = 20, EV_DEL = 21, EV_GET = 22 };

static struct mutex big;
static spinlock_t lock;

/* __intel_wakeref_put_last()'s shape: the async flag defers the work. */
static void put_last(unsigned long flags)
{
	if (flags & PUT_ASYNC) {
		queue_later();
		return;
	}
	mutex_lock(&big);
	mutex_unlock(&big);
}

/* Hands its flags on: sleeps when they lack PUT_ASYNC. */
static void put(unsigned long flags)
{
	put_last(flags);
}

/* __ipv6_ifa_notify()'s shape: only one event sleeps. */
static void notify(int event)
{
	switch (event) {
	case EV_ADD:
		queue_later();
		break;
	case EV_DEL:
		mutex_lock(&big);
		mutex_unlock(&big);
		break;
	}
}

/* __ip6_append_data()'s shape: a bit test joined by &&. */
static void append(int len, unsigned int flags)
{
	if ((flags & MSG_ZEROCOPY) && len)
		might_sleep();
}

/* blk_mq_run_hw_queue()'s shape: "async ||" returns early. */
static void run_queue(int busy, int async)
{
	if (async || busy) {
		queue_later();
		return;
	}
	might_sleep();
}

/* An equality: only one mode sleeps. */
static void set_mode(int mode)
{
	if (mode == EV_GET)
		return;
	might_sleep();
}

/* is_copy_from_user()'s shape: no registers, nothing to look up. */
struct regs;
static int lookup(struct regs *regs)
{
	if (!regs)
		return 0;
	might_sleep();
	return 1;
}

/* "(flags & PUT_DEBUG) == 0": the bit clear. */
static void debug_off(unsigned int flags)
{
	if ((flags & PUT_DEBUG) == 0)
		might_sleep();
}

typedef unsigned int gfp_t;

/* bpf_mem_cache_alloc_flags()'s shape: only GFP_KERNEL takes the slow path. */
static void cache_alloc(gfp_t flags)
{
	if (flags == GFP_KERNEL)
		might_sleep();
}

void gfp_values(void)
{
	spin_lock(&lock);
	cache_alloc(GFP_ATOMIC);
	cache_alloc(GFP_KERNEL);
	spin_unlock(&lock);
}

/* locks_delete_lock_ctx()'s shape: a list to put it on, or free it now. */
static void delete_lock(int *dispose)
{
	if (dispose)
		*dispose = 1;
	else
		might_sleep();
}

/*
 * lease_modify()'s shape: its own test of one argument, its callee's of
 * another; both are kept, so the caller's &dispose still decides.
 */
static void modify(int arg, int *dispose)
{
	if (arg == 2)
		delete_lock(dispose);
}

void addresses(void)
{
	int dispose = 0;

	spin_lock(&lock);
	delete_lock(&dispose);
	delete_lock(NULL);
	modify(2, &dispose);
	modify(3, NULL);
	modify(2, NULL);
	spin_unlock(&lock);
}

void fine(int len, unsigned long other)
{
	spin_lock(&lock);
	put_last(PUT_ASYNC);
	put_last(PUT_ASYNC | PUT_DEBUG);
	put_last(other | PUT_ASYNC);
	put(PUT_ASYNC);
	notify(EV_ADD);
	notify(EV_GET);
	append(len, MSG_DONTWAIT);
	run_queue(0, 1);
	set_mode(EV_GET);
	lookup(NULL);
	debug_off(PUT_DEBUG);
	/* MAKE_SEND_FLAGS()'s shape: a statement expression's value. */
	put_last(({ unsigned long x = len; (x << 8) | PUT_ASYNC; }));
	spin_unlock(&lock);
}

void bug(int len, unsigned long other)
{
	spin_lock(&lock);
	put_last(0);
	put_last(PUT_DEBUG);
	put_last(other);
	put(PUT_DEBUG);
	notify(EV_DEL);
	notify(len);
	append(len, MSG_ZEROCOPY | MSG_DONTWAIT);
	run_queue(0, 0);
	set_mode(EV_ADD);
	debug_off(0);
	put_last(({ unsigned long x = len; x << 8; }));
	spin_unlock(&lock);
}
