/*
 * check-name: a call through a member, in a case of a switch on another member of the same object, reaches the functions stored beside that value
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 *
 * check-output-start
kernel/case.c:118:9: warning: cb->call() may sleep inside the atomic region begun by spin_lock(&cb_lock) at kernel/case.c:117: cb->call() -> get_batch() (through cb->call: cb.call = get_batch at kernel/case.c:63) -> msleep() [sleep-in-atomic]
kernel/case.c:136:9: warning: cb->call() may sleep inside the atomic region begun by spin_lock(&cb_lock) at kernel/case.c:135: cb->call() -> get_plain() (through cb->call: cb.call = get_plain at kernel/case.c:64) -> msleep() [sleep-in-atomic]
kernel/case.c:155:9: warning: cb->call() may sleep inside the atomic region begun by spin_lock(&cb_lock) at kernel/case.c:154: cb->call() -> get_slow() (through cb->call: cb.call = get_slow at kernel/case.c:61) -> msleep() [sleep-in-atomic]
kernel/case.c:171:9: warning: cb->call() may sleep inside the atomic region begun by spin_lock(&cb_lock) at kernel/case.c:170: cb->call() -> get_slow() (through cb->call: cb.call = get_slow at kernel/case.c:61) -> msleep() [sleep-in-atomic]
kernel/case.c:215:9: warning: cb->call() may sleep inside the atomic region begun by spin_lock(&cb_lock) at kernel/case.c:214: cb->call() -> get_slow() (through cb->call: cb.call = get_slow at kernel/case.c:61) -> msleep() [sleep-in-atomic]
kernel/case.c:248:3: warning: op->run() may sleep inside the atomic region begun by spin_lock(&cb_lock) at kernel/case.c:247: op->run() -> op_wait() (through op->run: op.run = op_wait at kernel/case.c:239) -> msleep() [sleep-in-atomic]
 * check-output-end
 *
 * A table of callbacks, each stored beside a type that says how it is
 * called (nfnetlink's struct nfnl_callback: NFNL_CB_RCU under
 * rcu_read_lock(), NFNL_CB_MUTEX under the subsystem's mutex).  A call
 * made in "case CB_ATOMIC:" of "switch (cb->type)", or in the then-arm of
 * "if (cb->type == CB_ATOMIC)", runs only the callbacks whose initialiser
 * says ".type = CB_ATOMIC"; a member the initialiser does not name is 0.
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

enum cb_type { CB_UNSPEC, CB_MUTEX, CB_ATOMIC, CB_BATCH };

struct cb {
	int (*call)(int arg);
	enum cb_type type;
	int attrs;
};

static spinlock_t cb_lock;

static int get_slow(int arg)
{
	msleep(1);
	return arg;
}

static int get_fast(int arg)
{
	return arg + 1;
}

static int get_batch(int arg)
{
	msleep(2);
	return arg;
}

static int get_plain(int arg)
{
	msleep(3);
	return arg;
}

static const struct cb cbs[] = {
	{ .call = get_slow, .type = CB_MUTEX, .attrs = 2 },
	{ .call = get_fast, .type = CB_ATOMIC },
	{ .call = get_batch, .type = CB_BATCH },
	{ .call = get_plain },
};

const struct cb *cb_find(int id)
{
	return &cbs[id & 3];
}

/* Quiet: only get_fast is stored beside CB_ATOMIC. */
int cb_run(const struct cb *cb, int arg)
{
	int ret = 0;

	switch (cb->type) {
	case CB_ATOMIC:
		spin_lock(&cb_lock);
		ret = cb->call(arg);
		spin_unlock(&cb_lock);
		break;
	case CB_MUTEX:
		ret = cb->call(arg);
		break;
	default:
		break;
	}
	return ret;
}

/* Quiet: the same on a local set once. */
int cb_run_id(int id, int arg)
{
	const struct cb *cb;
	int ret = -1;

	cb = cb_find(id);
	switch (cb->type) {
	case CB_ATOMIC:
		spin_lock(&cb_lock);
		ret = cb->call(arg);
		spin_unlock(&cb_lock);
		break;
	}
	return ret;
}

/* Fires: two labels reach the call, and get_batch is a CB_BATCH. */
int cb_run_two(const struct cb *cb, int arg)
{
	int ret = 0;

	switch (cb->type) {
	case CB_ATOMIC:
	case CB_BATCH:
		spin_lock(&cb_lock);
		ret = cb->call(arg);
		spin_unlock(&cb_lock);
		break;
	}
	return ret;
}

/* Fires: CB_ATOMIC falls into CB_UNSPEC's statements; get_plain's type is 0. */
int cb_run_fall(const struct cb *cb, int arg)
{
	int ret = 0;

	switch (cb->type) {
	case CB_ATOMIC:
		arg++;
		/* fall through */
	case CB_UNSPEC:
		spin_lock(&cb_lock);
		ret = cb->call(arg);
		spin_unlock(&cb_lock);
		break;
	case CB_MUTEX:
		break;
	}
	return ret;
}

/* Fires: default reaches any type. */
int cb_run_default(const struct cb *cb, int arg)
{
	int ret = 0;

	switch (cb->type) {
	case CB_MUTEX:
		break;
	default:
		spin_lock(&cb_lock);
		ret = cb->call(arg);
		spin_unlock(&cb_lock);
		break;
	}
	return ret;
}

/* Fires: the pointer changes after the switch read it. */
int cb_run_moved(const struct cb *cb, int arg)
{
	int ret = 0;

	switch (cb->type) {
	case CB_ATOMIC:
		cb = cb_find(arg);
		spin_lock(&cb_lock);
		ret = cb->call(arg);
		spin_unlock(&cb_lock);
		break;
	}
	return ret;
}

/* Quiet: the then-arm of "cb->type == CB_ATOMIC". */
int cb_run_if(const struct cb *cb, int arg)
{
	int ret = 0;

	if (cb->type == CB_ATOMIC) {
		spin_lock(&cb_lock);
		ret = cb->call(arg);
		spin_unlock(&cb_lock);
	}
	return ret;
}

/* Quiet: the else-arm of "cb->type != CB_ATOMIC". */
int cb_run_else(const struct cb *cb, int arg)
{
	int ret = 0;

	if (cb->type != CB_ATOMIC) {
		ret = cb->call(arg);
	} else {
		spin_lock(&cb_lock);
		ret = cb->call(arg);
		spin_unlock(&cb_lock);
	}
	return ret;
}

/* Fires: the else-arm of "==" may hold any other type. */
int cb_run_not(const struct cb *cb, int arg)
{
	int ret = 0;

	if (cb->type == CB_MUTEX) {
		ret = cb->call(arg);
	} else {
		spin_lock(&cb_lock);
		ret = cb->call(arg);
		spin_unlock(&cb_lock);
	}
	return ret;
}

struct op {
	void (*run)(struct op *op);
	int kind;
};

static void op_quick(struct op *op)
{
}

static void op_wait(struct op *op)
{
	msleep(4);
}

static struct op quick_op = { .run = op_quick, .kind = 1 };

void op_setup(struct op *op)
{
	op->run = op_wait;
}

/* Fires: an assignment stores op_wait whatever the kind. */
void op_kick(struct op *op)
{
	switch (op->kind) {
	case 1:
		spin_lock(&cb_lock);
		op->run(op);
		spin_unlock(&cb_lock);
		break;
	}
}

struct op *op_quick_one(void)
{
	return &quick_op;
}
