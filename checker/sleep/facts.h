/*
 * facts.h - the facts of the sleep analysis: what one translation unit
 * says about its functions, the calls they make (and whether each is
 * made inside an atomic region), the sleeping primitives they call, and
 * the functions it registers as hook implementations.  Facts go to an
 * SQLite database (factsdb.c, schema in docs/facts-db.md); the link
 * step (sleeplink.c) reads every unit's facts back and decides which
 * functions and hooks may sleep, with one shortest chain each.
 */
#ifndef HOOKWRAP_FACTS_H
#define HOOKWRAP_FACTS_H

#include "core/util.h"

struct fact_fn {
	char *name;
	int is_static;		/* 1 static; FN_HEADER an inline helper of a
				   header, in the unit of the header */
	char *file;		/* as shown */
	unsigned line;
	/*
	 * What calling it does to its caller's regions, as a walk of its
	 * body saw on every path, for units that see only its declaration
	 * (annot_effect_text()); NULL when nothing, or for a static one.
	 */
	char *effect;
	/*
	 * Its kernel-doc's "Context:" section when that promises it may be
	 * called in atomic context (sleep_doc.c): its callers do not sleep
	 * through it (the link, not on PREEMPT_RT); else NULL.
	 */
	char *ctx_doc;
	/*
	 * What it stores in the members its parameters point to:
	 * "p0->sg_mapping_iter.__flags=p3;..." (sleep_fields.c), "*" too
	 * many to say, NULL none.
	 */
	char *fields;
};

#define FN_HEADER 2

struct fact_call {
	char *caller;		/* the enclosing function */
	char *callee;		/* function or primitive named, or "" */
	char *hook;		/* the hook member it calls, or NULL */
	char *slot;		/* a call through a function-pointer member
				   of another struct: the member's header
				   and USR ("drivers/net/e1000e/hw.h@c:@S@
				   e1000_phy_operations@FI@release"),
				   or NULL */
	char *ftype;		/* a slot's function type (slot_type()) */
	char *recv;		/* a slot call's object: "p1" its caller's
				   parameter 1 (nb->notifier_call()), or
				   the object's name (sleep_obj.h:
				   "virtual_engine.base" for
				   ve->base.submit_request()); NULL */
	char *recv_test;	/* a slot call made in a case of a switch on
				   a member of its object: the values that
				   reach it, "nfnl_callback.type=2" ("T.m=1,3"
				   for more: sleep_case.c); NULL */
	int boot;		/* made only in early boot or suspend, where no
				   sleep is judged (sleep_boot.c): the link
				   does not follow it */
	int indirect;		/* a call through a pointer that is no
				   member (a variable, a parameter): not
				   followed, said by --why */
	/*
	 * The same call on PREEMPT_RT (docs/rules/sleep-in-atomic-rt.md):
	 * RT_CALL_ATOMIC when a region still atomic there is open
	 * (raw_spinlock_t, preempt_disable(), interrupts off; not a
	 * spinlock_t, an RCU reader, bottom halves), which rt_region began;
	 * RT_CALL_SLEEPS when the call itself may sleep there (it takes a
	 * spinlock_t, rwlock_t or local_lock_t, or allocates memory,
	 * whatever the GFP); rt_ctx the ctx of the atomic regions alone.
	 */
	int rt;
	char *rt_region;
	unsigned rt_region_line;
	int rt_ctx;
	int prim;		/* a primitive of sleep_prims.c: not followed */
	char *sleep;		/* "kmalloc(GFP_KERNEL)" when it sleeps */
	char *text;		/* the callee as written: "security_ops->x" */
	char *file;
	unsigned line, col;
	int atomic;		/* inside an atomic region */
	int depth;		/* how many regions are open there */
	int own;		/* of those, opened by this function */
	int released;		/* locks the function released that it did
				   not take, before this call */
	char *cond;		/* what the call assumes of a parameter of
				   its caller: "p1" true, "!p1" false */
	char *args;		/* per argument: "1"/"0" constant, "pN" the
				   caller's parameter N, "?": "0,p2" */
	int ctx;		/* what the open regions make true there:
				   CTX_IRQS_OFF, CTX_IN_INTR (bits) */
	char *region;		/* what began it: "spin_lock(&l)" */
	char *region_file;
	unsigned region_line;
	int ways;		/* CALL_WAY_* bits: how the regions open at
				   the call were released and stacked */
};

/*
 * The context a call is made in, as its regions tell (the facts' ctx
 * column): interrupts off (local_irq_save(), spin_lock_irqsave()), or a
 * bottom-half-disabled region (local_bh_disable(), spin_lock_bh()), in
 * which in_interrupt() and in_softirq() are true.  Nothing is ever known
 * false: a plain spin_lock() may be taken with interrupts already off.
 */
#define CTX_IRQS_OFF	1
#define CTX_IN_INTR	2
/*
 * ... and a region that raises the preempt count (a spinlock or rwlock,
 * preempt_disable(), get_cpu()), in a build with CONFIG_PREEMPT_COUNT
 * (without it only the bottom-half and interrupt counts are kept):
 * in_atomic() is true.  A bottom-half-disabled region makes it true
 * in any build (CTX_IN_INTR implies it).
 */
#define CTX_ATOMIC	4

#define RT_CALL_ATOMIC	1
#define RT_CALL_SLEEPS	2

/*
 * calls.ways.  CALL_WAY_REL_IRQ: a region of its caller's that the
 * function released before this call went the way spin_unlock_irq*()
 * and spin_unlock_bh() go, which also end an interrupts- or
 * bottom-half-off region just under the lock (local_bh_disable();
 * spin_lock(); in the caller, spin_unlock_bh() in the callee).
 * CALL_WAY_LOCK_OVER_IRQ: at the call, the innermost open region is a
 * lock just over such a region (whose release that way ends both).
 */
#define CALL_WAY_REL_IRQ	1
#define CALL_WAY_LOCK_OVER_IRQ	2

/*
 * Conditions on the context, as a condition on a parameter is one
 * (link_node.cond, fact_call.cond): COND_IRQS_OFF when irqs_disabled()
 * is true, -COND_IRQS_OFF when it is false; COND_IN_INTR for
 * in_interrupt() (and in_softirq(), which the regions decide alike);
 * COND_IN_ATOMIC for in_atomic(); COND_PREEMPTIBLE for preemptible(),
 * or "!in_atomic() && !irqs_disabled()" (true: both false; false: one
 * of them true, which decides nothing).  Stored as "irqs_disabled",
 * "!in_interrupt", "in_atomic", "preemptible".
 */
#define COND_IRQS_OFF	501
#define COND_IN_INTR	502
#define COND_IN_ATOMIC	503
#define COND_PREEMPTIBLE	504
/*
 * COND_GFP + k + 1: parameter k is a gfp_t whose flags can block
 * (GFP_KERNEL), stored as "gK".  Decided at a call by its argument: 1
 * sleeps, 0 or anything unknown (a struct field, an expression) does
 * not, the caller's own parameter passes the condition up.  Never
 * negated.
 */
#define COND_GFP	2000
/*
 * In the link, COND_PRED + k + 1: a test of a parameter's value,
 * link.preds->v[k] ("p2&64": a bit of 64 set in parameter 2; "p1=3"),
 * negated when it is false.
 */
#define COND_PRED	100000
/* "irqs_disabled()" for +-COND_IRQS_OFF, ... ; NULL for another. */
const char *cond_ctx_name(int cond);
/*
 * A slot's name for people, from its USR: "e1000_phy_operations.release"
 * for "c:@S@e1000_phy_operations@FI@release" (an anonymous struct: its
 * typedef's name, or its place).  Malloc'd.
 */
char *slot_name(const char *usr);
/*
 * In the link, the conditions on the context a node's sleep needs, all
 * at once (link_node.need): a bit each for COND_IRQS_OFF false and
 * true, COND_IN_INTR false and true, COND_IN_ATOMIC false and true
 * (COND_PREEMPTIBLE true: NEED_NOT_ATOMIC and NEED_IRQS_ON).
 */
#define NEED_IRQS_ON	1u
#define NEED_IRQS_OFF	2u
#define NEED_NOT_INTR	4u
#define NEED_INTR	8u
#define NEED_NOT_ATOMIC	16u
#define NEED_ATOMIC	32u

struct fact_reg {
	char *hook;		/* member; for a slot, "struct.member" */
	char *slot;		/* a function-pointer member of another
				   struct than the table's: its USR, as
				   fact_call.slot; NULL for a hook */
	char *ftype;		/* a slot's function type (slot_type()) */
	char *impl;		/* function registered */
	char *file;
	unsigned line, col;
	char *how;		/* "initialiser" or "assignment" */
	char *obj;		/* the object stored in, by name
				   (sleep_obj.h): "@fill_ptr_key_nb",
				   "e1000_adapter.cc"; NULL when not known
				   ("p->m = fn") */
	char *consts;		/* an initialiser's: the constants it gives
				   the struct's integer members, "T.m=V"
				   with ";" between (a member it does not
				   name is 0); NULL none, or an assignment */
};

/*
 * What else a unit says of functions and objects: a function whose
 * address it takes other than to call it or to store it in a member
 * (kind "address": it may be called from anywhere), an object it writes
 * whole (kind "copy": memcpy(&D, ...), "D = x;": anything may be in its
 * members).
 */
struct fact_ref {
	char *kind;		/* "address", "copy" */
	char *name;		/* a function, or an object (sleep_obj.h) */
};

struct fact_hook {
	char *member, *wrapper, *dispatcher, *policy, *where;
};

/* One unit's facts, or (after facts_load) every unit's. */
struct facts {
	struct unit_rec {
		char *path;	/* tree-relative, or as given */
		int header;	/* a header's inline helpers (FN_HEADER) */
	} *units;
	int nunits;
	struct fact_fn *fns;
	int *fn_unit;
	int nfns, capfns;
	struct fact_call *calls;
	int *call_unit;
	int ncalls, capcalls;
	struct fact_reg *regs;
	int *reg_unit;
	int nregs, capregs;
	struct fact_ref *refs;
	int *ref_unit;
	int nrefs, caprefs;
	struct fact_hook *hooks;
	int nhooks, caphooks;
	int preempt_rt;		/* a unit built with CONFIG_PREEMPT_RT */
	char *tree;		/* absolute tree, for SARIF */
};

struct fact_fn *facts_add_fn(struct facts *f, int unit);
struct fact_call *facts_add_call(struct facts *f, int unit);
struct fact_reg *facts_add_reg(struct facts *f, int unit);
struct fact_ref *facts_add_ref(struct facts *f, int unit);
struct fact_hook *facts_add_hook(struct facts *f);
int facts_add_unit(struct facts *f, const char *path);
void facts_free(struct facts *f);


/*
 * The schema of the database (docs/facts-db.md): factsdb.c writes it,
 * factsread.c and factsdb.c refuse another.  4: header units
 * (units.header) and their inline helpers (functions.static FN_HEADER).
 * 5: tests of a parameter's value in cond ("p2&64", "p1=3") and
 * arguments by value in args ("64", "m8"), where 4 had "1" for any
 * constant that is not 0.  6: the objects of slot calls and stores
 * (calls.recv, registrations.obj, "&D" in args) and table refs.  7: a
 * function's effect on its callers' regions (functions.effect).  8: its
 * kernel-doc promise (functions.ctx_doc).  9: the members it stores in
 * through its parameters (functions.fields), tests of such a member in
 * cond ("p0->T.m&1"), a parameter with bits set in args ("p1|8") and a
 * local struct's address ("&s@fn:var").  10: a slot call's receiver's
 * member a switch decides (calls.recv_test) and the constants of the
 * initialiser a registration is in (registrations.consts), a call made
 * only in early boot (calls.boot).  11: how the caller's regions were
 * released before a call and how the regions open at it are stacked
 * (calls.ways).
 */
#define FACTS_SCHEMA "11"

/* factsdb.c.  path ":memory:" is a database of this process only. */
struct sqlite3;
struct sqlite3 *factsdb_open(const char *path);
void factsdb_close(struct sqlite3 *db);
/* Replace unit 0 of f's facts, and the hook list, in one transaction. */
int factsdb_store(struct sqlite3 *db, const char *path, const struct facts *f);
/* Every unit's facts, units in path order. */
int factsdb_load(struct sqlite3 *db, const char *path, struct facts *f);
/*
 * The effect (struct fact_fn.effect) of the global function name, when
 * every definition db holds records the same one; else NULL.  Malloc'd.
 */
char *factsdb_effect(struct sqlite3 *db, const char *name);
/*
 * factsread.c: every unit's facts from the database file path, which is
 * never written (no -wal or -shm left either), read as one snapshot.  A
 * file that is not hookwrap's database is refused.  0, or -1 after an
 * error naming the file.
 */
int factsdb_read(const char *path, struct facts *f);

/* sleeplink.c: the link step. */
struct link_node {
	int is_hook;		/* a hook, or a slot (is_slot): a member
				   called through, linked to what is
				   stored in it */
	int is_slot;
	int fn;			/* index into facts.fns, or hook index */
	int dist;		/* steps to a sleep; 0: does not sleep */
	int cond;		/* when it does: 0 always, i+1 when its
				   parameter i is true, -(i+1) when false */
	int cond2;		/* and a second such condition, or 0 */
	unsigned need;		/* and only in this context: NEED_* bits,
				   every one to hold; 0 any */
	int next;		/* node it sleeps through, or -1 */
	int via_call;		/* the call that makes it sleep; for a hook
				   or slot, -2 - the registration of the
				   implementation it sleeps through */
};

#define LINK_KNOWN 4	/* members known of an argument (link_arg) */

struct link {
	const struct facts *f;
	struct link_node *nodes;
	int nnodes;
	int *call_from;		/* per call: its caller's node, or -1 */
	int *call_target;	/* per call: node called, or -1 */
	int *call_hook;		/* per call: hook node, or -1 */
	int *out_first, *out_list;	/* the calls node n makes:
					   out_list[out_first[n] ..
					   out_first[n + 1]) */
	struct link_cond {
		int p;		/* as link_node.cond; INT_MIN: never */
		unsigned need;	/* as link_node.need */
		int q;		/* as link_node.cond2 */
	} *call_cond;		/* per call: what its path assumes */
	struct link_arg {
		int kind;	/* ARG_VALUE, ARG_BITS, ARG_NONZERO (an
				   address: "nz"), ARG_TEST, ARG_MEMBER,
				   ARG_UNKNOWN, or the caller's parameter
				   (>= 0) it passes */
		long long v;	/* the value; for ARG_BITS, bits known set */
		int gfp;	/* GFP flags that can block (1), that
				   cannot (0), or not known as flags (-1) */
		int test;	/* ARG_TEST: the truth of "pN & v" is
				   passed, test N + 1; -(N + 1) its
				   negation ("tN&v", "!tN&v"); gfp 1
				   when that test is "the flags can
				   block" ("tgN&v") */
		int obj;	/* "&D": the object D, preds->objs.v[obj
				   - 1] (linkfield.c); 0 none */
		/*
		 * Members of what it points to that the caller stored a
		 * constant in before the call ("&D{T.m=0}"): the member
		 * (preds->fields, 1-based) and its value; nknown of them.
		 */
		int nknown;
		int kfield[LINK_KNOWN];
		long long kval[LINK_KNOWN];
		/* not 0: only these bits of kval are known ("T.m&6=2") */
		long long kbits[LINK_KNOWN];
		/*
		 * A zeroed local struct ("&D{T.*=a/b}"): that text (in
		 * preds->fields), whose members but those named are 0; 0
		 * none.
		 */
		int zfield;
		/*
		 * ARG_MEMBER: member mfield (preds->fields) of what the
		 * caller's parameter mparam points to ("p1->T.m").
		 */
		int mparam, mfield;
		/*
		 * "nz*!p3": an address whose value is not 0 only where the
		 * caller's atom "!p3" holds (sleep_deref.c); the atom's text,
		 * in the facts' args, up to ',' or '{'; NULL none.
		 */
		const char *deref;
	} **call_args;		/* per call, per argument */
	int *call_nargs;
	/*
	 * Tests of a parameter's value (docs/facts-db.md, cond): a node's
	 * or a call's cond COND_PRED + k + 1 is preds->v[k] true, negated
	 * false.  Added to as the search passes a test to a caller's own
	 * parameter.
	 */
	struct link_preds {
		struct link_pred {
			int param;
			char op;	/* '&' a bit of val set, '=' equal,
					   'i' one of the values whose bits
					   val sets (0 .. 62) */
			long long val;
			int field;	/* a test of the member
					   fields.v[field - 1] the
					   parameter points to
					   ("p0->T.m&1"); 0: of the
					   parameter itself */
		} *v;
		int n, cap;
		struct strv fields;	/* members tested: "T.m" */
		struct strv objs;	/* objects passed: "s3@fn:var" */
		struct map *index;	/* "f:T.m", "o:D" -> their index */
	} *preds;
	/* What set-up calls store in objects' members (linkfield.c). */
	struct link_fields *fields;
	int rt;			/* link_build_mode()'s LINK_RT */
	int nhooks;		/* hook and slot nodes are 0 .. nhooks-1 */
	const char **hook_names;	/* a slot's: "struct.member" */
	struct impl_list {
		int *node;	/* implementation nodes */
		int *reg;	/* their registrations */
		int n;
	} *impls;		/* per hook node */
	void *map;
	/*
	 * The same facts linked without the hooks' implementations
	 * (LINK_DIRECT), when some atomic call's shortest chain passes a
	 * hook: a site that also sleeps through direct calls alone is
	 * shown with that chain (link_build_mode()); else NULL.
	 */
	struct link *direct;
};

void link_build(struct link *lk, const struct facts *f);
/*
 * mode LINK_RT: the link of a PREEMPT_RT kernel: what takes a spinlock_t
 * or allocates memory sleeps too (calls' RT_CALL_SLEEPS), and a call's
 * context is its atomic regions' there (rt_ctx).  LINK_BY_TYPE: a call
 * through a slot reaches every function stored in any member of its
 * function type, not only in that member (to measure the difference:
 * report --fptr=type).
 */
#define LINK_RT		1
#define LINK_BY_TYPE	2
/*
 * LINK_DIRECT: a hook reaches none of its implementations (a slot still
 * reaches what is stored in it): the chains of direct calls alone.
 * Without it, link_build_mode() also builds lk->direct when some atomic
 * call's shortest chain passes a hook.
 */
#define LINK_DIRECT	4
/*
 * LINK_BY_MEMBER: a call through a slot reaches every function stored in
 * that member of any object (report --fptr=member).  Without it (and
 * without LINK_BY_TYPE) a call on one object reaches what that object's
 * member holds, when the facts tell (linkobj.h).
 */
#define LINK_BY_MEMBER	8
void link_build_mode(struct link *lk, const struct facts *f, int mode);
void link_free(struct link *lk);
/*
 * What a call may sleep through: the node it reaches with the shortest
 * chain, or -1 when it cannot sleep (a primitive that sleeps gives -2).
 * A callee that sleeps only for some value of a parameter does not make
 * a call that passes the other value a sleeping one.
 */
int link_call_sleeps(const struct link *lk, int call);
/*
 * Is node n a function whose kernel-doc promises that it may be called
 * in atomic context (fact_fn.ctx_doc)?  Its callers do not sleep
 * through it, on a kernel without PREEMPT_RT ("Documented context" in
 * docs/rules/sleep-in-atomic.md): the contract is the callee's to keep.
 */
static inline int link_documented(const struct link *lk, int n)
{
	return !lk->rt && n >= lk->nhooks && n < lk->nnodes &&
	       lk->f->fns[lk->nodes[n].fn].ctx_doc;
}
/* Is call c a primitive that sleeps in this link (on RT, or always)? */
static inline int link_prim_sleeps(const struct link *lk,
				   const struct fact_call *c)
{
	return c->prim && (c->sleep || (lk->rt && c->rt & RT_CALL_SLEEPS));
}
/* "f() -> g() -> kmalloc(GFP_KERNEL)" from node n. */
char *link_chain(const struct link *lk, int n);
/*
 * The same from call (made to node n; -1: none), as that call takes it:
 * a step its constant arguments rule out is replaced by one they allow
 * (linkpath.h).  A slot it calls through shows what was stored in it,
 * "(through E->m: T.m = fn at file:line)".
 */
char *link_chain_call(const struct link *lk, int call, int n);
/*
 * How many of its caller's locks the chain from node n (as call takes
 * it; -1: none) releases before it sleeps ("spin_unlock(&caller_lock);
 * schedule();").  *irq_way (when not NULL): they were released the way
 * spin_unlock_bh() and spin_unlock_irq*() go (CALL_WAY_REL_IRQ).
 */
int link_drop(const struct link *lk, int call, int n, int *irq_way);
/*
 * The sleeping call at the end of node n's chain as call takes it (a
 * call index): what a chain's root cause is, for grouping findings; -1
 * when n sleeps not.  *detours (when not NULL): how many steps of the
 * nodes' own chains the call's arguments ruled out on the way; *steps
 * (when not NULL): how many calls the chain makes from call to it.
 */
int link_root_call(const struct link *lk, int call, int n, int *detours,
		   int *steps);
/* Does the chain from node n (as call takes it) pass a hook, not a slot? */
int link_chain_hook(const struct link *lk, int call, int n);
/*
 * The calls node n (a function) makes, or its callees that do not sleep
 * make, that the link could not follow: through a pointer that is no
 * member, or through a slot nothing is stored in.  Up to max call
 * indexes into *calls (malloc'd); the return value counts them all.
 */
int link_unfollowed(const struct link *lk, int n, int **calls, int max);
/*
 * The same for the calls of functions whose kernel-doc promises atomic
 * use (link_documented()) and that would sleep but for it.
 */
int link_documented_calls(const struct link *lk, int n, int **calls, int max);
/* The hook node of a member, or -1. */
int link_hook(const struct link *lk, const char *member);
/* The implementation of hook node h that sleeps first, or -1 (a node). */
int link_hook_sleeper(const struct link *lk, int h, int *reg);
const char *link_node_name(const struct link *lk, int n);
/* The test of a parameter's value that cond is, or NULL (COND_PRED). */
const struct link_pred *link_pred(const struct link *lk, int cond);

#endif /* HOOKWRAP_FACTS_H */
