/*
 * check-name: a callee whose several cases sleep, called with a value of none of them (directly, through a wrapper, through a member)
 * check-tree: sleep-hooks
 * check-path: kernel/reg_cases.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 *
 * check-output-start
kernel/reg_cases.c:105:2: warning: probe_register() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/reg_cases.c:104: probe_register() -> disable_probe() -> might_sleep() [sleep-in-atomic]
kernel/reg_cases.c:106:2: warning: reg_all() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/reg_cases.c:104: reg_all() -> probe_register() -> disable_probe() -> might_sleep() [sleep-in-atomic]
kernel/reg_cases.c:107:2: warning: ev->class->reg() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/reg_cases.c:104: ev->class->reg() -> probe_register() (through ev->class->reg: event_class.reg = probe_register at kernel/reg_cases.c:71) -> disable_probe() -> might_sleep() [sleep-in-atomic]
kernel/reg_cases.c:108:2: warning: ev->class->reg() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/reg_cases.c:104: ev->class->reg() -> probe_register() (through ev->class->reg: event_class.reg = probe_register at kernel/reg_cases.c:71) -> enable_probe() -> mutex_lock() [sleep-in-atomic]
kernel/reg_cases.c:109:2: warning: set_state() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/reg_cases.c:104: set_state() -> might_sleep() [sleep-in-atomic]
kernel/reg_cases.c:110:2: warning: reg_all() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/reg_cases.c:104: reg_all() -> probe_register() -> enable_probe() -> mutex_lock() [sleep-in-atomic]
 * check-output-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

extern void mutex_lock(struct mutex *m);
extern void mutex_unlock(struct mutex *m);

/* trace_reg's shape: two kinds of registration, four of perf's. */
enum reg_type {
	REG_REGISTER, REG_UNREGISTER, REG_PERF_OPEN, REG_PERF_CLOSE,
	REG_PERF_ADD, REG_PERF_DEL,
};

struct trace_call;
struct event_class {
	int (*reg)(struct trace_call *call, enum reg_type type, void *data);
};
struct trace_call {
	struct event_class *class;
};

static struct mutex probe_mutex;
static spinlock_t lock;

static int enable_probe(struct trace_call *call)
{
	mutex_lock(&probe_mutex);
	mutex_unlock(&probe_mutex);
	return 0;
}

static int disable_probe(struct trace_call *call)
{
	might_sleep();
	return 0;
}

/* eprobe_register()'s shape: two cases sleep, perf's return at once. */
static int probe_register(struct trace_call *call, enum reg_type type,
			  void *data)
{
	switch (type) {
	case REG_REGISTER:
		return enable_probe(call);
	case REG_UNREGISTER:
		return disable_probe(call);
	case REG_PERF_OPEN:
	case REG_PERF_CLOSE:
	case REG_PERF_ADD:
	case REG_PERF_DEL:
		return 0;
	}
	return 0;
}

static struct event_class probe_class = { .reg = probe_register };

/* Hands its type on: sleeps for the same two values. */
static void reg_all(struct trace_call *call, enum reg_type type)
{
	probe_register(call, type, 0);
}

/* The same with equalities: one of three states sleeps, two of them. */
static void set_state(int state)
{
	if (state == 3)
		might_sleep();
	else if (state == 5)
		might_sleep();
}

struct trace_call probe_call = { .class = &probe_class };

/* perf_trace_del()'s shape: a perf type through the member. */
void perf_del(struct trace_call *ev)
{
	spin_lock(&lock);
	ev->class->reg(ev, REG_PERF_DEL, 0);
	probe_register(ev, REG_PERF_ADD, 0);
	reg_all(ev, REG_PERF_CLOSE);
	set_state(4);
	set_state(0);
	spin_unlock(&lock);
}

void registers(struct trace_call *ev, enum reg_type any)
{
	spin_lock(&lock);
	probe_register(ev, REG_UNREGISTER, 0);
	reg_all(ev, REG_UNREGISTER);
	ev->class->reg(ev, REG_UNREGISTER, 0);
	ev->class->reg(ev, REG_REGISTER, 0);
	set_state(5);
	reg_all(ev, any);
	spin_unlock(&lock);
}
