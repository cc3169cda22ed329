/*
 * check-name: a member's bits set where every object of its type is made (a delayed work's timer: TIMER_IRQSAFE) stay known through stores that keep them (|=, &= ~other, WRITE_ONCE((m & ~mask) | v)) and decide a test of a local read from it (READ_ONCE)
 * check-tree: sleep-hooks
 * check-path: kernel/keeps.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
kernel/keeps.c:155:2: warning: del_timer_sync() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/keeps.c:154: del_timer_sync() -> del_timer_wait_running() -> might_sleep() [sleep-in-atomic]
kernel/keeps.c:163:2: warning: del_timer_sync() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/keeps.c:162: del_timer_sync() -> del_timer_wait_running() -> might_sleep() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

#define __READ_ONCE(x)	(*(const volatile typeof(x) *)&(x))
#define READ_ONCE(x)	({ __READ_ONCE(x); })
#define WRITE_ONCE(x, val) \
	do { *(volatile typeof(x) *)&(x) = (val); } while (0)

#define TIMER_CPUMASK		0x0003FFFF
#define TIMER_MIGRATING		0x00040000
#define TIMER_BASEMASK		(TIMER_CPUMASK | TIMER_MIGRATING)
#define TIMER_DEFERRABLE	0x00080000
#define TIMER_PINNED		0x00100000
#define TIMER_IRQSAFE		0x00200000
#define TIMER_INIT_FLAGS	(TIMER_DEFERRABLE | TIMER_PINNED | TIMER_IRQSAFE)

struct timer_list {
	unsigned int flags;
	void (*function)(struct timer_list *);
};

struct delayed_work {
	int work;
	struct timer_list timer;
};

struct plain_work {
	struct timer_list timer;
};

struct cleared_work {
	struct timer_list timer;
};

extern unsigned int this_cpu(void);

/* kernel/time/timer.c's shapes. */
static void do_init_timer(struct timer_list *timer,
			  void (*func)(struct timer_list *), unsigned int flags)
{
	timer->function = func;
	if (flags & ~TIMER_INIT_FLAGS)
		flags &= TIMER_INIT_FLAGS;
	timer->flags = flags | this_cpu();
}

void init_timer_key(struct timer_list *timer,
		    void (*func)(struct timer_list *), unsigned int flags)
{
	do_init_timer(timer, func, flags);
}

#define __init_timer(_timer, _fn, _flags) \
	init_timer_key((_timer), (_fn), (_flags))
#define INIT_DELAYED_WORK(_work, _func)					\
	do {								\
		(_work)->work = 0;					\
		__init_timer(&(_work)->timer, (_func), TIMER_IRQSAFE);	\
	} while (0)
#define INIT_PLAIN_WORK(_work, _func) __init_timer(&(_work)->timer, (_func), 0)

void add_timer_on(struct timer_list *timer, unsigned int cpu)
{
	timer->flags |= TIMER_MIGRATING;
	WRITE_ONCE(timer->flags, (timer->flags & ~TIMER_BASEMASK) | cpu);
}

void add_timer_global(struct timer_list *timer)
{
	timer->flags &= ~TIMER_PINNED;
}

/* Waits for the callback unless the timer is irq-safe or migrating. */
static void del_timer_wait_running(struct timer_list *timer)
{
	unsigned int tf;

	tf = READ_ONCE(timer->flags);
	if (!(tf & (TIMER_MIGRATING | TIMER_IRQSAFE)))
		might_sleep();
}

int del_timer_sync(struct timer_list *timer)
{
	del_timer_wait_running(timer);
	return 0;
}

void clear_irqsafe(struct timer_list *timer)
{
	timer->flags &= ~TIMER_IRQSAFE;
}

struct dev {
	struct delayed_work dw;
	struct plain_work pw;
	struct cleared_work cw;
};

static void timer_fn(struct timer_list *t)
{
	(void)t;
}

static spinlock_t lock;

static void init_cw(struct cleared_work *cw)
{
	__init_timer(&cw->timer, timer_fn, TIMER_IRQSAFE);
}

void dev_init(struct dev *d)
{
	INIT_DELAYED_WORK(&d->dw, timer_fn);
	INIT_PLAIN_WORK(&d->pw, timer_fn);
	init_cw(&d->cw);
}

void queue_dw(struct delayed_work *dw)
{
	struct timer_list *timer = &dw->timer;

	add_timer_on(timer, 1);
	add_timer_global(&dw->timer);
}

void drop_cw(struct cleared_work *cw)
{
	clear_irqsafe(&cw->timer);
}

/* flush_delayed_work()'s shape: every delayed work's timer is irq-safe. */
void flush_dw(struct delayed_work *dw)
{
	spin_lock(&lock);
	del_timer_sync(&dw->timer);
	spin_unlock(&lock);
}

/* A plain work's timer is not. */
void flush_pw(struct plain_work *pw)
{
	spin_lock(&lock);
	del_timer_sync(&pw->timer);
	spin_unlock(&lock);
}

/* Made irq-safe, but a function it is passed to clears the bit. */
void flush_cw(struct cleared_work *cw)
{
	spin_lock(&lock);
	del_timer_sync(&cw->timer);
	spin_unlock(&lock);
}
