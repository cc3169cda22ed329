/*
 * check-name: a function entered with a member lock held (of a parameter or a local, one or more members deep): atomic for a spinlock, not for a mutex
 * check-tree: sleep-hooks
 * check-path: fs/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
fs/case.c:36:2: warning: msleep() may sleep inside the atomic region begun by __must_hold(&h->slock) at fs/case.c:33: msleep() [sleep-in-atomic]
fs/case.c:57:2: warning: msleep() may sleep inside the atomic region begun by __must_hold(&port->slock) at fs/case.c:52: msleep() [sleep-in-atomic]
fs/case.c:85:2: warning: msleep() may sleep inside the atomic region begun by __must_hold(&req->ctx->completion_lock) at fs/case.c:82: msleep() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

extern void mutex_unlock(struct mutex *lock);

struct holder {
	struct mutex holder_lock;
	spinlock_t slock;
	int users;
};

/* Entered with the holder's mutex held, as its annotation says. */
void put_holder(struct holder *h) __releases(&h->holder_lock)
{
	h->users--;
	mutex_unlock(&h->holder_lock);
	msleep(1);
}

/* Entered with the spinlock held. */
void count_holder(struct holder *h) __must_hold(&h->slock)
{
	h->users++;
	msleep(1);
}

/*
 * The lock named through a local of the body (usb hub.c's
 * hub_port_connect_change(), __must_hold(&port_dev->status_lock) with
 * port_dev = hub->ports[port1 - 1]): the local's member's type decides.
 */
void port_change(struct holder **ports, int i) __must_hold(&port->holder_lock)
{
	struct holder *port = ports[i];

	port->users++;
	msleep(1);
}

void port_count(struct holder **ports, int i) __must_hold(&port->slock)
{
	struct holder *port = ports[i];

	port->users++;
	msleep(1);
}

/*
 * Through two members, the lock in an anonymous struct (io_uring's
 * __must_hold(&req->ctx->uring_lock), a mutex of struct io_ring_ctx).
 */
struct ring {
	struct {
		struct mutex uring_lock;
		spinlock_t completion_lock;
	};
	int cached;
};

struct ring_req {
	struct ring *ctx;
};

void queue_async(struct ring_req *req) __must_hold(&req->ctx->uring_lock)
{
	req->ctx->cached++;
	msleep(1);
}

void post_cqe(struct ring_req *req) __must_hold(&req->ctx->completion_lock)
{
	req->ctx->cached--;
	msleep(1);
}

/*
 * Annotations on what is no spinning lock: an SRCU read side (dm's
 * dm_get_live_table(), __acquires(md->io_barrier)) and a cookie sparse is
 * told about (debugfs' __releases(cancellation)).  Neither is atomic.
 */
struct srcu_struct {
	int idx;
};

struct mapped_device {
	struct srcu_struct io_barrier;
	int live;
};

struct cancellation {
	int done;
};

void get_live_table(struct mapped_device *md) __must_hold(&md->io_barrier)
{
	md->live++;
	msleep(1);
}

void leave_cancellation(struct cancellation *cancellation)
	__releases(cancellation)
{
	cancellation->done = 1;
	msleep(1);
}
