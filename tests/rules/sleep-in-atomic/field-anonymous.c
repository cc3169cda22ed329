/*
 * check-name: members of an anonymous struct or union are the enclosing struct's: an object inside one is named (perf's hw_perf_event.hrtimer), and a member inside one is set up and tested as any other
 * check-tree: sleep-hooks
 * check-path: kernel/anon.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
kernel/anon.c:104:2: warning: request_wait() may sleep inside the atomic region begun by spin_lock(&ctx_lock) at kernel/anon.c:102: request_wait() -> mutex_lock() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

#define REQ_NOWAIT	0x1

struct waiter {
	unsigned int flags;
	struct mutex lock;
};

/* As include/linux/perf_event.h's hw_perf_event: kinds share storage. */
struct hw_event {
	union {
		struct {
			int config;
		};
		struct {
			struct waiter timer;
		};
	};
};

struct event {
	int id;
	struct hw_event hw;
};

struct request {
	union {
		struct {
			unsigned int flags;
		};
		unsigned long raw;
	};
	struct mutex lock;
};

static spinlock_t ctx_lock;
static struct request quick, slow;

void waiter_init(struct waiter *w, unsigned int flags)
{
	w->flags = flags;
}

static void waiter_cancel(struct waiter *w)
{
	if (w->flags & REQ_NOWAIT)
		return;
	mutex_lock(&w->lock);
	mutex_unlock(&w->lock);
}

/* The object through a local set to &event->hw, then two anonymous steps. */
void event_setup(struct event *event)
{
	struct hw_event *hwc = &event->hw;

	waiter_init(&hwc->timer, REQ_NOWAIT);
}

void event_stop(struct event *event)
{
	struct hw_event *hwc = &event->hw;

	spin_lock(&ctx_lock);
	waiter_cancel(&hwc->timer);	/* never waits */
	spin_unlock(&ctx_lock);
}

void request_init(struct request *r, unsigned int flags)
{
	r->flags = flags;
}

static void request_wait(struct request *r)
{
	if (r->flags & REQ_NOWAIT)
		return;
	mutex_lock(&r->lock);
	mutex_unlock(&r->lock);
}

void requests_setup(void)
{
	request_init(&quick, REQ_NOWAIT);
	request_init(&slow, 0);
}

void requests_run(void)
{
	spin_lock(&ctx_lock);
	request_wait(&quick);		/* returns first */
	request_wait(&slow);		/* sleeps */
	spin_unlock(&ctx_lock);
}
