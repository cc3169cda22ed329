/*
 * check-name: an arm that says with sparse's __release(x), and no unlock of its own, that the lock its function was entered holding is not held there ends that lock's region where the arm begins: unlock_sock_fast()'s slow arm runs release_sock() without the socket's spinlock
 * check-tree: sleep-hooks
 * check-path: net/sockfast.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
net/sockfast.c:71:3: warning: msleep() may sleep inside the atomic region begun by __releases(&sk->slock) at net/sockfast.c:67: msleep() [sleep-in-atomic]
net/sockfast.c:83:2: warning: msleep() may sleep inside the atomic region begun by __releases(&sk->slock) at net/sockfast.c:80: msleep() [sleep-in-atomic]
 * check-error-end
 *
 * 6.12's lock_sock_fast() (include/net/sock.h) returns false holding
 * sk->sk_lock.slock with bottom halves off, or takes the socket the
 * slow way (owned, a sleeping lock), drops the spinlock and returns
 * true; both ways it says __acquires(&sk->sk_lock.slock), and tells
 * sparse so with __acquire() on the slow way.  unlock_sock_fast(sk,
 * slow) says __releases(&sk->sk_lock.slock) and, when slow, calls
 * release_sock(), which may sleep, then __release(&sk->sk_lock.slock):
 * no unlock, the spinlock was not held.  The walk opened the
 * annotation's region on entry and kept it over release_sock():
 * include/net/sock.h:1727 and every lock_sock_fast() caller
 * (tcp.c:631, tcp.c:4207, udp.c:2715, ...) were findings on 6.12.
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>
#include <linux/irqctx.h>

#ifdef __CHECKER__
#define __release(x)	__context__(x, -1)
#else
#define __release(x)	(void)0
#endif

struct sock {
	spinlock_t slock;
	int owned;
};

extern void release_sock(struct sock *sk);	/* may sleep */

void release_sock(struct sock *sk)
{
	sk->owned = 0;
	msleep(1);
}

/* unlock_sock_fast(): the slow arm never held the spinlock. */
static inline void unlock_fast(struct sock *sk, _Bool slow)
	__releases(&sk->slock)
{
	if (slow) {
		release_sock(sk);
		__release(&sk->slock);
	} else {
		spin_unlock_bh(&sk->slock);
	}
}

/* Quiet: the caller's region is the fast way's. */
void ioctl_inq(struct sock *sk, _Bool slow)
{
	spin_lock_bh(&sk->slock);
	unlock_fast(sk, slow);
}

/* Fires: an arm that unlocks as well is no marker arm. */
static void unlock_after(struct sock *sk, _Bool slow)
	__releases(&sk->slock)
{
	if (slow) {
		msleep(1);
		spin_unlock(&sk->slock);
		__release(&sk->slock);
	} else {
		spin_unlock(&sk->slock);
	}
}

/* Fires: the marker comes after the sleep in a plain sequence. */
static void release_late(struct sock *sk)
	__releases(&sk->slock)
{
	msleep(1);
	__release(&sk->slock);
}
