/*
 * sleep.h - the sleep analysis inside the checker: the tables of atomic
 * and sleeping primitives (sleep_prims.c), the scan of one unit into
 * facts (sleep_scan.c and the files below it: sleep_call.c,
 * sleep_walk.c, sleep_annot.c, sleep_ctx.c, sleep_state.c; sleep_state.h
 * maps them) with what its conditions and calls say of parameters
 * (sleep_params.c) and its registrations (sleep_regs.c), the per-unit
 * driver that stores and links them (sleep_unit.c) and the findings the
 * three sleep rules report from a link (sleep_report.c).
 */
#ifndef HOOKWRAP_SLEEP_H
#define HOOKWRAP_SLEEP_H

#include "checker/check.h"
#include "checker/sleep/facts.h"

enum prim_effect {
	PRIM_ACQUIRE,		/* begins an atomic region */
	PRIM_RELEASE,		/* ends one */
	PRIM_TRYLOCK,		/* begins one when it returns non-zero */
	PRIM_SLEEP,		/* may sleep */
	PRIM_ALLOC,		/* may sleep when its GFP argument can block */
	PRIM_NOSLEEP,		/* safe in atomic context: not followed */
};

struct prim {
	const char *name;
	enum prim_effect effect;
	int gfp_arg;		/* PRIM_ALLOC: which argument, from 0 */
};
/*
 * PRIM_ALLOC's gfp_arg for an allocator's entry point whose argument
 * list differs between kernels: the argument passed for its gfp_t
 * parameter (else, as for a macro, the one whose text names GFP flags).
 */
#define GFP_BY_TYPE (-1)

/* The entry for a function or macro name, or NULL. */
const struct prim *prim_find(const char *name);
/*
 * Can an allocation with these GFP argument tokens block?  1 yes, 0 no,
 * -1 unknown (a variable): decided from the flag macros named.
 */
int gfp_blocks(const char *tokens);
/*
 * Is the lock an __acquires()/__releases() names a sleeping one?  arg is
 * the annotation's argument, type the type of the variable it names
 * ("struct mutex") when known, else NULL: then the name decides.  A
 * known type that is no spinning lock (a mutex, an SRCU struct, a
 * cookie sparse is told about) makes no atomic region.
 */
int lock_sleeps(const char *arg, const char *type);
/* Is cleanup.h's guard NAME (guard(NAME), scoped_guard(NAME, ...)) an
 * atomic region for its scope? */
int guard_is_atomic(const char *name);
/*
 * On PREEMPT_RT, a lock primitive's region is preemptible (no atomic
 * region: spinlock_t, rwlock_t, local_lock_t, bottom halves, RCU
 * readers), and taking it may sleep (the same but RCU and trylocks).
 */
#define RT_PREEMPTIBLE	1
#define RT_SLEEPS	2
int prim_rt(const char *name);
/* The same for an atomic guard's scope (guard(spinlock): preemptible). */
int guard_rt(const char *name);
/*
 * The same for the region a release primitive closes: RT_PREEMPTIBLE
 * for spin_unlock(), read_unlock(), local_bh_enable(), rcu_read_unlock()
 * and the like, 0 for raw_spin_unlock(), preempt_enable(), put_cpu(),
 * local_irq_restore() and the like.
 */
int prim_rt_release(const char *name);

/*
 * sleep_params.c: the parameters of the function being scanned, for
 * sleeps that depend on an argument (docs/facts-db.md: cond, args).
 */
/* Parameters whose bit writes are read; locals the walk tracks. */
#define PARAMS_BITS 16
#define PARAMS_NTRACK 16

struct params {
	CXTranslationUnit tu;
	CXCursor fn;
	int n;
	unsigned long long written;	/* assigned in the body: not assumed */
	int written_known;
	/*
	 * Per parameter (the first PARAMS_BITS): the bits its writes may
	 * change when every write is "p |= K", "p &= ~K" or "p ^= K" with
	 * K constant (__mark_inode_dirty()'s "flags |= I_DIRTY_TIME"), ~0
	 * else; a test of other bits reads the caller's value.
	 */
	unsigned long long wbits[PARAMS_BITS];
	/* The body's tokens, for what is assigned where (lazily). */
	CXToken *tok;
	CXString *sp;
	unsigned ntok;
	unsigned *toff;		/* their offsets in the file (lazily) */
	/* Locals a test named, set once where declared and never after. */
	CXCursor local[32];
	int nlocal;
	/*
	 * Tests of a parameter's value the function makes: "flags &
	 * FOLL_LOCK" (PRED_MASK, val the mask), "event == RTM_DELADDR",
	 * a switch's "case" (PRED_EQ).  Atoms PARAMS_PRED + k + 1, negated
	 * as a parameter's are: -(PARAMS_PRED + k + 1) is "flags &
	 * FOLL_LOCK is 0", "event != RTM_DELADDR".
	 */
	struct pred {
		int param;
		char op;	/* PRED_MASK, PRED_EQ, PRED_GFP */
		long long val;
		/*
		 * A test of a member the parameter points to, which the
		 * body never writes ("miter->__flags & SG_MITER_ATOMIC"):
		 * "sg_mapping_iter.__flags" (params_field()), else NULL.
		 */
		char *field;
	} pred[32];
	int npred;
	/*
	 * Access paths a test reads, from a parameter or a local that do
	 * not change ("mapping->host"): atoms PARAMS_PATH + k + 1, for the
	 * regions only, as locals' are.
	 */
	char *path[16];
	int npath;
	/*
	 * Locals assigned more than once, whose address is never taken
	 * ("bool unmap = false; ... unmap = true;"): atoms PARAMS_TRACK +
	 * k + 1, for the regions only; the walk knows their value where an
	 * assignment of a constant says it (astate.kv) and forgets what it
	 * tied to one at any other write.
	 */
	CXCursor track[PARAMS_NTRACK];
	int ntrack;
};

/* Atoms of locals: PARAMS_LOCAL + k + 1, with a sign as for parameters. */
#define PARAMS_LOCAL 1000
#define PARAMS_PATH (PARAMS_LOCAL + 32)
#define PARAMS_TRACK (PARAMS_LOCAL + 64)
#define PARAMS_PRED 3000
#define PRED_MASK '&'
#define PRED_EQ '='
/*
 * "the gfp_t parameter's flags can block" (val the __GFP_DIRECT_RECLAIM
 * bit): written "gK" as an allocation's condition, and when false as
 * the bit test "!pK&val".
 */
#define PRED_GFP 'g'
/* How deep an expression a condition or an argument is read to. */
#define COND_DEPTH 32

void params_begin(struct params *pa, CXTranslationUnit tu, CXCursor fn);
void params_end(struct params *pa);
/*
 * Is var a local set once: where it is declared, or by one assignment
 * before at, and never changed after?
 */
int params_set_once(struct params *pa, CXCursor var, CXCursor at);
/*
 * The atom of local var set once (params_set_once() up to at), as a
 * test of it at at reads it; 0 when it is not one.
 */
int params_local(struct params *pa, CXCursor var, CXCursor at);
/*
 * Is var changed (assigned, incremented, its address taken) by a token
 * at a file offset from <= offset < to?
 */
int params_changed_in(struct params *pa, CXCursor var, unsigned from,
		      unsigned to);
/*
 * The initializer of local var when the function sets it there and
 * never changes it (params_set_once() up to at); a null cursor else.
 */
CXCursor params_initializer(struct params *pa, CXCursor var, CXCursor at);
/*
 * Is var a local declared with constant bits, every later write of which
 * only sets more ("unsigned int sg_flags = SG_MITER_ATOMIC; ... sg_flags
 * |= SG_MITER_TO_SG;")?  1 with *bits those known set, else 0.
 */
int params_local_bits(struct params *pa, CXCursor var, long long *bits);
/* Which parameter c names (an unassigned one), or -1. */
int params_index(struct params *pa, CXCursor c);
/* The same for a test of bits mask, which writes of other bits leave. */
int params_index_bits(struct params *pa, CXCursor c, long long mask);
/*
 * Is c "p->m", p an unassigned parameter pointing to a struct whose
 * member m the body never writes (assigns, increments, takes the
 * address of)?  The parameter, and in *key (malloc'd) the member as
 * "tag.m" ("sg_mapping_iter.__flags"); -1 else.
 */
int params_field(struct params *pa, CXCursor c, char **key);
/*
 * Does the body write a member named m ("x->m = v", "x->m++", "&x->m"
 * but for test_bit()'s, "WRITE_ONCE(x->m, v)"), through any object?
 */
int params_member_written(struct params *pa, const char *m);
/* A store "p->m = v" of a parameter's member, as the facts say it. */
int params_member_of(struct params *pa, CXCursor c, char **key);
/*
 * sleep_members.c: the atom of "test_bit(nr, &p->m)" (a test of that
 * bit of the member, as params_field() allows it), and of "if (p->m)"
 * (its truth: "!p0->T.m=0"); 0 when c is none.
 */
int params_bit_test(struct params *pa, CXCursor c);
int params_member_truth(struct params *pa, CXCursor c);
/*
 * sleep_deref.c: the atom of "*p", p a parameter pointing to an integer,
 * tested where the body returns early on it before it names p
 * ("if (!*timeo) return -EAGAIN;"): its truth, "!p2->*=0"; 0 when c is
 * none.  Is t (canonically) an integer type?
 */
int params_deref_truth(struct params *pa, CXCursor c);
int deref_integer_type(CXType t);
/*
 * sleep_outarg.c: an argument "&v", v a local every write of which is a
 * call's value that is not 0 only where the caller's atom q holds, its
 * address passed only to calls: "nz*Q" (Q q's text); NULL when a is
 * none.
 */
char *params_deref_arg(struct params *pa, CXCursor a);
/*
 * sleep_setbits.c: an argument v, an integer variable of the caller,
 * after a statement of the body "if (!f(..., &v, K)) return ...;" where
 * f, of the same unit, returns other than 0 only after it stored in *v
 * a value with the bits of K set ("m1048578": is_valid_gup_args()'s
 * "gup_flags |= to_set; ... *gup_flags_p = gup_flags; return true;"),
 * and nothing wrote v since but "|=": "mK"; NULL else.
 */
char *params_setbits_arg(struct params *pa, CXCursor a);
/* Is the address of the variable named name taken ("&name")? */
int params_address_taken(struct params *pa, const char *name);
/*
 * The atom of a local c names that is set once (params_local()), or of
 * an access path a test reads that does not change ("mapping->host");
 * 0 else.  For the regions only (params_cond()).
 */
int params_local_atom(struct params *pa, CXCursor c);
int params_path_atom(struct params *pa, CXCursor c);
/* Where l is in its file (a macro argument: where it is written). */
unsigned params_file_offset(CXSourceLocation l);
/* The function's tokens, once, and token i's spelling ("" past them). */
void params_tokens(struct params *pa);
const char *params_spelling(const struct params *pa, unsigned i);
/*
 * Is the binary expression whose right operand is rhs "... && rhs"
 * ('&') or "... || rhs" ('|'), as the function's own text writes it?
 * 0 else: another operator, or one a macro's body writes.
 */
int params_logical(struct params *pa, CXCursor rhs);
/* Is token w one that writes the lvalue before it ("=", "|=", "++")? */
int params_assigns(const char *w);
/* The atom of a test of parameter i or of its member field, added. */
int params_pred_field(struct params *pa, int i, const char *field, char op,
		      long long v);
/* The same for a name as a macro argument spells it: "inode". */
int params_named(struct params *pa, const char *name);
/*
 * What condition c, when true (*t) and when false (*f), says of one
 * parameter, or of one local set once where it is declared and never
 * changed ("bool should_lock = ...;"): an atom, or 0 for nothing.  i+1
 * when parameter i is true, -(i+1) when it is false; a test of its value
 * ("flags & FOLL_LOCK", "event == RTM_DELADDR") is a predicate's atom
 * (struct pred); a local's atom is +-(PARAMS_LOCAL + k + 1), an access
 * path's from either (the same text tested twice: "if (mapping->host)
 * ... if (mapping->host)") +-(PARAMS_PATH + k + 1).  Read
 * through !, brackets, likely(), && (true: both hold, one is kept) and
 * || (false: neither holds).  Local atoms are for the region state
 * only: they mean nothing outside the function and never go to the
 * facts.
 */
void params_cond(struct params *pa, CXCursor c, int *t, int *f, int *t2,
		 int *f2);
/*
 * The operator of binary expression c whose left operand is lhs, as
 * written ("=", "&&"), or NULL when a macro's body writes it.
 */
char *params_binop(struct params *pa, CXCursor c, CXCursor lhs);
/*
 * The atom of a local c names (a DeclRefExpr or the VarDecl itself) that
 * the walk tracks: a variable of the function whose address is never
 * taken; 0 else.  With add 0, only one already tracked.
 */
int params_track(struct params *pa, CXCursor c, int add);
/*
 * Is atom a (either sign) a local's, an access path's or a tracked
 * local's: one that ties regions, not a condition the callers decide?
 */
int params_region_only(int a);
/* Is atom a (either sign) a test of a member a parameter points to? */
int params_member_atom(const struct params *pa, int a);
/*
 * sleep_fields.c: the members of what its parameters point to that fn
 * stores, with the values: "p0->sg_mapping_iter.__flags=p3;..." (";"
 * between; docs/facts-db.md: functions.fields), "*" for too many to
 * say, NULL for none.
 */
char *fields_stored(struct params *pa, CXCursor fn, int rt);
/*
 * sleep_fieldval.c: the value v stores in a member (of type bool when
 * boolean) when it is a truth of fn's parameters' bits, also through a
 * local the body computes first: "(p2&8?1:0)", "(!p2&8?1:(p2&4?1:0))";
 * a constant or "pN" as well; NULL else.  rt: the unit is a PREEMPT_RT
 * build's (else a test of CONFIG_PREEMPT_RT is not known).
 */
char *fieldval_of(struct params *pa, CXCursor v, int boolean, int rt);
/* c's tokens as written, one space between: "mapping -> host". */
char *params_text(struct params *pa, CXCursor c);
/* The token written at l (for a macro's text, where the macro has it). */
char *params_token_at(CXTranslationUnit tu, CXSourceLocation l);
/* The operand of e when e is "!x" (x unstripped), else a null cursor. */
/* The operand of unary operator "which" written at e ("*p": "*"), or null. */
CXCursor sleep_unary_operand(CXCursor e, const char *which);
CXCursor sleep_not_operand(CXCursor e);
/* Is fn's parameter i of type gfp_t (const or not)? */
int sleep_param_gfp(CXCursor fn, int i);
/* Is c a null pointer constant (NULL, "(void *)0", 0)? */
int params_null(struct params *pa, CXCursor c);
/* The atom of "parameter i == v". */
int params_pred(struct params *pa, int i, char op, long long v);
/*
 * A condition as the facts store it: "p2", "!p2", "p2&64" (a bit of 64
 * set), "!p2=3" (not 3); NULL for 0 and for a local's.
 */
char *params_cond_text(const struct params *pa, int cond);
/* Two conditions, both to hold: "p2;!p3&64" (or one, or NULL). */
char *params_conds_text(const struct params *pa, int a, int b);
/*
 * sleep_args.c.  A call's arguments as the facts store them,
 * comma-separated, trailing "?" left off ("0,p1"); NULL when none is
 * known: a constant's value in decimal ("64", "-1"; a null pointer is
 * "0"), "mK" when only bits K are known set ("NB | len"), "nz" for
 * what is never 0 (a string, the address of an object: "&dispose"),
 * "pN" for the caller's parameter N, "?" else.  A gfp_t argument is
 * "gb" when its flags can block, "gn" when they cannot, followed by
 * their value where it folds ("gb3264").
 */
char *params_args(struct params *pa, CXCursor call);
/*
 * The same for a dispatch macro's arguments, as their text reads ("0",
 * "true", a parameter's name).
 */
char *params_macro_args(struct params *pa, const struct strv *args);
/*
 * sleep_bittest.c.  Is call a call of a helper whose whole body is one
 * test of bits of a parameter ("return !!(gfp_flags &
 * __GFP_DIRECT_RECLAIM);")?  1 when the call is true exactly when a bit
 * of *mask is set in *arg (the call's argument for that parameter), -1
 * when exactly when none is, 0 when it is no such call.  *blocks 1
 * when the test is "the flags can block" (a gfp_t's
 * __GFP_DIRECT_RECLAIM bit: gfpflags_allow_blocking()), which the
 * facts write as a gfp_t condition ("g1"), as an allocation's.
 */
int bittest_call(CXCursor call, CXCursor *arg, long long *mask,
		 int *blocks);
/*
 * The expression E of the helper call calls, when the helper's whole
 * body is "return E;" (its definition in *def), stripped; a null cursor
 * else.
 */
CXCursor helper_return(CXCursor call, CXCursor *def);
/*
 * Statements as the body writes them: does c name variable var; is c's
 * extent inside o's; does statement s end in a return ("{ ...; return
 * -EAGAIN; }")?
 */
int sleep_names(CXCursor c, CXCursor var);
int sleep_inside(CXCursor c, CXCursor o);
int sleep_ends_in_return(CXCursor s);
/* Function fn's body in *body, and its statements (none: kids.n 0). */
struct fe_kids sleep_body(CXCursor fn, CXCursor *body);
/*
 * sleep_writes.c.  How expression c (its parent parent) writes variable var: 0 not at
 * all (a read: "v & M", also in a macro's argument), '=' an assignment
 * (its value in *rhs), '|' "v |= E" (E in *rhs), 'a' its address as a
 * call's argument, 'x' another write ("v &= M", "v++", "&v" kept, an
 * operator a macro's body writes).
 */
int sleep_write_of(struct params *pa, CXCursor c, CXCursor parent,
		   CXCursor var, CXCursor *rhs);
/* Is e (stripped) a reference to variable var? */
int sleep_is_ref(CXCursor e, CXCursor var);
/*
 * sleep_doc.c.  The "Context:" section of a kernel-doc comment, its
 * whitespace made single spaces (malloc'd), or NULL; and the same only
 * when it promises that the function may be called in atomic context
 * ("Any context.", "May be called while holding a spinlock.", "May be
 * called from interrupt context", "Does not sleep.") and says nothing
 * of sleeping or of a condition.  doc_function_context(): that of the
 * comment clang attaches to fn (any of its declarations).
 */
char *doc_context_section(const char *comment);
char *doc_atomic_context(const char *comment);
char *doc_function_context(CXCursor fn);
/* A condition the compiler folds (IS_ENABLED(CONFIG_X)): 1, 0, or -1. */
int sleep_constant(CXCursor cond);
/* The integer value of c, when the compiler folds it: 1 and *v, or 0. */
int sleep_value(CXCursor c, long long *v);
/*
 * Is c a call of a named function (not through a pointer, no primitive
 * or lock) with no arguments but constants and addresses of static
 * variables, "debug_pagealloc_enabled()": a test of it repeated reads
 * the same value, as code that locks and unlocks under it relies on.
 */
int sleep_stable_call(CXCursor c);
/* The operand of "&x", or a null cursor when c is no address-of. */
CXCursor sleep_address_operand(CXCursor c);
/*
 * What READ_ONCE(x) and WRITE_ONCE(x, v)'s "*(volatile T *)&(x)" read
 * or write: x; c itself when it is no such access.
 */
CXCursor sleep_once_operand(CXCursor c);
/*
 * The operator of binary expression c read from its tokens, after its
 * left operand ("(t->flags & ~M) | cpu": "|"), where params_binop()
 * cannot tell its operand's end (an argument of a macro whose body
 * wraps the operand); or NULL.
 */
/* Is w a binary operator's token ("|", "<<", "&&"; not "=")? */
int sleep_binary_op(const char *w);
char *sleep_binop_tokens(CXTranslationUnit tu, CXCursor c);
/*
 * sleep_macrobody.c: when a is a macro's invocation whole, the one
 * binary operator at the top of the expression its body writes (the
 * last statement of "({ ...; E; })", outer brackets off): "|" for
 * MAKE_SEND_FLAGS(len)'s "(FIELD_PREP(M, len_) | NB)"; NULL else.
 */
char *sleep_macro_top_op(CXTranslationUnit tu, CXCursor a);
/*
 * Its reading of a macro's definition: tokens w[0..n), the name first,
 * opnd[i] 1 where token i is an identifier or a literal, fnlike 1 where
 * a parameter list follows the name at once.
 */
char *macro_body_op(char *const *w, const unsigned char *opnd, unsigned n,
		    int fnlike);

/* sleep_regs.c: the registrations a declaration of cx's unit makes. */
void sleep_regs(struct check_ctx *cx, struct facts *f, CXCursor decl);
/*
 * The slot of a struct's member when field is a member of
 * function-pointer type (through typedefs), else NULL: its USR, after
 * the tree-relative path of the header that declares it and an "@"
 * ("drivers/net/ethernet/intel/e1000e/hw.h@c:@S@e1000_phy_operations@FI@release";
 * the USR alone for a header outside the tree).  Malloc'd.
 */
char *slot_of(const struct check_ctx *cx, CXCursor field);
/*
 * The function type a slot's member points to, as clang spells it
 * canonically ("void (struct e1000_hw *)"): for resolving calls by type
 * instead (report --fptr=type).  Malloc'd.
 */
char *slot_type(CXCursor field);

/* sleep_scan.c: the facts of cx's unit (unit 0 of f). */
void sleep_scan(struct check_ctx *cx, struct facts *f, struct sqlite3 *db);

/*
 * sleep_unit.c: scan, store and link the unit once.  With --db the facts
 * go to the database and NULL is returned (hookwrap report links); else
 * the link of every unit seen in this run, for the rules to report on.
 */
const struct link *sleep_unit(struct check_ctx *cx, int *unit);
/*
 * The same facts' PREEMPT_RT link, when RT is on (--rt, or the unit is
 * built with CONFIG_PREEMPT_RT), after sleep_unit(); else NULL.
 */
const struct link *sleep_unit_rt(struct check_ctx *cx);

/* sleep_report.c: a rule's findings from a link; unit -1: every unit. */
/*
 * sleep-in-atomic-rt: what sleeps on PREEMPT_RT only (rt: the RT link of
 * lk's facts, link_build_mode()).
 */
void sleep_report_rt(struct check_ctx *cx, const struct link *lk,
		     const struct link *rt, int unit);
/*
 * sleep-under-guard on PREEMPT_RT: a hook under a guard atomic there
 * (preempt) whose implementation sleeps only there.
 */
void sleep_report_guard_rt(struct check_ctx *cx, const struct link *lk,
			   const struct link *rt, int unit);
void sleep_report(struct check_ctx *cx, const struct link *lk, int unit,
		  const struct rule *rule);

extern const struct rule rule_sleep_in_atomic_hook;
extern const struct rule rule_sleep_in_atomic;
extern const struct rule rule_sleep_in_atomic_rt;
extern const struct rule rule_sleep_under_guard;
extern const struct rule rule_direct_impl_call;
/* direct-impl-call's findings from a link (check_direct_impl_call.c). */
void impl_report(struct check_ctx *cx, const struct link *lk, int unit,
		 const struct rule *rule);

#endif /* HOOKWRAP_SLEEP_H */
