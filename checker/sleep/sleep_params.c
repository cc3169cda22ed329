/*
 * sleep_params.c - the parameters and locals of the function being
 * scanned, for sleeps that depend on an argument: which parameter an
 * expression is and whether the body changes it (or which of its bits),
 * locals set once, access paths, the atoms of tests of them, and the
 * body's tokens.  sleep_members.c reads members of what parameters
 * point to on top of this, sleep_cond.c what a condition says of both
 * ("if (!nofail)", "likely(atomic)": an assumption on the paths it
 * guards, kept in the scan's state and recorded with each call,
 * docs/facts-db.md: cond); sleep_args.c says what each call passes
 * (args); sleeplink.c decides with both.
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
	free(pa->toff);
	pa->toff = NULL;
	if (pa->tok)
		clang_disposeTokens(pa->tu, pa->tok, pa->ntok);
	pa->tok = NULL;
	pa->sp = NULL;
	pa->ntok = 0;
}

void params_tokens(struct params *pa)
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

/* Where token i begins: its file and offset (params_tokens() first). */
static unsigned token_offset(struct params *pa, unsigned i, CXFile *f)
{
	unsigned off = 0;

	clang_getFileLocation(clang_getTokenLocation(pa->tu, pa->tok[i]), f,
			      NULL, NULL, &off);
	return off;
}

int params_logical(struct params *pa, CXCursor rhs)
{
	unsigned at, lo, hi;
	CXFile f, ft;
	const char *w;

	params_tokens(pa);
	if (pa->ntok < 2)
		return 0;
	if (!pa->toff) {	/* the tokens' offsets, once */
		pa->toff = xcalloc(pa->ntok, sizeof(*pa->toff));
		for (unsigned i = 0; i < pa->ntok; i++)
			pa->toff[i] = token_offset(pa, i, NULL);
	}
	/*
	 * Where the right operand begins, not the whole expression's
	 * extent: a left-leaning "a + b + ... + z" would make each of its
	 * operators cost the tree's depth.
	 */
	token_offset(pa, 0, &ft);
	/*
	 * Where it is written ("likely(a && b)": b in the file), else where
	 * the macro it begins with is expanded ("a && likely(b)").
	 */
	for (int how = 0; how < 2; how++) {
		CXSourceLocation l = clang_getCursorLocation(rhs);

		if (how)
			clang_getExpansionLocation(l, &f, NULL, NULL, &at);
		else
			clang_getFileLocation(l, &f, NULL, NULL, &at);
		if (!f || !ft || !clang_File_isEqual(f, ft))
			continue;
		for (lo = 0, hi = pa->ntok; lo < hi;) {	/* its first token */
			unsigned mid = lo + (hi - lo) / 2;

			if (pa->toff[mid] < at)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (!lo || lo == pa->ntok || pa->toff[lo] != at)
			continue;
		w = params_spelling(pa, lo - 1);
		return !strcmp(w, "&&") ? '&' : !strcmp(w, "||") ? '|' : 0;
	}
	return 0;
}

const char *params_spelling(const struct params *pa, unsigned i)
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
	const char *before = i > 1 ? params_spelling(pa, i - 2) : "";

	return i && !strcmp(params_spelling(pa, i - 1), "&") && strcmp(before, ")") &&
	       strcmp(before, "]") && !ident_char(*before) &&
	       strcmp(params_spelling(pa, i + 1), "->");
}

/*
 * Is token i (an identifier) changed there: assigned, incremented, its
 * address taken?  Not a member of the same name (p->x, s.x).
 */
static int changed_at(const struct params *pa, unsigned i)
{
	const char *prev = i ? params_spelling(pa, i - 1) : "";
	const char *next = params_spelling(pa, i + 1);
	int hit;

	if (!strcmp(prev, ".") || !strcmp(prev, "->"))
		return 0;
	/* "*p = v" stores through p ("a * p = v" is no lvalue). */
	hit = params_assigns(next) && (strcmp(prev, "*") || !strcmp(next, "++") ||
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
	params_tokens(pa);
	for (unsigned i = 0; i < pa->ntok; i++) {
		int p;

		if (clang_getTokenKind(pa->tok[i]) != CXToken_Identifier)
			continue;
		p = strv_find(&names, params_spelling(pa, i));
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

unsigned params_file_offset(CXSourceLocation l)
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

	params_tokens(pa);
	for (unsigned i = 0; i < pa->ntok; i++)
		if (clang_getTokenKind(pa->tok[i]) == CXToken_Identifier &&
		    !strcmp(params_spelling(pa, i), name) && changed_at(pa, i)) {
			changes++;
			at = params_file_offset(clang_getTokenLocation(pa->tu,
								 pa->tok[i]));
		}
	free(name);
	if (changes != 1 || clang_Cursor_hasVarDeclGlobalStorage(ref))
		return 0;
	/* The one change is the declaration's "= value", or before c. */
	return !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(ref)) ||
	       at < params_file_offset(clang_getCursorLocation(c));
}

int params_changed_in(struct params *pa, CXCursor var, unsigned from,
		      unsigned to)
{
	char *name = fe_spelling(var);
	int hit = 0;

	params_tokens(pa);
	for (unsigned i = 0; !hit && i < pa->ntok; i++) {
		unsigned at = params_file_offset(clang_getTokenLocation(pa->tu,
								 pa->tok[i]));

		hit = at >= from && at < to && !strcmp(params_spelling(pa, i), name) &&
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
	params_tokens(pa);
	for (unsigned i = 0; ok && i < pa->ntok; i++) {
		if (clang_getTokenKind(pa->tok[i]) != CXToken_Identifier ||
		    strcmp(params_spelling(pa, i), name) || !changed_at(pa, i))
			continue;
		if (!strcmp(params_spelling(pa, i + 1), "="))
			sets++;		/* the declaration's, once */
		else if (strcmp(params_spelling(pa, i + 1), "|="))
			ok = 0;		/* "&=", "++", "&x": not only more bits */
	}
	free(name);
	return ok && sets == 1;
}

int params_local_atom(struct params *pa, CXCursor c)
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

int params_address_taken(struct params *pa, const char *name)
{
	params_tokens(pa);
	for (unsigned i = 1; i < pa->ntok; i++)
		if (clang_getTokenKind(pa->tok[i]) == CXToken_Identifier &&
		    !strcmp(params_spelling(pa, i), name) && address_at(pa, i))
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
	taken = params_address_taken(pa, name);
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
int params_path_atom(struct params *pa, CXCursor c)
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

int params_pred_field(struct params *pa, int i, const char *field, char op,
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
	return params_pred_field(pa, i, NULL, op, v);
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
