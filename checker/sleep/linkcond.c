/*
 * linkcond.c - the conditions of the link (sleeplink.c): the facts' cond
 * and args columns read back (docs/facts-db.md), a callee's condition
 * translated through a call's arguments to its caller's parameters (or
 * decided by them), the needs of the context a call's regions decide,
 * and a call's own conditions joined to its callee's.  It reads the link's
 * tables and adds to its tests of values (struct link_preds); it calls
 * nothing of sleeplink.c.
 */
#include "checker/sleep/linkcond.h"
#include "checker/sleep/linkfield.h"

#include <stdlib.h>
#include <string.h>

/*
 * The cond of a test of parameter i ("p2&64"), or of its member field
 * (1 + an index of preds->fields; 0 none), added when new.
 */
static int pred_field(const struct link *lk, int i, int field, char op,
		      long long val)
{
	struct link_preds *ps = lk->preds;

	for (int k = 0; k < ps->n; k++)
		if (ps->v[k].param == i && ps->v[k].op == op &&
		    ps->v[k].val == val && ps->v[k].field == field)
			return COND_PRED + k + 1;
	ARRAY_GROW(ps->v, ps->cap, ps->n + 1, 16);
	ps->v[ps->n].param = i;
	ps->v[ps->n].op = op;
	ps->v[ps->n].val = val;
	ps->v[ps->n].field = field;
	return COND_PRED + ++ps->n;
}

static int pred_atom(const struct link *lk, int i, char op, long long val)
{
	return pred_field(lk, i, 0, op, val);
}

const struct link_pred *link_pred(const struct link *lk, int cond)
{
	int a = cond > 0 ? cond : -cond;

	if (cond == NEVER || a <= COND_PRED || a > COND_PRED + lk->preds->n)
		return NULL;
	return &lk->preds->v[a - COND_PRED - 1];
}

/*
 * "p2" -> 3, "!p2" -> -3, "p2&64" and "!p2=3" -> a test's cond, "g2" ->
 * COND_GFP + 3, "irqs_disabled" -> COND_IRQS_OFF, NULL (or what this
 * reader does not know) -> 0.
 */
int linkcond_parse(const struct link *lk, const char *s)
{
	int neg = 0, a;

	if (!s)
		return 0;
	if (*s == '!') {
		neg = 1;
		s++;
	}
	if (!strcmp(s, "irqs_disabled")) {
		a = COND_IRQS_OFF;
	} else if (!strcmp(s, "in_interrupt")) {
		a = COND_IN_INTR;
	} else if (!strcmp(s, "in_atomic")) {
		a = COND_IN_ATOMIC;
	} else if (!strcmp(s, "preemptible")) {
		a = COND_PREEMPTIBLE;
	} else if (*s == 'p') {
		char *end;
		long i = strtol(s + 1, &end, 10);

		int field = 0;

		if (end == s + 1 || i < 0 || i > 63)
			return 0;
		if (end[0] == '-' && end[1] == '>') {
			/* "p0->sg_mapping_iter.__flags&1": a member's test */
			const char *k = end + 2;
			/* "p2->*=0": the value it points to (sleep_deref.c) */
			size_t n = *k == '*' ? 1 :
				   strspn(k, "abcdefghijklmnopqrstuvwxyz"
					  "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
					  "0123456789_.");

			if (!n || n > 256 || (k[n] != '&' && k[n] != '='))
				return 0;
			field = linkfield_intern(lk->preds, 'f', k, n);
			end = (char *)k + n;
		}
		if (!*end) {
			a = (int)i + 1;
		} else {
			char op = *end;
			long long v;
			char *e2;

			if (op != '&' && op != '=')
				return 0;
			v = strtoll(end + 1, &e2, 10);
			if (e2 == end + 1 || *e2)
				return 0;
			a = pred_field(lk, (int)i, field, op, v);
		}
	} else if (*s == 'g' && !neg) {
		char *end;
		long i = strtol(s + 1, &end, 10);

		if (end == s + 1 || *end || i < 0 || i > 63)
			return 0;
		a = COND_GFP + (int)i + 1;
	} else {
		return 0;
	}
	return neg ? -a : a;
}

const cnd LINK_ALWAYS = { 0, 0, 0 };
const cnd LINK_NO = { NEVER, 0, 0 };

/* The same conditions, in either order, and needs. */
int linkcond_same(cnd a, cnd b)
{
	return a.need == b.need && ((a.p == b.p && a.q == b.q) ||
				    (a.p == b.q && a.q == b.p));
}

/* A call's cond column: a parameter's condition, or a need. */
cnd linkcond_of(int atom)
{
	cnd c = { atom, 0, 0 };

	if (atom == COND_IRQS_OFF || atom == -COND_IRQS_OFF)
		c.need = atom > 0 ? NEED_IRQS_OFF : NEED_IRQS_ON;
	else if (atom == COND_IN_INTR || atom == -COND_IN_INTR)
		c.need = atom > 0 ? NEED_INTR : NEED_NOT_INTR;
	else if (atom == COND_IN_ATOMIC || atom == -COND_IN_ATOMIC)
		c.need = atom > 0 ? NEED_ATOMIC : NEED_NOT_ATOMIC;
	else if (atom == COND_PREEMPTIBLE)
		c.need = NEED_NOT_ATOMIC | NEED_IRQS_ON;
	/* A need is no parameter's condition; "!preemptible" is none. */
	if (c.need || atom == -COND_PREEMPTIBLE)
		c.p = 0;
	return c;
}

cnd linkcond_call(const struct link *lk, const char *s)
{
	const char *semi = s ? strchr(s, ';') : NULL;
	char *first;
	cnd c;

	if (!semi)
		return linkcond_of(linkcond_parse(lk, s));
	first = xstrndup(s, semi - s);
	c = linkcond_both(lk, linkcond_of(linkcond_parse(lk, first)),
			  linkcond_of(linkcond_parse(lk, semi + 1)));
	free(first);
	return c;
}

/*
 * Needs at a call made in context ctx (its regions'): one the regions
 * make true is met, its opposite rules the call out; the others stay,
 * for the caller's callers to decide (the context is theirs too).
 * Nothing makes one false, so "irqs_disabled()" is never ruled out.
 */
cnd linkcond_decide(cnd c, int ctx)
{
	if (c.p == NEVER)
		return c;
	if (ctx & CTX_IRQS_OFF) {
		if (c.need & NEED_IRQS_ON)
			return LINK_NO;
		c.need &= ~NEED_IRQS_OFF;
	}
	if (ctx & CTX_IN_INTR) {
		if (c.need & NEED_NOT_INTR)
			return LINK_NO;
		c.need &= ~NEED_INTR;
	}
	/* The softirq and hardirq counts are the preempt count's. */
	if (ctx & (CTX_ATOMIC | CTX_IN_INTR)) {
		if (c.need & NEED_NOT_ATOMIC)
			return LINK_NO;
		c.need &= ~NEED_ATOMIC;
	}
	if ((c.need & NEED_IRQS_ON && c.need & NEED_IRQS_OFF) ||
	    (c.need & NEED_INTR && c.need & NEED_NOT_INTR) ||
	    (c.need & NEED_ATOMIC && c.need & NEED_NOT_ATOMIC))
		return LINK_NO;	/* both ways at once */
	return c;
}

/* "64,p1,m8,gb3264,gn,&@obj,?" (docs/facts-db.md, args). */
/* Does an argument's text end at e: the next, or its members known? */
static int ends(const char *e)
{
	return !*e || *e == ',' || *e == '{';
}

struct link_arg *linkcond_args(const char *s, int *n)
{
	struct link_arg *v = NULL;

	*n = 0;
	while (s && *s) {
		struct link_arg a = { .kind = ARG_UNKNOWN, .gfp = -1 };
		char *end;

		v = xrealloc(v, (*n + 1) * sizeof(*v));
		if (*s == 'g' && (s[1] == 'b' || s[1] == 'n')) {
			a.gfp = s[1] == 'b';
			s += 2;
		}
		if ((!strncmp(s, "nz", 2) && (!s[2] || s[2] == ',' ||
					       s[2] == '{' || s[2] == '*')) ||
		    *s == '&') {	/* "&D": an object by name, not 0 */
			a.kind = ARG_NONZERO;
			/* "nz*!p3": what it points to implies !p3 */
			if (*s == 'n' && s[2] == '*')
				a.deref = s + 3;
		} else if (*s == 't' || (*s == '!' && s[1] == 't')) {
			/*
			 * "t2&1024": the truth of a test of parameter 2;
			 * "tg2&1024": the test "its flags can block".
			 */
			int neg = *s == '!';
			int g = s[1 + neg] == 'g';
			long i = strtol(s + 1 + neg + g, &end, 10);

			a.gfp = g ? 1 : -1;
			if (end != s + 1 + neg + g && *end == '&' && i >= 0 &&
			    i < 64) {
				a.v = strtoll(end + 1, &end, 10);
				if (ends(end)) {
					a.kind = ARG_TEST;
					a.test = neg ? -(int)(i + 1) :
						 (int)(i + 1);
				}
			}
		} else if (*s == 'p') {
			/*
			 * A parameter 0 to 63, as the pass writes them;
			 * "p1|8": with bits 8 or'ed in.
			 */
			long i = strtol(s + 1, &end, 10);
			long long k = 0;

			if (end != s + 1 && *end == '|') {
				char *at = end + 1;

				k = strtoll(at, &end, 10);
				if (end == at || !k)
					end = at - 1;	/* not a number: '|' */
			}
			if (end != s + 1 && ends(end) && i >= 0 && i < 64) {
				a.kind = (int)i;
				a.v = k;
			}
		} else if (*s == 'm') {
			a.v = strtoll(s + 1, &end, 10);
			if (end != s + 1 && ends(end))
				a.kind = ARG_BITS;
		} else if (*s && *s != '?' && *s != ',') {
			a.v = strtoll(s, &end, 10);
			if (end != s && ends(end))
				a.kind = ARG_VALUE;
		}
		v[(*n)++] = a;
		s = strchr(s, ',');
		if (s)
			s++;
	}
	return v;
}

/*
 * Is a test of a parameter (cond c: its truth, or a predicate p) true
 * of argument a?  1, 0, or -1 when a does not tell.
 */
static int arg_decides(const struct link_pred *p, const struct link_arg *a)
{
	if (a->kind >= 0 && a->v) {
		/* "p1|8": bits 8 set, whatever the caller passes. */
		const struct link_arg bits = { .kind = ARG_BITS, .v = a->v,
						 .gfp = -1 };

		return arg_decides(p, &bits);
	}
	if (a->kind == ARG_VALUE) {
		if (!p)
			return a->v != 0;
		if (p->op == 'i')
			return a->v >= 0 && a->v < SET_VALUES &&
			       (p->val >> a->v) & 1;
		return p->op == '&' ? (a->v & p->val) != 0 : a->v == p->val;
	}
	if (a->kind == ARG_NONZERO) {
		/* Not 0, nothing more: its truth, and "== 0". */
		if (!p)
			return 1;
		if (p->op == 'i')
			return p->val == 1 ? 0 : -1;	/* the set {0} */
		return p->op == '=' && !p->val ? 0 : -1;
	}
	if (a->kind == ARG_BITS) {
		/* Bits known set: a test of one of them, or an equality to
		   what lacks one, is decided. */
		if (!p)
			return 1;
		if (p->op == '&')
			return a->v & p->val ? 1 : -1;
		if (p->op == 'i') {
			/* False when no value of the set has them all. */
			for (int k = 0; k < SET_VALUES; k++)
				if ((p->val >> k) & 1 && (k & a->v) == a->v)
					return -1;
			return 0;
		}
		return a->v & ~p->val ? 0 : -1;
	}
	return -1;
}

/* Is test p of the value its parameter points to ("p2->*=0")? */
static int deref_field(const struct link *lk, const struct link_pred *p)
{
	return !strcmp(lk->preds->fields.v[p->field - 1], "*");
}

/* The caller's atom an argument "nz*Q" names: Q, up to ',' or '{'. */
static int deref_atom(const struct link *lk, const char *q)
{
	char *t = xstrndup(q, strcspn(q, ",{"));
	int a = linkcond_parse(lk, t);

	free(t);
	return a;
}

/*
 * When does call i sleep through callee node v, in terms of its caller's
 * parameters?  NEVER, 0 (always) or a condition; through_name: the call
 * names a wrapper of hook v, whose arguments need not be the hook's.
 */
int linkcond_through(const struct link *lk, int call, int c,
		     int through_name)
{
	const struct link_pred *p = link_pred(lk, c);
	const struct link_arg unknown = { .kind = ARG_UNKNOWN, .gfp = -1 };
	const struct link_arg *a;
	int j, d;

	if (!c)
		return c;
	if (through_name)
		return 0;
	if (c > COND_GFP && !p) {
		/* Flags: only those known to block sleep (docs: GFP). */
		j = c - COND_GFP - 1;
		a = j < lk->call_nargs[call] ? &lk->call_args[call][j] :
					       &unknown;
		if (a->gfp == 1 || (a->gfp < 0 && a->kind == ARG_VALUE &&
				    a->v) || (a->kind >= 0 && a->v))
			return 0;
		return a->kind >= 0 ? COND_GFP + a->kind + 1 : NEVER;
	}
	j = p ? p->param : (c > 0 ? c : -c) - 1;
	a = j < lk->call_nargs[call] ? &lk->call_args[call][j] : &unknown;
	if (a->kind == ARG_MEMBER && !(p && p->field)) {
		/*
		 * "ctx->flags" passed, a member of the caller's parameter
		 * that the caller never writes: the callee's test of its
		 * parameter is the caller's of that member ("!p0=0" its
		 * truth).
		 */
		int to = pred_field(lk, a->mparam, a->mfield, p ? p->op : '=',
				    p ? p->val : 0);

		return (c > 0) == !p ? -to : to;
	}
	if (p && p->field && deref_field(lk, p)) {
		/*
		 * "!p2->*=0", the value parameter 2 points to not 0: where
		 * the caller's argument says so ("nz*!p3"), the caller's
		 * atom; else, and "== 0", nothing known.
		 */
		return c < 0 && p->op == '=' && !p->val && a->deref ?
		       deref_atom(lk, a->deref) : 0;
	}
	if (p && p->field) {
		/*
		 * A test of a member of what the parameter points to: the
		 * caller's own parameter passed on keeps it; an object's
		 * set-up calls may decide it (linkfield.c), and first what
		 * the caller stored in it before the call.
		 */
		d = linkfield_known(lk, a, p->field, p->op, p->val);
		if (d >= 0)
			return d == (c > 0) ? 0 : NEVER;
		if (a->kind >= 0 && !a->v) {
			int to = pred_field(lk, a->kind, p->field, p->op,
					    p->val);

			return c > 0 ? to : -to;
		}
		d = a->obj ? linkfield_decide(lk, a->obj, p->field, p->op,
					      p->val) : -1;
		if (d < 0)
			return 0;
		return d == (c > 0) ? 0 : NEVER;
	}
	if (a->kind >= 0 && a->v) {
		/*
		 * "p1|8" (rpm_idle()'s rpm_suspend(dev, rpmflags | RPM_AUTO)):
		 * a test the bits decide is decided; a test of other bits is
		 * the caller's own test of its parameter; an equality, not
		 * known.
		 */
		d = arg_decides(p, a);
		if (d >= 0)
			return d == (c > 0) ? 0 : NEVER;
		if (!p || p->op != '&')
			return 0;
	}
	if (a->kind >= 0) {
		int to = p ? pred_atom(lk, a->kind, p->op, p->val) :
			     a->kind + 1;

		return c > 0 ? to : -to;
	}
	if (a->kind == ARG_TEST && !p) {
		/*
		 * The callee tests the truth of what a test of the caller's
		 * parameter gave ("!gfpflags_allow_blocking(gfp)" passed as
		 * nonblock): the caller's own test of that parameter.
		 */
		int to = pred_atom(lk, linkcond_test_param(a), '&', a->v);

		/* "the flags can block": the caller's own gfp_t condition */
		if (a->gfp == 1 && (c > 0) == (a->test > 0))
			return COND_GFP + linkcond_test_param(a) + 1;
		return (c > 0) == (a->test > 0) ? to : -to;
	}
	d = arg_decides(p, a);
	if (d < 0)
		return 0;
	return d == (c > 0) ? 0 : NEVER;
}

int linkcond_may(const struct link *lk, int c, const struct link_arg *a,
		 int na)
{
	const struct link_pred *p = link_pred(lk, c);
	int j, d;

	if (!c)
		return 1;
	if (c == NEVER)
		return 0;
	/* A gfp_t's flags: those known not to block rule the step out. */
	if (!p && c > COND_GFP && c - COND_GFP - 1 < na &&
	    a[c - COND_GFP - 1].gfp == 0)
		return 0;
	if (!p && (c > COND_GFP || c < -COND_GFP || c == COND_IRQS_OFF ||
		   c == -COND_IRQS_OFF || c == COND_IN_INTR ||
		   c == -COND_IN_INTR || c == COND_IN_ATOMIC ||
		   c == -COND_IN_ATOMIC || c == COND_PREEMPTIBLE ||
		   c == -COND_PREEMPTIBLE))
		return 1;	/* flags and context: not an argument's test */
	j = p ? p->param : (c > 0 ? c : -c) - 1;
	if (j < 0 || j >= na)
		return 1;
	if (p && p->field) {
		d = linkfield_known(lk, &a[j], p->field, p->op, p->val);
		if (d < 0 && a[j].obj)
			d = linkfield_decide(lk, a[j].obj, p->field, p->op,
					     p->val);
	} else
		d = arg_decides(p, &a[j]);
	return d < 0 || d == (c > 0);
}

/* The values of set test p (op 'i'), or of equality p, as a mask. */
static unsigned long long value_set(const struct link_pred *p)
{
	if (p->op == 'i')
		return (unsigned long long)p->val;
	if (p->op == '=' && p->val >= 0 && p->val < SET_VALUES)
		return 1ULL << p->val;
	return 0;
}

static int popcount(unsigned long long m)
{
	int n = 0;

	for (; m; m &= m - 1)
		n++;
	return n;
}

/*
 * What atom a says of one parameter (*param): that it is one of the
 * small values in *set ("p1=3", "p1 in {0,1}", "!p1": {0}), that it is
 * not 0 (*nonzero: "p1", "p1=3", "p1&64"), that a bit of *bits is set
 * ("p1&64").  0 when a says none of these of a parameter.
 */
static int atom_says(const struct link *lk, int a, int *param,
		     unsigned long long *set, int *nonzero, long long *bits)
{
	const struct link_pred *p = link_pred(lk, a);

	*set = 0;
	*nonzero = 0;
	*bits = 0;
	if (!p) {
		if (a >= 1 && a <= 65) {
			*param = a - 1;
			*nonzero = 1;
			return 1;
		}
		if (a <= -1 && a >= -65) {
			*param = -a - 1;
			*set = 1;	/* {0} */
			return 1;
		}
		return 0;
	}
	if (a < 0 || p->field)
		return 0;	/* "!p1=3", "!p1&64", a member's: none */
	*param = p->param;
	*set = value_set(p);
	*nonzero = p->op == '&' || (p->op == '=' && p->val) ||
		   (p->op == 'i' && !(p->val & 1));
	*bits = p->op == '&' ? p->val : 0;
	return 1;
}

/*
 * Either of two conditions, as one that holds exactly when one of them
 * does, when there is such a condition of the link's: a parameter one
 * of a few small values ("p1=0" or "p1=1": a switch whose two cases
 * sleep; "!p1" is "p1=0"), not 0 ("p1" or "p1=3"), a bit of a mask set
 * ("p1&1" or "p1&4": "p1&5").  0 when none (the caller keeps neither).
 */
int linkcond_union(const struct link *lk, int a, int b)
{
	unsigned long long sa, sb;
	long long ba, bb;
	int pa, pb, na, nb;

	if (a == b)
		return a;
	if (a == NEVER || b == NEVER || !a || !b ||
	    !atom_says(lk, a, &pa, &sa, &na, &ba) ||
	    !atom_says(lk, b, &pb, &sb, &nb, &bb) || pa != pb)
		return 0;
	if (sa && sb) {
		unsigned long long m = sa | sb;

		return popcount(m) > SET_MAX ? 0 :
		       pred_atom(lk, pa, 'i', (long long)m);
	}
	if (a == pa + 1 && nb)
		return a;	/* "p1" or what implies it */
	if (b == pb + 1 && na)
		return b;
	if (ba && bb)
		return pred_atom(lk, pa, '&', ba | bb);
	return 0;
}

/* Does cond a imply cond b (both of one parameter)? */
static int implies(const struct link *lk, int a, int b)
{
	const struct link_pred *q = b < 0 ? link_pred(lk, b) : NULL;
	unsigned long long sa;
	long long ba;
	int pa, na;

	if (a == b)
		return 1;
	if (!atom_says(lk, a, &pa, &sa, &na, &ba))
		return 0;
	/* "p1=5" (or "p1 in {5,6}", "p1&4") makes "p1" true. */
	if (b == pa + 1)
		return na;
	/* "p1=5" (or "p1 in {5,6}") makes "!p1=3" true. */
	if (q && !q->field && q->param == pa && q->op == '=' && sa)
		return !(q->val >= 0 && q->val < SET_VALUES &&
			 (sa >> q->val) & 1);
	return 0;
}

/*
 * Two conditions where one implies the other ("p0=5" and "!p0=3": the
 * else-if of an equality; "p0" and "p0=3": the else of "if (!p0)") are
 * the stronger one: so more conditions join as sets.
 */
cnd linkcond_simplify(const struct link *lk, cnd c)
{
	if (c.p == NEVER || !c.p || !c.q)
		return c;
	if (implies(lk, c.p, c.q)) {
		c.q = 0;
	} else if (implies(lk, c.q, c.p)) {
		c.p = c.q;
		c.q = 0;
	}
	return c;
}

/* Is cond a gfp_t parameter's (COND_GFP), not a test's? */
static int gfp_cond(const struct link *lk, int cond)
{
	return cond > COND_GFP && !link_pred(lk, cond);
}

/*
 * A call's own conditions and its callee's, all to hold: two of them
 * are kept (a callee's GFP flags first: most callers decide them; then
 * the call's own, then the callee's), every need.  A condition and its
 * opposite at once rule the edge out.
 */
cnd linkcond_both(const struct link *lk, cnd own, cnd callee)
{
	int all[4] = { callee.p, callee.q, own.p, own.q }, keep[4], n = 0;
	cnd c = { 0, 0, 0 };

	if (own.p == NEVER || callee.p == NEVER)
		return LINK_NO;
	/* GFP conditions first, then the call's own, then the callee's. */
	for (int pass = 0; pass < 3; pass++)
		for (int i = 0; i < 4; i++) {
			int a = all[i], dup = 0;

			if (!a || (pass == 0) != gfp_cond(lk, a) ||
			    (pass == 1 && i < 2) || (pass == 2 && i >= 2))
				continue;
			for (int k = 0; k < n; k++) {
				if (keep[k] == -a)
					return LINK_NO;
				dup |= keep[k] == a;
			}
			if (!dup)
				keep[n++] = a;
		}
	c.p = n > 0 ? keep[0] : 0;
	c.q = n > 1 ? keep[1] : 0;
	c.need = own.need | callee.need;
	return linkcond_decide(c, 0);
}

