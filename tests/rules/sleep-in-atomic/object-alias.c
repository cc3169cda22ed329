/*
 * check-name: a local set once to an object's address is that object: stores and calls through it, and passed on
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 *
 * check-output-start
kernel/case.c:84:2: warning: counter_init() may sleep inside the atomic region begun by spin_lock(&s->lock) at kernel/case.c:83: counter_init() -> vclock_read() (through cc->read: cyclecounter.read = vclock_read at kernel/case.c:60) -> msleep() [sleep-in-atomic]
kernel/case.c:85:2: warning: cc->read() may sleep inside the atomic region begun by spin_lock(&s->lock) at kernel/case.c:83: cc->read() -> vclock_read() (through cc->read: cyclecounter.read = vclock_read at kernel/case.c:60) -> msleep() [sleep-in-atomic]
kernel/case.c:95:2: warning: counter_init() may sleep inside the atomic region begun by spin_lock(&v->lock) at kernel/case.c:94: counter_init() -> vclock_read() (through cc->read: cyclecounter.read = vclock_read at kernel/case.c:60) -> msleep() [sleep-in-atomic]
 * check-output-end
 *
 * hdac_stream.c's azx_timecounter_init() sets up its cyclecounter
 * through a local, "struct cyclecounter *cc = &azx_dev->cc;", then
 * hands cc to timecounter_init(), which calls cc->read().  The local is
 * the stream's cc: what is stored through it is the stream's read, which
 * does not sleep, not every clock's (also when the call carries a member
 * stored before it, "&stream.cc{cyclecounter.mult=125}").  A local
 * assigned again is no such name: through it, any clock's read may run.
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

extern void msleep(unsigned int ms);

struct cyclecounter {
	unsigned long long (*read)(const struct cyclecounter *cc);
	unsigned int mult;
};

void counter_init(const struct cyclecounter *cc)
{
	cc->read(cc);
}

struct stream {
	spinlock_t lock;
	struct cyclecounter cc;
};

struct vclock {
	spinlock_t lock;
	struct cyclecounter cc;
};

static unsigned long long stream_read(const struct cyclecounter *cc)
{
	return 1;
}

static unsigned long long vclock_read(const struct cyclecounter *cc)
{
	msleep(1);
	return 2;
}

void vclock_setup(struct vclock *v)
{
	v->cc.read = vclock_read;
}

/* Quiet: cc is s->cc, which holds stream_read(). */
void stream_start(struct stream *s)
{
	struct cyclecounter *cc = &s->cc;

	cc->read = stream_read;
	cc->mult = 125;		/* a member known at the calls: still s->cc */
	spin_lock(&s->lock);
	counter_init(cc);
	cc->read(cc);
	spin_unlock(&s->lock);
}

/* Fires: cc may be the vclock's. */
void stream_or_vclock(struct stream *s, struct vclock *v, int which)
{
	struct cyclecounter *cc = &s->cc;

	if (which)
		cc = &v->cc;
	spin_lock(&s->lock);
	counter_init(cc);
	cc->read(cc);
	spin_unlock(&s->lock);
}

/* Fires: the vclock's own. */
void vclock_start(struct vclock *v)
{
	struct cyclecounter *cc = &v->cc;

	spin_lock(&v->lock);
	counter_init(cc);
	spin_unlock(&v->lock);
}
