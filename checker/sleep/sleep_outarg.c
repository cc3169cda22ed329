/*
 * sleep_outarg.c - a caller's local passed by address, for a callee's
 * test of the value it points to (sleep_deref.c; docs/facts-db.md: "A
 * value passed by address").  netlink_unicast() sets "timeo =
 * sock_sndtimeo(ssk, nonblock)", which is 0 where nonblock is not
 * (sleep_ret.c), and passes "&timeo".  The argument is "nz*!p3": an
 * address, whose value is not 0 only where the caller's !p3 holds, when
 * every write of the local is such a call's value with that same
 * implication and its address goes only to calls.  A callee that wrote
 * it could only have written where it was not 0 (sleep_deref.c), so the
 * implication holds at every such call, a retry loop's too.
 */
#include "clang/frontend.h"
#include "checker/sleep/sleep.h"
#include "checker/sleep/sleep_ret.h"

#include <stdlib.h>
#include <string.h>

/* Every write of a local, and where its address goes. */
struct writes {
	struct params *pa;
	CXCursor var;
	int q;			/* the implication the writes agree on */
	int bad;		/* a write, or an address, that breaks it */
};

/* The atom a call's value implies where it is not 0, or 0. */
static int value_implies(struct writes *w, CXCursor v)
{
	v = fe_strip(v);
	return clang_getCursorKind(v) == CXCursor_CallExpr ?
	       ret_implies(w->pa, v) : 0;
}

static void wrote(struct writes *w, int q)
{
	if (!q || (w->q && w->q != q))
		w->bad = 1;
	else
		w->q = q;
}

static enum CXChildVisitResult writes_cb(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct writes *w = data;
	CXCursor rhs;

	if (w->bad)
		return CXChildVisit_Break;
	/* "&v" only as a call's argument; every write a call's value */
	switch (sleep_write_of(w->pa, c, parent, w->var, &rhs)) {
	case '=':
		wrote(w, value_implies(w, rhs));
		break;
	case '|':
	case 'x':
		w->bad = 1;
		break;
	}
	return CXChildVisit_Recurse;
}

char *params_deref_arg(struct params *pa, CXCursor a)
{
	CXCursor in = fe_strip(sleep_address_operand(fe_strip(a))), var;
	struct writes w;
	struct fe_kids kids;
	char *q, *r;

	if (clang_getCursorKind(in) != CXCursor_DeclRefExpr)
		return NULL;
	var = clang_getCursorReferenced(in);
	if (clang_getCursorKind(var) != CXCursor_VarDecl ||
	    clang_getCursorLinkage(var) != CXLinkage_NoLinkage ||
	    !deref_integer_type(clang_getCursorType(var)))
		return NULL;
	w = (struct writes){ pa, var, 0, 0 };
	/* "long timeo = sock_sndtimeo(...);": its initialiser a write */
	kids = fe_kids(var);
	for (int i = 0; i < kids.n; i++)
		if (clang_isExpression(clang_getCursorKind(kids.v[i])))
			wrote(&w, value_implies(&w, kids.v[i]));
	free(kids.v);
	clang_visitChildren(pa->fn, writes_cb, &w);
	if (w.bad || !w.q || !(q = params_cond_text(pa, w.q)))
		return NULL;
	r = xasprintf("nz*%s", q);
	free(q);
	return r;
}
