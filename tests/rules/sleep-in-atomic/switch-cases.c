/*
 * check-name: a callee whose several cases sleep (switch cases, equalities, bits, not 0), called with a value of none of them (directly, through a wrapper, through a member)
 * check-tree: sleep-hooks
 * check-path: kernel/reg_cases.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 *
 * check-output-start
kernel/reg_cases.c:138:2: warning: probe_register() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/reg_cases.c:137: probe_register() -> disable_probe() -> might_sleep() [sleep-in-atomic]
kernel/reg_cases.c:139:2: warning: reg_all() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/reg_cases.c:137: reg_all() -> probe_register() -> disable_probe() -> might_sleep() [sleep-in-atomic]
kernel/reg_cases.c:140:2: warning: ev->class->reg() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/reg_cases.c:137: ev->class->reg() -> probe_register() (through ev->class->reg: event_class.reg = probe_register at kernel/reg_cases.c:74) -> disable_probe() -> might_sleep() [sleep-in-atomic]
kernel/reg_cases.c:141:2: warning: ev->class->reg() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/reg_cases.c:137: ev->class->reg() -> probe_register() (through ev->class->reg: event_class.reg = probe_register at kernel/reg_cases.c:74) -> enable_probe() -> mutex_lock() [sleep-in-atomic]
kernel/reg_cases.c:142:2: warning: set_state() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/reg_cases.c:137: set_state() -> might_sleep() [sleep-in-atomic]
kernel/reg_cases.c:143:2: warning: reg_all() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/reg_cases.c:137: reg_all() -> probe_register() -> enable_probe() -> mutex_lock() [sleep-in-atomic]
kernel/reg_cases.c:144:2: warning: zero_or_three() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/reg_cases.c:137: zero_or_three() -> might_sleep() [sleep-in-atomic]
kernel/reg_cases.c:145:2: warning: two_bits() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/reg_cases.c:137: two_bits() -> might_sleep() [sleep-in-atomic]
kernel/reg_cases.c:146:2: warning: nonzero() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/reg_cases.c:137: nonzero() -> might_sleep() [sleep-in-atomic]
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

/* "!mode" or "mode == 3": the set {0, 3}. */
static void zero_or_three(int mode)
{
	if (!mode)
		might_sleep();
	else if (mode == 3)
		might_sleep();
}

/* Two bits, each with its sleep: a bit of 0x5 set. */
static void two_bits(unsigned int flags)
{
	if (flags & 0x1)
		might_sleep();
	if (flags & 0x4)
		might_sleep();
}

/* "count == 2" or "count": count not 0. */
static void nonzero(int count)
{
	if (count == 2)
		might_sleep();
	if (count)
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
	zero_or_three(1);
	two_bits(0x2);
	nonzero(0);
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
	zero_or_three(0);
	two_bits(0x4);
	nonzero(7);
	spin_unlock(&lock);
}
