/*
 * linkfield.c - what set-up calls store in an object's members
 * (linkfield.h).  A function's stores through its parameters come from
 * the facts (functions.fields: "p0->sg_mapping_iter.__flags=p3"), and
 * also through the callees it passes its parameters on to; a call that
 * passes an object's address ("&D" in args) to such a function stores
 * those values in D, as its arguments give them.  A later test of the
 * member, in a function D is passed to, is decided when every value
 * stored says the same.  The narrowest the facts show, not a proof: a
 * store through another pointer, or by a function the build did not
 * collect, is not seen.
 */
#include "checker/sleep/linkfield.h"
#include "checker/sleep/linkcond.h"
#include "checker/sleep/linkmap.h"

#include <stdlib.h>
#include <string.h>

/* How many rounds of passing stores up to callers (a wrapper's depth). */
#define ROUNDS 4
/* Values kept per member of an object; more, and none is known. */
#define MAX_VALUES 32

/* "p0->T.m=SPEC": a store through parameter param; field 0: "*". */
struct fstore {
	int param, field;
	char *spec;
};

struct fnstores {
	struct fstore *v;
	int n, cap;
};

/*
 * A value stored: exact x, bits x known set, not known, or the member's
 * own bits of mask x kept and others maybe set ("timer->flags |= M",
 * "(timer->flags & ~M) | cpu").
 */
enum { V_UNKNOWN, V_EXACT, V_BITS, V_KEEP };
struct val {
	int kind;
	long long x;
};

struct fvals {
	struct val v[MAX_VALUES];
	int n, over;
};

struct link_fields {
	struct fnstores *fn;	/* per function of the facts */
	struct map at;		/* "obj:field" -> vals index */
	struct fvals *vals;
	int nvals, cap;
	struct map wild;	/* objects a "*" store reaches */
};

int linkfield_intern(struct link_preds *ps, char kind, const char *s,
		     size_t n)
{
	struct strv *sv = kind == 'f' ? &ps->fields : &ps->objs;
	char *k = xasprintf("%c:%.*s", kind, (int)n, s);
	int i;

	if (!ps->index)
		ps->index = xcalloc(1, sizeof(*ps->index));
	i = map_get(ps->index, k);
	if (i >= 0) {
		free(k);
		return i + 1;
	}
	strv_push_owned(sv, xstrndup(s, n));
	map_put(ps->index, k, sv->n - 1);
	return sv->n;
}

void linkfield_names_free(struct link_preds *ps)
{
	strv_clear(&ps->fields);
	strv_clear(&ps->objs);
	if (ps->index) {
		map_free(ps->index);
		free(ps->index);
		ps->index = NULL;
	}
}

static int add_store(struct fnstores *s, int param, int field, char *spec)
{
	for (int k = 0; k < s->n; k++)
		if (s->v[k].param == param && s->v[k].field == field &&
		    !strcmp(s->v[k].spec, spec)) {
			free(spec);
			return 0;
		}
	ARRAY_GROW(s->v, s->cap, s->n + 1, 4);
	s->v[s->n++] = (struct fstore){ param, field, spec };
	return 1;
}

/* One function's "p0->T.m=SPEC;..." (or "*": every member of each). */
static void read_stores(struct link *lk, struct fnstores *s,
			const char *text)
{
	if (!strcmp(text, "*")) {
		for (int p = 0; p < 64; p++)
			add_store(s, p, 0, xstrdup("?"));
		return;
	}
	while (*text) {
		size_t n = strcspn(text, ";");
		const char *arrow = memchr(text, '>', n);
		const char *eq = memchr(text, '=', n);
		char *end;
		long p = strtol(text + 1, &end, 10);

		if (*text == 'p' && end != text + 1 && end[0] == '-' &&
		    arrow == end + 1 && eq && eq > arrow + 1 && p >= 0 &&
		    p < 64 && n - (size_t)(eq + 1 - text) < 64)
			add_store(s, (int)p,
				  linkfield_intern(lk->preds, 'f',
						   arrow + 1,
						   (size_t)(eq - arrow - 1)),
				  xstrndup(eq + 1, n - (size_t)(eq + 1 - text)));
		text += n;
		if (*text)
			text++;
	}
}

static char *map_spec(const char *spec, const struct link_arg *a, int na);

/* The end of a test's arm that starts at s: its ':' or ')'; NULL. */
static const char *arm_end(const char *s, char stop)
{
	int depth = 0;

	for (; *s; s++) {
		if (*s == '(')
			depth++;
		else if (depth && *s == ')')
			depth--;
		else if (!depth && *s == stop)
			return s;
	}
	return NULL;
}

/*
 * A truth of a parameter's bits, "(p2&8?A:B)" ("(!p2&8?A:B)": A when
 * none of bits 8 is set), as the arguments make it: the arm they
 * choose, the test of the caller's own parameter, or, when they say
 * nothing, the value both arms agree on ("?" else).
 */
static char *map_test(const char *spec, const struct link_arg *a, int na)
{
	const char *p = spec + 1, *q, *r;
	const struct link_arg *x;
	char *end, *arm[2], *out;
	int neg = *p == '!', d = -1;
	long k;
	long long m;

	p += neg;
	k = *p == 'p' ? strtol(p + 1, &end, 10) : -1;
	if (k < 0 || end == p + 1 || *end != '&')
		return xstrdup("?");
	m = strtoll(end + 1, &end, 10);
	if (*end != '?' || !(q = arm_end(end + 1, ':')) ||
	    !(r = arm_end(q + 1, ')')) || r[1])
		return xstrdup("?");
	arm[0] = xstrndup(end + 1, (size_t)(q - end - 1));
	arm[1] = xstrndup(q + 1, (size_t)(r - q - 1));
	x = k < na ? &a[k] : NULL;
	if (x && x->kind == ARG_VALUE)
		d = ((x->v & m) != 0) != neg;
	else if (x && (x->kind == ARG_BITS || x->kind >= 0) && (x->v & m))
		d = !neg;
	else if (x && x->kind == ARG_NONZERO && m == -1)
		d = !neg;
	if (d >= 0) {
		out = map_spec(arm[!d], a, na);
	} else {
		char *t = map_spec(arm[0], a, na), *e = map_spec(arm[1], a, na);

		if (!strcmp(t, e))
			out = xstrdup(t);
		else if (x && x->kind >= 0)
			out = xasprintf("(%sp%d&%lld?%s:%s)", neg ? "!" : "",
					x->kind, m, t, e);
		else
			out = xstrdup("?");
		free(t);
		free(e);
	}
	free(arm[0]);
	free(arm[1]);
	if (strlen(out) > 63) {
		free(out);
		out = xstrdup("?");
	}
	return out;
}

/*
 * A store's value spec as a call with arguments a[0..na) makes it, in
 * the caller's terms: "p2" of a constant 5 is "5", of the caller's own
 * parameter 1 "p1"; "p2|8" of 5 is "13"; a test "(p2&8?1:0)" of 9 is
 * "1"; unknown "?".
 */
static char *map_spec(const char *spec, const struct link_arg *a, int na)
{
	const struct link_arg *x;
	char *end;
	long k;
	long long m = 0;
	int rest = 0;

	if (spec[0] == '(')
		return map_test(spec, a, na);
	if (spec[0] != 'p')
		return xstrdup(spec);	/* "5", "m8", "?" */
	k = strtol(spec + 1, &end, 10);
	if (end == spec + 1 || k < 0)
		return xstrdup("?");
	if (*end == '&') {	/* "p2&K|?": its bits of K, others unknown */
		long long keep = strtoll(end + 1, &end, 10);

		x = k < na ? &a[k] : NULL;
		if (strcmp(end, "|?") || !x || x->kind == ARG_UNKNOWN ||
		    x->kind == ARG_NONZERO || x->kind == ARG_TEST ||
		    x->kind == ARG_MEMBER)
			return xstrdup("?");
		if (x->kind == ARG_VALUE || x->kind == ARG_BITS)
			return x->v & keep ? xasprintf("m%lld", x->v & keep) :
			       xstrdup("?");
		return xasprintf("p%d&%lld|?", x->kind, keep);
	}
	if (*end == '|') {
		if (end[1] == '?')
			rest = 1;
		else
			m = strtoll(end + 1, NULL, 10);
	}
	x = k < na ? &a[k] : NULL;
	if (!x || x->kind == ARG_UNKNOWN || x->kind == ARG_NONZERO ||
	    x->kind == ARG_TEST || x->kind == ARG_MEMBER)
		return m ? xasprintf("m%lld", m) : xstrdup("?");
	if (x->kind == ARG_VALUE)
		return rest ? (x->v ? xasprintf("m%lld", x->v) :
				      xstrdup("?")) :
		       xasprintf("%lld", x->v | m);
	if (x->kind == ARG_BITS)
		return xasprintf("m%lld", x->v | m);
	/* the caller's own parameter, maybe with bits of its own */
	if (rest)
		return xasprintf("p%d|?", x->kind);
	if (x->v | m)
		return xasprintf("p%d|%lld", x->kind, x->v | m);
	return xasprintf("p%d", x->kind);
}

/* What spec (in a caller's terms) says of the value: no parameters. */
static struct val eval(const char *spec)
{
	struct val v = { V_UNKNOWN, 0 };
	char *end;

	if (spec[0] == 'm' || spec[0] == 'k') {
		v.x = strtoll(spec + 1, &end, 10);
		if (end != spec + 1 && !*end && (v.x || spec[0] == 'k'))
			v.kind = spec[0] == 'm' ? V_BITS : V_KEEP;
	} else if (spec[0] != 'p' && spec[0] != '?') {
		v.x = strtoll(spec, &end, 10);
		if (end != spec && !*end)
			v.kind = V_EXACT;
	} else if (spec[0] == 'p' && (end = strchr(spec, '|')) &&
		   end[1] != '?') {
		v.x = strtoll(end + 1, NULL, 10);
		v.kind = v.x ? V_BITS : V_UNKNOWN;
	}
	return v;
}

/* The function (a fact_fn index) node n of a call is, or -1. */
static int fn_of(const struct link *lk, int n)
{
	if (n < lk->nhooks || n >= lk->nnodes)
		return -1;
	return lk->nodes[n].fn;
}

/* Each call's "&D" arguments, as objects of preds->objs. */
static void name_objects(struct link *lk)
{
	const struct facts *f = lk->f;

	for (int i = 0; i < f->ncalls; i++) {
		const char *s = f->calls[i].args;

		for (int k = 0; s && *s && k < lk->call_nargs[i]; k++) {
			size_t n = strcspn(s, ",{");

			if (*s == '&' && n > 1) {
				char *d = !strncmp(s + 1, "s@", 2) ?
					xasprintf("s%d@%.*s",
						  f->call_unit[i],
						  (int)n - 3, s + 3) :
					xstrndup(s + 1, n - 1);

				lk->call_args[i][k].obj =
					linkfield_intern(lk->preds, 'o', d,
							 strlen(d));
				free(d);
			}
			s += strcspn(s, ",");
			if (*s)
				s++;
		}
	}
}

void linkfield_known_read(struct link_preds *ps, const char *s,
			  struct link_arg *a, int na)
{
	for (int k = 0; s && *s && k < na; k++) {
		size_t n = strcspn(s, ",");
		const char *in = memchr(s, '{', n), *end = s + n;
		size_t m = in ? (size_t)(in - s) : n;
		char *after;
		long p;

		a[k].nknown = 0;
		/* "p1->T.m": a member of the caller's parameter 1 */
		if (a[k].kind == ARG_UNKNOWN && *s == 'p' &&
		    (p = strtol(s + 1, &after, 10)) >= 0 && p < 64 &&
		    after != s + 1 && after[0] == '-' && after[1] == '>' &&
		    after + 2 < s + m && memchr(after + 2, '.', (size_t)(s + m -
							     after - 2))) {
			a[k].kind = ARG_MEMBER;
			a[k].mparam = (int)p;
			a[k].mfield = linkfield_intern(ps, 'f', after + 2,
						       (size_t)(s + m - after -
								2));
		}
		/*
		 * "{T.m=V;T.n=W}": each a member and a decimal value; "T.*=a/b"
		 * a zeroed struct and the members named since.
		 */
		a[k].zfield = 0;
		for (in = in ? in + 1 : end; in < end && *in != '}';) {
			size_t m = strcspn(in, "=;},");
			long long v, bits;
			const char *amp;
			char *after2;

			if (in[m] != '=' || !m || !memchr(in, '.', m))
				break;
			if (m >= 2 && in[m - 1] == '*' && in[m - 2] == '.') {
				size_t w = m + 1 + strcspn(in + m + 1, "=;},");

				if (in[w] != ';' && in[w] != '}')
					break;
				a[k].zfield = linkfield_intern(ps, 'f', in, w);
				in += w + (in[w] == ';');
				continue;
			}
			v = strtoll(in + m + 1, &after, 10);
			if (after == in + m + 1 || (*after != ';' &&
						    *after != '}'))
				break;
			/* "T.m&6=2": only bits 6 known, a bit operation's */
			bits = 0;
			amp = memchr(in, '&', m);
			if (amp) {
				bits = strtoll(amp + 1, &after2, 10);
				if (after2 != in + m || !bits || amp == in)
					break;
			}
			if (a[k].nknown < LINK_KNOWN) {
				a[k].kfield[a[k].nknown] = linkfield_intern(
					ps, 'f', in,
					amp ? (size_t)(amp - in) : m);
				a[k].kbits[a[k].nknown] = bits;
				a[k].kval[a[k].nknown++] = bits ? v & bits : v;
			}
			in = *after == ';' ? after + 1 : after;
		}
		s = end;
		if (*s)
			s++;
	}
}

/*
 * Is field ("T.m") a member of the zeroed struct a names ("T.*=a/b")
 * that nothing named since?
 */
static int zeroed(const struct link *lk, const struct link_arg *a,
		  int field)
{
	const char *f = lk->preds->fields.v[field - 1];
	const char *z = lk->preds->fields.v[a->zfield - 1];
	const char *dot = strrchr(f, '.'), *l;
	size_t tag = dot ? (size_t)(dot - f + 1) : 0, m;

	if (!dot || strncmp(f, z, tag) || strncmp(z + tag, "*=", 2))
		return 0;
	m = strlen(dot + 1);
	for (l = z + tag + 2; *l; l += strcspn(l, "/") + (l[strcspn(l, "/")] ==
							 '/'))
		if (strcspn(l, "/") == m && !strncmp(l, dot + 1, m))
			return 0;	/* named */
	return 1;
}

int linkfield_value(const struct link *lk, const struct link_arg *a,
		    int field, long long *v)
{
	*v = 0;
	for (int i = 0; i < a->nknown; i++)
		if (a->kfield[i] == field) {
			*v = a->kval[i];
			return !a->kbits[i];	/* some bits: no value */
		}
	/* A member of a zeroed struct that nothing named since: 0. */
	return a->zfield && field > 0 && zeroed(lk, a, field);
}

int linkfield_known(const struct link *lk, const struct link_arg *a,
		    int field, char op, long long val)
{
	long long v;

	/*
	 * Some bits known: a test of bits decided when a tested bit is
	 * known set, or every tested bit known clear.
	 */
	for (int i = 0; i < a->nknown; i++)
		if (a->kfield[i] == field && a->kbits[i]) {
			if (op != '&')
				return -1;
			if (a->kval[i] & val)
				return 1;
			return val & ~a->kbits[i] ? -1 : 0;
		}
	if (!linkfield_value(lk, a, field, &v))
		return -1;
	if (op == 'i')
		return v >= 0 && v < 63 && ((unsigned long long)val >> v & 1);
	return op == '&' ? (v & val) != 0 : v == val;
}

/* Stores pass up: a call passing its caller's parameter as is. */
static int pass_up(struct link *lk, struct link_fields *lf)
{
	const struct facts *f = lk->f;
	int grew = 0;

	for (int i = 0; i < f->ncalls; i++) {
		int from = lk->call_from[i] >= 0 ?
			   fn_of(lk, lk->call_from[i]) : -1;
		int to = lk->call_target[i] >= 0 ?
			 fn_of(lk, lk->call_target[i]) : -1;
		const struct link_arg *a = lk->call_args[i];

		if (from < 0 || to < 0 || from == to)
			continue;
		for (int k = 0; k < lk->call_nargs[i]; k++) {
			if (a[k].kind < 0 || a[k].v)
				continue;
			for (int s = 0; s < lf->fn[to].n; s++) {
				const struct fstore *x = &lf->fn[to].v[s];

				if (x->param != k)
					continue;
				grew |= add_store(&lf->fn[from], a[k].kind,
						  x->field,
						  map_spec(x->spec, a,
							   lk->call_nargs[i]));
			}
		}
	}
	return grew;
}

static struct fvals *vals_of(struct link_fields *lf, int obj, int field,
			     int add)
{
	char key[32];
	int k;

	snprintf(key, sizeof(key), "%d:%d", obj, field);
	k = map_get(&lf->at, key);
	if (k < 0 && add) {
		ARRAY_GROW(lf->vals, lf->cap, lf->nvals + 1, 16);
		memset(&lf->vals[lf->nvals], 0, sizeof(*lf->vals));
		k = lf->nvals++;
		map_put(&lf->at, xstrdup(key), k);
	}
	return k < 0 ? NULL : &lf->vals[k];
}

/* Value v, once: the same value stored by many calls counts once. */
static void add_value(struct fvals *fv, struct val v)
{
	for (int k = 0; k < fv->n; k++)
		if (fv->v[k].kind == v.kind && fv->v[k].x == v.x)
			return;
	if (fv->n == MAX_VALUES)
		fv->over = 1;
	else
		fv->v[fv->n++] = v;
}

/* What each call passing "&D" to a function stores in D. */
static void object_values(struct link *lk, struct link_fields *lf)
{
	const struct facts *f = lk->f;

	for (int i = 0; i < f->ncalls; i++) {
		int to = lk->call_target[i] >= 0 ?
			 fn_of(lk, lk->call_target[i]) : -1;
		const struct link_arg *a = lk->call_args[i];

		for (int k = 0; to >= 0 && k < lk->call_nargs[i]; k++) {
			if (!a[k].obj)
				continue;
			for (int s = 0; s < lf->fn[to].n; s++) {
				const struct fstore *x = &lf->fn[to].v[s];
				struct fvals *fv;
				char *spec;

				if (x->param != k)
					continue;
				if (!x->field) {
					char key[16];

					snprintf(key, sizeof(key), "%d",
						 a[k].obj);
					if (map_get(&lf->wild, key) < 0)
						map_put(&lf->wild,
							xstrdup(key), 1);
					continue;
				}
				fv = vals_of(lf, a[k].obj, x->field, 1);
				spec = map_spec(x->spec, a, lk->call_nargs[i]);
				add_value(fv, eval(spec));
				free(spec);
			}
		}
	}
}

void linkfield_build(struct link *lk)
{
	const struct facts *f = lk->f;
	struct link_fields *lf = xcalloc(1, sizeof(*lf));
	int any = 0;

	lk->fields = lf;
	for (int i = 0; i < f->ncalls; i++)
		if (f->calls[i].args && (strchr(f->calls[i].args, '{') ||
					 strstr(f->calls[i].args, "->")))
			linkfield_known_read(lk->preds, f->calls[i].args,
					     lk->call_args[i],
					     lk->call_nargs[i]);
	lf->fn = xcalloc(f->nfns + 1, sizeof(*lf->fn));
	for (int i = 0; i < f->nfns; i++)
		if (f->fns[i].fields) {
			read_stores(lk, &lf->fn[i], f->fns[i].fields);
			any = 1;
		}
	if (!any)
		return;
	name_objects(lk);
	for (int r = 0; r < ROUNDS && pass_up(lk, lf); r++)
		;
	object_values(lk, lf);
}

void linkfield_free(struct link *lk)
{
	struct link_fields *lf = lk->fields;

	if (!lf)
		return;
	for (int i = 0; lk->f && i < lk->f->nfns; i++) {
		for (int k = 0; k < lf->fn[i].n; k++)
			free(lf->fn[i].v[k].spec);
		free(lf->fn[i].v);
	}
	free(lf->fn);
	free(lf->vals);
	map_free(&lf->at);
	map_free(&lf->wild);
	free(lf);
	lk->fields = NULL;
}

/* Does value v decide the test: 1, 0, or -1? */
static int decides(const struct val *v, char op, long long val)
{
	if (v->kind == V_EXACT)
		return op == '&' ? (v->x & val) != 0 : v->x == val;
	if (v->kind == V_BITS) {
		if (op == '&')
			return v->x & val ? 1 : -1;
		return v->x & ~val ? 0 : -1;
	}
	return -1;
}

int linkfield_decide(const struct link *lk, int obj, int field, char op,
		     long long val)
{
	const struct link_fields *lf = lk->fields;
	struct fvals *fv;
	char key[16];
	int d = -1, keeps = 0;
	long long keep = -1, known = -1;

	if (!lf || !lf->nvals)
		return -1;
	snprintf(key, sizeof(key), "%d", obj);
	if (map_get(&lf->wild, key) >= 0)
		return -1;
	fv = vals_of((struct link_fields *)lf, obj, field, 0);
	if (!fv || fv->over || !fv->n)
		return -1;
	for (int k = 0; k < fv->n; k++) {
		int e;

		if (fv->v[k].kind == V_KEEP) {
			keep &= fv->v[k].x;
			keeps = 1;
			continue;
		}
		e = decides(&fv->v[k], op, val);
		if (e < 0 || (d >= 0 && e != d))
			return -1;
		d = e;
		known &= fv->v[k].x;	/* EXACT or BITS: bits set */
	}
	/*
	 * Stores that keep some of the member's bits and may set others
	 * leave a bit test true when every value set a tested bit they
	 * all keep; nothing else.
	 */
	if (keeps)
		return d == 1 && op == '&' && (known & keep & val) ? 1 : -1;
	return d;
}
