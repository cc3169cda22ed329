/*
 * sleep_walk.c - the walk of one function body for the sleep scan
 * (sleep_call.c's walk_function() runs it): statement by statement,
 * with the state "how many atomic regions are open, and which began the
 * outermost".  Branches merge (a region open on either path stays
 * open), a path that returns, breaks or jumps ends there, a goto
 * carries its state to its label, "if (spin_trylock(...))" opens a
 * region in one branch only, and a condition on a parameter is assumed
 * on the paths it guards.  What a call, a primitive macro or a dispatch
 * macro does is not the walk's: it hands them to the hooks it is given
 * (s->hooks, sleep_walk.h).
 *
 * The walk keeps its own stack of frames, one per node being walked,
 * each with the step it is at: a unit's nesting (a sum of 200,000 terms
 * is 200,000 nodes deep, an else-if chain as deep as it is long) is
 * never the C stack's.
 */
#include "checker/sleep/sleep_walk.h"
#include "checker/sleep/sleep_boot.h"
#include "checker/sleep/sleep_case.h"
#include "checker/sleep/sleep_ctx.h"
#include "checker/sleep/sleep_track.h"
#include "checker/sleep/sleep_mstore.h"
#include "checker/sleep/sleep_guards.h"
#include "checker/sleep/sleep_nesting.h"
#include "checker/sleep/sleep_annot.h"

#include <string.h>

/* prim_rt() of the primitive a region's text begins with. */
static int text_rt(const char *text)
{
	char *name = xstrndup(text, strcspn(text, "( "));
	int rt = prim_rt(name);

	free(name);
	return rt;
}

/*
 * A path that assumes atom (a condition on a parameter, as cond is): it
 * becomes the path's cond if it had none (its cond2 if it had one: a
 * nested test), and regions open only under the opposite condition are
 * not open here, those open under the same one are.
 */
static void assume(struct astate *st, int atom)
{
	if (!atom || st->dead)
		return;
	/*
	 * "irqs_disabled() is false" where a region of ours turned them
	 * off: the arm the kernel's own sanity checks take when the model
	 * is wrong (start_kernel()'s "if (WARN(!irqs_disabled(), ...))
	 * local_irq_disable();"), never on a path the analysis follows.
	 */
	if (atom == -COND_IRQS_OFF && st->cx_irq & depth_mask(st->depth)) {
		st->dead = 1;
		return;
	}
	if (track_assume(st, atom))
		return;		/* a tracked local's opposite value */
	int implied = track_implied(st, atom);
	/* A local's atom serves the regions only (sleep_params.c). */
	if (!params_region_only(atom)) {
		if (!st->cond)
			st->cond = atom;
		else if (!st->cond2 && st->cond != atom && st->cond != -atom)
			st->cond2 = atom;	/* nested: both hold */
	}
	if (st->opt && st->optc == -atom) {
		st->depth -= st->opt;
		if (!st->depth)
			st->region = -1;
		if (!(~st->rtok & depth_mask(st->depth)))
			st->rt_region = -1;
		st->opt = st->optc = 0;
	} else if (st->opt && st->optc == atom) {
		st->opt = st->optc = 0;
	}
	if (implied)	/* "if (!timeo) goto failure;": timeo said !noblock */
		assume(st, implied);
}

/*
 * Where a node starts and ends (expansion offsets), for telling whether
 * it is a primitive macro's expansion.  libclang computes a node's
 * extent by descending to its first and last tokens, which costs the
 * depth of the left-most and right-most paths below it: asked of every
 * node of a sum of n terms, n * n / 2.  A node's start is its first
 * child's for the kinds below (and libclang finds the start alone
 * cheaply for the others); its end is its last child's for an operator:
 * so each is found once and handed down.
 */
struct span {
	unsigned a, b;			/* start, end */
	unsigned has_a : 1, has_b : 1;
	unsigned in_file : 1;		/* the start is in the walked file */
};

/* Kinds whose extent starts where their first child's does. */
static int starts_with_first(enum CXCursorKind k)
{
	return k == CXCursor_BinaryOperator ||
	       k == CXCursor_CompoundAssignOperator ||
	       k == CXCursor_ConditionalOperator ||
	       k == CXCursor_ArraySubscriptExpr || k == CXCursor_CallExpr ||
	       k == CXCursor_MemberRefExpr;
}

/* Kinds whose extent ends where their last child's does. */
static int ends_with_last(enum CXCursorKind k)
{
	return k == CXCursor_BinaryOperator ||
	       k == CXCursor_CompoundAssignOperator ||
	       k == CXCursor_ConditionalOperator;
}

static void span_start(struct sleep_scan *s, CXCursor c, struct span *sp)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXSourceLocation l;
	CXFile f;

	/*
	 * clang_getCursorLocation() is the extent's start for statements
	 * and for the expressions of C but an implicit cast's (an
	 * UnexposedExpr: its operand's location) and a member access's
	 * (the member's name).
	 */
	if (clang_isStatement(k) || (clang_isExpression(k) &&
				     k != CXCursor_UnexposedExpr &&
				     k != CXCursor_MemberRefExpr))
		l = clang_getCursorLocation(c);
	else
		l = clang_getRangeStart(clang_getCursorExtent(c));
	sp->a = offset_of(l, &f);
	sp->in_file = f && clang_File_isEqual(f, s->file);
	sp->has_a = 1;
}

static void span_end(CXCursor c, const struct fe_kids *k, struct span *sp)
{
	if (k && k->n && ends_with_last(clang_getCursorKind(c)))
		c = k->v[k->n - 1];
	sp->b = offset_of(clang_getRangeEnd(clang_getCursorExtent(c)), NULL);
	sp->has_b = 1;
}

/* The span child i of a node (kind, span sp, n children) hands down. */
static struct span inherit(enum CXCursorKind kind, const struct span *sp,
			   int i, int n)
{
	struct span c = { 0, 0, 0, 0, 0 };

	if (!i && sp->has_a && starts_with_first(kind)) {
		c.a = sp->a;
		c.in_file = sp->in_file;
		c.has_a = 1;
	}
	if (i == n - 1 && sp->has_b && ends_with_last(kind)) {
		c.b = sp->b;
		c.has_b = 1;
	}
	return c;
}

/*
 * The primitive macro that c (children k, or NULL) is the expansion
 * of, or NULL; sp: what is known of its span, completed as needed.
 */
static const struct pmacro *macro_of(struct sleep_scan *s, CXCursor c,
				     const struct fe_kids *k, struct span *sp)
{
	int lo = 0, hi = s->npm - 1;

	if (!s->npm)
		return NULL;
	if (!sp->has_a)
		span_start(s, c, sp);
	if (!sp->in_file)
		return NULL;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;

		if (s->pm[mid].start == sp->a) {
			if (!sp->has_b)
				span_end(c, k, sp);
			return sp->b <= s->pm[mid].end ? &s->pm[mid] : NULL;
		}
		if (s->pm[mid].start < sp->a)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return NULL;
}

static struct label *label(struct sleep_scan *s, const char *name)
{
	for (int i = 0; i < s->nlb; i++)
		if (!strcmp(s->lb[i].name, name))
			return &s->lb[i];
	s->lb = xrealloc(s->lb, (s->nlb + 1) * sizeof(*s->lb));
	s->lb[s->nlb].name = xstrdup(name);
	s->lb[s->nlb].st = dead_state;
	s->lb[s->nlb].seen = 0;
	return &s->lb[s->nlb++];
}

/*
 * The first token of c (a unary operator): its operator, or for a
 * postfix one its operand's first.  Read at its start alone, not by
 * tokenizing its extent, which costs as much as the operand is long;
 * the same token, but where the start comes from a macro defined in
 * another file than the one the extent ends in (then libclang gives no
 * tokens): that case keeps the extent.
 */
static char *first_token(struct sleep_scan *s, CXCursor c)
{
	CXSourceLocation l = clang_getCursorLocation(c);
	CXFile ef, sf;
	unsigned eo, so;
	CXToken *t;
	unsigned n;
	char *w = NULL;

	clang_getExpansionLocation(l, &ef, NULL, NULL, &eo);
	clang_getSpellingLocation(l, &sf, NULL, NULL, &so);
	if (ef && sf && clang_File_isEqual(ef, sf) && eo == so)
		clang_tokenize(s->tu, clang_getRange(l, l), &t, &n);
	else
		clang_tokenize(s->tu, clang_getCursorExtent(c), &t, &n);
	if (n) {
		CXString cs = clang_getTokenSpelling(s->tu, t[0]);

		w = xstrdup(clang_getCString(cs));
		clang_disposeString(cs);
	}
	clang_disposeTokens(s->tu, t, n);
	return w;
}

/*
 * Is the condition a trylock?  1: it holds the lock when true, 2: when
 * false ("!spin_trylock(...)"), 0: neither.  *text: what to name.
 */
static int trylock_test(struct sleep_scan *s, CXCursor cond, char **text,
			unsigned *lockh, unsigned *line, int *rt)
{
	int neg = 0;
	const struct pmacro *m;
	struct span sp = { 0, 0, 0, 0, 0 };

	cond = fe_strip(cond);
	while (clang_getCursorKind(cond) == CXCursor_ParenExpr ||
	       clang_getCursorKind(cond) == CXCursor_UnaryOperator) {
		CXCursor in = clang_getNullCursor();

		if (clang_getCursorKind(cond) == CXCursor_UnaryOperator) {
			char *op;

			sp.has_a = sp.has_b = 0;
			if (macro_of(s, cond, NULL, &sp))
				break;
			op = first_token(s, cond);
			if (!op || strcmp(op, "!")) {
				free(op);
				return 0;
			}
			free(op);
			neg = !neg;
		}
		clang_visitChildren(cond, fe_take_first, &in);
		cond = fe_strip(in);
	}
	sp.has_a = sp.has_b = 0;
	m = macro_of(s, cond, NULL, &sp);
	if (m && m->p->effect == PRIM_TRYLOCK) {
		*text = text_of(s, m->c, m->p->name);
		*lockh = code_lock_hash(s, m->c);
		where_of(m->c, line, NULL);
		*rt = text_rt(*text);
		return neg ? 2 : 1;
	}
	if (!m && clang_getCursorKind(cond) == CXCursor_CallExpr) {
		char *name = fe_spelling(cond);
		const struct prim *p = prim_find(name);

		if ((p && p->effect == PRIM_TRYLOCK) ||
		    (!p && s->hooks->cond_acquire &&
		     s->hooks->cond_acquire(s, cond))) {
			*text = text_of(s, cond, name);
			*lockh = code_lock_hash(s, cond);
			where_of(cond, line, NULL);
			/*
			 * A helper's conditional acquire rests on its
			 * annotation: preemptible on PREEMPT_RT, as an
			 * __acquires() region is (refcount_dec_and_lock()'s
			 * lock is a spinlock_t).
			 */
			*rt = p ? text_rt(*text) : RT_PREEMPTIBLE;
			free(name);
			return neg ? 2 : 1;
		}
		free(name);
	}
	return 0;
}

static struct target *push_target(struct sleep_scan *s, int is_switch)
{
	struct target *t;

	if (s->ntg == (int)ARRAY_SIZE(s->tg))
		return NULL;
	t = &s->tg[s->ntg++];
	t->brk = dead_state;
	t->entry = s->st;
	t->is_switch = is_switch;
	t->has_default = 0;
	t->param = -1;
	return t;
}

static struct target *innermost(struct sleep_scan *s, int loop_only)
{
	for (int i = s->ntg - 1; i >= 0; i--)
		if (!loop_only || !s->tg[i].is_switch)
			return &s->tg[i];
	return NULL;
}

/*
 * The walk's own stack.  A frame is a node being walked: its children,
 * the range of them still to walk, and the step to take when that range
 * is done (0: the first).  Branches and loops keep what they need
 * across steps in a second stack, one entry per such frame.
 */
struct frame {
	CXCursor c;
	enum CXCursorKind kind;
	struct fe_kids k;
	struct span sp;
	int i, end;		/* children i .. end-1 are still to walk */
	int step;
	int ctl;		/* its entry in the control stack, or -1 */
	int logic;		/* '&': "a && b" is "if (a) b;"; '|': "a || b" */
};

struct ctl {
	struct astate a, b;	/* if: before and after the then-arm;
				   loop: the state on entry */
	char *text;		/* if: the trylock it tests */
	unsigned lockh;		/* if: its lock (code_lock_hash()) */
	unsigned line;
	int t, known;		/* if: trylock_test, sleep_constant of
				   its condition */
	int rt;			/* if: the trylock's region on RT */
	int at, af;		/* if: what its arms assume (params_cond,
				   ctx_test) */
	int at2, af2;		/* if: a second test each arm assumes */
	int nest;		/* if: nesting_test() of its condition */
	int bt, bf;		/* if: an arm runs only in early boot */
	int mt;			/* if: tests an object's member (sleep_case.c) */
	int tg;			/* loop, switch: its target, or -1 */
};

struct walker {
	struct frame *f;
	int n, cap;
	struct ctl *c;
	int nc, capc;
};

/* Children from .. to-1 next, then step. */
static int then_walk(struct frame *f, int from, int to, int step)
{
	f->i = from;
	f->end = to > from ? to : from;
	f->step = step;
	return 1;
}

/*
 * An if or a ?: (children: condition, then, else); prev: the statement
 * before it, or a null cursor.
 */
static int step_if(struct sleep_scan *s, struct frame *f, struct ctl *c,
		   CXCursor prev)
{
	const struct fe_kids *k = &f->k;

	switch (f->step) {
	case 0:
		c->t = trylock_test(s, k->v[0], &c->text, &c->lockh, &c->line,
				    &c->rt);
		c->known = c->t ? -1 : sleep_constant(k->v[0]);
		/* "d += 1; if (d == 1) begin();": nested, it is open. */
		c->nest = !c->t && c->known < 0 && f->kind == CXCursor_IfStmt &&
			  k->n == 2 ? nesting_test(s, k->v[0], prev) : 0;
		c->at = c->af = c->at2 = c->af2 = 0;
		if (!c->t && c->known < 0)
			params_cond(&s->pa, k->v[0], &c->at, &c->af, &c->at2,
				    &c->af2);
		/* A test of the context, where one is written, reads all. */
		if (!c->t && c->known < 0 && f->kind == CXCursor_IfStmt &&
		    k->n > 1) {
			int ct, cf;

			if (ctx_test(s, f->c, k->v[1], &ct, &cf)) {
				/*
				 * "if (loop && not_atomic)": the parameter's
				 * test holds beside the context's.
				 */
				c->at2 = c->at && c->at != ct &&
					 cond_ctx_name(ct) &&
					 !cond_ctx_name(c->at) ? c->at : 0;
				c->at = ct;
				c->af = cf;
				c->af2 = 0;
			}
		}
		c->bt = c->bf = 0;
		if (!c->t && c->known < 0)
			boot_test(k->v[0], &c->bt, &c->bf);
		if (f->logic == '|') {	/* "a || b": b where a is false */
			int t = c->at, t2 = c->at2, bt = c->bt;

			c->at = c->af, c->af = t, c->at2 = c->af2, c->af2 = t2;
			c->bt = c->bf, c->bf = bt;
			c->t = c->t ? 3 - c->t : 0;
			c->known = c->known >= 0 ? !c->known : -1;
		}
		c->mt = !c->t && c->known < 0 && f->kind == CXCursor_IfStmt &&
			f->logic != '|' && case_if_begin(s, k->v[0]);
		if (c->known >= 0)	/* only the branch the build keeps */
			return c->known && k->n > 1 ? then_walk(f, 1, 2, 9) :
			       !c->known && k->n > 2 ?
			       then_walk(f, 2, 3, 9) : 0;
		return then_walk(f, 0, 1, 1);
	case 1:
		c->a = s->st;
		if (c->t == 1)
			acquire_lock(s, xstrdup(c->text), c->lockh, c->line,
				region_kind(c->text), region_ctx(c->text),
				c->rt);
		/* "if (!nofail) return ...;": what follows assumes nofail. */
		assume(&s->st, c->at);
		assume(&s->st, c->at2);
		if (c->bt)	/* "if (!after_bootmem)" */
			s->st.boot = BOOT_EARLY;
		annot_arm_marker(s, k->n > 1 ? k->v[1] : clang_getNullCursor());
		return then_walk(f, 1, k->n > 1 ? 2 : 1, 2);
	case 2:
		if (c->mt)
			case_if_else(s);
		c->b = s->st;
		s->st = c->a;
		assume(&s->st, c->af);
		assume(&s->st, c->af2);
		if (c->bf)
			s->st.boot = BOOT_EARLY;
		if (c->t == 2)
			acquire_lock(s, xstrdup(c->text), c->lockh, c->line,
				region_kind(c->text), region_ctx(c->text),
				c->rt);
		annot_arm_marker(s, k->n > 2 ? k->v[2] : clang_getNullCursor());
		return then_walk(f, 2, k->n > 2 ? 3 : 2, 3);
	case 3:
		if (c->mt)
			case_if_end(s);
		if (c->nest && !c->b.dead && !s->st.dead &&
		    (c->nest > 0 ? c->b.depth > s->st.depth :
		     c->b.depth < s->st.depth ||
		     c->b.released > s->st.released)) {
			s->st = c->b;	/* the arm's begin or end holds */
			return 0;
		}
		s->st = join_arms(c->b, s->st, track_arms_atom(&s->pa, c->at,
					c->af, &c->a, &c->b, &s->st));
		return 0;
	default:
		return 0;
	}
}

/*
 * A loop no condition ends: "for (;;)" (its body its only child: the
 * parts a for leaves out are no children, so a for with two or three
 * is not told apart), "while (1)", "do ... while (1)".
 */
static int endless(const struct frame *f)
{
	const struct fe_kids *k = &f->k;

	if (f->kind == CXCursor_ForStmt)
		return k->n == 1;
	if (k->n != 2)
		return 0;
	return sleep_constant(k->v[f->kind == CXCursor_DoStmt ? 1 : 0]) == 1;
}

/* while, do, for (init, condition, increment, body; do: body, cond). */
static int step_loop(struct sleep_scan *s, struct frame *f, struct ctl *c)
{
	int n = f->k.n, is_do = f->kind == CXCursor_DoStmt;
	int body = is_do ? 0 : n - 1;
	struct target *t;

	switch (f->step) {
	case 0:
		if (f->kind == CXCursor_ForStmt)
			open_scope(s);	/* scoped_guard(): the for's variable */
		return then_walk(f, 0, is_do ? 0 : body, 1);
	case 1:
		/* The body runs again; not do { } while (0)'s (BUG_ON()). */
		if (!is_do || n < 2 || sleep_constant(f->k.v[1]) != 0)
			track_loop_head(s, f->c, n ? f->k.v[body] : f->c);
		c->a = s->st;
		t = push_target(s, 0);
		if (!t)
			return then_walk(f, 0, n, 4);
		c->tg = t - s->tg;
		return n ? then_walk(f, body, body + 1, 2) :
			   then_walk(f, 0, 0, 2);
	case 2:
		if (is_do)
			return then_walk(f, 1, n, 3);
		t = &s->tg[c->tg];
		/* "for (;;)", "while (1)": left only by a break. */
		s->st = endless(f) ? t->brk :
			merge(merge(c->a, s->st), t->brk);
		s->ntg--;
		break;
	case 3:
		s->st = endless(f) ? s->tg[c->tg].brk :
			merge(s->st, s->tg[c->tg].brk);
		s->ntg--;
		break;
	}
	if (f->kind == CXCursor_ForStmt)
		close_scope(s);
	return 0;
}

/* switch (condition, body). */
static int step_switch(struct sleep_scan *s, struct frame *f, struct ctl *c)
{
	struct target *t;

	switch (f->step) {
	case 0:
		return then_walk(f, 0, f->k.n ? 1 : 0, 1);
	case 1:
		t = push_target(s, 1);
		if (!t)
			return then_walk(f, 1, f->k.n, 9);
		c->tg = t - s->tg;
		t->param = f->k.n ? params_index(&s->pa, f->k.v[0]) : -1;
		case_switch(s, t, f->k.n ? f->k.v[0] : clang_getNullCursor());
		s->st = dead_state;	/* only a case label reaches the body */
		return then_walk(f, 1, f->k.n, 2);
	case 2:
		t = &s->tg[c->tg];
		s->st = merge(s->st, t->brk);
		if (!t->has_default)
			s->st = merge(s->st, t->entry);
		s->ntg--;
		return 0;
	default:
		return 0;
	}
}

/*
 * The state a case label of switch t reaches from the switch: "case
 * RTM_DELADDR:" of "switch (event)" assumes event == RTM_DELADDR (one
 * value; a GNU range "case 1 ... 3:" and default assume nothing).
 */
static struct astate case_entry(struct sleep_scan *s, struct target *t,
				const struct frame *f)
{
	struct astate e = t->entry;
	long long v;

	if (t->param >= 0 && f->kind == CXCursor_CaseStmt && f->k.n == 2 &&
	    sleep_value(f->k.v[0], &v))
		assume(&e, params_pred(&s->pa, t->param, PRED_EQ, v));
	return e;
}

/* Every other node: before its children, then after them. */
static int step_plain(struct sleep_scan *s, struct frame *f)
{
	struct target *t;
	struct label *l;
	char *name;

	if (f->step)
		switch (f->kind) {
		case CXCursor_CompoundStmt:
			close_scope(s);
			return 0;
		case CXCursor_VarDecl:
			guard_var(s, f->c);
			track_write(s, f->c, clang_Cursor_getVarDeclInitializer(
					f->c), clang_getNullCursor());
			mstore_decl(s, f->c);
			return 0;
		case CXCursor_CompoundAssignOperator:
		case CXCursor_UnaryOperator:
			if (f->k.n) {
				track_write(s, f->k.v[0],
					    clang_getNullCursor(), f->c);
				mstore_write(s, f->k.v[0],
					     clang_getNullCursor(), f->c);
			}
			return 0;
		case CXCursor_ReturnStmt:
			unwind_guards(s);
			note_exit(s);
			s->st = dead_state;
			return 0;
		case CXCursor_CallExpr:
			s->hooks->call(s, f->c);
			mstore_call(s, f->c);
			return 0;
		case CXCursor_BinaryOperator:
			if (!s->st.dead)
				boot_mark(s, f->c, &f->k);
			if (f->k.n == 2) {
				track_write(s, f->k.v[0], f->k.v[1], f->c);
				mstore_write(s, f->k.v[0], f->k.v[1], f->c);
			}
			return 0;
		default:
			return 0;
		}
	switch (f->kind) {
	case CXCursor_CompoundStmt:
		open_scope(s);
		break;
	case CXCursor_CaseStmt:
	case CXCursor_DefaultStmt:
		t = innermost(s, 0);
		if (t && t->is_switch) {
			int fell = !s->st.dead;

			s->st = merge(s->st, case_entry(s, t, f));
			case_label(t, f->c, f->k.n ? f->k.v[0] :
				   clang_getNullCursor(), fell);
			t->has_default |= f->kind == CXCursor_DefaultStmt;
		}
		break;
	case CXCursor_BreakStmt:
	case CXCursor_ContinueStmt:
		t = innermost(s, f->kind == CXCursor_ContinueStmt);
		if (t)
			t->brk = merge(t->brk, s->st);
		s->st = dead_state;
		return 0;
	case CXCursor_GotoStmt:
		name = f->k.n ? fe_spelling(f->k.v[0]) : NULL;
		if (name) {
			l = label(s, name);
			if (!l->seen)
				l->st = merge(l->st, s->st);
		}
		free(name);
		s->st = dead_state;
		return 0;
	case CXCursor_LabelStmt:
		name = fe_spelling(f->c);
		l = label(s, name);
		s->st = merge(s->st, l->st);
		if (goto_comes_back(s->body, f->c, name))
			track_forget(&s->st);	/* a goto comes back */
		l->seen = 1;
		free(name);
		break;
	case CXCursor_CallExpr:
		/* The arguments run first, then the call. */
		return then_walk(f, 1, f->k.n, 1);
	default:
		break;
	}
	return then_walk(f, 0, f->k.n, 1);
}

/* The frame's next step; 0 when it is done. */
static int step(struct sleep_scan *s, struct walker *w, struct frame *f)
{
	struct ctl *c = f->ctl >= 0 ? &w->c[f->ctl] : NULL;

	const struct frame *up = w->n > 1 ? &w->f[w->n - 2] : NULL;
	CXCursor none = clang_getNullCursor();

	switch (f->kind) {
	case CXCursor_IfStmt:
		/* Its parent's child up->i - 1; the one before it. */
		if (f->k.n)
			return step_if(s, f, c, up && up->kind ==
				       CXCursor_CompoundStmt && up->i >= 2 ?
				       up->k.v[up->i - 2] : none);
		return 0;
	case CXCursor_ConditionalOperator:
	case CXCursor_BinaryOperator:	/* "a ? b : c", "a && b", "a || b" */
		if (f->k.n == 3 || f->logic)
			return step_if(s, f, c, none);
		return step_plain(s, f);
	case CXCursor_ForStmt:
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
		return step_loop(s, f, c);
	case CXCursor_SwitchStmt:
		return step_switch(s, f, c);
	default:
		return step_plain(s, f);
	}
}

/* Walk node c, of span sp: a primitive macro at once, else a frame. */
static void enter(struct sleep_scan *s, struct walker *w, CXCursor c,
		  struct span sp)
{
	struct fe_kids k = fe_kids(c);
	const struct pmacro *m = macro_of(s, c, &k, &sp);
	enum CXCursorKind kind = clang_getCursorKind(c);
	struct frame *f;

	if (m) {
		free(k.v);
		s->hooks->prim(s, c, m, m->p);
		return;
	}
	/* The dispatch macros are indexed in the main file only. */
	if (s->dm.n && !s->unit) {
		if (!sp.has_a)
			span_start(s, c, &sp);
		if (sp.in_file && !sp.has_b)
			span_end(c, &k, &sp);
		if (sp.in_file && s->hooks->dispatch(s, c, sp.a, sp.b)) {
			free(k.v);
			return;
		}
	}
	ARRAY_GROW(w->f, w->cap, w->n + 1, 64);
	f = &w->f[w->n++];
	f->c = c;
	f->kind = kind;
	f->k = k;
	f->sp = sp;
	f->i = f->end = f->step = 0;
	f->ctl = -1;
	f->logic = kind == CXCursor_BinaryOperator && k.n == 2 ?	/* && || */
		   params_logical(&s->pa, k.v[1]) : 0;
	if (f->logic || kind == CXCursor_IfStmt ||
	    kind == CXCursor_ConditionalOperator ||
	    kind == CXCursor_ForStmt || kind == CXCursor_WhileStmt ||
	    kind == CXCursor_DoStmt || kind == CXCursor_SwitchStmt) {
		ARRAY_GROW(w->c, w->capc, w->nc + 1, 16);
		memset(&w->c[w->nc], 0, sizeof(w->c[0]));
		w->c[w->nc].tg = -1;
		f->ctl = w->nc++;
	}
}

void walk_body(struct sleep_scan *s, CXCursor body)
{
	struct walker w = { NULL, 0, 0, NULL, 0, 0 };
	struct span none = { 0, 0, 0, 0, 0 };
	CXCursor outer = s->body;

	s->body = body;
	enter(s, &w, body, none);
	while (w.n) {
		struct frame *f = &w.f[w.n - 1];

		if (f->i < f->end) {
			int i = f->i++;

			/* f moves when the stack grows. */
			enter(s, &w, f->k.v[i],
			      inherit(f->kind, &f->sp, i, f->k.n));
			continue;
		}
		if (step(s, &w, f))
			continue;
		if (f->ctl >= 0) {
			free(w.c[f->ctl].text);
			w.nc--;
		}
		free(f->k.v);
		w.n--;
	}
	free(w.f);
	free(w.c);
	s->body = outer;
}
