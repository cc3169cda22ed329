/*
 * sleep_annot.c - what calling a function does to the caller's atomic
 * regions, for the sleep scan: __acquires/__releases/__must_hold and
 * noreturn read from the tokens of its declaration (kbuild does not
 * define __CHECKER__).  One table of these per unit (struct
 * sleep_scan's an), which also holds the summaries of bodies that
 * sleep_call.c adds: the unit's own functions' and header inline
 * helpers'.
 */
#include "checker/sleep/sleep_annot.h"
#include "checker/sleep/sleep_ctx.h"

#include <string.h>

/* The type of the global variable an annotation's argument ends in. */
static const char *gvar_type(struct sleep_scan *s, const char *arg)
{
	const char *end, *start;

	if (!arg)
		return NULL;
	end = arg + strlen(arg);
	while (end > arg && !wordish(end - 1))
		end--;
	start = end;
	while (start > arg && wordish(start - 1))
		start--;
	for (int i = 0; i < s->ngv; i++)
		if (strlen(s->gv[i].name) == (size_t)(end - start) &&
		    !strncmp(s->gv[i].name, start, end - start))
			return s->gv[i].type;
	return NULL;
}

/* Is c's name the len bytes at name? */
static int named(CXCursor c, const char *name, size_t len)
{
	CXString cs = clang_getCursorSpelling(c);
	const char *n = clang_getCString(cs);
	int same = strlen(n) == len && !strncmp(n, name, len);

	clang_disposeString(cs);
	return same;
}

/*
 * A declaration of kind want named name, for clang_visitChildren: a
 * field of a record, also inside its anonymous structs and unions
 * (io_uring's struct io_ring_ctx keeps uring_lock in one); a local
 * variable anywhere in a function's body.
 */
struct decl_find {
	enum CXCursorKind want;
	const char *name;
	size_t len;
	CXCursor found;
	int ok;
};

static enum CXChildVisitResult find_cb(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	struct decl_find *df = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k != df->want) {
		if (df->want == CXCursor_VarDecl)
			return CXChildVisit_Recurse;
		return (k == CXCursor_StructDecl || k == CXCursor_UnionDecl) &&
		       clang_Cursor_isAnonymousRecordDecl(c) ?
		       CXChildVisit_Recurse : CXChildVisit_Continue;
	}
	if (named(c, df->name, df->len)) {
		df->found = c;
		df->ok = 1;
	}
	return df->ok ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* The type of field of the struct that *t is or points to; 0: none. */
static int field_step(CXType *t, const char *field, size_t nfield)
{
	struct decl_find ff = { CXCursor_FieldDecl, field, nfield, { 0 }, 0 };
	CXType u = clang_getCanonicalType(*t);

	if (u.kind == CXType_Pointer)
		u = clang_getCanonicalType(clang_getPointeeType(u));
	clang_visitChildren(clang_getTypeDeclaration(u), find_cb, &ff);
	if (ff.ok)
		*t = clang_getCursorType(ff.found);
	return ff.ok;
}

/* The type of decl's parameter, else local of its body, named base. */
static int base_type(CXCursor decl, const char *base, size_t nbase,
		     CXType *t)
{
	struct decl_find lf = { CXCursor_VarDecl, base, nbase, { 0 }, 0 };
	int nargs = clang_Cursor_getNumArguments(decl);

	for (int i = 0; i < nargs; i++) {
		CXCursor parm = clang_Cursor_getArgument(decl, i);

		if (named(parm, base, nbase)) {
			*t = clang_getCursorType(parm);
			return 1;
		}
	}
	clang_visitChildren(decl, find_cb, &lf);
	if (lf.ok)
		*t = clang_getCursorType(lf.found);
	return lf.ok;
}

/*
 * The type of the member an annotation's argument names through one of
 * decl's parameters, "&bdev->bd_holder_lock" or "(p.lock)": the type of
 * field bd_holder_lock of the struct bdev points to; through a local
 * variable of decl's body when no parameter has the name (hub.c's
 * __must_hold(&port_dev->status_lock), port_dev a local); through any
 * number of members (io_uring's __must_hold(&req->ctx->uring_lock)); or
 * the parameter itself (__acquires(lock), debugfs' cookie
 * __releases(cancellation)).  NULL when the argument is no such path.
 * The caller frees it.
 */
static char *member_type(CXCursor decl, const char *arg)
{
	const char *p = arg, *base;
	size_t nbase;
	int steps = 0;
	CXType t;
	CXString ts;
	char *ret;

	while (*p && !wordish(p))
		p++;
	base = p;
	while (wordish(p))
		p++;
	nbase = p - base;
	if (!nbase || !base_type(decl, base, nbase, &t))
		return NULL;
	while (!strncmp(p, "->", 2) || *p == '.') {
		const char *field;

		p += *p == '.' ? 1 : 2;
		field = p;
		while (wordish(p))
			p++;
		if (p == field || !field_step(&t, field, p - field))
			return NULL;
		steps++;
	}
	while (*p == ')' || *p == ' ')
		p++;
	if (*p || (!steps && base > arg && base[-1] == '&'))
		return NULL;	/* an index, a call: not followed */
	ts = clang_getTypeSpelling(clang_getCanonicalType(t));
	ret = xstrdup(clang_getCString(ts));
	clang_disposeString(ts);
	return ret;
}

enum CXChildVisitResult gvars_cb(CXCursor c, CXCursor parent,
				 CXClientData data)
{
	struct sleep_scan *s = data;
	CXString ts;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_VarDecl)
		return CXChildVisit_Continue;
	ARRAY_GROW(s->gv, s->capgv, s->ngv + 1, 256);
	ts = clang_getTypeSpelling(clang_getCanonicalType(
		clang_getCursorType(c)));
	s->gv[s->ngv].name = fe_spelling(c);
	s->gv[s->ngv++].type = xstrdup(clang_getCString(ts));
	clang_disposeString(ts);
	return CXChildVisit_Continue;
}

/*
 * __acquires/__releases/__must_hold after a declarator: kbuild does not
 * define __CHECKER__, so read the tokens.  Returns the effect, the
 * annotation's text in *text.
 */
static int is_noreturn(const char *w)
{
	return !strcmp(w, "__noreturn") || !strcmp(w, "noreturn") ||
	       !strcmp(w, "__noreturn__") || !strcmp(w, "_Noreturn");
}

/*
 * __acquires/__releases/__must_hold after a declarator, and noreturn:
 * kbuild does not define __CHECKER__, so read the tokens, from the
 * declaration's start to its body or semicolon.  Counts into *an.
 */
void annotation(struct sleep_scan *s, CXCursor decl, struct annot *an)
{
	CXSourceRange r = clang_getCursorExtent(decl);
	CXFile f;
	unsigned a, b, i, n;
	size_t size;
	CXToken *t;
	int depth = 0;

	clang_getSpellingLocation(clang_getRangeStart(r), &f, NULL, NULL, &a);
	clang_getSpellingLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &b);
	if (!f || !clang_getFileContents(s->tu, f, &size))
		return;
	b = b + 256 < size ? b + 256 : size;
	if (b <= a)
		return;
	r = clang_getRange(clang_getLocationForOffset(s->tu, f, a),
			   clang_getLocationForOffset(s->tu, f, b));
	clang_tokenize(s->tu, r, &t, &n);
	for (i = 0; i < n; i++) {
		CXString cs = clang_getTokenSpelling(s->tu, t[i]);
		const char *w = clang_getCString(cs);
		int stop = !depth && (!strcmp(w, "{") || !strcmp(w, ";"));

		if (!strcmp(w, "("))
			depth++;
		else if (!strcmp(w, ")"))
			depth--;
		else if (is_noreturn(w))
			an->noreturn = 1;
		else if (!depth && (!strcmp(w, "__acquires") ||
			 !strcmp(w, "__cond_acquires") ||
			 !strcmp(w, "__releases") ||
			 !strcmp(w, "__must_hold"))) {
			unsigned k = i + 1;
			struct sbuf arg = { 0 };
			int d = 0;

			for (; k < n; k++) {
				CXString as = clang_getTokenSpelling(s->tu,
								     t[k]);
				const char *x = clang_getCString(as);

				d += !strcmp(x, "(") - !strcmp(x, ")");
				sb_add(&arg, x);
				clang_disposeString(as);
				if (!d)
					break;
			}
			char *mt = arg.buf ? member_type(decl, arg.buf) :
				   NULL;
			const char *ty = mt ? mt : gvar_type(s, arg.buf);
			int sleeps = lock_sleeps(arg.buf ? arg.buf : "", ty);
			/*
			 * The region an __acquires leaves the caller in is
			 * preemptible on PREEMPT_RT unless its lock is
			 * known to be a raw_spinlock_t: as for the regions
			 * a function is entered with, no RT finding rests
			 * on an annotation alone.
			 */
			int raw = ty && strstr(ty, "raw_spinlock");

			free(mt);
			if (!sleeps) {
				/* __cond_acquires: as a trylock */
				char kind = w[2] == 'c' ? 'a' : w[2];

				an->cond_acq |= w[2] == 'c';
				if (kind == 'a' && ++an->acquire <= 32 &&
				    !raw)
					an->acq_rt |= 1u << (an->acquire - 1);
				else if (kind == 'r')
					an->release++;
				else if (kind != 'a')
					an->hold++;
				if (!an->text)
					an->text = xasprintf("%s%s", w,
						arg.buf ? arg.buf : "");
			}
			sb_free(&arg);
		}
		clang_disposeString(cs);
		if (stop)
			break;
	}
	clang_disposeTokens(s->tu, t, n);
}

struct annot *annot_add(struct sleep_scan *s, const char *name)
{
	ARRAY_GROW(s->an, s->capan, s->nan + 1, 32);
	memset(&s->an[s->nan], 0, sizeof(s->an[0]));
	s->an[s->nan].name = xstrdup(name);
	return &s->an[s->nan++];
}

struct annot *annot_find(struct sleep_scan *s, const char *name)
{
	for (int i = s->nan - 1; i >= 0; i--)
		if (!strcmp(s->an[i].name, name))
			return &s->an[i];
	return NULL;
}

void annot_apply(struct sleep_scan *s, const struct annot *an,
		 const char *name, CXCursor c, unsigned line)
{
	for (int i = 0; i < an->release; i++)
		release(s, an->rel_irq);
	if (!s->st.dead && an->may)
		s->st.maybe = s->st.maybe + an->may > 31 ? 31 :
			      s->st.maybe + an->may;
	/* A trylock of its own: the if's arm acquires. */
	for (int i = 0; !an->cond_acq && i < an->acquire; i++)
		acquire(s, text_of(s, c, name), line,
			annot_region_kind(an, i, name),
			annot_region_ctx(an, i, name),
			i < 32 && (an->acq_rt >> i & 1) ? RT_PREEMPTIBLE : 0);
	if (an->noreturn)
		s->st = dead_state;
}

/* What the identifiers written in c's extent name (NAMES_* bits). */
#define NAMES_UNLOCK	1	/* one has "unlock" in it */
#define NAMES_RELEASE	2	/* sparse's marker __release */
static int names_in(struct sleep_scan *s, CXCursor c)
{
	CXToken *t;
	unsigned n;
	int names = 0;

	clang_tokenize(s->tu, clang_getCursorExtent(c), &t, &n);
	for (unsigned i = 0; i < n; i++) {
		CXString cs;
		const char *w;

		if (clang_getTokenKind(t[i]) != CXToken_Identifier)
			continue;
		cs = clang_getTokenSpelling(s->tu, t[i]);
		w = clang_getCString(cs);
		names |= (strstr(w, "unlock") ? NAMES_UNLOCK : 0) |
			 (!strcmp(w, "__release") ? NAMES_RELEASE : 0);
		clang_disposeString(cs);
	}
	clang_disposeTokens(s->tu, t, n);
	return names;
}

void annot_arm_marker(struct sleep_scan *s, CXCursor arm)
{
	int theirs = caller_regions_open(s);

	if (s->st.dead || !theirs || s->st.depth > theirs ||
	    clang_Cursor_isNull(arm))
		return;
	if (names_in(s, arm) == NAMES_RELEASE)
		release(s, 0);
}

/*
 * A bool function that says __acquires() and unlocks in its body
 * ("lock; if (work) return true; unlock; return false;": io-wq's
 * io_acct_run_queue()) holds the lock only when it returns true.
 */
int annot_cond_acquirer(struct sleep_scan *s, CXCursor def)
{
	CXType rt = clang_getResultType(clang_getCursorType(def));

	if (clang_getCanonicalType(rt).kind != CXType_Bool)
		return 0;
	return names_in(s, def) & NAMES_UNLOCK;
}

char *annot_effect_text(const struct annot *an)
{
	if (!an->walked || (!an->acquire && !an->release && !an->may))
		return NULL;
	return xasprintf("a%d,r%d,q%d,i%u,l%u,t%u,x%u,b%u,m%d", an->acquire,
			 an->release, an->rel_irq, an->acq_irq, an->acq_lock,
			 an->acq_rt, an->acq_cx_irq, an->acq_cx_bh, an->may);
}

int annot_effect_parse(const char *text, struct annot *an)
{
	int a, r, q, m;
	unsigned i, l, t, x, b;
	char end;

	if (!text || sscanf(text, "a%d,r%d,q%d,i%u,l%u,t%u,x%u,b%u,m%d%c", &a,
			    &r, &q, &i, &l, &t, &x, &b, &m, &end) != 9 ||
	    a < 0 || a > 31 || r < 0 || r > 31 || q < 0 || q > 31 ||
	    m < 0 || m > 31)
		return -1;
	an->may = m;
	an->acquire = a;
	an->release = r;
	an->rel_irq = q;
	an->acq_irq = i;
	an->acq_lock = l;
	an->acq_rt = t;
	an->acq_cx_irq = x;
	an->acq_cx_bh = b;
	an->walked = 1;
	return 0;
}

void annot_from_facts(struct sleep_scan *s, struct annot *an, const char *name)
{
	char *e = factsdb_effect(s->db, name);

	if (!annot_effect_parse(e, an) && an->acquire && !an->text)
		an->text = xasprintf("%s()", name);
	free(e);
}

enum region_kind annot_region_kind(const struct annot *an, int i,
				   const char *name)
{
	if (!an->walked)
		return region_kind(name);
	if (i >= 32)
		return RK_OTHER;
	return an->acq_irq >> i & 1 ? RK_IRQ :
	       an->acq_lock >> i & 1 ? RK_LOCK : RK_OTHER;
}

int annot_region_ctx(const struct annot *an, int i, const char *name)
{
	if (!an->walked)
		return region_ctx(name);
	if (i >= 32)
		return 0;
	return (an->acq_cx_irq >> i & 1 ? CTX_IRQS_OFF : 0) |
	       (an->acq_cx_bh >> i & 1 ? CTX_IN_INTR : 0);
}
