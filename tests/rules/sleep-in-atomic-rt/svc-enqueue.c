/*
 * check-name: svc_xprt_do_enqueue() (Linux 4.2; mainline 5.19 "SUNRPC: Don't disable preemption while calling svc_pool_for_cpu()"): spin_lock_bh() under get_cpu()
 * check-tree: sleep-hooks
 * check-path: net/sunrpc/svc_xprt.c
 * check-flags: --rt -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
net/sunrpc/svc_xprt.c:36:2: warning: spin_lock_bh() may sleep on PREEMPT_RT inside the atomic region begun by get_cpu() at net/sunrpc/svc_xprt.c:34: spin_lock_bh(&pool->sp_lock) (on PREEMPT_RT) [sleep-in-atomic-rt]
 * check-error-end
 */
#include <linux/spinlock.h>
#include <linux/irqctx.h>

/*
 * The shape of net/sunrpc/svc_xprt.c: get_cpu() only to pick this
 * CPU's pool, and preemption kept off while the transport is queued
 * under the pool's spinlock_t, taken with bottom halves off: both
 * sleeping locks on PREEMPT_RT.
 */
struct svc_pool {
	spinlock_t sp_lock;
	int sp_sockets;
};

extern struct svc_pool *svc_pool_for_cpu(int cpu);
extern int raw_smp_processor_id(void);

/* Bug on RT: the pool's lock under get_cpu(). */
void svc_xprt_do_enqueue(void)
{
	struct svc_pool *pool;
	int cpu;

	cpu = get_cpu();
	pool = svc_pool_for_cpu(cpu);
	spin_lock_bh(&pool->sp_lock);
	pool->sp_sockets++;
	spin_unlock_bh(&pool->sp_lock);
	put_cpu();
}

/* The fix: any CPU's pool will do; preemption stays on. */
void svc_xprt_enqueue_fixed(void)
{
	struct svc_pool *pool;

	pool = svc_pool_for_cpu(raw_smp_processor_id());
	spin_lock_bh(&pool->sp_lock);
	pool->sp_sockets++;
	spin_unlock_bh(&pool->sp_lock);
}
