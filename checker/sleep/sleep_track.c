/*
 * sleep_track.c - what the walk knows of the function's tracked locals
 * (params_track(): locals written more than once, whose address is never
 * taken): the value a constant's assignment gives ("unmap = true;"),
 * the value an arm's test gives ("if (unmap)"), which locals a path
 * wrote, and, where an if's arms meet with a region open in one alone,
 * the local that tells them apart (acpi_os_read_memory()'s unmap: true
 * where the RCU reader was left, false where it is still held), so that
 * a later test of it closes the region on the arm that left it
 * (sleep_walk.c's join_arms(), assume()).
 */
#include "clang/frontend.h"
#include "checker/sleep/sleep_track.h"

#include <string.h>

/* Is a (positive) a tracked local's atom? */
static int tracked(int a)
{
	return a > PARAMS_TRACK && a <= PARAMS_TRACK + PARAMS_NTRACK;
}

int state_known(const struct astate *st, int a)
{
	for (int i = 0; a && i < (int)ARRAY_SIZE(st->kv); i++)
		if (st->kv[i] == a || st->kv[i] == -a)
			return st->kv[i] == a;
	return -1;
}

void state_write(struct astate *st, int a, int known)
{
	if (!tracked(a))
		return;
	st->twritten |= 1u << (a - PARAMS_TRACK - 1);
	for (int i = 0; i < (int)ARRAY_SIZE(st->kv); i++)
		if (st->kv[i] == a || st->kv[i] == -a)
			st->kv[i] = 0;
	if (st->opt && (st->optc == a || st->optc == -a))
		st->opt = st->optc = 0;	/* open, as far as we know */
	for (int i = 0; known >= 0 && i < (int)ARRAY_SIZE(st->kv); i++)
		if (!st->kv[i]) {
			st->kv[i] = known ? a : -a;
			break;
		}
}

static int state_arms_differ(const struct astate *then,
			     const struct astate *other)
{
	for (int i = 0; i < (int)ARRAY_SIZE(then->kv); i++) {
		int v = then->kv[i], a = v > 0 ? v : -v;

		if (v && state_known(other, a) == (v < 0))
			return v;
	}
	return 0;
}

void track_merge(struct astate *m, const struct astate *a,
		 const struct astate *b)
{
	for (int i = 0; i < (int)ARRAY_SIZE(m->kv); i++)
		m->kv[i] = state_known(b, a->kv[i] > 0 ? a->kv[i] : -a->kv[i])
			   == (a->kv[i] > 0) ? a->kv[i] : 0;
	m->twritten = a->twritten | b->twritten;
}

int track_assume(struct astate *st, int atom)
{
	int a = atom > 0 ? atom : -atom, v;

	if (!tracked(a))
		return 0;
	v = state_known(st, a);
	if (v >= 0 && v != (atom > 0)) {
		st->dead = 1;
		return 1;
	}
	for (int i = 0; v < 0 && i < (int)ARRAY_SIZE(st->kv); i++)
		if (!st->kv[i]) {
			st->kv[i] = atom;
			break;
		}
	return 0;
}

/*
 * What the arms of if c assumed, for join_arms(): its test's atom, unless
 * an arm wrote the tracked local it reads; else, or when the test is of
 * a local, a path or a call (regions only), a tracked local the arms
 * left with opposite values ("unmap = true;" where the region was
 * closed).  other: the else-arm's state.
 */
int track_arms_atom(int at, int af, const struct astate *entry,
		    const struct astate *then, const struct astate *other)
{
	int pt = at == -af ? at : 0, a = pt > 0 ? pt : -pt;

	if (tracked(a) && (then->twritten | other->twritten) &
	    ~entry->twritten & (1u << (a - PARAMS_TRACK - 1)))
		pt = 0;
	/*
	 * "if (want()) { spin_lock(); locked = true; }": the flag the arms
	 * set is what later tests read, not a call's or a local's value.
	 */
	if (!pt || (params_region_only(pt) && state_arms_differ(then, other)))
		return state_arms_differ(then, other);
	return pt;
}

/*
 * A loop's body, a label: code a later write may reach again, which the
 * walk does not follow back.  What the path knew of tracked locals, and
 * a region tied to one, are forgotten (the region stays open).
 */
void track_forget(struct astate *st)
{
	memset(st->kv, 0, sizeof(st->kv));
	if (st->opt && tracked(st->optc > 0 ? st->optc : -st->optc))
		st->opt = st->optc = 0;
}

/* Is unary operator c "++" or "--" (before or after its operand)? */
static int incdec(struct sleep_scan *s, CXCursor c)
{
	CXCursor in = clang_getNullCursor();
	char *t = params_token_at(s->tu, clang_getCursorLocation(c));
	int r = t && (!strcmp(t, "++") || !strcmp(t, "--"));

	free(t);
	clang_visitChildren(c, fe_take_first, &in);
	if (!r && !clang_Cursor_isNull(in)) {
		t = params_binop(&s->pa, c, in);
		r = t && (!strcmp(t, "++") || !strcmp(t, "--"));
		free(t);
	}
	return r;
}

/*
 * A write of a local: "x = v" (op a BinaryOperator "=", v its value),
 * "x += v", "x++" (op, a null v), or a declaration with its initializer
 * (op NULL).  A constant's value is known after it; any other write
 * forgets what the path knew or tied to x.
 */
void track_write(struct sleep_scan *s, CXCursor lhs, CXCursor v, CXCursor op)
{
	enum CXCursorKind k = clang_getCursorKind(op);
	CXCursor var = clang_Cursor_isNull(op) ? lhs :
		       clang_getCursorReferenced(fe_strip(lhs));
	int known, a;

	/* A local first: what follows tokenizes (a sum of 200,000 terms). */
	if (s->st.dead || clang_getCursorKind(var) != CXCursor_VarDecl ||
	    clang_Cursor_hasVarDeclGlobalStorage(var) ||
	    (clang_Cursor_isNull(op) && clang_Cursor_isNull(v)))
		return;		/* no local, or declared and not set */
	if (k == CXCursor_UnaryOperator && !incdec(s, op))
		return;
	if (k == CXCursor_BinaryOperator) {
		char *o = params_binop(&s->pa, op, lhs);
		int assign = o && !strcmp(o, "=");

		free(o);
		if (!assign)
			return;
	}
	known = clang_Cursor_isNull(v) ? -1 : sleep_constant(v);
	a = params_track(&s->pa, var, known >= 0);
	if (a)
		state_write(&s->st, a, known);
}
