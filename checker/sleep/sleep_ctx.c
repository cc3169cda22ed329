/*
 * sleep_ctx.c - the context of the sleep scan: what an atomic region
 * makes true (interrupts off, or in_interrupt() for a bottom-half-
 * disabled one), and the tests of the context a condition makes
 * ("if (in_irq() || irqs_disabled())"), so that a function that sleeps
 * only outside such a context is known to (docs/facts-db.md: ctx, cond;
 * sleeplink.c decides).  The phases of the kernel's life where no sleep
 * is judged (early boot, suspend) are sleep_boot.c's.
 *
 * A test is read from the condition's tokens as the main file writes
 * them: irqs_disabled() and in_interrupt() are macros over the preempt
 * count and the flags register, which the AST shows expanded.
 */
#include "checker/sleep/sleep_ctx.h"

#include <string.h>

int region_ctx(const char *text)
{
	size_t n = 0;
	char *id;
	int ctx = 0;

	while (text[n] && (wordish(text + n)))
		n++;
	id = xstrndup(text, n);
	/* local_irq_save, spin_lock_irq, read_lock_irqsave, guard(irq) */
	if (!strcmp(id, "irq") || !strcmp(id, "irqsave") ||
	    (strstr(id, "_irq") && !strstr(id, "unlock") &&
	     !strstr(id, "enable") && !strstr(id, "restore")))
		ctx |= CTX_IRQS_OFF;
	/* local_bh_disable, spin_lock_bh, rcu_read_lock_bh, guard(local_bh) */
	if (strstr(id, "_bh") && !strstr(id, "unlock") &&
	    !strstr(id, "enable"))
		ctx |= CTX_IN_INTR;
	/*
	 * Spinlocks and rwlocks (raw, bit, irqsave, guard(spinlock)),
	 * preempt_disable(), get_cpu(), kmap_atomic(): the preempt count.
	 */
	if (((strstr(id, "spin_lock") || strstr(id, "spinlock") ||
	      strstr(id, "read_lock") || strstr(id, "write_lock")) &&
	     !strstr(id, "rcu") && !strstr(id, "unlock")) ||
	    starts_with(id, "preempt_disable") || starts_with(id, "get_cpu") ||
	    !strcmp(id, "preempt") || !strcmp(id, "kmap_atomic"))
		ctx |= CTX_ATOMIC;
	free(id);
	return ctx;
}

/*
 * What a condition implies when true (t) and when false (f): an atom
 * (a parameter's, as params_cond gives it, or a COND_* of the
 * context), HARD (in_hardirq(): interrupts are off and in_interrupt()
 * holds), or 0: nothing known.
 */
#define HARD 9999

struct impl {
	int t, f;
};

struct toks {
	struct sleep_scan *s;
	CXString *sp;
	unsigned n, i;
	int bad;		/* a token the reading does not follow */
	int depth;		/* locals read through (local_ctx()) */
};

static const char *tok(const struct toks *k, unsigned i)
{
	return i < k->n ? clang_getCString(k->sp[i]) : "";
}

static int is(const struct toks *k, const char *w)
{
	return !strcmp(tok(k, k->i), w);
}

/* An atom both a and b imply (HARD implies the context's two). */
static int common(int a, int b)
{
	if (a == b)
		return a;
	if (a == HARD && (b == COND_IRQS_OFF || b == COND_IN_INTR))
		return b;
	if (b == HARD && (a == COND_IRQS_OFF || a == COND_IN_INTR))
		return a;
	return 0;
}

/*
 * Both hold: keep one (a, unless it says less); "!in_atomic() &&
 * !irqs_disabled()" is preemptible().
 */
static int pick(int a, int b)
{
	int x = a < b ? a : b, y = a < b ? b : a;

	if ((x == -COND_IN_ATOMIC && y == -COND_IRQS_OFF) ||
	    (y == COND_PREEMPTIBLE &&
	     (x == -COND_IN_ATOMIC || x == -COND_IRQS_OFF)))
		return COND_PREEMPTIBLE;
	/* The context's over a parameter's, which params_cond() reads. */
	if (a && b && !cond_ctx_name(a) && a != HARD &&
	    (cond_ctx_name(b) || b == HARD))
		return b;
	return !a || (a == HARD && b) ? b : a;
}

static struct impl or_expr(struct toks *k);
static int unread(const char *w);

/* Skip the rest of an operand we do not read, to its end. */
static struct impl unknown(struct toks *k)
{
	int depth = 0;
	struct impl none = { 0, 0 };

	for (; k->i < k->n; k->i++) {
		if (!depth && (is(k, "||") || is(k, "&&") || is(k, ")") ||
			       is(k, ",")))
			break;
		if (is(k, "("))
			depth++;
		else if (is(k, ")"))
			depth--;
	}
	return none;
}

static int ctx_atom(const char *w)
{
	if (!strcmp(w, "irqs_disabled") || !strcmp(w, "raw_irqs_disabled"))
		return COND_IRQS_OFF;
	/* in_softirq(): true wherever the regions make in_interrupt() so */
	if (!strcmp(w, "in_interrupt") || !strcmp(w, "in_softirq"))
		return COND_IN_INTR;
	if (!strcmp(w, "in_irq") || !strcmp(w, "in_hardirq"))
		return HARD;
	if (!strcmp(w, "in_atomic"))
		return COND_IN_ATOMIC;
	if (!strcmp(w, "preemptible"))
		return COND_PREEMPTIBLE;
	return 0;
}

/*
 * WARN(cond, fmt, ...) and its kin are their first argument's value:
 * "if (WARN(!irqs_disabled(), ...))" tests the context.
 */
static int warnish(const char *w)
{
	return !strcmp(w, "WARN") || !strcmp(w, "WARN_ONCE") ||
	       !strcmp(w, "WARN_ON") || !strcmp(w, "WARN_ON_ONCE");
}

/* From a WARN's first argument's end, past its closing bracket. */
static int warn_rest(struct toks *k)
{
	int depth = 0;

	if (is(k, ")")) {
		k->i++;
		return 1;
	}
	if (!is(k, ","))
		return 0;
	for (; k->i < k->n; k->i++) {
		if (is(k, "("))
			depth++;
		else if (is(k, ")") && !depth--) {
			k->i++;
			return 1;
		}
	}
	return 0;
}

/* The local of the walked function named name, when it has one. */
struct find_var {
	const char *name;
	CXCursor var;
	int n;
};

static enum CXChildVisitResult find_var(CXCursor c, CXCursor parent,
					CXClientData data)
{
	struct find_var *fv = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_VarDecl) {
		char *n = fe_spelling(c);

		if (!strcmp(n, fv->name)) {
			fv->var = c;
			fv->n++;
		}
		free(n);
	}
	return CXChildVisit_Recurse;
}

/*
 * A local set once where it is declared to a test of the context, then
 * tested ("bool not_atomic = !in_atomic() && !irqs_disabled(); ... if
 * (likely(not_atomic)) msleep_interruptible(1);" in i915's
 * intel_guc_send_busy_loop()): what its initializer implies, in *r.
 */
static int local_ctx(struct toks *k, const char *w, struct impl *r)
{
	struct find_var fv = { w, clang_getNullCursor(), 0 };
	CXCursor init;
	struct toks in;
	CXToken *t;
	unsigned n;
	int ok;

	if (k->depth > 2 || clang_Cursor_isNull(k->s->pa.fn))
		return 0;
	clang_visitChildren(k->s->pa.fn, find_var, &fv);
	if (fv.n != 1)
		return 0;
	init = params_initializer(&k->s->pa, fv.var, fv.var);
	if (clang_Cursor_isNull(init))
		return 0;
	clang_tokenize(k->s->tu, clang_getCursorExtent(init), &t, &n);
	in = (struct toks){ k->s, xcalloc(n + 1, sizeof(CXString)), n, 0, 0,
			    k->depth + 1 };
	for (unsigned i = 0; i < n; i++) {
		in.sp[i] = clang_getTokenSpelling(k->s->tu, t[i]);
		in.bad |= unread(tok(&in, i));
	}
	*r = in.bad || !n ? (struct impl){ 0, 0 } : or_expr(&in);
	ok = !in.bad && in.i == n && (r->t || r->f);
	for (unsigned i = 0; i < n; i++)
		clang_disposeString(in.sp[i]);
	free(in.sp);
	clang_disposeTokens(k->s->tu, t, n);
	return ok;
}

static struct impl primary(struct toks *k)
{
	struct impl r = { 0, 0 };
	const char *w = tok(k, k->i);
	int a;

	if (warnish(w) && !strcmp(tok(k, k->i + 1), "(")) {
		k->i += 2;
		r = or_expr(k);
		if (!warn_rest(k))
			return unknown(k);
		if (k->i < k->n && !is(k, "||") && !is(k, "&&") &&
		    !is(k, ")"))
			return unknown(k);
		return r;
	}

	if (is(k, "!")) {
		k->i++;
		r = primary(k);
		return (struct impl){ r.f, r.t };
	}
	if (is(k, "(") || ((!strcmp(w, "likely") || !strcmp(w, "unlikely")) &&
			   !strcmp(tok(k, k->i + 1), "("))) {
		k->i += is(k, "(") ? 1 : 2;
		r = or_expr(k);
		if (!is(k, ")"))
			return unknown(k);
		k->i++;
	} else if ((a = ctx_atom(w)) && !strcmp(tok(k, k->i + 1), "(") &&
		   !strcmp(tok(k, k->i + 2), ")")) {
		k->i += 3;
		r.t = a;
		r.f = a == HARD ? 0 : -a;
	} else if (wordish(w) && local_ctx(k, w, &r)) {
		k->i++;
	} else if (wordish(w) && (a = params_named(&k->s->pa, w)) >= 0) {
		k->i++;
		r.t = a + 1;
		r.f = -(a + 1);
	} else {
		return unknown(k);
	}
	/*
	 * "in_interrupt() == 0": an operand of what follows.  A comma ends
	 * a WARN's first argument (ctx_test() lets no other one through).
	 */
	if (k->i < k->n && !is(k, "||") && !is(k, "&&") && !is(k, ")") &&
	    !is(k, ","))
		return unknown(k);
	return r;
}

static struct impl and_expr(struct toks *k)
{
	struct impl r = primary(k);

	while (is(k, "&&")) {
		struct impl b;

		k->i++;
		b = primary(k);
		r.t = pick(r.t, b.t);
		r.f = common(r.f, b.f);
	}
	return r;
}

static struct impl or_expr(struct toks *k)
{
	struct impl r = and_expr(k);

	while (is(k, "||")) {
		struct impl b;

		k->i++;
		b = and_expr(k);
		r.t = common(r.t, b.t);
		r.f = pick(r.f, b.f);
	}
	return r;
}

/* Tokens the reading gives up on: ?:, a comma, an assignment. */
static int unread(const char *w)
{
	size_t n = strlen(w);

	if (!strcmp(w, "?") || !strcmp(w, ","))
		return 1;
	return n && w[n - 1] == '=' && strcmp(w, "==") && strcmp(w, "!=") &&
	       strcmp(w, "<=") && strcmp(w, ">=");
}

/* The identifier written last before eq (from p on), into sv. */
static void push_name_before(struct strv *sv, const char *p, const char *eq)
{
	const char *e = eq, *st;

	while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	for (st = e; st > p && wordish(st - 1); st--)
		;
	if (st < e)
		strv_push_owned(sv, xstrndup(st, e - st));
}

/* The tests of the context, as the text names them. */
static const char *const names[] = {
	"irqs_disabled", "in_interrupt", "in_softirq", "in_atomic",
	"preemptible",
};

/*
 * Does text[0..n) name a local of the walked function whose declaration
 * names a test of the context ("bool not_atomic = !in_atomic() &&
 * !irqs_disabled();")?  The function's body text is searched for such
 * declarations once per function.
 */
static int ctx_local_named(const struct sleep_scan *s, const char *text,
			   size_t n)
{
	/* The function last asked about, of the unit last asked about. */
	static CXTranslationUnit tu;
	static CXCursor fn;
	static struct strv locals;

	if (clang_Cursor_isNull(s->pa.fn))
		return 0;
	if (tu != s->tu || !clang_equalCursors(fn, s->pa.fn)) {
		CXSourceRange r = clang_getCursorExtent(s->pa.fn);
		unsigned a, b;
		CXFile f;

		strv_clear(&locals);
		tu = s->tu;
		fn = s->pa.fn;
		clang_getFileLocation(clang_getRangeStart(r), &f, NULL, NULL,
				      &a);
		clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL,
				      &b);
		for (const char *p = s->ftext + a;
		     f && b <= s->fsize && p && p < s->ftext + b; p++) {
			/* "bool NAME = ...irqs_disabled()...;" */
			const char *semi = memchr(p, ';', s->ftext + b - p);
			const char *eq;
			int hit = 0;

			if (!semi)
				break;
			eq = memchr(p, '=', semi - p);
			for (size_t i = 0; eq && i < ARRAY_SIZE(names); i++)
				hit |= memmem(eq, semi - eq, names[i],
					      strlen(names[i])) != NULL;
			if (hit && eq > p)
				push_name_before(&locals, p, eq);
			p = semi;
		}
	}
	for (int i = 0; i < locals.n; i++) {
		size_t l = strlen(locals.v[i]);

		for (const char *p = text; (p = memmem(p, text + n - p,
				locals.v[i], l)); p += l)
			if ((p == text || !wordish(p - 1)) &&
			    (p + l == text + n || !wordish(p + l)))
				return 1;
	}
	return 0;
}

/* Does the walked file's text a..b name a test of the context? */
static int names_ctx(const struct sleep_scan *s, unsigned a, unsigned b)
{
	if (!s->ftext || b <= a || b > s->fsize)
		return 0;
	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (memmem(s->ftext + a, b - a, names[i], strlen(names[i])))
			return 1;
	/* "if (likely(not_atomic))": a local the text names, maybe */
	return ctx_local_named(s, s->ftext + a, b - a);
}

int ctx_test(struct sleep_scan *s, CXCursor ifs, CXCursor then, int *at,
	     int *af)
{
	CXFile f1, f2;
	unsigned a = offset_of(clang_getCursorLocation(ifs), &f1);
	unsigned b = offset_of(clang_getRangeStart(clang_getCursorExtent(then)),
			       &f2);
	CXToken *t;
	unsigned n;
	struct toks k = { s, NULL, 0, 2, 0, 0 };
	struct impl r = { 0, 0 };

	*at = *af = 0;
	if (!f1 || !f2 || !clang_File_isEqual(f1, s->file) ||
	    !clang_File_isEqual(f2, f1) || !names_ctx(s, a, b))
		return 0;
	clang_tokenize(s->tu, clang_getRange(clang_getLocationForOffset(
		s->tu, f1, a), clang_getLocationForOffset(s->tu, f1, b)),
		&t, &n);
	k.n = n;
	k.sp = xcalloc(n + 1, sizeof(*k.sp));
	for (unsigned i = 0; i < n; i++)
		k.sp[i] = clang_getTokenSpelling(s->tu, t[i]);
	if (!strcmp(tok(&k, 0), "if") && !strcmp(tok(&k, 1), "(")) {
		unsigned close = 0, depth = 0;

		/* A WARN's arguments are read by primary(): not here. */
		unsigned warn_at = 0;

		for (unsigned i = 1; i < n && !close; i++) {
			const char *w = tok(&k, i);

			if (warnish(w) && !warn_at)
				warn_at = depth + 1;
			if (!strcmp(w, "(")) {
				depth++;
			} else if (!strcmp(w, ")")) {
				if (!--depth)
					close = i;
				else if (depth + 1 == warn_at)
					warn_at = 0;
			} else if (!(warn_at && depth >= warn_at)) {
				k.bad |= unread(w);
			}
		}
		k.n = close + 1;	/* the condition, and its ")" */
		if (close && !k.bad)
			r = or_expr(&k);
		/* The condition is read whole, to its closing bracket. */
		if (!close || k.bad || k.i != close)
			r.t = r.f = 0;
	}
	for (unsigned i = 0; i < n; i++)
		clang_disposeString(k.sp[i]);
	free(k.sp);
	clang_disposeTokens(s->tu, t, n);
	*at = r.t == HARD ? COND_IRQS_OFF : r.t;
	*af = r.f == HARD ? COND_IRQS_OFF : r.f;
	return *at || *af;
}

void ctx_pagefault(struct astate *st, const char *name)
{
	static const char *const off[] = {
		"pagefault_disable", "kmap_atomic", "kmap_atomic_prot",
		"kmap_atomic_pfn",
	};
	static const char *const on[] = {
		"pagefault_enable", "kunmap_atomic", "__kunmap_atomic",
	};

	for (size_t i = 0; i < ARRAY_SIZE(off); i++)
		if (!strcmp(name, off[i])) {
			st->pf++;
			st->optpf++;
		}
	for (size_t i = 0; i < ARRAY_SIZE(on); i++)
		if (!strcmp(name, on[i])) {
			if (st->pf)
				st->pf--;
			if (st->optpf)
				st->optpf--;
		}
}

/*
 * Are the regions open here all optional ones, and page faults off where
 * they are open (copy_huge_page_from_user(): "if (allow_pagefault) addr
 * = kmap(page); else addr = kmap_atomic(page);")?  Then a user access
 * sleeps only where no region is open.
 */
int ctx_faults_off_where_atomic(const struct astate *st)
{
	return !st->dead && st->depth && st->opt == st->depth && st->optpf > 0;
}

/* Call fc is made in no atomic region after all. */
void ctx_not_atomic(struct fact_call *fc)
{
	fc->atomic = 0;
	fc->depth = fc->own = 0;
	free(fc->region);
	free(fc->region_file);
	fc->region = fc->region_file = NULL;
	fc->region_line = 0;
	fc->rt &= ~RT_CALL_ATOMIC;
	free(fc->rt_region);
	fc->rt_region = NULL;
	fc->rt_region_line = 0;
}

int ctx_uaccess(const char *name)
{
	size_t n = strlen(name);

	return n > 5 && !strcmp(name + n - 5, "_user");
}
