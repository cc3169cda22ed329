/*
 * sleep_fnptr.c - what a call through a local function pointer reaches:
 * the functions the variable can hold, when it is set once from
 * functions' names, directly or through a helper of the unit that
 * returns one of them.  Anything else (a parameter, a field, a second
 * assignment, a helper that returns what it was given) stays a call the
 * analysis does not follow, and report --why says so.
 */
#include "checker/sleep/sleep_fnptr.h"
#include "checker/sleep/sleep_obj.h"

#include <string.h>

/* At most this many functions behind one variable. */
#define MAX_TARGETS 16

static int names_of(struct sleep_scan *s, CXCursor v, struct strv *out,
		    int depth);

/* A function's name, "&fn", or a ?: of them. */
static int name_of(struct sleep_scan *s, CXCursor e, struct strv *out,
		   int depth)
{
	enum CXCursorKind k;

	e = fe_strip(e);
	k = clang_getCursorKind(e);
	if (k == CXCursor_UnaryOperator) {	/* &fn */
		CXCursor in = clang_getNullCursor();

		clang_visitChildren(e, fe_take_first, &in);
		in = fe_strip(in);
		if (clang_getCursorKind(in) != CXCursor_DeclRefExpr)
			return 0;
		e = in;
		k = CXCursor_DeclRefExpr;
	}
	if (k == CXCursor_ConditionalOperator) {
		struct fe_kids kids = fe_kids(e);
		int ok = kids.n == 3 && name_of(s, kids.v[1], out, depth) &&
			 name_of(s, kids.v[2], out, depth);

		free(kids.v);
		return ok;
	}
	if (k == CXCursor_CallExpr)
		return names_of(s, e, out, depth + 1);
	if (k != CXCursor_DeclRefExpr)
		return 0;
	e = clang_getCursorReferenced(e);
	if (clang_getCursorKind(e) != CXCursor_FunctionDecl)
		return 0;
	if (out->n >= MAX_TARGETS)
		return 0;
	{
		char *n = fe_spelling(e);

		if (strv_find(out, n) < 0)
			strv_push(out, n);
		free(n);
	}
	return 1;
}

struct returns {
	struct sleep_scan *s;
	struct strv *out;
	int depth;
	int bad;		/* a return that is no function's name */
	int n;
};

static enum CXChildVisitResult returns_cb(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct returns *r = data;
	CXCursor val = clang_getNullCursor();

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_ReturnStmt)
		return CXChildVisit_Recurse;
	clang_visitChildren(c, fe_take_first, &val);
	r->n++;
	if (!clang_Cursor_isNull(val) && params_null(&r->s->pa, val))
		return CXChildVisit_Continue;	/* "return NULL;" */
	if (clang_Cursor_isNull(val) || !name_of(r->s, val, r->out, r->depth)) {
		r->bad = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

/* A call to a helper of the unit whose every return is a name. */
static int names_of(struct sleep_scan *s, CXCursor call, struct strv *out,
		    int depth)
{
	CXCursor fn = clang_getCursorReferenced(call), def;
	struct returns r = { s, out, depth, 0, 0 };

	if (depth > 2 || clang_getCursorKind(fn) != CXCursor_FunctionDecl)
		return 0;
	def = clang_getCursorDefinition(fn);
	if (clang_Cursor_isNull(def))
		return 0;
	clang_visitChildren(def, returns_cb, &r);
	return !r.bad && r.n;
}

int fnptr_targets(struct sleep_scan *s, CXCursor callee, struct strv *out)
{
	CXCursor var, init;
	struct strv got = { 0 };
	int n = 0;

	callee = fe_strip(callee);
	if (clang_getCursorKind(callee) != CXCursor_DeclRefExpr)
		return 0;
	var = clang_getCursorReferenced(callee);
	if (clang_getCursorKind(var) != CXCursor_VarDecl ||
	    clang_Cursor_hasVarDeclGlobalStorage(var))
		return 0;
	/* Set where it is declared, or once before the call, never after. */
	if (!params_set_once(&s->pa, var, callee))
		return 0;
	init = obj_set_once(callee);
	if (clang_Cursor_isNull(init))
		return 0;
	if (name_of(s, init, &got, 0)) {
		for (int i = 0; i < got.n; i++)
			strv_push(out, got.v[i]);
		n = got.n;
	}
	strv_clear(&got);
	return n;
}
