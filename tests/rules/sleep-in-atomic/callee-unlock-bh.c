/*
 * check-name: a callee's spin_unlock_bh() or spin_unlock_irq() of its caller's lock also ends the caller's bottom-half- or interrupts-off region just under the lock (local_bh_disable(); spin_lock();), so a sleep after it is outside both
 * check-tree: sleep-hooks
 * check-path: net/backlog.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
net/backlog.c:87:2: warning: release_backlog() may sleep inside the atomic region begun by local_bh_disable() at net/backlog.c:85: release_backlog() -> msleep() [sleep-in-atomic]
net/backlog.c:97:2: warning: release_backlog() may sleep inside the atomic region begun by preempt_disable() at net/backlog.c:95: release_backlog() -> msleep() [sleep-in-atomic]
net/backlog.c:115:2: warning: release_plain() may sleep inside the atomic region begun by local_bh_disable() at net/backlog.c:113: release_plain() -> msleep() [sleep-in-atomic]
 * check-error-end
 *
 * __tcp_close() (net/ipv4/tcp.c:3158 on 6.12) takes the socket's lock
 * in two steps, local_bh_disable(); bh_lock_sock(sk); (a plain
 * spin_lock()), and calls __release_sock(), which drops that lock with
 * spin_unlock_bh() around its backlog's processing and cond_resched():
 * spin_unlock_bh() is spin_unlock() and local_bh_enable(), so both of
 * the caller's regions end before the sleep.  The walk counted one
 * region dropped for the two open.  Inside one function it already
 * did so (release()); a callee's release now says which way it went
 * (calls.ways), and so does the caller's pair of regions.
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>
#include <linux/irqctx.h>

extern void spin_unlock_irq(spinlock_t *lock);

struct sock {
	spinlock_t slock;
	int backlog;
};

/* __release_sock(): drops its caller's lock the bottom-half way */
static void release_backlog(struct sock *sk)
	__releases(&sk->slock) __acquires(&sk->slock)
{
	while (sk->backlog) {
		spin_unlock_bh(&sk->slock);
		msleep(1);
		spin_lock_bh(&sk->slock);
	}
}

/* The same with interrupts: spin_unlock_irq() enables them. */
static void release_irq(struct sock *sk)
	__releases(&sk->slock) __acquires(&sk->slock)
{
	spin_unlock_irq(&sk->slock);
	msleep(1);
	spin_lock_irq(&sk->slock);
}

/* Quiet: __tcp_close()'s two steps, both undone by the callee's unlock. */
void close_sock(struct sock *sk)
{
	local_bh_disable();
	spin_lock(&sk->slock);
	release_backlog(sk);
	spin_unlock(&sk->slock);
	local_bh_enable();
}

/* Quiet: one region, spin_lock_bh()'s, which the callee's unlock ends. */
void close_bh(struct sock *sk)
{
	spin_lock_bh(&sk->slock);
	release_backlog(sk);
	spin_unlock_bh(&sk->slock);
}

/* Quiet: interrupts off, then the lock; spin_unlock_irq() ends both. */
void close_irq(struct sock *sk)
{
	local_irq_disable();
	spin_lock(&sk->slock);
	release_irq(sk);
	spin_unlock(&sk->slock);
	local_irq_enable();
}

/* Fires: two bottom-half levels; the callee's unlock ends one. */
void close_twice(struct sock *sk)
{
	local_bh_disable();
	spin_lock_bh(&sk->slock);
	release_backlog(sk);
	spin_unlock_bh(&sk->slock);
	local_bh_enable();
}

/* Fires: preemption off under the lock is no bottom-half region. */
void close_preempt(struct sock *sk)
{
	preempt_disable();
	spin_lock(&sk->slock);
	release_backlog(sk);
	spin_unlock(&sk->slock);
	preempt_enable();
}

/* Fires: a plain spin_unlock() ends the lock alone. */
static void release_plain(struct sock *sk)
	__releases(&sk->slock) __acquires(&sk->slock)
{
	spin_unlock(&sk->slock);
	msleep(1);
	spin_lock(&sk->slock);
}

void close_plain(struct sock *sk)
{
	local_bh_disable();
	spin_lock(&sk->slock);
	release_plain(sk);
	spin_unlock(&sk->slock);
	local_bh_enable();
}
