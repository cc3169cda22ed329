/*
 * sleep_state.h - the bottom of the sleep scan: the state of one unit's
 * scan (struct sleep_scan) and of the walk of one function in it (the
 * open atomic regions, struct astate), and the primitives on them that
 * every file above reads: where a cursor is and how its code is
 * written, a region opened or closed, two paths' states merged, a path's
 * exit noted.  sleep_state.c calls no other file of the folder.
 *
 * The files of the scan, from the top; each calls only files below it,
 * so that no two call each other (nm shows it: see issue 26):
 *
 *   sleep_scan.c   the driver: the unit's primitive macros, own macros,
 *                  globals and dispatch macros; its functions one by
 *                  one; sleep_scan()
 *   sleep_call.c   what a call does: recorded with the state, its
 *                  callee's effect applied (annotations, or a summary of
 *                  its body); primitives; hook calls; walk_function(),
 *                  which runs the walker with these as its hooks
 *   sleep_walk.c   the statement walker: the control flow, with the
 *                  regions through it; what it meets goes to its hooks
 *   sleep_fnptr.c  what a call through a local function pointer reaches
 *   sleep_annot.c  the table of callees' effects; their annotations
 *   sleep_ctx.c    the context a region makes and a condition tests
 *   sleep_state.c  this state and its primitives
 *
 * and below them all sleep_params.c, sleep_prims.c and facts.c.  The
 * scan's one circle is in what it does, not between its files: a call's
 * effect may need a walk of its callee's body (a header's inline helper,
 * summarised), and that walk meets calls.  So sleep_call.c runs the
 * walker, and the walker hands the calls it meets back through the
 * hooks it is given (struct walk_hooks, sleep_walk.h), never by name.
 */
#ifndef HOOKWRAP_SLEEP_STATE_H
#define HOOKWRAP_SLEEP_STATE_H

#include "clang/frontend.h"
#include "clang/macroindex.h"
#include "checker/sleep/sleep.h"

struct pmacro {			/* a primitive macro written in a file */
	int fi;			/* the file: its index in sleep_scan.pfiles */
	unsigned start, end;
	const struct prim *p;
	CXCursor c;
};

#define REGION_SLOTS 16
#define MSTORE_SLOTS 4		/* members known (astate.mk) */
#define MSTORE_DEPTH 4		/* steps of their access paths */

struct astate {
	int depth;
	int released;		/* releases of locks taken before entry */
	int must, must_rel;	/* the same on every path (for summaries) */
	int dead;		/* no path reaches here */
	int region;		/* the outermost open region, or -1 */
	unsigned irq, lock;	/* per depth (bit d: the region d deep):
				   interrupts or bottom halves off alone,
				   a lock taken without touching them */
	int rel_irq;		/* released a caller's region the way
				   spin_unlock_irqrestore() does */
	int maybe;		/* regions a callee may have left open, on
				   some of its paths only (struct annot's
				   may): a release with none of this
				   function's own open ends one of them,
				   not a caller's */
	/*
	 * Per depth (the first REGION_SLOTS): the lock a region holds, as
	 * a hash of its expression ("mapping->i_pages"; 0 not known), and
	 * its entry in sleep_scan.rg, so that an unlock of that lock ends
	 * that region even when others were opened inside it.
	 */
	unsigned lockh[REGION_SLOTS];
	int rgat[REGION_SLOTS];
	int optpf;		/* pf where those opt regions are open
				   (copy_huge_page_from_user()'s
				   kmap_atomic() arm) */
	int opt, optc;		/* the opt innermost regions are open only
				   when optc holds ("if (should_lock)
				   lock();"), a condition as cond is */
	int cond;		/* what this path assumes of a parameter:
				   i+1 "param i is true", -(i+1) "false",
				   0 nothing (docs/facts-db.md, cond) */
	int cond2;		/* and a second such condition, or 0 */
	int kv[4];		/* tracked locals' values this path knows:
				   atom a "true", -a "false" (PARAMS_TRACK;
				   "unmap = true;"), 0 unused */
	/*
	 * What a local's value implies (sleep_track.c): where local atom
	 * imp[i] is true (its value not 0), atom impq[i] holds ("timeo =
	 * sock_sndtimeo(sk, noblock);": timeo not 0 says !noblock); 0
	 * unused.
	 */
	int imp[2], impq[2];
	int pf;			/* pagefault_disable() depth, on every
				   path (a user access fails, not sleeps) */
	unsigned twritten;	/* tracked locals written on this path
				   (bit k: PARAMS_TRACK + k + 1) */
	unsigned cx_irq, cx_bh;	/* per depth as irq: the region turns
				   interrupts off, or bottom halves
				   (region_ctx) */
	unsigned cx_pc;		/* ... or raises the preempt count */
	unsigned rtok;		/* per depth as irq: the region is
				   preemptible on PREEMPT_RT (a spinlock_t,
				   an RCU reader: prim_rt()) */
	int rt_region;		/* the outermost region still atomic on
				   PREEMPT_RT, or -1 */
	/*
	 * Members the path stored a constant in and nothing wrote since
	 * (sleep_mstore.c): "b->storage.file = NULL;", a local struct's
	 * designated initializer; per entry the hashes of its access
	 * path's prefixes ("b", "b->storage", "b->storage.file"), n of
	 * them (0: the slot is free), the last its own, and the value.
	 * Or (zero) a local struct an initializer list set: its members
	 * are 0 but those named since, bit i of named for its i-th (from
	 * 0; from the 128th on, all named).  For another pointer to the
	 * same objects (an alias): rec[k] the hash of the struct type
	 * the path's step k + 1 is a member of (for a zeroed object,
	 * rec[0] its own), mem[k] of that member as "T.m".
	 */
	struct mknown {
		unsigned pre[MSTORE_DEPTH];
		unsigned rec[MSTORE_DEPTH], mem[MSTORE_DEPTH];
		int n;
		long long v;
		long long bits;	/* not 0: only these bits of v are
				   known (set_bit(), clear_bit()) */
		int zero;
		unsigned long long named[2];
	} mk[MSTORE_SLOTS];
	int boot;		/* on every path, a phase where no sleep is
				   judged (sleep_boot.c): BOOT_EARLY, BOOT_PHASE,
				   or 0 */
};

/*
 * The phases of astate.boot.  BOOT_EARLY: early boot, before the
 * scheduler runs (start_kernel() after "early_boot_irqs_disabled =
 * true;", the arm of "if (!after_bootmem)"): one task, nothing contends,
 * might_sleep() is silent; no region is atomic and no caller sleeps
 * through a call made there (calls.boot).  BOOT_PHASE: suspend, halt,
 * restart ("system_state = SYSTEM_RESTART;"): might_sleep() is silent
 * and the function's own regions are no finding, but a caller's region
 * open around it still is (one CPU, the others stopped: a lock one of
 * them held never comes free).
 */
#define BOOT_PHASE	1
#define BOOT_EARLY	2

struct region {
	char *text;
	unsigned line;
};

struct label {
	char *name;
	struct astate st;
	int seen;
};

struct target {			/* what break and continue reach */
	struct astate brk;
	struct astate entry;	/* switch: the state at its cases */
	int is_switch, has_default;
	int param;		/* switch: the parameter it tests, or -1 */
	/*
	 * switch: on "x->m" of a variable x that does not change and a
	 * member the body never writes (sleep_case.c): x (else a null
	 * cursor), the member as "T.m", and the values of the case labels
	 * that reach the statements walked now (nval -1: any, default).
	 */
	CXCursor rvar;
	char rkey[128];
	long long val[8];
	int nval;
};

/* What a call does to the caller's regions, from annotations or body. */
struct annot {
	char *name;
	int acquire, release;	/* regions it leaves open / closes */
	unsigned acq_irq, acq_lock;	/* the kinds of those it leaves open */
	unsigned acq_rt;	/* which of those are preemptible on RT */
	unsigned acq_cx_irq, acq_cx_bh;	/* and their contexts */
	int rel_irq;		/* closes the way *_unlock_irqrestore does */
	int may;		/* regions it leaves open on some paths
				   only, beyond acquire: try_to_grab_pending()
				   returns with interrupts off on success
				   and restores them on -EAGAIN */
	int hold;		/* __must_hold: held on entry and exit */
	int noreturn;
	int cond_acq;		/* it acquires only when it returns true,
				   as a trylock does: __cond_acquires(), or
				   a bool function's __acquires() whose body
				   unlocks on the way to "return false" */
	int walked;		/* the effect is what a walk of its body saw */
	char *text;		/* the first annotation: "__releases(x)" */
};

struct gvar {			/* a global variable: what lock it is */
	char *name, *type;
};

struct walk_hooks;

struct sleep_scan {
	struct check_ctx *cx;
	struct facts *f;
	struct sqlite3 *db;	/* facts of units stored before, or NULL */
	CXTranslationUnit tu;
	int preempt_count;	/* the build keeps a preempt count
				   (CONFIG_PREEMPT_COUNT): locks raise it */
	/*
	 * The primitives written as macros, in every file the unit reads,
	 * by file then offset; pm..pm+npm are those of the file walked.
	 */
	struct pmacro *allpm;
	int nallpm, capallpm;
	CXFile *pfiles;		/* the files they are written in */
	int npfiles, cappfiles;
	const struct pmacro *pm;
	int npm;
	/*
	 * The file whose function is walked (the main file, or a header
	 * for its inline helpers), as the facts show it, its contents, and
	 * the unit of the facts its functions go to (0: the unit itself).
	 */
	CXFile file;
	const char *shown;
	const char *ftext;
	size_t fsize;
	int unit;
	/* The headers' inline helpers the unit's functions call, to walk. */
	struct hdr_fn {
		CXCursor def;
		char *name;
		int walked;
	} *hq;
	int nhq, caphq;
	/*
	 * Macros the main file defines, and where a header expands them
	 * (the X-macro way): what those expansions define is the unit's.
	 */
	struct strv own_macros;
	struct own_exp {
		CXFile f;
		unsigned a, b;
	} *oe;
	int noe, capoe;
	struct fe_macro_index dm;	/* the main file's dispatch macros */
	struct annot *an;
	int nan, capan;
	struct gvar *gv;
	int ngv, capgv;
	const char *text;	/* the main file's contents (s->ftext: the
				   walked file's) */
	size_t size;
	unsigned *lines;	/* offset of each line's start, from 1 */
	unsigned nlines;
	/* The function being walked. */
	char *fn;
	struct params pa;	/* its parameters, for conditions */
	struct astate st;
	struct region *rg;
	int nrg, caprg;
	struct label *lb;
	int nlb;
	CXCursor body;		/* the body walk_body() walks */
	struct target tg[64];
	int ntg;
	/*
	 * The tests "x->m == K", "x->m != K" of the ifs whose arms the walk
	 * is in, innermost last (sleep_case.c): x (a variable that does
	 * not change), the member "T.m", K, and which arm makes x->m == K
	 * (1 the then-arm of "==", 0 the else-arm of "!=").
	 */
	struct iftest {
		CXCursor var;
		char key[128];
		long long val;
		int eq;		/* the test is "==" */
		int in_then;	/* the walk is in its then-arm */
	} ift[16];
	int nift;
	/* Its exits: what every path leaves open or released. */
	int nexit, exit_depth, exit_released;
	int exit_maxdepth, exit_maybe;	/* the most open on any exit */
	unsigned exit_irq, exit_lock;	/* region kinds at the first exit */
	unsigned exit_rtok;
	unsigned exit_cx_irq, exit_cx_bh;	/* contexts on every exit */
	int exit_rel_irq;
	int nested;		/* summarising a header's inline: how deep */
	int gscope[64];		/* per open scope: cleanup.h guards in it */
	int ngscope;
	int lockprims;		/* lock primitives the walk has seen */
	int found_member_call;	/* do_dispatch()'s search */
	int entry;		/* regions open on entry: the caller's */
	/* What the walk hands calls and macros to (sleep_walk.h). */
	const struct walk_hooks *hooks;
};

/* Can c be part of an identifier (or a number)? */
int wordish(const char *w);
/* The index of file f in s->pfiles, added when new. */
int pfile_index(struct sleep_scan *s, CXFile f);
/*
 * Walk the functions of file f next: its primitive macros (of s->allpm)
 * and its text; shown: the name the facts give it, unit: theirs.
 */
void scan_file(struct sleep_scan *s, CXFile f, const char *shown, int unit);
/* Where l is expanded: its offset, and in *f (when not NULL) its file. */
unsigned offset_of(CXSourceLocation l, CXFile *f);
void where_of(CXCursor c, unsigned *line, unsigned *col);
/* The cursor's extent in the main file: where its macros are written. */
CXSourceRange file_range(struct sleep_scan *s, CXCursor c);
/* Tokens as code is written: "spin_lock(&p->lock)", "a, b". */
char *code_text(struct sleep_scan *s, CXSourceRange r);
/* The code of call c, or "name()". */
char *text_of(struct sleep_scan *s, CXCursor c, const char *name);

/*
 * What kind of region a primitive opens or closes, from its name: the
 * kernel takes a lock with interrupts off in two steps
 * (local_irq_save(); raw_spin_lock()) and drops both in one
 * (raw_spin_unlock_irqrestore()), so the release has to know.
 */
enum region_kind { RK_OTHER, RK_IRQ, RK_LOCK };
enum region_kind region_kind(const char *name);
/*
 * ctx: what the region makes true (CTX_* of facts.h; region_ctx); rt:
 * RT_PREEMPTIBLE when PREEMPT_RT makes it no atomic region (prim_rt()).
 */
void acquire(struct sleep_scan *s, char *text, unsigned line,
	     enum region_kind kind, int ctx, int rt);
void release(struct sleep_scan *s, int irq);
/*
 * Close the innermost region of the kind a release primitive ends, rt
 * as prim_rt_release() says: out of order, a spinlock_t's unlock
 * inside a preempt_disable() region opened after the lock ends the
 * lock's region, and preemption stays off on PREEMPT_RT (ptrace_stop():
 * read_lock(); preempt_disable(); read_unlock(); ...).  Regions the
 * function was entered with are the caller's and stay in order.
 */
void release_rt(struct sleep_scan *s, int irq, int rt);
/*
 * A release primitive of lock lockh (code_lock_hash()): the region of
 * that lock, when one holds it below the innermost (shadow_lru_isolate()
 * drops its caller's lru_lock with two of its own locks held); else as
 * release_rt().
 */
void release_lock(struct sleep_scan *s, unsigned lockh, int irq, int rt);
/* The lock a primitive's code names, as a hash ("&x->l" is "x->l"); 0 none. */
unsigned lock_hash(const char *text);
/*
 * The same of the code at c as written, the outermost macro's
 * arguments: "xa_trylock(&mapping->i_pages)" and
 * "xa_unlock_irq(&mapping->i_pages)" name one lock.
 */
unsigned code_lock_hash(struct sleep_scan *s, CXCursor c);
/* acquire(), the region's lock known as lockh (code_lock_hash()). */
void acquire_lock(struct sleep_scan *s, char *text, unsigned lockh,
		  unsigned line, enum region_kind kind, int ctx, int rt);

/* No path reaches here. */
extern const struct astate dead_state;
/* The state after two paths meet. */
struct astate merge(struct astate a, struct astate b);
/*
 * The two arms of "if (p)" meet (pt: what the then-arm assumed,
 * sleep_track.c's track_arms_atom()): regions one arm opened and the
 * other did not are open after it only when that arm's condition holds.
 */
struct astate join_arms(struct astate then, struct astate other, int pt);
/*
 * How many of the regions the function was entered with (its caller's)
 * are still open: the bottom ones.
 */
int caller_regions_open(const struct sleep_scan *s);
/* The bits of the regions open at depth d (astate.irq and the like). */
unsigned depth_mask(int d);
/*
 * A release primitive called name (local_irq_restore(), local_bh_enable())
 * with none of the function's own regions open, after a callee that may
 * have left one of that kind open (astate.maybe): it ends that one, not
 * a caller's (work_grab_pending(); local_irq_restore(irq_flags); in
 * mod_delayed_work_on()).  Returns 1 when it did.  A lock's unlock
 * never does: it names its lock.
 */
int release_maybe(struct sleep_scan *s, const char *name);
/*
 * The facts' calls.ways (CALL_WAY_* of facts.h) for a call made in
 * state st: whether a region of the caller's was released before it the
 * way spin_unlock_bh() and spin_unlock_irq*() go, and whether a lock
 * over an interrupts- or bottom-half-off region is innermost there.
 */
int calls_ways(const struct astate *st);
/* A path leaves the function: what it leaves open or released. */
void note_exit(struct sleep_scan *s);

#endif /* HOOKWRAP_SLEEP_STATE_H */
