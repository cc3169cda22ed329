/*
 * sleep_fields.c - what a function stores in the members its parameters
 * point to ("miter->__flags = flags;" in sg_miter_start()), for the
 * facts (docs/facts-db.md: functions.fields).  The link gives an
 * object the values its set-up calls store (linkfield.c), and decides
 * with them a test of that member in a function it is passed to later
 * ("if (miter->__flags & SG_MITER_ATOMIC)" in sg_miter_next()).
 */
#include "clang/frontend.h"
#include "checker/sleep/sleep.h"
#include "checker/sleep/sleep_obj.h"
#include "checker/walk.h"

#include <string.h>

/* At most this many stores a function: more, and "*" (every member). */
#define MAX_STORES 32

struct stores {
	struct params *pa;
	struct strv v;		/* "p0->T.m=V", each once */
	int over;
	int rt;			/* the unit is a PREEMPT_RT build's */
};

/* The operator of c: as written, else read from its tokens (sleep.h). */
static char *binop(struct params *pa, CXCursor c, CXCursor lhs)
{
	char *op = params_binop(pa, c, lhs);

	return op ? op : sleep_binop_tokens(pa->tu, c);
}

/* A parameter only and-ed with constants: "flags &= TIMER_INIT_FLAGS". */
struct masked {
	CXCursor var;
	struct params *pa;
	int n;
	long long keep;
};

static enum CXChildVisitResult mask_cb(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	struct masked *m = data;
	struct fe_kids kids;
	long long x;
	char *op;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CompoundAssignOperator)
		return CXChildVisit_Recurse;
	kids = fe_kids(c);
	if (kids.n == 2 &&
	    clang_getCursorKind(fe_strip(kids.v[0])) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(fe_strip(kids.v[0])),
			       m->var) &&
	    (op = params_binop(m->pa, c, kids.v[0]))) {
		if (!strcmp(op, "&=") && sleep_value(kids.v[1], &x)) {
			m->keep &= x;
			m->n++;
		}
		free(op);
	}
	free(kids.v);
	return CXChildVisit_Recurse;
}

/*
 * Parameter i when v names it and every write of it and-s in a
 * constant (the bits *keep survive), or -1.
 */
static int masked_param(struct params *pa, CXCursor v, long long *keep)
{
	struct masked m;
	int i;

	v = fe_strip(v);
	if (clang_getCursorKind(v) != CXCursor_DeclRefExpr ||
	    clang_getCursorKind(clang_getCursorReferenced(v)) !=
	    CXCursor_ParmDecl)
		return -1;
	for (i = 0; i < pa->n; i++)
		if (clang_equalCursors(clang_Cursor_getArgument(pa->fn, i),
				       clang_getCursorReferenced(v)))
			break;
	if (i == pa->n)
		return -1;
	m = (struct masked){ clang_getCursorReferenced(v), pa, 0, -1 };
	clang_visitChildren(pa->fn, mask_cb, &m);
	*keep = m.keep;
	return m.n && m.n == obj_changes(pa->fn, m.var) ? i : -1;
}

/* Is v a read of member key of parameter param (READ_ONCE() too)? */
static int is_self(struct params *pa, CXCursor v, int param, const char *key)
{
	char *k = NULL;
	int same = params_member_of(pa, obj_member_read(v), &k) == param &&
		   !strcmp(k, key);

	free(k);
	return same;
}

/*
 * Is v the member itself (*keep all its bits), or it and-ed with a
 * constant (*keep that constant)?
 */
static int self_read(struct params *pa, CXCursor v, int param,
		     const char *key, long long *keep)
{
	struct fe_kids kids;
	char *op;
	int self = 0;

	v = fe_strip(v);
	if (is_self(pa, v, param, key)) {
		*keep = -1;
		return 1;
	}
	if (clang_getCursorKind(v) != CXCursor_BinaryOperator)
		return 0;
	kids = fe_kids(v);
	op = kids.n == 2 ? binop(pa, v, kids.v[0]) : NULL;
	for (int j = 0; op && !strcmp(op, "&") && j < 2 && !self; j++)
		self = sleep_value(kids.v[1 - j], keep) &&
		       is_self(pa, kids.v[j], param, key);
	free(op);
	free(kids.v);
	return self;
}

/*
 * The value stored in member key of parameter param, as the facts write
 * it: a constant "5", the parameter "p3", "p3|8" (it with bits 8 set),
 * "p3|?" (with bits not known), "p3&K|?" (its bits of K, and bits not
 * known: a parameter the body only ands constants into), "m8" (bits 8
 * set, the rest not known), "kK" (the member's own bits of K kept, the
 * rest not known: "(t->flags & ~M) | cpu"), a truth of the
 * parameters' bits "(p2&8?1:0)", also of a local computed from them
 * (sleep_fieldval.c; boolean: the member is a bool), or "?".
 */
static char *stored(struct params *pa, CXCursor v, int param,
		    const char *key, int boolean, int rt)
{
	struct fe_kids kids;
	char *op, *r = NULL;
	long long x;
	int i;

	v = fe_strip(v);
	if (sleep_value(v, &x))
		return xasprintf("%lld", x);
	if ((i = params_index(pa, v)) >= 0)
		return xasprintf("p%d", i);
	if ((i = masked_param(pa, v, &x)) >= 0)
		return xasprintf("p%d&%lld|?", i, x);
	if ((r = fieldval_of(pa, v, boolean, rt)))
		return r;
	if (clang_getCursorKind(v) != CXCursor_BinaryOperator)
		return xstrdup("?");
	kids = fe_kids(v);
	op = kids.n == 2 ? binop(pa, v, kids.v[0]) : NULL;
	if (op && !strcmp(op, "|")) {
		/* "(t->flags & ~M) | cpu": what it keeps of its own bits */
		for (int k = 0; k < 2 && !r; k++)
			if (self_read(pa, kids.v[k], param, key, &x))
				r = xasprintf("k%lld", x);
		for (int k = 0; k < 2 && !r; k++) {
			int o = params_index(pa, kids.v[1 - k]);

			if (sleep_value(kids.v[k], &x) && x)
				r = o >= 0 ? xasprintf("p%d|%lld", o, x) :
					     xasprintf("m%lld", x);
			else if (o >= 0)
				r = xasprintf("p%d|?", o);
			else if ((o = masked_param(pa, kids.v[1 - k],
						   &x)) >= 0)
				r = xasprintf("p%d&%lld|?", o, x);
		}
	}
	free(op);
	free(kids.v);
	return r ? r : xstrdup("?");
}

static void add(struct stores *st, int param, const char *key, char *value)
{
	char *row = xasprintf("p%d->%s=%s", param, key, value);

	free(value);
	if (strv_find(&st->v, row) >= 0) {
		free(row);
		return;
	}
	if (st->v.n == MAX_STORES)
		st->over = 1;
	strv_push_owned(&st->v, row);
}

/* The value an assignment c (operator op, NULL in a macro) stores. */
static char *assigned(struct stores *st, CXCursor c, const char *op,
		      int once, int param, const char *key)
{
	struct fe_kids kids = fe_kids(c);
	CXType lt = clang_getCursorType(kids.v[0]);
	char *v = NULL;
	long long x;

	if ((op && !strcmp(op, "=")) ||
	    (!op && once && !clang_isConstQualifiedType(lt)))
		v = stored(st->pa, kids.v[1], param, key,	/* WRITE_ONCE */
			   clang_getCanonicalType(lt).kind == CXType_Bool,
			   st->rt);
	else if (op && !strcmp(op, "|="))
		v = xstrdup("k-1");			/* every bit kept */
	else if (op && !strcmp(op, "&=") && sleep_value(kids.v[1], &x))
		v = xasprintf("k%lld", x);
	else if (clang_getCursorKind(c) == CXCursor_CompoundAssignOperator ||
		 (!op && !once))
		v = xstrdup("?");
	free(kids.v);
	return v;	/* NULL: READ_ONCE() in a macro's expression */
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent,
				     CXClientData data)
{
	struct stores *st = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct fe_kids kids;
	CXCursor lhs, in;
	char *key, *op, *v;
	int i;

	(void)parent;
	if (k == CXCursor_UnaryOperator) {
		/* READ_ONCE()'s "*(T *)&(x)": a read (a write is below) */
		if (!clang_equalCursors(sleep_once_operand(c), c))
			return CXChildVisit_Continue;
		/*
		 * "&p->m": written through its address, maybe
		 * (set_bit(n, &p->m)).
		 */
		in = sleep_address_operand(c);
		if (!clang_Cursor_isNull(in) &&
		    (i = params_member_of(st->pa, in, &key)) >= 0) {
			add(st, i, key, xstrdup("?"));
			free(key);
		}
		return CXChildVisit_Recurse;
	}
	if (k != CXCursor_BinaryOperator &&
	    k != CXCursor_CompoundAssignOperator)
		return CXChildVisit_Recurse;
	kids = fe_kids(c);
	lhs = kids.n == 2 ? sleep_once_operand(kids.v[0]) : c;
	if (kids.n == 2 && (i = params_member_of(st->pa, lhs, &key)) >= 0) {
		op = binop(st->pa, c, kids.v[0]);
		v = assigned(st, c, op, !clang_equalCursors(lhs, kids.v[0]),
			     i, key);
		if (v)
			add(st, i, key, v);
		free(op);
		free(key);
	}
	free(kids.v);
	return CXChildVisit_Recurse;
}

char *fields_stored(struct params *pa, CXCursor fn, int rt)
{
	struct stores st = { pa, { 0 }, 0, rt };
	struct sbuf sb = { 0 };

	clang_visitChildren(fn, visit, &st);
	for (int i = 0; !st.over && i < st.v.n; i++)
		sb_addf(&sb, "%s%s", i ? ";" : "", st.v.v[i]);
	strv_clear(&st.v);
	if (st.over) {
		sb_free(&sb);
		return xstrdup("*");
	}
	return sb.len ? sb_detach(&sb) : NULL;
}
