/*
 * sleep_prims.c - the primitives of the sleep analysis, as data: what
 * begins and ends an atomic region, and what may sleep.  A name is a
 * function or a macro as the source spells it (spin_lock_irqsave is a
 * macro, spin_lock a function in modern kernels; both are looked up by
 * the name written).  docs/rules/sleep-in-atomic.md lists them.
 */
#include "checker/sleep/sleep.h"

#include <stdlib.h>
#include <string.h>

static const struct prim prims[] = {
	/* Preemption, interrupts, bottom halves, RCU. */
	{ "preempt_disable", PRIM_ACQUIRE, 0 },
	{ "preempt_disable_notrace", PRIM_ACQUIRE, 0 },
	{ "preempt_enable", PRIM_RELEASE, 0 },
	{ "preempt_enable_no_resched", PRIM_RELEASE, 0 },
	{ "preempt_enable_notrace", PRIM_RELEASE, 0 },
	{ "sched_preempt_enable_no_resched", PRIM_RELEASE, 0 },
	{ "get_cpu", PRIM_ACQUIRE, 0 },
	{ "get_cpu_var", PRIM_ACQUIRE, 0 },
	{ "get_cpu_ptr", PRIM_ACQUIRE, 0 },
	{ "put_cpu", PRIM_RELEASE, 0 },
	{ "put_cpu_var", PRIM_RELEASE, 0 },
	{ "put_cpu_ptr", PRIM_RELEASE, 0 },
	{ "local_irq_disable", PRIM_ACQUIRE, 0 },
	{ "local_irq_enable", PRIM_RELEASE, 0 },
	{ "local_irq_save", PRIM_ACQUIRE, 0 },
	{ "local_irq_restore", PRIM_RELEASE, 0 },
	{ "local_bh_disable", PRIM_ACQUIRE, 0 },
	{ "local_bh_enable", PRIM_RELEASE, 0 },
	{ "rcu_read_lock", PRIM_ACQUIRE, 0 },
	{ "rcu_read_lock_bh", PRIM_ACQUIRE, 0 },
	{ "rcu_read_lock_sched", PRIM_ACQUIRE, 0 },
	{ "rcu_read_unlock", PRIM_RELEASE, 0 },
	{ "rcu_read_unlock_bh", PRIM_RELEASE, 0 },
	{ "rcu_read_unlock_sched", PRIM_RELEASE, 0 },
	/* Spinlocks and rwlocks. */
	{ "spin_lock", PRIM_ACQUIRE, 0 },
	{ "spin_lock_nested", PRIM_ACQUIRE, 0 },
	{ "spin_lock_irq", PRIM_ACQUIRE, 0 },
	{ "spin_lock_irqsave", PRIM_ACQUIRE, 0 },
	{ "spin_lock_irqsave_nested", PRIM_ACQUIRE, 0 },
	{ "spin_lock_bh", PRIM_ACQUIRE, 0 },
	{ "spin_unlock", PRIM_RELEASE, 0 },
	{ "spin_unlock_irq", PRIM_RELEASE, 0 },
	{ "spin_unlock_irqrestore", PRIM_RELEASE, 0 },
	{ "spin_unlock_bh", PRIM_RELEASE, 0 },
	{ "spin_trylock", PRIM_TRYLOCK, 0 },
	{ "spin_trylock_irq", PRIM_TRYLOCK, 0 },
	{ "spin_trylock_irqsave", PRIM_TRYLOCK, 0 },
	{ "spin_trylock_bh", PRIM_TRYLOCK, 0 },
	{ "raw_spin_lock", PRIM_ACQUIRE, 0 },
	{ "raw_spin_lock_irq", PRIM_ACQUIRE, 0 },
	{ "raw_spin_lock_irqsave", PRIM_ACQUIRE, 0 },
	{ "raw_spin_unlock", PRIM_RELEASE, 0 },
	{ "raw_spin_unlock_irq", PRIM_RELEASE, 0 },
	{ "raw_spin_unlock_irqrestore", PRIM_RELEASE, 0 },
	{ "raw_spin_trylock", PRIM_TRYLOCK, 0 },
	{ "read_lock", PRIM_ACQUIRE, 0 },
	{ "read_lock_irq", PRIM_ACQUIRE, 0 },
	{ "read_lock_irqsave", PRIM_ACQUIRE, 0 },
	{ "read_lock_bh", PRIM_ACQUIRE, 0 },
	{ "read_unlock", PRIM_RELEASE, 0 },
	{ "read_unlock_irq", PRIM_RELEASE, 0 },
	{ "read_unlock_irqrestore", PRIM_RELEASE, 0 },
	{ "read_unlock_bh", PRIM_RELEASE, 0 },
	{ "read_trylock", PRIM_TRYLOCK, 0 },
	{ "write_lock", PRIM_ACQUIRE, 0 },
	{ "write_lock_irq", PRIM_ACQUIRE, 0 },
	{ "write_lock_irqsave", PRIM_ACQUIRE, 0 },
	{ "write_lock_bh", PRIM_ACQUIRE, 0 },
	{ "write_unlock", PRIM_RELEASE, 0 },
	{ "write_unlock_irq", PRIM_RELEASE, 0 },
	{ "write_unlock_irqrestore", PRIM_RELEASE, 0 },
	{ "write_unlock_bh", PRIM_RELEASE, 0 },
	{ "write_trylock", PRIM_TRYLOCK, 0 },
	/*
	 * local_lock_t (5.8 on): preemption (or interrupts) off, a per-CPU
	 * spinlock_t on PREEMPT_RT.
	 */
	{ "local_lock", PRIM_ACQUIRE, 0 },
	{ "local_lock_irq", PRIM_ACQUIRE, 0 },
	{ "local_lock_irqsave", PRIM_ACQUIRE, 0 },
	{ "local_lock_nested_bh", PRIM_ACQUIRE, 0 },
	{ "local_unlock", PRIM_RELEASE, 0 },
	{ "local_unlock_irq", PRIM_RELEASE, 0 },
	{ "local_unlock_irqrestore", PRIM_RELEASE, 0 },
	{ "local_unlock_nested_bh", PRIM_RELEASE, 0 },
	/* What sleeps, always. */
	{ "might_sleep", PRIM_SLEEP, 0 },
	{ "schedule", PRIM_SLEEP, 0 },
	{ "schedule_timeout", PRIM_SLEEP, 0 },
	{ "schedule_timeout_interruptible", PRIM_SLEEP, 0 },
	{ "schedule_timeout_uninterruptible", PRIM_SLEEP, 0 },
	{ "cond_resched", PRIM_SLEEP, 0 },
	{ "msleep", PRIM_SLEEP, 0 },
	{ "msleep_interruptible", PRIM_SLEEP, 0 },
	{ "ssleep", PRIM_SLEEP, 0 },
	{ "usleep_range", PRIM_SLEEP, 0 },
	{ "mutex_lock", PRIM_SLEEP, 0 },
	{ "mutex_lock_nested", PRIM_SLEEP, 0 },
	{ "mutex_lock_interruptible", PRIM_SLEEP, 0 },
	{ "mutex_lock_interruptible_nested", PRIM_SLEEP, 0 },
	{ "mutex_lock_killable", PRIM_SLEEP, 0 },
	{ "mutex_lock_killable_nested", PRIM_SLEEP, 0 },
	{ "down", PRIM_SLEEP, 0 },
	{ "down_interruptible", PRIM_SLEEP, 0 },
	{ "down_killable", PRIM_SLEEP, 0 },
	{ "down_timeout", PRIM_SLEEP, 0 },
	{ "down_read", PRIM_SLEEP, 0 },
	{ "down_read_nested", PRIM_SLEEP, 0 },
	{ "down_read_killable", PRIM_SLEEP, 0 },
	{ "down_read_interruptible", PRIM_SLEEP, 0 },
	{ "down_write", PRIM_SLEEP, 0 },
	{ "down_write_nested", PRIM_SLEEP, 0 },
	{ "down_write_killable", PRIM_SLEEP, 0 },
	{ "wait_event", PRIM_SLEEP, 0 },
	{ "wait_event_interruptible", PRIM_SLEEP, 0 },
	{ "wait_event_timeout", PRIM_SLEEP, 0 },
	{ "wait_event_interruptible_timeout", PRIM_SLEEP, 0 },
	{ "wait_event_killable", PRIM_SLEEP, 0 },
	{ "wait_event_idle", PRIM_SLEEP, 0 },
	{ "wait_for_completion", PRIM_SLEEP, 0 },
	{ "wait_for_completion_interruptible", PRIM_SLEEP, 0 },
	{ "wait_for_completion_timeout", PRIM_SLEEP, 0 },
	{ "wait_for_completion_killable", PRIM_SLEEP, 0 },
	{ "wait_for_completion_io", PRIM_SLEEP, 0 },
	{ "copy_from_user", PRIM_SLEEP, 0 },
	{ "copy_to_user", PRIM_SLEEP, 0 },
	{ "get_user", PRIM_SLEEP, 0 },
	{ "put_user", PRIM_SLEEP, 0 },
	{ "strncpy_from_user", PRIM_SLEEP, 0 },
	{ "clear_user", PRIM_SLEEP, 0 },
	{ "vmalloc", PRIM_SLEEP, 0 },
	{ "vzalloc", PRIM_SLEEP, 0 },
	{ "synchronize_rcu", PRIM_SLEEP, 0 },
	{ "synchronize_sched", PRIM_SLEEP, 0 },
	{ "synchronize_net", PRIM_SLEEP, 0 },
	{ "synchronize_srcu", PRIM_SLEEP, 0 },
	/* Allocations: they sleep when their GFP flags can block. */
	{ "kmalloc", PRIM_ALLOC, 1 },
	{ "kzalloc", PRIM_ALLOC, 1 },
	{ "kcalloc", PRIM_ALLOC, 2 },
	{ "kmalloc_array", PRIM_ALLOC, 2 },
	{ "kmalloc_node", PRIM_ALLOC, 1 },
	{ "kzalloc_node", PRIM_ALLOC, 1 },
	{ "krealloc", PRIM_ALLOC, 2 },
	{ "kstrdup", PRIM_ALLOC, 1 },
	{ "kstrndup", PRIM_ALLOC, 2 },
	{ "kmemdup", PRIM_ALLOC, 2 },
	{ "kvmalloc", PRIM_ALLOC, 1 },
	{ "kvzalloc", PRIM_ALLOC, 1 },
	{ "kmem_cache_alloc", PRIM_ALLOC, 1 },
	{ "kmem_cache_zalloc", PRIM_ALLOC, 1 },
	{ "kmem_cache_alloc_node", PRIM_ALLOC, 1 },
	{ "__get_free_pages", PRIM_ALLOC, 0 },
	{ "__get_free_page", PRIM_ALLOC, 0 },
	{ "get_zeroed_page", PRIM_ALLOC, 0 },
	{ "alloc_pages", PRIM_ALLOC, 0 },
	{ "alloc_page", PRIM_ALLOC, 0 },
	{ "mempool_alloc", PRIM_ALLOC, 1 },
	{ "alloc_skb", PRIM_ALLOC, 1 },
	{ "skb_clone", PRIM_ALLOC, 1 },
	{ "skb_copy", PRIM_ALLOC, 1 },
	/*
	 * The allocators' own entry points, which the kernel's headers call
	 * (kmalloc() is a macro or an inline around them): a unit of mm/ in
	 * the facts must not make every allocation sleep through the slow
	 * path's cond_resched(), whose test of the GFP flags the walk does
	 * not follow.  6.x's memory-profiling names (_noprof), then 6.1's
	 * and older ones; the GFP argument is found by its gfp_t type.
	 */
	{ "__kmalloc_noprof", PRIM_ALLOC, GFP_BY_TYPE },
	{ "__kmalloc_node_noprof", PRIM_ALLOC, GFP_BY_TYPE },
	{ "__kmalloc_cache_noprof", PRIM_ALLOC, GFP_BY_TYPE },
	{ "__kmalloc_cache_node_noprof", PRIM_ALLOC, GFP_BY_TYPE },
	{ "__kmalloc_large_noprof", PRIM_ALLOC, GFP_BY_TYPE },
	{ "__kmalloc_large_node_noprof", PRIM_ALLOC, GFP_BY_TYPE },
	{ "__kmalloc_node_track_caller_noprof", PRIM_ALLOC, GFP_BY_TYPE },
	{ "kmem_cache_alloc_noprof", PRIM_ALLOC, GFP_BY_TYPE },
	{ "kmem_cache_alloc_lru_noprof", PRIM_ALLOC, GFP_BY_TYPE },
	{ "kmem_cache_alloc_node_noprof", PRIM_ALLOC, GFP_BY_TYPE },
	{ "krealloc_noprof", PRIM_ALLOC, GFP_BY_TYPE },
	{ "kmemdup_noprof", PRIM_ALLOC, GFP_BY_TYPE },
	{ "__kvmalloc_node_noprof", PRIM_ALLOC, GFP_BY_TYPE },
	{ "__alloc_pages_noprof", PRIM_ALLOC, GFP_BY_TYPE },
	{ "alloc_pages_noprof", PRIM_ALLOC, GFP_BY_TYPE },
	{ "alloc_pages_mpol_noprof", PRIM_ALLOC, GFP_BY_TYPE },
	{ "__folio_alloc_noprof", PRIM_ALLOC, GFP_BY_TYPE },
	{ "folio_alloc_noprof", PRIM_ALLOC, GFP_BY_TYPE },
	{ "get_free_pages_noprof", PRIM_ALLOC, GFP_BY_TYPE },
	{ "get_zeroed_page_noprof", PRIM_ALLOC, GFP_BY_TYPE },
	{ "alloc_pages_exact_noprof", PRIM_ALLOC, GFP_BY_TYPE },
	{ "pcpu_alloc_noprof", PRIM_ALLOC, GFP_BY_TYPE },
	{ "mempool_alloc_noprof", PRIM_ALLOC, GFP_BY_TYPE },
	{ "__kmalloc", PRIM_ALLOC, GFP_BY_TYPE },
	{ "__kmalloc_node", PRIM_ALLOC, GFP_BY_TYPE },
	{ "__kmalloc_node_track_caller", PRIM_ALLOC, GFP_BY_TYPE },
	{ "kmalloc_trace", PRIM_ALLOC, GFP_BY_TYPE },
	{ "kmalloc_node_trace", PRIM_ALLOC, GFP_BY_TYPE },
	{ "kmalloc_large", PRIM_ALLOC, GFP_BY_TYPE },
	{ "kmalloc_large_node", PRIM_ALLOC, GFP_BY_TYPE },
	{ "kmem_cache_alloc_lru", PRIM_ALLOC, GFP_BY_TYPE },
	{ "kvmalloc_node", PRIM_ALLOC, GFP_BY_TYPE },
	{ "__alloc_pages", PRIM_ALLOC, GFP_BY_TYPE },
	{ "__alloc_pages_nodemask", PRIM_ALLOC, GFP_BY_TYPE },
	{ "__folio_alloc", PRIM_ALLOC, GFP_BY_TYPE },
	{ "__alloc_percpu_gfp", PRIM_ALLOC, GFP_BY_TYPE },
	{ "pcpu_alloc", PRIM_ALLOC, GFP_BY_TYPE },
	{ "__alloc_skb", PRIM_ALLOC, GFP_BY_TYPE },
	/* Not allocators, but they block only when their GFP flags allow. */
	{ "audit_log_start", PRIM_ALLOC, 1 },
	{ "audit_log", PRIM_ALLOC, 1 },
	/*
	 * Safe in atomic context, though their bodies hold a sleep the
	 * walk cannot see is conditional (console_flush_all() calls
	 * cond_resched() only when its caller may sleep; panic() does not
	 * return): their calls are not followed.
	 */
	{ "printk", PRIM_NOSLEEP, 0 },
	{ "_printk", PRIM_NOSLEEP, 0 },
	{ "printk_deferred", PRIM_NOSLEEP, 0 },
	{ "_printk_deferred", PRIM_NOSLEEP, 0 },
	{ "vprintk", PRIM_NOSLEEP, 0 },
	{ "vprintk_emit", PRIM_NOSLEEP, 0 },
	{ "vprintk_deferred", PRIM_NOSLEEP, 0 },
	{ "console_unlock", PRIM_NOSLEEP, 0 },
	{ "__warn_printk", PRIM_NOSLEEP, 0 },
	{ "warn_slowpath_fmt", PRIM_NOSLEEP, 0 },
	{ "dump_stack", PRIM_NOSLEEP, 0 },
	{ "panic", PRIM_NOSLEEP, 0 },
	{ "add_taint", PRIM_NOSLEEP, 0 },
	{ "kfree", PRIM_NOSLEEP, 0 },
	{ "kmem_cache_free", PRIM_NOSLEEP, 0 },
	{ "call_rcu", PRIM_NOSLEEP, 0 },
	{ "wake_up_process", PRIM_NOSLEEP, 0 },
	{ "try_to_wake_up", PRIM_NOSLEEP, 0 },
	{ "complete", PRIM_NOSLEEP, 0 },
	/*
	 * Safe with preemption off, which it restores: its
	 * __set_cpus_allowed_ptr() waits only without SCA_MIGRATE_ENABLE
	 * (a flag in a struct the walk does not follow).
	 */
	{ "migrate_enable", PRIM_NOSLEEP, 0 },
	/*
	 * The last fput() defers the release to task work or a workqueue;
	 * it frees at once only a file never opened (6.12's backing files
	 * and early failures), whose free the walk cannot tell apart.
	 */
	{ "fput", PRIM_NOSLEEP, 0 },
	/* The consoles' SRCU read side: annotated __acquires, not atomic. */
	{ "console_srcu_read_lock", PRIM_NOSLEEP, 0 },
	{ "console_srcu_read_unlock", PRIM_NOSLEEP, 0 },
	/* With a head (kfree_rcu(p, rh)); only the headless form sleeps. */
	{ "kvfree_call_rcu", PRIM_NOSLEEP, 0 },
	/* Preemption points that check the count themselves. */
	{ "preempt_schedule", PRIM_NOSLEEP, 0 },
	{ "preempt_schedule_irq", PRIM_NOSLEEP, 0 },
	/* The big kernel lock (2.6): released on sleep, so not atomic. */
	{ "lock_kernel", PRIM_NOSLEEP, 0 },
	{ "unlock_kernel", PRIM_NOSLEEP, 0 },
	/* Sleepable read sections: annotated __acquires, but not atomic. */
	{ "srcu_read_lock", PRIM_NOSLEEP, 0 },
	{ "srcu_read_unlock", PRIM_NOSLEEP, 0 },
	/* Page faults disabled: they fail instead of sleeping. */
	{ "strncpy_from_user_nofault", PRIM_NOSLEEP, 0 },
	{ "copy_from_user_nofault", PRIM_NOSLEEP, 0 },
	{ "copy_to_user_nofault", PRIM_NOSLEEP, 0 },
	{ "copy_from_kernel_nofault", PRIM_NOSLEEP, 0 },
};

const struct prim *prim_find(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(prims); i++)
		if (!strcmp(prims[i].name, name))
			return &prims[i];
	return NULL;
}

/* GFP flag macros, by whether an allocation with them may block. */
static const char *const gfp_blocking[] = {
	"GFP_KERNEL", "GFP_KERNEL_ACCOUNT", "GFP_USER", "GFP_HIGHUSER",
	"GFP_HIGHUSER_MOVABLE", "GFP_NOFS", "GFP_NOIO", "GFP_TEMPORARY",
	"__GFP_WAIT", "__GFP_DIRECT_RECLAIM", "__GFP_RECLAIM",
};

static const char *const gfp_atomic[] = {
	"GFP_ATOMIC", "GFP_NOWAIT", "GFP_NOWARN_ATOMIC",
};

static int has_word(const char *s, const char *w)
{
	size_t n = strlen(w);

	for (const char *p = strstr(s, w); p; p = strstr(p + 1, w)) {
		int before = p > s && (p[-1] == '_' || (p[-1] >= 'A' &&
			     p[-1] <= 'Z') || (p[-1] >= 'a' && p[-1] <= 'z') ||
			     (p[-1] >= '0' && p[-1] <= '9'));
		char a = p[n];
		int after = a == '_' || (a >= 'A' && a <= 'Z') ||
			    (a >= 'a' && a <= 'z') || (a >= '0' && a <= '9');

		if (!before && !after)
			return 1;
	}
	return 0;
}

/*
 * Are the flags "tokens" only __GFP_ modifiers, numbers and "|"
 * ("__GFP_HIGH", "__GFP_NOWARN | __GFP_ZERO", "0")?  None of those is
 * __GFP_DIRECT_RECLAIM (gfp_blocking[] holds what carries it), so such
 * flags cannot block.
 */
static int only_modifiers(const char *tokens)
{
	const char *p = tokens;
	int any = 0;

	while (*p) {
		size_t n;

		while (*p == ' ' || *p == '|' || *p == '(' || *p == ')')
			p++;
		if (!*p)
			break;
		n = strcspn(p, " |()");
		if (!((n > 6 && !strncmp(p, "__GFP_", 6)) ||
		      (*p >= '0' && *p <= '9')))
			return 0;
		any = 1;
		p += n;
	}
	return any;
}

int gfp_blocks(const char *tokens)
{
	if (strchr(tokens, '~'))
		return -1;	/* a flag taken away: not from the names */
	for (size_t i = 0; i < ARRAY_SIZE(gfp_atomic); i++)
		if (has_word(tokens, gfp_atomic[i]))
			return 0;
	for (size_t i = 0; i < ARRAY_SIZE(gfp_blocking); i++)
		if (has_word(tokens, gfp_blocking[i]))
			return 1;
	return only_modifiers(tokens) ? 0 : -1;
}

int lock_sleeps(const char *arg, const char *type)
{
	/* The spinning kinds, and what wraps one (seqlock_t, local_lock_t). */
	static const char *const spinning[] = {
		"spinlock", "rwlock", "seqlock", "local_lock",
	};

	if (type && (strstr(type, "mutex") || strstr(type, "semaphore") ||
		     strstr(type, "srcu_struct")))
		return 1;
	for (size_t i = 0; type && i < ARRAY_SIZE(spinning); i++)
		if (strstr(type, spinning[i]))
			return 0;
	/* A known type that is no lock (sparse's note on a cookie). */
	if (type)
		return 1;
	return strstr(arg, "mutex") || strstr(arg, "sem") != NULL;
}

/*
 * cleanup.h's lock guards (guard(NAME)(...), scoped_guard(NAME, ...),
 * 6.5 on and backports) whose scope is an atomic region: NAME as
 * DEFINE_GUARD/DEFINE_LOCK_GUARD_* define it.  mutex, rwsem and the
 * like are not here: their scopes may sleep.
 */
static const char *const atomic_guards[] = {
	"spinlock", "spinlock_irq", "spinlock_irqsave", "spinlock_bh",
	"spinlock_nested", "spinlock_try", "spinlock_irq_try",
	"spinlock_irqsave_try",
	"raw_spinlock", "raw_spinlock_irq", "raw_spinlock_irqsave",
	"raw_spinlock_nested", "raw_spinlock_try", "raw_spinlock_irq_try",
	"raw_spinlock_irqsave_try",
	"read_lock", "read_lock_irq", "read_lock_irqsave", "read_lock_bh",
	"write_lock", "write_lock_irq", "write_lock_irqsave",
	"write_lock_bh",
	"rcu", "rcu_bh", "rcu_sched", "preempt", "preempt_notrace", "irq",
	"irqsave", "local_bh", "task_rq_lock", "rq_lock", "rq_lock_irq",
	"rq_lock_irqsave", "double_rq_lock", "double_raw_spinlock",
};

int guard_is_atomic(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(atomic_guards); i++)
		if (!strcmp(name, atomic_guards[i]))
			return 1;
	return 0;
}

/*
 * What PREEMPT_RT makes of a lock primitive (Documentation/locking/
 * locktypes.rst): spinlock_t, rwlock_t and local_lock_t become
 * sleeping locks (rt_mutex based), and bottom halves and RCU readers
 * preemptible.  The regions they open are then no atomic regions, and
 * taking one (or allocating memory, whatever the GFP) where a region
 * still is atomic (raw_spinlock_t, preempt_disable(), interrupts off)
 * may sleep.
 */
int prim_rt(const char *name)
{
	static const struct {
		const char *name;
		int prefix;	/* and every name that starts with it */
		int rt;
	} rt[] = {
		{ "spin_lock", 1, RT_PREEMPTIBLE | RT_SLEEPS },
		{ "read_lock", 1, RT_PREEMPTIBLE | RT_SLEEPS },
		{ "write_lock", 1, RT_PREEMPTIBLE | RT_SLEEPS },
		{ "local_lock", 1, RT_PREEMPTIBLE | RT_SLEEPS },
		{ "local_bh_disable", 0, RT_PREEMPTIBLE | RT_SLEEPS },
		{ "spin_trylock", 1, RT_PREEMPTIBLE },
		{ "read_trylock", 0, RT_PREEMPTIBLE },
		{ "write_trylock", 0, RT_PREEMPTIBLE },
		{ "rcu_read_lock", 0, RT_PREEMPTIBLE },
		{ "rcu_read_lock_bh", 0, RT_PREEMPTIBLE },
	};

	for (size_t i = 0; i < ARRAY_SIZE(rt); i++)
		if (rt[i].prefix ? starts_with(name, rt[i].name) :
				   !strcmp(name, rt[i].name))
			return rt[i].rt;
	return 0;
}

int prim_rt_release(const char *name)
{
	const char *u = strstr(name, "unlock");
	char *lock;
	int rt;

	if (!strcmp(name, "local_bh_enable"))
		return prim_rt("local_bh_disable") & RT_PREEMPTIBLE;
	if (!u)
		return 0;	/* preempt_enable(), put_cpu(), local_irq_*() */
	/* spin_unlock_irqrestore -> spin_lock_irqrestore: the acquire's. */
	lock = xasprintf("%.*s%s", (int)(u - name), name, u + 2);
	rt = prim_rt(lock) & RT_PREEMPTIBLE;
	free(lock);
	return rt;
}

int guard_rt(const char *name)
{
	if (starts_with(name, "raw_") || starts_with(name, "double_raw") ||
	    !strcmp(name, "preempt") || !strcmp(name, "preempt_notrace") ||
	    !strcmp(name, "irq") || !strcmp(name, "irqsave") ||
	    !strcmp(name, "rcu_sched") || starts_with(name, "task_rq") ||
	    starts_with(name, "rq_lock") || starts_with(name, "double_rq"))
		return 0;
	return RT_PREEMPTIBLE;
}
