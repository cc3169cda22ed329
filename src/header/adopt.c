/*
 * adopt.c - the hand-written wrappers of a header, read from its tokens
 * (clang_tokenize lexes the #else branches the all-yes parse leaves
 * out), classified against the manifest, and cut out (adopt.h).
 */
#include "header/adopt.h"
#include "header/place.h"
#include "clang/pptokens.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static int ident(const char *s)
{
	return isalpha((unsigned char)s[0]) || s[0] == '_';
}

/* A declaration being read: its tokens' indexes in the file. */
struct decl {
	long start;		/* first token, -1 when between declarations */
	long paren, close;	/* its first top-level "(" and matching ")" */
	long prev_end;		/* last significant token before it */
	int assigns;		/* an "=" at its top level: no function */
};

/* The parameter names of the list between tokens open and close. */
static void param_names(const struct pp_tokens *pt, long open, long close,
			struct strv *out)
{
	int depth = 0;
	char *last = NULL;
	int count = 0;

	for (long k = open + 1; k <= close; k++) {
		char *s;

		if (pp_is_comment(pt, k))
			continue;
		s = pp_spelling(pt, k);
		if ((!strcmp(s, ",") && !depth) || k == close) {
			if (last && (count > 1 || strcmp(last, "void")))
				strv_push(out, last);
			free(last);
			last = NULL;
			count = 0;
		} else if (!strcmp(s, "(") || !strcmp(s, "[")) {
			depth++;
		} else if (!strcmp(s, ")") || !strcmp(s, "]")) {
			depth--;
		} else if (!depth && ident(s)) {
			free(last);
			last = xstrdup(s);
			count++;
		} else if (!depth) {
			count++;
		}
		free(s);
	}
	free(last);
}

/*
 * Is the body (tokens open+1 .. close-1) "[return] POINTER->M(params);"?
 * M, owned by the caller, or NULL.
 */
static char *plain_call(const struct pp_tokens *pt, long open, long close,
			const char *pointer, const struct strv *params)
{
	struct strv toks = { 0 };
	char *member = NULL;
	int i = 0;

	for (long k = open + 1; k < close; k++)
		if (!pp_is_comment(pt, k))
			strv_push_owned(&toks, pp_spelling(pt, k));
	if (i < toks.n && !strcmp(toks.v[i], "return"))
		i++;
	if (i + 3 < toks.n && !strcmp(toks.v[i], pointer) &&
	    !strcmp(toks.v[i + 1], "->") && ident(toks.v[i + 2]) &&
	    !strcmp(toks.v[i + 3], "(")) {
		int j = i + 4, ok = 1;

		for (int a = 0; a < params->n && ok; a++) {
			ok = j < toks.n && !strcmp(toks.v[j], params->v[a]);
			j++;
			if (ok && a + 1 < params->n)
				ok = j < toks.n && !strcmp(toks.v[j++], ",");
		}
		if (ok && j + 2 == toks.n && !strcmp(toks.v[j], ")") &&
		    !strcmp(toks.v[j + 1], ";"))
			member = xstrdup(toks.v[i + 2]);
	}
	strv_clear(&toks);
	return member;
}

static const struct hook *by_wrapper(const struct manifest *m,
				     const char *name)
{
	for (int i = 0; i < m->n; i++)
		if (!strcmp(m->hooks[i].wrapper, name))
			return &m->hooks[i];
	return NULL;
}

/* Does text name one of the symbols as a whole word? */
static int names_any(const char *text, const struct strv *syms)
{
	for (int i = 0; i < syms->n; i++) {
		size_t n = strlen(syms->v[i]);

		for (const char *s = text; (s = strstr(s, syms->v[i])); s += n)
			if ((s == text || !(isalnum((unsigned char)s[-1]) ||
					    s[-1] == '_')) &&
			    !(isalnum((unsigned char)s[n]) || s[n] == '_'))
				return 1;
	}
	return 0;
}

/* Which branch of the hook's options the line is in: 1 on, -1 off, 0. */
static int branch(const struct parsed *p, const struct hook *h,
		  unsigned line)
{
	struct strv atoms = { 0 };
	int on = 1, off = 0;

	guards_at(&p->conds, line, &atoms);
	for (int i = 0; i < atoms.n; i++) {
		const char *a = atoms.v[i];

		if (a[0] == '!' && strv_find(&h->guard, a + 1) >= 0)
			off = 1;
		else if (starts_with(a, "!(") && names_any(a, &h->guard))
			off = 1;	/* #else of #if defined(A) && ... */
		else if (strv_find(&h->guard, a) < 0)
			on = 0;
	}
	strv_clear(&atoms);
	return off ? -1 : on ? 1 : 0;
}

static void classify(const struct parsed *p, const struct table *t,
		     const struct manifest *m, const struct pp_tokens *pt,
		     const struct decl *d, long body, long end,
		     struct adopt_fn *f)
{
	struct strv params = { 0 };
	char *member;
	int where;

	f->hook = by_wrapper(m, f->name);
	if (!f->hook)
		return;
	where = branch(p, f->hook, f->first);
	if (!f->is_def) {
		if (f->hook->wrapper_def && where == 1)
			f->kind = ADOPT_PROTO;
		return;
	}
	if (where == -1) {
		f->kind = ADOPT_STUB;
		return;
	}
	param_names(pt, d->paren, d->close, &params);
	member = plain_call(pt, body, end, t->pointer, &params);
	strv_clear(&params);
	if (where == 1 && member && !strcmp(member, f->hook->member) &&
	    !f->hook->wrapper_def)
		f->kind = ADOPT_WRAPPER;
	else if (where == 1)
		f->conflict = xasprintf("it does more than call %s->%s() with "
					"its parameters", t->pointer,
					f->hook->member);
	else
		f->conflict = xasprintf("it sits outside the #ifdef and #else "
					"branches of the hook's options");
	free(member);
}

static struct adopt_fn *add(struct adoption *a, const struct pp_tokens *pt,
			    const struct decl *d, long end, int is_def)
{
	long name = d->paren - 1;
	struct adopt_fn *f;

	while (name > d->start && pp_is_comment(pt, name))
		name--;
	ARRAY_GROW(a->v, a->cap, a->n + 1, 32);
	f = &a->v[a->n++];
	memset(f, 0, sizeof(*f));
	f->name = pp_spelling(pt, name);
	f->first = pt->line[d->start];
	f->last = pt->line[end];
	f->is_def = is_def;
	/* Sharing a line with other code: cutting the lines would cut it. */
	if (d->prev_end >= 0 && pt->line[d->prev_end] == f->first)
		f->conflict = xstrdup("it shares its first line with other "
				      "code");
	return f;
}

void adopt_scan(const struct parsed *p, const struct table *t,
		const struct manifest *m, unsigned skip_from,
		unsigned skip_to, struct adoption *a)
{
	struct pp_tokens pt;
	size_t size;
	struct decl d = { -1, -1, -1, -1, 0 };
	int depth = 0, pdepth = 0, fn = 0;
	long body = -1, last_sig = -1;

	memset(a, 0, sizeof(*a));
	if (!clang_getFileContents(p->tu, p->file, &size))
		return;
	pp_tokenize(p->tu, clang_getRange(
			clang_getLocationForOffset(p->tu, p->file, 0),
			clang_getLocationForOffset(p->tu, p->file, size)), &pt);
	for (long i = 0; i < (long)pt.n; i++) {
		char *s;

		if (pt.end[i]) {	/* a directive */
			last_sig = pt.end[i] - 1;
			i = pt.end[i] - 1;
			continue;
		}
		if (pp_is_comment(&pt, i))
			continue;
		s = pp_spelling(&pt, i);
		if (depth) {
			if (!strcmp(s, "{"))
				depth++;
			else if (!strcmp(s, "}") && !--depth && fn) {
				struct adopt_fn *f;

				f = add(a, &pt, &d, i, 1);
				classify(p, t, m, &pt, &d, body, i, f);
				for (long k = body + 1; k < i; k++)
					if (!pt.end[k] && !pp_is_comment(&pt, k)) {
						char *w = pp_spelling(&pt, k);

						if (ident(w))
							strv_push_owned(&f->uses, w);
						else
							free(w);
					}
				d.start = -1;
				fn = 0;
			}
		} else if (d.start < 0 && !strcmp(s, ";")) {
			/* a stray ";" */
		} else {
			if (d.start < 0) {
				d.start = i;
				d.paren = d.close = -1;
				d.prev_end = last_sig;
				d.assigns = 0;
				pdepth = 0;
			}
			if (!strcmp(s, "(") && !pdepth++ && d.paren < 0)
				d.paren = i;
			else if (!strcmp(s, ")") && !--pdepth && d.close < 0)
				d.close = i;
			else if (!strcmp(s, "=") && !pdepth)
				d.assigns = 1;
			else if (!strcmp(s, "{")) {
				depth = 1;
				fn = d.paren > d.start && d.close > d.paren &&
				     !d.assigns;
				body = i;
			} else if (!strcmp(s, ";") && !pdepth) {
				if (d.paren > d.start && d.close > d.paren) {
					struct adopt_fn *f = add(a, &pt, &d, i, 0);

					classify(p, t, m, &pt, &d, -1, -1, f);
				}
				d.start = -1;
			}
		}
		free(s);
		last_sig = i;
	}
	pp_tokens_free(&pt);
	/* The region's own functions are the block's already. */
	for (int i = 0; skip_to && i < a->n; i++)
		if (a->v[i].first >= skip_from && a->v[i].last <= skip_to) {
			free(a->v[i].conflict);
			a->v[i].conflict = NULL;
			a->v[i].kind = ADOPT_KEPT;
			a->v[i].hook = NULL;
			a->v[i].ours = 1;
		}
}
