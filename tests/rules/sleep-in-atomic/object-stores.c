/*
 * check-name: a call through a member of one object reaches what the code stores in that object
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 *
 * check-output-start
kernel/case.c:76:8: warning: nb->notifier_call() may sleep inside the atomic region begun by spin_lock(&ready_lock) at kernel/case.c:75: nb->notifier_call() -> pm_notify() (through nb->notifier_call: notifier_block.notifier_call = pm_notify at kernel/case.c:51) -> msleep() [sleep-in-atomic]
kernel/case.c:93:8: warning: nb->notifier_call() may sleep inside the atomic region begun by spin_lock(&ready_lock) at kernel/case.c:92: nb->notifier_call() -> pm_notify() (through nb->notifier_call: notifier_block.notifier_call = pm_notify at kernel/case.c:51) -> msleep() [sleep-in-atomic]
kernel/case.c:145:2: warning: e->submit() may sleep inside the atomic region begun by spin_lock(&ready_lock) at kernel/case.c:144: e->submit() -> ring_submit() (through e->submit: engine.submit = ring_submit at kernel/case.c:130) -> msleep() [sleep-in-atomic]
kernel/case.c:163:2: warning: d->ops.submit() may sleep inside the atomic region begun by spin_lock(&ready_lock) at kernel/case.c:162: d->ops.submit() -> ring_submit() (through d->ops.submit: engine.submit = ring_submit at kernel/case.c:130) -> msleep() [sleep-in-atomic]
 * check-output-end
 *
 * Notifier blocks, engines and devices, each with a function-pointer
 * member.  Which function a call through the member runs depends on
 * the object it is called on: the link follows the call to what the
 * build stores in that member of that object, where the object is set
 * up (its initialiser, "v->base.submit = f"), when it can name the
 * object: a global ("&fill_key_nb"), a member reached through a pointer
 * to its struct ("v->base" of a struct virt).
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

void *memcpy(void *dst, const void *src, unsigned long n);

struct notifier_block {
	int (*notifier_call)(struct notifier_block *nb, unsigned long action);
	int priority;
};

static spinlock_t ready_lock;

static int fill_key(struct notifier_block *nb, unsigned long action)
{
	return 0;
}

static int pm_notify(struct notifier_block *nb, unsigned long action)
{
	msleep(10);
	return 0;
}

static struct notifier_block fill_key_nb = {
	.notifier_call = fill_key,
};

static struct notifier_block pm_nb = {
	.notifier_call = pm_notify,
};

/* Quiet: its only caller passes &fill_key_nb, whose callback does not sleep. */
int run_when_ready(struct notifier_block *nb)
{
	int ret;

	spin_lock(&ready_lock);
	ret = nb->notifier_call(nb, 0);
	spin_unlock(&ready_lock);
	return ret;
}

void key_init(void)
{
	run_when_ready(&fill_key_nb);
}

/* Fires: one of its callers passes &pm_nb. */
int run_locked(struct notifier_block *nb)
{
	int ret;

	spin_lock(&ready_lock);
	ret = nb->notifier_call(nb, 1);
	spin_unlock(&ready_lock);
	return ret;
}

void both_init(void)
{
	run_locked(&fill_key_nb);
	run_locked(&pm_nb);
}

/* Fires: its address is taken, so callers the facts do not see may pass any block. */
int run_any(struct notifier_block *nb)
{
	int ret;

	spin_lock(&ready_lock);
	ret = nb->notifier_call(nb, 2);
	spin_unlock(&ready_lock);
	return ret;
}

int (*runner)(struct notifier_block *nb) = run_any;

void any_init(void)
{
	run_any(&fill_key_nb);
}

struct engine {
	void (*submit)(struct engine *e);
};

struct virt {
	struct engine base;
	int sibling;
};

static void virt_submit(struct engine *e)
{
}

static void ring_submit(struct engine *e)
{
	msleep(1);
}

void virt_setup(struct virt *v)
{
	v->base.submit = virt_submit;
}

void ring_setup(struct engine *e)
{
	e->submit = ring_submit;
}

/* Quiet: a virt's base holds virt_submit. */
void virt_kick(struct virt *v)
{
	spin_lock(&ready_lock);
	v->base.submit(&v->base);
	spin_unlock(&ready_lock);
}

/* Fires: any engine, ring_submit among them. */
void engine_kick(struct engine *e)
{
	spin_lock(&ready_lock);
	e->submit(e);
	spin_unlock(&ready_lock);
}

struct dev {
	struct engine ops;
};

void dev_setup(struct dev *d, const struct engine *tmpl)
{
	d->ops.submit = virt_submit;
	memcpy(&d->ops, tmpl, sizeof(*tmpl));
}

/* Fires: a dev's ops is copied whole from a template, so it may hold anything. */
void dev_kick(struct dev *d)
{
	spin_lock(&ready_lock);
	d->ops.submit(&d->ops);
	spin_unlock(&ready_lock);
}
