/*
 * sleep_params.c - what a function's conditions say about its
 * parameters, for sleeps that depend on an argument.  A condition that
 * tests one parameter ("if (!nofail)", "likely(atomic)") is an
 * assumption on the paths it guards.  sleep_scan.c keeps the assumption
 * in its state and records it with each call (docs/facts-db.md: cond);
 * sleep_args.c says what each call passes (args); sleeplink.c decides
 * with both.
 */
#include "clang/frontend.h"
#include "checker/sleep/sleep.h"
#include "checker/sleep/sleep_obj.h"
#include "checker/walk.h"

#include <string.h>

void params_begin(struct params *pa, CXTranslationUnit tu, CXCursor fn)
{
	memset(pa, 0, sizeof(*pa));
	pa->tu = tu;
	pa->fn = fn;
	pa->n = clang_Cursor_getNumArguments(fn);
}

void params_end(struct params *pa)
{
	for (int k = 0; k < pa->npath; k++)
		free(pa->path[k]);
	pa->npath = 0;
	for (int k = 0; k < pa->npred; k++)
		free(pa->pred[k].field);
	pa->npred = 0;
	for (unsigned i = 0; i < pa->ntok; i++)
		clang_disposeString(pa->sp[i]);
	free(pa->sp);
	if (pa->tok)
		clang_disposeTokens(pa->tu, pa->tok, pa->ntok);
	pa->tok = NULL;
	pa->sp = NULL;
	pa->ntok = 0;
}

/* The function's tokens and their spellings, once. */
static void tokens(struct params *pa)
{
	if (pa->sp)
		return;
	/*
	 * Where it is expanded: a function a macro defines (SYSCALL_DEFINE4)
	 * starts inside the macro, and its extent gives no tokens of the body.
	 */
	clang_tokenize(pa->tu, fe_expansion_range(pa->tu, pa->fn), &pa->tok,
		       &pa->ntok);
	pa->sp = xcalloc(pa->ntok + 1, sizeof(*pa->sp));
	for (unsigned i = 0; i < pa->ntok; i++)
		pa->sp[i] = clang_getTokenSpelling(pa->tu, pa->tok[i]);
}

static const char *spelling(const struct params *pa, unsigned i)
{
	return i < pa->ntok ? clang_getCString(pa->sp[i]) : "";
}

/*
 * Is token i's address taken there: "&p", not "a & p" (the "&" follows
 * an operator or a bracket), and not "&p->lock", the address of what p
 * points to?
 */
static int address_at(const struct params *pa, unsigned i)
{
	const char *before = i > 1 ? spelling(pa, i - 2) : "";

	return i && !strcmp(spelling(pa, i - 1), "&") && strcmp(before, ")") &&
	       strcmp(before, "]") && !ident_char(*before) &&
	       strcmp(spelling(pa, i + 1), "->");
}

/* The tokens after an lvalue that write it. */
static const char *const assign[] = {
	"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=",
	"++", "--",
};

/* Is w one of assign[]? */
static int assigns(const char *w)
{
	for (size_t k = 0; k < ARRAY_SIZE(assign); k++)
		if (!strcmp(w, assign[k]))
			return 1;
	return 0;
}

/*
 * Is token i (an identifier) changed there: assigned, incremented, its
 * address taken?  Not a member of the same name (p->x, s.x).
 */
static int changed_at(const struct params *pa, unsigned i)
{
	const char *prev = i ? spelling(pa, i - 1) : "";
	const char *next = spelling(pa, i + 1);
	int hit;

	if (!strcmp(prev, ".") || !strcmp(prev, "->"))
		return 0;
	/* "*p = v" stores through p ("a * p = v" is no lvalue). */
	hit = assigns(next) && (strcmp(prev, "*") || !strcmp(next, "++") ||
				!strcmp(next, "--"));
	hit |= !strcmp(prev, "++") || !strcmp(prev, "--");
	return hit || address_at(pa, i);
}

struct bit_writes {
	struct params *pa;
	int n[PARAMS_BITS];	/* writes of each parameter with constant bits */
	unsigned long long bits[PARAMS_BITS];
};

/* "p |= K", "p &= ~K", "p ^= K": the bits of parameter p they change. */
static enum CXChildVisitResult bit_write(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct bit_writes *bw = data;
	struct fe_kids kids;
	CXCursor ref;
	char *op;
	long long v;
	int i = -1;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CompoundAssignOperator)
		return CXChildVisit_Recurse;
	kids = fe_kids(c);
	if (kids.n == 2 &&
	    clang_getCursorKind(fe_strip(kids.v[0])) == CXCursor_DeclRefExpr) {
		ref = clang_getCursorReferenced(fe_strip(kids.v[0]));
		for (int k = 0; k < bw->pa->n && k < PARAMS_BITS; k++)
			if (clang_equalCursors(ref, clang_Cursor_getArgument(
						bw->pa->fn, k)))
				i = k;
	}
	op = i >= 0 ? params_binop(bw->pa, c, kids.v[0]) : NULL;
	if (op && sleep_value(kids.v[1], &v) &&
	    (!strcmp(op, "|=") || !strcmp(op, "^=") || !strcmp(op, "&="))) {
		bw->n[i]++;
		bw->bits[i] |= (unsigned long long)(*op == '&' ? ~v : v);
	}
	free(op);
	free(kids.v);
	return CXChildVisit_Recurse;
}

/* Parameters the body may change: assigned, ++/--, address taken. */
static unsigned long long written(struct params *pa)
{
	unsigned long long w = 0;
	struct strv names = { 0 };
	int changes[PARAMS_BITS] = { 0 };
	struct bit_writes bw = { pa, { 0 }, { 0 } };

	for (int i = 0; i < pa->n && i < 64; i++)
		strv_push_owned(&names, fe_spelling(
			clang_Cursor_getArgument(pa->fn, i)));
	tokens(pa);
	for (unsigned i = 0; i < pa->ntok; i++) {
		int p;

		if (clang_getTokenKind(pa->tok[i]) != CXToken_Identifier)
			continue;
		p = strv_find(&names, spelling(pa, i));
		if (p >= 0 && changed_at(pa, i)) {
			w |= 1ULL << p;
			if (p < PARAMS_BITS)
				changes[p]++;
		}
	}
	strv_clear(&names);
	for (int p = 0; p < PARAMS_BITS; p++)
		pa->wbits[p] = ~0ULL;
	if (w & ((1ULL << PARAMS_BITS) - 1))
		clang_visitChildren(pa->fn, bit_write, &bw);
	/* Only when every write the tokens show is such a one. */
	for (int p = 0; p < PARAMS_BITS; p++)
		if (changes[p] && bw.n[p] == changes[p])
			pa->wbits[p] = bw.bits[p];
	return w;
}

/* Where l is in its file, as an offset. */
static unsigned file_offset(CXSourceLocation l)
{
	unsigned off = 0;

	clang_getFileLocation(l, NULL, NULL, NULL, &off);
	return off;
}

/*
 * Is ref a local set once and never changed after: where it is declared
 * ("bool x = ...;"), or by one assignment before the test at c
 * ("need_tasklist = !same_thread_group(...);" then "if (need_tasklist)
 * read_lock(...);")?  Counted by name over the body: a second local of
 * the same name makes it "changed", which only costs precision.
 */
int params_set_once(struct params *pa, CXCursor ref, CXCursor c)
{
	char *name = fe_spelling(ref);
	int changes = 0;
	unsigned at = 0;

	tokens(pa);
	for (unsigned i = 0; i < pa->ntok; i++)
		if (clang_getTokenKind(pa->tok[i]) == CXToken_Identifier &&
		    !strcmp(spelling(pa, i), name) && changed_at(pa, i)) {
			changes++;
			at = file_offset(clang_getTokenLocation(pa->tu,
								 pa->tok[i]));
		}
	free(name);
	if (changes != 1 || clang_Cursor_hasVarDeclGlobalStorage(ref))
		return 0;
	/* The one change is the declaration's "= value", or before c. */
	return !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(ref)) ||
	       at < file_offset(clang_getCursorLocation(c));
}

int params_changed_in(struct params *pa, CXCursor var, unsigned from,
		      unsigned to)
{
	char *name = fe_spelling(var);
	int hit = 0;

	tokens(pa);
	for (unsigned i = 0; !hit && i < pa->ntok; i++) {
		unsigned at = file_offset(clang_getTokenLocation(pa->tu,
								 pa->tok[i]));

		hit = at >= from && at < to && !strcmp(spelling(pa, i), name) &&
		      clang_getTokenKind(pa->tok[i]) == CXToken_Identifier &&
		      changed_at(pa, i);
	}
	free(name);
	return hit;
}

CXCursor params_initializer(struct params *pa, CXCursor var, CXCursor at)
{
	CXCursor init;

	if (clang_getCursorKind(var) != CXCursor_VarDecl ||
	    clang_Cursor_hasVarDeclGlobalStorage(var))
		return clang_getNullCursor();
	init = clang_Cursor_getVarDeclInitializer(var);
	if (clang_Cursor_isNull(init) || !params_set_once(pa, var, at))
		return clang_getNullCursor();
	return init;
}

int params_local_bits(struct params *pa, CXCursor var, long long *bits)
{
	char *name = fe_spelling(var);
	CXCursor init = clang_Cursor_getVarDeclInitializer(var);
	int sets = 0, ok = 1;

	if (clang_Cursor_isNull(init) ||
	    clang_Cursor_hasVarDeclGlobalStorage(var) ||
	    !sleep_value(fe_strip(init), bits) || !*bits) {
		free(name);
		return 0;
	}
	tokens(pa);
	for (unsigned i = 0; ok && i < pa->ntok; i++) {
		if (clang_getTokenKind(pa->tok[i]) != CXToken_Identifier ||
		    strcmp(spelling(pa, i), name) || !changed_at(pa, i))
			continue;
		if (!strcmp(spelling(pa, i + 1), "="))
			sets++;		/* the declaration's, once */
		else if (strcmp(spelling(pa, i + 1), "|="))
			ok = 0;		/* "&=", "++", "&x": not only more bits */
	}
	free(name);
	return ok && sets == 1;
}

/* The atom of a local set once (see set_once), or 0. */
static int local_atom(struct params *pa, CXCursor c)
{
	c = fe_strip(c);
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return 0;
	return params_local(pa, clang_getCursorReferenced(c), c);
}

int params_local(struct params *pa, CXCursor ref, CXCursor c)
{
	if (clang_getCursorKind(ref) != CXCursor_VarDecl)
		return 0;
	for (int k = 0; k < pa->nlocal; k++)
		if (clang_equalCursors(pa->local[k], ref))
			return PARAMS_LOCAL + k + 1;
	if (pa->nlocal == (int)ARRAY_SIZE(pa->local) ||
	    !params_set_once(pa, ref, c))
		return 0;
	pa->local[pa->nlocal++] = ref;
	return PARAMS_LOCAL + pa->nlocal;
}

int params_index(struct params *pa, CXCursor c);

/* Is the address of the variable named name taken ("&name")? */
static int address_taken(struct params *pa, const char *name)
{
	tokens(pa);
	for (unsigned i = 1; i < pa->ntok; i++)
		if (clang_getTokenKind(pa->tok[i]) == CXToken_Identifier &&
		    !strcmp(spelling(pa, i), name) && address_at(pa, i))
			return 1;
	return 0;
}

int params_track(struct params *pa, CXCursor c, int add)
{
	CXCursor ref = fe_strip(c);
	char *name;
	int taken;

	if (clang_getCursorKind(ref) == CXCursor_DeclRefExpr)
		ref = clang_getCursorReferenced(ref);
	if (clang_getCursorKind(ref) != CXCursor_VarDecl ||
	    clang_Cursor_hasVarDeclGlobalStorage(ref))
		return 0;
	for (int k = 0; k < pa->ntrack; k++)
		if (clang_equalCursors(pa->track[k], ref))
			return PARAMS_TRACK + k + 1;
	if (!add || pa->ntrack == (int)ARRAY_SIZE(pa->track))
		return 0;
	name = fe_spelling(ref);
	taken = address_taken(pa, name);
	free(name);
	if (taken)
		return 0;
	pa->track[pa->ntrack++] = ref;
	return PARAMS_TRACK + pa->ntrack;
}

/*
 * The atom of an access path from a parameter or local that does not
 * change (see set_once), "mapping->host", or of a call that reads the
 * same (sleep_stable_call()), or 0: a test of it repeated reads the
 * same value, as code that locks and unlocks under the same test relies
 * on.
 */
static int path_atom(struct params *pa, CXCursor c)
{
	CXCursor e = fe_strip(c), ref;
	char *text;
	int depth = 0;

	if (sleep_stable_call(e))	/* "debug_pagealloc_enabled()" */
		goto keyed;
	if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
		return 0;
	while (clang_getCursorKind(e) == CXCursor_MemberRefExpr &&
	       depth++ < 8) {
		CXCursor base = clang_getNullCursor();

		clang_visitChildren(e, fe_take_first, &base);
		if (clang_Cursor_isNull(base))
			return 0;
		e = fe_strip(base);
	}
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return 0;
	ref = clang_getCursorReferenced(e);
	if (clang_getCursorKind(ref) == CXCursor_ParmDecl) {
		if (params_index(pa, e) < 0)
			return 0;
	} else if (clang_getCursorKind(ref) != CXCursor_VarDecl ||
		   !params_set_once(pa, ref, c)) {
		return 0;
	}
keyed:
	text = params_text(pa, c);
	if (!text)
		return 0;
	for (int k = 0; k < pa->npath; k++)
		if (!strcmp(pa->path[k], text)) {
			free(text);
			return PARAMS_PATH + k + 1;
		}
	if (pa->npath == (int)ARRAY_SIZE(pa->path)) {
		free(text);
		return 0;
	}
	pa->path[pa->npath++] = text;
	return PARAMS_PATH + pa->npath;
}

/*
 * The parameter c names, or -1 when it is not one or the body changes
 * it; with mask, a test of those bits: a parameter whose writes change
 * only other bits is still the caller's there.
 */
static int param_of(struct params *pa, CXCursor c, unsigned long long mask)
{
	CXCursor ref;

	c = fe_strip(c);
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return -1;
	ref = clang_getCursorReferenced(c);
	if (clang_getCursorKind(ref) != CXCursor_ParmDecl)
		return -1;
	if (!pa->written_known) {
		pa->written = written(pa);
		pa->written_known = 1;
	}
	for (int i = 0; i < pa->n && i < 64; i++) {
		if (!clang_equalCursors(ref,
					clang_Cursor_getArgument(pa->fn, i)))
			continue;
		if (!(pa->written & (1ULL << i)))
			return i;
		return mask && i < PARAMS_BITS && !(pa->wbits[i] & mask) ?
		       i : -1;
	}
	return -1;
}

int params_index(struct params *pa, CXCursor c)
{
	return param_of(pa, c, 0);
}

int params_index_bits(struct params *pa, CXCursor c, long long mask)
{
	return param_of(pa, c, (unsigned long long)mask);
}

int params_member_of(struct params *pa, CXCursor c, char **key)
{
	CXCursor base = clang_getNullCursor();
	CXType t;
	char *tag, *m;
	int i;

	*key = NULL;
	c = fe_strip(c);
	if (clang_getCursorKind(c) != CXCursor_MemberRefExpr)
		return -1;
	clang_visitChildren(c, fe_take_first, &base);
	/* "p->m" with m in an anonymous union of *p: p's member */
	for (int d = 0; d < 8 && clang_getCursorKind(fe_strip(base)) ==
				     CXCursor_MemberRefExpr &&
			obj_anonymous(clang_getCursorReferenced(fe_strip(base)));
	     d++) {
		CXCursor in = clang_getNullCursor();

		clang_visitChildren(fe_strip(base), fe_take_first, &in);
		base = in;
	}
	t = clang_getCanonicalType(clang_getCursorType(fe_strip(base)));
	if (t.kind != CXType_Pointer || (i = params_index(pa, base)) < 0)
		return -1;
	tag = obj_tag(clang_getPointeeType(t));
	m = fe_spelling(clang_getCursorReferenced(c));
	if (tag && *m)
		*key = xasprintf("%s.%s", tag, m);
	free(tag);
	free(m);
	return *key ? i : -1;
}

/*
 * Does the body write a member named m: "x->m = v", "s.m |= v",
 * "x->m++", "++x->m", "&x->m" (an "&" three tokens before),
 * "WRITE_ONCE(x->m, v)"?
 */
static int member_written(struct params *pa, const char *m)
{
	static const char *const stores[] = {
		"WRITE_ONCE", "__WRITE_ONCE", "smp_store_release",
		"smp_store_mb",
	};

	tokens(pa);
	for (unsigned i = 1; i < pa->ntok; i++) {
		const char *prev = spelling(pa, i - 1);
		const char *next = spelling(pa, i + 1);
		const char *far = i >= 3 ? spelling(pa, i - 3) : "";

		if (strcmp(spelling(pa, i), m) ||
		    (strcmp(prev, "->") && strcmp(prev, ".")))
			continue;
		if (assigns(next) || !strcmp(far, "++") || !strcmp(far, "--") ||
		    !strcmp(far, "&"))
			return 1;
		for (size_t k = 0; i >= 4 && !strcmp(far, "(") &&
				   k < ARRAY_SIZE(stores); k++)
			if (!strcmp(spelling(pa, i - 4), stores[k]))
				return 1;
	}
	return 0;
}

int params_field(struct params *pa, CXCursor c, char **key)
{
	int i = params_member_of(pa, obj_member_read(c), key);
	char *m;

	if (i < 0)
		return -1;
	m = strrchr(*key, '.') + 1;
	if (member_written(pa, m)) {
		free(*key);
		*key = NULL;
		return -1;
	}
	return i;
}

int params_named(struct params *pa, const char *name)
{
	for (int i = 0; i < pa->n && i < 64; i++) {
		char *n = fe_spelling(clang_Cursor_getArgument(pa->fn, i));
		int same = *n && !strcmp(n, name);

		free(n);
		if (!same)
			continue;
		if (!pa->written_known) {
			pa->written = written(pa);
			pa->written_known = 1;
		}
		return pa->written & (1ULL << i) ? -1 : i;
	}
	return -1;
}

/* The atom of a test of parameter i (of its member field), added. */
static int pred_of(struct params *pa, int i, const char *field, char op,
		   long long v)
{
	for (int k = 0; k < pa->npred; k++)
		if (pa->pred[k].param == i && pa->pred[k].op == op &&
		    pa->pred[k].val == v &&
		    !pa->pred[k].field == !field &&
		    (!field || !strcmp(pa->pred[k].field, field)))
			return PARAMS_PRED + k + 1;
	if (pa->npred == (int)ARRAY_SIZE(pa->pred))
		return 0;
	pa->pred[pa->npred].param = i;
	pa->pred[pa->npred].op = op;
	pa->pred[pa->npred].val = v;
	pa->pred[pa->npred].field = field ? xstrdup(field) : NULL;
	return PARAMS_PRED + ++pa->npred;
}

int params_pred(struct params *pa, int i, char op, long long v)
{
	return pred_of(pa, i, NULL, op, v);
}

/* "flags & M", "M & flags": the mask M's test of a parameter, or 0. */
static int value_test(struct params *pa, CXCursor l, CXCursor r, char op)
{
	long long v;
	int i;

	if (!sleep_value(r, &v)) {
		CXCursor x = l;

		l = r;
		r = x;
		if (!sleep_value(r, &v))
			return 0;
	}
	if (op == PRED_MASK && !v)
		return 0;
	/* A mask's test reads bits the body's writes may leave alone. */
	i = param_of(pa, l, op == PRED_MASK ? (unsigned long long)v : 0);
	if (i < 0) {
		/* "miter->__flags & SG_MITER_ATOMIC": a member's test */
		char *key;
		int a;

		i = params_field(pa, l, &key);
		a = i < 0 ? 0 : pred_of(pa, i, key, op, v);
		free(key);
		return a;
	}
	return params_pred(pa, i, op, v);
}

/*
 * "if (p->m)", or "file = store->file; ... if (file)": the truth of a
 * member of what a parameter points to, which the body never writes, as
 * "!p0->T.m=0"; 0 when c is none.
 */
static int member_truth(struct params *pa, CXCursor c)
{
	char *key;
	int i = params_field(pa, c, &key), a;

	if (i < 0)
		return 0;
	a = pred_of(pa, i, key, PRED_EQ, 0);
	free(key);
	return -a;
}

static int common_atom(int a, int b)
{
	return a == b ? a : 0;
}

int params_region_only(int a)
{
	a = a > 0 ? a : -a;
	return a > PARAMS_LOCAL && a < PARAMS_PRED;
}

int params_member_atom(const struct params *pa, int a)
{
	a = a > 0 ? a : -a;
	return a > PARAMS_PRED && a <= PARAMS_PRED + pa->npred &&
	       pa->pred[a - PARAMS_PRED - 1].field;
}

/*
 * How much callers can do with atom a: a test of a parameter itself 2
 * (a constant argument decides it), of a member it points to 1, a
 * local's (regions only) 0.
 */
static int atom_rank(struct params *pa, int a)
{
	return params_region_only(a) ? 0 : params_member_atom(pa, a) ? 1 : 2;
}

/*
 * One of two atoms that both hold ("a && b" true): the one callers can
 * do the most with ("ops->gc && !(flags & DST_NOCOUNT)": the flags),
 * the first of two alike.
 */
static int either_atom(struct params *pa, int a, int b)
{
	if (!a || (b && atom_rank(pa, b) > atom_rank(pa, a)))
		return b;
	return a;
}

/*
 * The other of two atoms a && b keeps, where one (kept) is the one
 * either_atom() chose: both hold on that arm.  0 when there is none.
 */
static int second_atom(int kept, int l, int r)
{
	int other = kept == l ? r : kept == r ? l : 0;

	return kept && other && other != kept && other != -kept ? other : 0;
}

/*
 * What condition c makes each arm assume: *t where it holds, *f where it
 * does not; t2 and f2 (NULL below the top) a second atom of a top-level
 * "&&" (its then-arm) or "||" (its else-arm).
 */
static void cond_of(struct params *pa, CXCursor c, int *t, int *f,
		    int *t2, int *f2, int depth)
{
	enum CXCursorKind k;
	int i, lt, lf, rt, rf;
	long long v;

	*t = *f = 0;
	if (depth > COND_DEPTH)
		return;
	c = fe_strip(c);
	k = clang_getCursorKind(c);
	if (k == CXCursor_UnaryOperator) {
		CXCursor in = sleep_not_operand(c);

		if (!clang_Cursor_isNull(in))
			cond_of(pa, in, f, t, NULL, NULL, depth + 1);
		return;
	}
	if (k == CXCursor_CallExpr) {
		/* likely(x), unlikely(x): __builtin_expect(!!(x), v) */
		char *name = fe_spelling(c);
		int expect = !strcmp(name, "__builtin_expect"), s, blocks;
		CXCursor arg;

		free(name);
		if (expect && clang_Cursor_getNumArguments(c) >= 1) {
			cond_of(pa, clang_Cursor_getArgument(c, 0), t, f,
				t2, f2, depth + 1);
		} else if ((s = bittest_call(c, &arg, &v, &blocks))) {
			/* gfpflags_allow_blocking(gfp): "gfp & M" */
			i = param_of(pa, arg, (unsigned long long)v);
			if (i >= 0) {
				*t = s * params_pred(pa, i, blocks ? PRED_GFP :
						     PRED_MASK, v);
				*f = -*t;
			}
		} else if ((i = path_atom(pa, c))) {
			*t = i;		/* "debug_pagealloc_enabled()" */
			*f = -i;
		}
		return;
	}
	if (k == CXCursor_BinaryOperator) {
		struct fe_kids kids = fe_kids(c);
		char *op = kids.n == 2 ? params_binop(pa, c, kids.v[0]) : NULL;
		int eq = op && !strcmp(op, "=="), ne = op && !strcmp(op, "!=");

		if (!op) {
			;
		} else if (!strcmp(op, "&&") || !strcmp(op, "||")) {
			cond_of(pa, kids.v[0], &lt, &lf, NULL, NULL,
				depth + 1);
			cond_of(pa, kids.v[1], &rt, &rf, NULL, NULL,
				depth + 1);
			if (*op == '&') {
				*t = either_atom(pa, lt, rt);
				*f = common_atom(lf, rf);
				/* "congested && gfpflags_allow_blocking(a)" */
				if (t2)
					*t2 = second_atom(*t, lt, rt);
			} else {
				*t = common_atom(lt, rt);
				*f = either_atom(pa, lf, rf);
				if (f2)
					*f2 = second_atom(*f, lf, rf);
			}
		} else if (!strcmp(op, "&")) {
			*t = value_test(pa, kids.v[0], kids.v[1], PRED_MASK);
			*f = -*t;
		} else if ((eq || ne) && ((sleep_value(kids.v[1], &v) &&
					   !v) ||
					  params_null(pa, kids.v[1]))) {
			/* "(flags & M) == 0", "p != 0": its operand's test */
			if (eq)
				cond_of(pa, kids.v[0], f, t, NULL, NULL,
					depth + 1);
			else
				cond_of(pa, kids.v[0], t, f, NULL, NULL,
					depth + 1);
		} else if (eq || ne) {
			*t = value_test(pa, kids.v[0], kids.v[1], PRED_EQ);
			*f = -*t;
			if (ne) {
				*t = -*t;
				*f = -*f;
			}
		}
		free(op);
		free(kids.v);
		return;
	}
	i = params_index(pa, c);
	if (i >= 0)
		i = i + 1;
	else if (!(i = member_truth(pa, c)) && !(i = local_atom(pa, c)) &&
		 !(i = path_atom(pa, c)) && !(i = params_track(pa, c, 1)))
		return;
	*t = i;
	*f = -i;
}

void params_cond(struct params *pa, CXCursor c, int *t, int *f, int *t2,
		 int *f2)
{
	*t2 = *f2 = 0;
	cond_of(pa, c, t, f, t2, f2, 0);
}
