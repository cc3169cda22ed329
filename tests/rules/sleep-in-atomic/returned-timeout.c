/*
 * check-name: a local set from a helper that returns 0 on one arm of a test of its parameter (sock_sndtimeo()'s "noblock ? 0 : timeout") is not 0 only where the caller's argument takes the other arm: a wait after "if (!timeo) goto failure;" is the caller's only when it may block
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
kernel/case.c:147:2: warning: append_data() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:145: append_data() -> alloc_send() -> wait_for_room() -> schedule_timeout() [sleep-in-atomic]
kernel/case.c:150:2: warning: alloc_block() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:145: alloc_block() -> wait_for_room() -> schedule_timeout() [sleep-in-atomic]
kernel/case.c:152:2: warning: alloc_once() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:145: alloc_once() -> wait_for_room() -> schedule_timeout() [sleep-in-atomic]
kernel/case.c:153:2: warning: alloc_zero_test() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:145: alloc_zero_test() -> wait_for_room() -> schedule_timeout() [sleep-in-atomic]
kernel/case.c:154:2: warning: alloc_rewritten() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:145: alloc_rewritten() -> wait_for_room() -> schedule_timeout() [sleep-in-atomic]
kernel/case.c:155:2: warning: alloc_loop_rewrites() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:145: alloc_loop_rewrites() -> wait_for_room() -> schedule_timeout() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

#define MSG_DONTWAIT	0x40

extern long schedule_timeout(long timeout);
extern int has_room(void);

struct sock {
	long sndtimeo;
	int rcvlowat;
};

/* include/net/sock.h's helpers: 0 when the caller may not wait. */
static inline long sndtimeo(const struct sock *sk, int noblock)
{
	return noblock ? 0 : sk->sndtimeo;
}

static inline long waittimeo(const struct sock *sk, int block)
{
	return block ? sk->sndtimeo : 0;
}

/* sock_wait_for_wmem(): returns what is left of the wait. */
static long wait_for_room(struct sock *sk, long timeo)
{
	for (;;) {
		if (has_room())
			break;
		timeo = schedule_timeout(timeo);
	}
	return timeo;
}

/*
 * sock_alloc_send_pskb(): waits only with a timeout left; the loop
 * writes the local again only after its test left where it was 0.
 */
static int alloc_send(struct sock *sk, int noblock)
{
	long timeo;

	timeo = sndtimeo(sk, noblock);
	for (;;) {
		if (has_room())
			break;
		if (!timeo)
			goto failure;
		timeo = wait_for_room(sk, timeo);
	}
	return 0;
failure:
	return -11;
}

/* The helper's 0 on the other arm. */
static int alloc_block(struct sock *sk, int block)
{
	long timeo = 1;

	timeo = waittimeo(sk, block);
	if (timeo)
		wait_for_room(sk, timeo);
	return 0;
}

/* A local set once, where it is declared. */
static int alloc_once(struct sock *sk, int noblock)
{
	long timeo = sndtimeo(sk, noblock);

	if (timeo)
		wait_for_room(sk, timeo);
	return 0;
}

/* The arm where the local is 0 says nothing of the parameter: waits. */
static int alloc_zero_test(struct sock *sk, int noblock)
{
	long timeo;

	timeo = sndtimeo(sk, noblock);
	if (!timeo)
		wait_for_room(sk, 1);
	return 0;
}

/* Written again before the test: what it implied is gone. */
static int alloc_rewritten(struct sock *sk, int noblock, long t)
{
	long timeo;

	timeo = sndtimeo(sk, noblock);
	timeo = t;
	if (timeo)
		wait_for_room(sk, timeo);
	return 0;
}

/*
 * The loop writes the local where its test did not leave: on the next
 * turn it is 5 whatever noblock was, and the wait is real.
 */
static int alloc_loop_rewrites(struct sock *sk, int noblock)
{
	long timeo;

	timeo = sndtimeo(sk, noblock);
	for (;;) {
		if (has_room())
			break;
		if (timeo)
			wait_for_room(sk, timeo);
		timeo = 5;
	}
	return 0;
}

/* __ip6_append_data(): the caller's bit, passed as a truth. */
static int append_data(struct sock *sk, int flags)
{
	return alloc_send(sk, flags & MSG_DONTWAIT);
}

static spinlock_t lock;

void senders(struct sock *sk)
{
	spin_lock(&lock);
	append_data(sk, MSG_DONTWAIT);
	append_data(sk, 0);
	alloc_send(sk, 1);
	alloc_block(sk, 0);
	alloc_block(sk, 1);
	alloc_once(sk, 1);
	alloc_once(sk, 0);
	alloc_zero_test(sk, 1);
	alloc_rewritten(sk, 1, 5);
	alloc_loop_rewrites(sk, 1);
	spin_unlock(&lock);
}
