/*
 * sleep_track.c - what the walk knows of the function's tracked locals
 * (params_track(): locals written more than once, whose address is never
 * taken): the value a constant's assignment gives ("unmap = true;"),
 * the value an arm's test gives ("if (unmap)"), which locals a path
 * wrote, and, where an if's arms meet with a region open in one alone,
 * the local that tells them apart (acpi_os_read_memory()'s unmap: true
 * where the RCU reader was left, false where it is still held), so that
 * a later test of it closes the region on the arm that left it
 * (sleep_state.c's join_arms(), sleep_walk.c's assume()).
 */
#include "clang/frontend.h"
#include "checker/sleep/sleep_track.h"
#include "checker/sleep/sleep_ret.h"
#include "checker/sleep/sleep_mstore.h"

#include <ctype.h>
#include <stdlib.h>
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

/* Local atom a implies q from here on (replacing what it implied). */
static void imply(struct astate *st, int a, int q)
{
	int free_slot = -1;

	for (int i = 0; i < (int)ARRAY_SIZE(st->imp); i++)
		if (st->imp[i] == a || (!st->imp[i] && free_slot < 0))
			free_slot = i;
	if (free_slot >= 0) {
		st->imp[free_slot] = a;
		st->impq[free_slot] = q;
	}
}

int track_implied(const struct astate *st, int atom)
{
	for (int i = 0; atom && i < (int)ARRAY_SIZE(st->imp); i++)
		if (st->imp[i] == atom)
			return st->impq[i];
	return 0;
}

void state_write(struct astate *st, int a, int known)
{
	for (int i = 0; i < (int)ARRAY_SIZE(st->imp); i++)
		if (st->imp[i] == a)
			st->imp[i] = st->impq[i] = 0;
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

/*
 * A value path a knows of a tracked local ("a" or "-a") that path b
 * knows the other way (opposite), or, unless opposite, does not know
 * at all; 0 if none.  Known the other way, the local tells the two
 * paths apart ("unmap = true;" where one arm left the region).  Not
 * known on b, it still tells where a was taken: the regions a alone
 * opened ("if (lruvec != locked) { lock(&lruvec->lru_lock); locked =
 * lruvec; }") are open only where the local has a's value, so a later
 * test finding the opposite closes them.
 */
static int track_tie(const struct astate *a, const struct astate *b,
		     int opposite)
{
	for (int i = 0; i < (int)ARRAY_SIZE(a->kv); i++) {
		int v = a->kv[i], x = v > 0 ? v : -v, k;

		if (!v)
			continue;
		k = state_known(b, x);
		if (k == (v < 0) || (!opposite && k < 0))
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
	/*
	 * "a implies q" holds after the meeting where each path knows it,
	 * or assumes q itself (then it holds whatever a is).
	 */
	memset(m->imp, 0, sizeof(m->imp));
	memset(m->impq, 0, sizeof(m->impq));
	for (int i = 0; i < (int)ARRAY_SIZE(a->imp); i++) {
		int x = a->imp[i], q = a->impq[i];

		if (x && (track_implied(b, x) == q || b->cond == q ||
			  b->cond2 == q))
			imply(m, x, q);
		x = b->imp[i];
		q = b->impq[i];
		if (x && !track_implied(m, x) &&
		    (a->cond == q || a->cond2 == q))
			imply(m, x, q);
	}
}

void track_join(struct astate *m, const struct astate *a,
		const struct astate *b)
{
	if (a->dead || b->dead || a->opt || b->opt || a->depth == b->depth)
		return;
	m->optc = a->depth > b->depth ? track_tie(a, b, 0) :
					  track_tie(b, a, 0);
	m->opt = m->optc ? abs(a->depth - b->depth) : 0;
	if (m->opt)
		m->optpf = a->depth > b->depth ? a->pf : b->pf;
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
int track_arms_atom(struct params *pa, int at, int af,
		    const struct astate *entry, const struct astate *then,
		    const struct astate *other)
{
	int pt = at == -af ? at : 0, a = pt > 0 ? pt : -pt;

	if (tracked(a) && (then->twritten | other->twritten) &
	    ~entry->twritten & (1u << (a - PARAMS_TRACK - 1)))
		pt = 0;
	/*
	 * "if (want()) { spin_lock(); locked = true; }": the flag the arms
	 * set is what later tests read, not a call's or a local's value.
	 */
	if (!pt || ((params_region_only(pt) || params_member_atom(pa, pt)) &&
		    track_tie(then, other, 1)))
		return track_tie(then, other, 1);
	return pt;
}

/*
 * A loop's body, a label a later goto comes back to: code a later write
 * may reach again, which the walk does not follow back.  What the path
 * knew of tracked locals, and a region tied to one, are forgotten (the
 * region stays open).
 */
void track_forget(struct astate *st)
{
	memset(st->kv, 0, sizeof(st->kv));
	memset(st->imp, 0, sizeof(st->imp));
	memset(st->impq, 0, sizeof(st->impq));
	memset(st->mk, 0, sizeof(st->mk));
	if (st->opt && tracked(st->optc > 0 ? st->optc : -st->optc))
		st->opt = st->optc = 0;
}

/* What goto_comes_back() looks for: gotos to name after offset at. */
struct back_goto {
	const char *name;
	unsigned at;
	int found;
};

static unsigned expansion_offset(CXCursor c)
{
	unsigned off = 0;

	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, NULL,
				   NULL, &off);
	return off;
}

static enum CXChildVisitResult back_goto_cb(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct back_goto *b = data;
	CXCursor ref = clang_getNullCursor();
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_GotoStmt)
		return CXChildVisit_Recurse;
	clang_visitChildren(c, fe_take_first, &ref);
	name = clang_Cursor_isNull(ref) ? NULL : fe_spelling(ref);
	if (name && !strcmp(name, b->name) && expansion_offset(c) > b->at)
		b->found = 1;
	free(name);
	return b->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

int goto_comes_back(CXCursor body, CXCursor label, const char *name)
{
	struct back_goto b = { name, expansion_offset(label), 0 };

	clang_visitChildren(body, back_goto_cb, &b);
	return b.found;
}

/* Where l is in its file, as the walked tokens place it; 0 in a macro. */
static unsigned plain_offset(CXSourceLocation l)
{
	CXFile ef, ff;
	unsigned eo = 0, fo = 0;

	clang_getExpansionLocation(l, &ef, NULL, NULL, &eo);
	clang_getFileLocation(l, &ff, NULL, NULL, &fo);
	return eo == fo && clang_File_isEqual(ef, ff) ? eo : 0;
}

/*
 * Is statement c "if (!x) leave;", x the tracked local a and leave a
 * return, a break, or a goto to a label outside loop?
 */
static int leaves_when_zero(struct sleep_scan *s, CXCursor c, int a,
			    CXCursor loop)
{
	struct fe_kids k;
	CXCursor arm, lab = clang_getNullCursor();
	unsigned end = plain_offset(clang_getRangeEnd(
		clang_getCursorExtent(loop))), at;
	int t = 0, f, t2, f2, ok = 0;

	if (clang_getCursorKind(c) != CXCursor_IfStmt)
		return 0;
	k = fe_kids(c);
	if (k.n >= 2)
		params_cond(&s->pa, k.v[0], &t, &f, &t2, &f2);
	if (t == -a && !t2) {
		arm = fe_strip(k.v[1]);
		if (clang_getCursorKind(arm) == CXCursor_CompoundStmt)
			clang_visitChildren(arm, fe_take_last, &arm);
		switch (clang_getCursorKind(arm)) {
		case CXCursor_ReturnStmt:
		case CXCursor_BreakStmt:
			ok = 1;
			break;
		case CXCursor_GotoStmt:
			clang_visitChildren(arm, fe_take_first, &lab);
			lab = clang_getCursorReferenced(lab);
			at = expansion_offset(lab);
			ok = !clang_Cursor_isNull(lab) && end &&
			     (at < expansion_offset(loop) || at > end);
			break;
		default:
			break;
		}
	}
	free(k.v);
	return ok;
}

/*
 * Does "local a implies q" hold again each time the body of loop runs?
 * A local set once does (its one write came before).  A tracked one
 * does when the body opens with tests that leave the loop where it is
 * 0, and nothing in the loop writes it before the first such test: a
 * later write is on a path where the test found it not 0, so q held
 * there, and q still holds when the body runs again
 * (sock_alloc_send_pskb()'s "if (!timeo) goto failure; ... timeo =
 * sock_wait_for_wmem(sk, timeo);").
 */
static int implies_again(struct sleep_scan *s, int a, CXCursor loop,
			 CXCursor body)
{
	struct fe_kids k;
	unsigned from, to = 0;
	int i;

	if (!tracked(a))
		return 1;
	if (clang_getCursorKind(body) != CXCursor_CompoundStmt)
		return 0;
	k = fe_kids(body);
	for (i = 0; i < k.n && !leaves_when_zero(s, k.v[i], a, loop); i++)
		;
	if (i < k.n) {
		CXCursor test = clang_getNullCursor();

		clang_visitChildren(k.v[i], fe_take_first, &test);
		to = plain_offset(clang_getRangeEnd(
			clang_getCursorExtent(test)));
	}
	free(k.v);
	from = plain_offset(clang_getCursorLocation(loop));
	return from && to > from &&
	       !params_changed_in(&s->pa, s->pa.track[a - PARAMS_TRACK - 1],
				  from, to);
}

void track_loop_head(struct sleep_scan *s, CXCursor loop, CXCursor body)
{
	struct astate was = s->st;

	track_forget(&s->st);
	mstore_loop(s, &s->st, &was, loop);
	for (int i = 0; i < (int)ARRAY_SIZE(was.imp); i++)
		if (was.imp[i] && implies_again(s, was.imp[i], loop, body))
			imply(&s->st, was.imp[i], was.impq[i]);
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
 * Is v a pointer whose object holds the lock of the innermost open
 * region ("lruvec" after compact_lock_irqsave(&lruvec->lru_lock, ...))?
 * Then it is not NULL: the lock lives in what it points to.
 */
static int lock_owner(struct sleep_scan *s, CXCursor v)
{
	CXCursor e = fe_strip(v);
	int d = s->st.depth - 1, r = 0;
	const char *text, *p;
	CXString cs;
	size_t n;

	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr || d < 0 ||
	    d >= REGION_SLOTS || clang_getCursorType(e).kind != CXType_Pointer)
		return 0;
	text = s->rg[s->st.rgat[d]].text;
	if (!text)
		return 0;
	cs = clang_getCursorSpelling(e);
	n = strlen(clang_getCString(cs));
	for (p = text; n && (p = strstr(p, clang_getCString(cs))); p += n) {
		int starts = p == text ||
			     !(isalnum((unsigned char)p[-1]) || p[-1] == '_');

		if (starts && !strncmp(p + n, "->", 2)) {
			r = 1;
			break;
		}
	}
	clang_disposeString(cs);
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
	int known, a, q;

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
	if (known < 0 && !clang_Cursor_isNull(v) && lock_owner(s, v))
		known = 1;
	q = known < 0 && !clang_Cursor_isNull(v) ? ret_implies(&s->pa, v) : 0;
	a = params_track(&s->pa, var, known >= 0 || q);
	if (a)
		state_write(&s->st, a, known);
	if (q) {
		/* A test reads a local set once by its own atom. */
		int l = params_local(&s->pa, var, v);

		if (a)
			imply(&s->st, a, q);
		if (l)
			imply(&s->st, l, q);
	}
}
