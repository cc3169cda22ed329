/*
 * check-name: a callee that returns early where the value its pointer parameter points to is 0 does not wait for a caller whose value is 0 there
 * check-tree: sleep-hooks
 * check-path: kernel/timeo.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 *
 * check-output-start
kernel/timeo.c:75:2: warning: deliver() may sleep inside the atomic region begun by spin_lock(&sk_lock) at kernel/timeo.c:74: deliver() -> attach() -> msleep() [sleep-in-atomic]
kernel/timeo.c:83:2: warning: deliver() may sleep inside the atomic region begun by spin_lock(&sk_lock) at kernel/timeo.c:82: deliver() -> attach() -> msleep() [sleep-in-atomic]
kernel/timeo.c:101:2: warning: deliver_reset() may sleep inside the atomic region begun by spin_lock(&sk_lock) at kernel/timeo.c:100: deliver_reset() -> attach() -> msleep() [sleep-in-atomic]
kernel/timeo.c:119:2: warning: deliver_kept() may sleep inside the atomic region begun by spin_lock(&sk_lock) at kernel/timeo.c:118: deliver_kept() -> attach() -> msleep() [sleep-in-atomic]
kernel/timeo.c:144:2: warning: deliver_late() may sleep inside the atomic region begun by spin_lock(&sk_lock) at kernel/timeo.c:143: deliver_late() -> attach_late() -> msleep() [sleep-in-atomic]
kernel/timeo.c:170:2: warning: deliver_arm() may sleep inside the atomic region begun by spin_lock(&sk_lock) at kernel/timeo.c:169: deliver_arm() -> attach_arm() -> msleep() [sleep-in-atomic]
 * check-output-end
 *
 * netlink_unicast()'s pattern: "timeo = sock_sndtimeo(ssk, nonblock)"
 * is 0 where nonblock is not, and netlink_attachskb(sk, skb, &timeo,
 * ssk) returns -EAGAIN "if (!*timeo)" before it waits.  A nonblocking
 * send under a lock does not sleep; a blocking one does.  A retry loop
 * around the call keeps the value: the callee writes it only after the
 * test found it not 0.
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

struct sk {
	int rcvbuf;
	long sndtimeo;
};

static spinlock_t sk_lock;

static long snd_timeo(struct sk *sk, int noblock)
{
	return noblock ? 0 : sk->sndtimeo;
}

static int attach(struct sk *sk, long *timeo)
{
	if (sk->rcvbuf > 0)
		return 0;
	if (!*timeo)
		return -11;
	msleep(1);
	*timeo = 0;
	return 1;
}

static int deliver(struct sk *sk, int nonblock)
{
	long timeo;
	int err;

	timeo = snd_timeo(sk, nonblock);
retry:
	err = attach(sk, &timeo);
	if (err == 1)
		goto retry;
	return err;
}

/* Quiet: a nonblocking send. */
void send_atomic(struct sk *sk)
{
	spin_lock(&sk_lock);
	deliver(sk, 1);
	spin_unlock(&sk_lock);
}

/* Fires: a blocking send. */
void send_blocking(struct sk *sk)
{
	spin_lock(&sk_lock);
	deliver(sk, 0);
	spin_unlock(&sk_lock);
}

/* Fires: the caller's own flag, not known. */
void send_any(struct sk *sk, int nb)
{
	spin_lock(&sk_lock);
	deliver(sk, nb);
	spin_unlock(&sk_lock);
}

/* The local also set to a constant: its value says nothing of nonblock. */
static int deliver_reset(struct sk *sk, int nonblock)
{
	long timeo = snd_timeo(sk, nonblock);

	if (sk->rcvbuf < 0)
		timeo = 5;
	return attach(sk, &timeo);
}

/* Fires: timeo may be 5. */
void send_reset(struct sk *sk)
{
	spin_lock(&sk_lock);
	deliver_reset(sk, 1);
	spin_unlock(&sk_lock);
}

/* The local's address kept in a pointer: written where the walk cannot see. */
static int deliver_kept(struct sk *sk, int nonblock)
{
	long timeo = snd_timeo(sk, nonblock);
	long *keep = &timeo;

	*keep = sk->sndtimeo;
	return attach(sk, &timeo);
}

/* Fires: timeo is the socket's timeout. */
void send_kept(struct sk *sk)
{
	spin_lock(&sk_lock);
	deliver_kept(sk, 1);
	spin_unlock(&sk_lock);
}

/* A callee that writes the value before it tests it. */
static int attach_late(struct sk *sk, long *timeo)
{
	*timeo = sk->sndtimeo;
	if (!*timeo)
		return -11;
	msleep(2);
	return 0;
}

static int deliver_late(struct sk *sk, int nonblock)
{
	long timeo = snd_timeo(sk, nonblock);

	return attach_late(sk, &timeo);
}

/* Fires: the test reads what attach_late() wrote, not the caller's 0. */
void send_late(struct sk *sk)
{
	spin_lock(&sk_lock);
	deliver_late(sk, 1);
	spin_unlock(&sk_lock);
}

/* A callee that waits in the arm of its test, with no early return. */
static int attach_arm(struct sk *sk, long *timeo)
{
	if (*timeo)
		msleep(3);
	return 0;
}

static int deliver_arm(struct sk *sk, int nonblock)
{
	long timeo = snd_timeo(sk, nonblock);

	return attach_arm(sk, &timeo);
}

/*
 * Fires, though it need not: only an early return's test is read
 * (docs/facts-db.md, "A value passed by address").
 */
void send_arm(struct sk *sk)
{
	spin_lock(&sk_lock);
	deliver_arm(sk, 1);
	spin_unlock(&sk_lock);
}
