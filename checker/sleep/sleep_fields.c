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
#include "checker/walk.h"

#include <string.h>

/* At most this many stores a function: more, and "*" (every member). */
#define MAX_STORES 32

struct stores {
	struct params *pa;
	struct strv v;		/* "p0->T.m=V", each once */
	int over;
};

/*
 * The value stored, as the facts write it: a constant "5", the
 * parameter "p3", "p3|8" (it with bits 8 set), "p3|?" (with bits not
 * known), "m8" (bits 8 set, the rest not known), or "?".
 */
static char *stored(struct params *pa, CXCursor v)
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
	if (clang_getCursorKind(v) != CXCursor_BinaryOperator)
		return xstrdup("?");
	kids = fe_kids(v);
	op = kids.n == 2 ? params_binop(pa, v, kids.v[0]) : NULL;
	if (op && !strcmp(op, "|")) {
		for (int k = 0; k < 2 && !r; k++) {
			int o = params_index(pa, kids.v[1 - k]);

			if (sleep_value(kids.v[k], &x) && x)
				r = o >= 0 ? xasprintf("p%d|%lld", o, x) :
					     xasprintf("m%lld", x);
			else if (o >= 0)
				r = xasprintf("p%d|?", o);
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

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent,
				     CXClientData data)
{
	struct stores *st = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct fe_kids kids;
	char *key, *op;
	int i;

	(void)parent;
	if (k == CXCursor_UnaryOperator) {
		/*
		 * "&p->m": written through its address, maybe
		 * (WRITE_ONCE()'s expansion, set_bit(n, &p->m)).
		 */
		CXCursor in = clang_getNullCursor();
		CXType t = clang_getCanonicalType(clang_getCursorType(c));

		clang_visitChildren(c, fe_take_first, &in);
		/* the address of the operand: a pointer to its type */
		if (t.kind == CXType_Pointer &&
		    clang_equalTypes(clang_getCanonicalType(
				clang_getPointeeType(t)),
			clang_getCanonicalType(clang_getCursorType(in))) &&
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
	if (kids.n == 2 &&
	    (i = params_member_of(st->pa, kids.v[0], &key)) >= 0) {
		op = params_binop(st->pa, c, kids.v[0]);
		if (op && !strcmp(op, "="))
			add(st, i, key, stored(st->pa, kids.v[1]));
		else if (k == CXCursor_CompoundAssignOperator || !op)
			add(st, i, key, xstrdup("?"));
		free(op);
		free(key);
	}
	free(kids.v);
	return CXChildVisit_Recurse;
}

char *fields_stored(struct params *pa, CXCursor fn)
{
	struct stores st = { pa, { 0 }, 0 };
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
