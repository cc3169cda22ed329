/*
 * check-name: report --why: a tracepoint's call of its probes is no unfollowed call; a callback is
 * check-tree: sleep-hooks
 * check-path: kernel/why_trace.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report --why mark_dirty
 *
 * check-output-start
mark_dirty() (kernel/why_trace.c:45): no sleeping call found; 1 indirect call not followed: done at kernel/why_trace.c:49
 * check-output-end
 *
 * trace_block_dirty() is the shape TRACE_EVENT() gives a tracepoint:
 * a function that calls each registered probe through a pointer.  The
 * tracing core runs probes with preemption off, so none may sleep and
 * the call hides no sleep of mark_dirty(); the callback its caller gives
 * it may, and is named.
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

struct tracepoint_func {
	void (*func)(void *data, int nr);
	void *data;
};

struct tracepoint {
	struct tracepoint_func *funcs;
};

#define TRACE_EVENT(name, proto, args)					\
	extern struct tracepoint __tracepoint_##name;			\
	static inline void trace_##name(proto)				\
	{								\
		struct tracepoint_func *it = __tracepoint_##name.funcs;	\
		if (it)							\
			it->func(it->data, args);			\
	}

TRACE_EVENT(block_dirty, int nr, nr)

struct dev {
	int nr;
};

void mark_dirty(struct dev *d, void (*done)(struct dev *d))
{
	trace_block_dirty(d->nr);
	d->nr++;
	done(d);
}
