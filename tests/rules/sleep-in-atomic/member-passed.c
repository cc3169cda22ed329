/*
 * check-name: a member of the caller's parameter passed on (ctx->flags) makes the callee's test of its parameter the caller's test of that member, which what the caller's caller stored decides (a designated initializer: what it leaves out is 0)
 * check-tree: sleep-hooks
 * check-path: kernel/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 *
 * check-error-start
kernel/case.c:67:2: warning: set_allowed() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:66: set_allowed() -> set_locked() -> affine_move() -> might_sleep() [sleep-in-atomic]
kernel/case.c:113:2: warning: info_create() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:112: info_create() -> metrics_init() -> might_sleep() [sleep-in-atomic]
kernel/case.c:123:2: warning: info_rewrites() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:122: info_rewrites() -> metrics_init() -> might_sleep() [sleep-in-atomic]
kernel/case.c:144:2: warning: info_create() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:143: info_create() -> metrics_init() -> might_sleep() [sleep-in-atomic]
kernel/case.c:157:2: warning: info_create() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:156: info_create() -> metrics_init() -> might_sleep() [sleep-in-atomic]
kernel/case.c:167:2: warning: info_create() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:166: info_create() -> metrics_init() -> might_sleep() [sleep-in-atomic]
kernel/case.c:181:2: warning: info_create() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:180: info_create() -> metrics_init() -> might_sleep() [sleep-in-atomic]
kernel/case.c:205:2: warning: info_create() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:204: info_create() -> metrics_init() -> might_sleep() [sleep-in-atomic]
kernel/case.c:236:2: warning: dst_alloc_like() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/case.c:235: dst_alloc_like() -> might_sleep() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

#define NULL ((void *)0)
#define SCA_MIGRATE_ENABLE	0x04

static spinlock_t lock;

struct actx {
	void *mask;
	unsigned int flags;
};

/* kernel/sched/core.c's affine_move_task(): waits unless migrating back. */
static void affine_move(int cpu, unsigned int flags)
{
	if (!(flags & SCA_MIGRATE_ENABLE))
		might_sleep();
}

/* __set_cpus_allowed_ptr_locked(): the flags of the context it got. */
static void set_locked(int cpu, struct actx *ctx)
{
	affine_move(cpu, ctx->flags);
}

/* __set_cpus_allowed_ptr(): the context passed on as it is. */
void set_allowed(int cpu, struct actx *ctx)
{
	set_locked(cpu, ctx);
}

/* migrate_enable()'s shape: no finding. */
void enable_back(int cpu)
{
	struct actx ac = { .mask = NULL, .flags = SCA_MIGRATE_ENABLE };

	spin_lock(&lock);
	set_allowed(cpu, &ac);
	spin_unlock(&lock);
}

/* Other flags: it waits. */
void enable_other(int cpu)
{
	struct actx ac = { .mask = NULL, .flags = 0 };

	spin_lock(&lock);
	set_allowed(cpu, &ac);
	spin_unlock(&lock);
}

struct cfg {
	void *mx;
	int table;
};

/* net/ipv4/metrics.c's ip_fib_metrics_init(): allocates only with metrics. */
static void metrics_init(void *mx)
{
	if (!mx)
		return;
	might_sleep();
}

/* ip6_route_info_create(): the config's metrics passed on. */
static void info_create(struct cfg *c)
{
	metrics_init(c->mx);
}

/* A callee that writes the member itself: not its caller's value. */
static void info_rewrites(struct cfg *c)
{
	c->mx = c;
	metrics_init(c->mx);
}

/* No metrics: no finding. */
void alloc_local(void)
{
	struct cfg cfg = { .mx = NULL, .table = 3 };

	spin_lock(&lock);
	info_create(&cfg);
	spin_unlock(&lock);
}

/* Metrics given: it sleeps. */
void alloc_with(void *m)
{
	struct cfg cfg = { .mx = m, .table = 3 };

	spin_lock(&lock);
	info_create(&cfg);
	spin_unlock(&lock);
}

/* Stored NULL, but the callee stores its own. */
void alloc_rewritten(void)
{
	struct cfg cfg = { .mx = NULL };

	spin_lock(&lock);
	info_rewrites(&cfg);
	spin_unlock(&lock);
}

/* addrconf_f6i_alloc()'s shape: a member the initializer leaves out is 0. */
void alloc_unnamed(void)
{
	struct cfg cfg = { .table = 3 };

	spin_lock(&lock);
	info_create(&cfg);
	spin_unlock(&lock);
}

/* Stored after the initializer: not known. */
void alloc_named_later(void *m)
{
	struct cfg cfg = { .table = 3 };

	cfg.mx = m;
	spin_lock(&lock);
	info_create(&cfg);
	spin_unlock(&lock);
}

extern void fill(void **mx);

/* Its address given to a call: not known. */
void alloc_filled(void)
{
	struct cfg cfg = { .table = 3 };

	fill(&cfg.mx);
	spin_lock(&lock);
	info_create(&cfg);
	spin_unlock(&lock);
}

/* The initializer's members by position: the first is named. */
void alloc_positional(void *m)
{
	struct cfg cfg = { m };

	spin_lock(&lock);
	info_create(&cfg);
	spin_unlock(&lock);
}

/* Where the arms meet: what either named is named. */
void alloc_arms(int x, void *m)
{
	struct cfg cfg = { .table = 3 };

	if (x)
		cfg.mx = m;
	else
		cfg.table = 4;
	spin_lock(&lock);
	info_create(&cfg);
	spin_unlock(&lock);
}

/* Neither arm names the metrics: still NULL. */
void alloc_arms_table(int x)
{
	struct cfg cfg = { .table = 3 };

	if (x)
		cfg.table = 5;
	spin_lock(&lock);
	info_create(&cfg);
	spin_unlock(&lock);
}

/* Its address kept in a pointer that then names the metrics. */
void alloc_escaped(void *m)
{
	struct cfg cfg = { .table = 3 };
	struct cfg *c = &cfg;

	c->mx = m;
	spin_lock(&lock);
	info_create(&cfg);
	spin_unlock(&lock);
}

#define DST_NOCOUNT	0x0008

struct dops {
	int thresh;
};

extern int over(struct dops *ops);

/* net/core/dst.c's dst_alloc(): "if (ops->gc && !(flags & DST_NOCOUNT) && ...)". */
static void dst_alloc_like(struct dops *ops, unsigned short flags)
{
	if (ops->thresh && !(flags & DST_NOCOUNT) && over(ops))
		might_sleep();
}

/* A test of the member beside one of a parameter: the flags decide. */
void alloc_nocount(struct dops *ops)
{
	spin_lock(&lock);
	dst_alloc_like(ops, 2 | DST_NOCOUNT);
	spin_unlock(&lock);
}

/* Counted: it may. */
void alloc_counted(struct dops *ops)
{
	spin_lock(&lock);
	dst_alloc_like(ops, 2);
	spin_unlock(&lock);
}
