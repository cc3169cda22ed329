/*
 * findings.c - what the rules report: collected per run, deduplicated
 * (a header's finding is the same finding in every unit that includes
 * it), filtered to a patch's added lines in review mode.
 */
#include "checker/check.h"
#include "checker/input/baseline.h"
#include "checker/input/patch.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int same_finding(const struct finding *a, const struct rule *rule,
			const char *file, unsigned line, unsigned col,
			const char *msg)
{
	return a->rule == rule && a->line == line && a->col == col &&
	       !strcmp(a->file, file) && !strcmp(a->message, msg);
}

void report(struct check_ctx *cx, const struct rule *rule,
	    const struct where *at, const char *key, const char *function,
	    const char *fmt, ...)
{
	struct findings *out = cx->out;
	struct finding *f;
	const char *file = at->file;
	va_list ap;
	char *msg;

	if (cx->only) {
		if (!at->rel || !added_has(cx->only, at->rel, at->line))
			return;
		file = added_name(cx->only, at->rel);
	}
	if (suppressed(cx, at, rule->id))
		return;
	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		die("out of memory");
	va_end(ap);
	for (int i = 0; i < out->n; i++) {
		if (same_finding(&out->v[i], rule, file, at->line, at->col,
				 msg)) {
			free(msg);
			return;
		}
	}
	f = finding_add(out, rule, file, at->line, at->col, msg);
	f->rel = at->rel ? xstrdup(at->rel) : NULL;
	f->function = xstrdup(function ? function : "");
	f->key = xstrdup(key ? key : "");
}

struct finding *finding_add(struct findings *out, const struct rule *rule,
			    const char *file, unsigned line, unsigned col,
			    char *message)
{
	struct finding *f;

	ARRAY_GROW(out->v, out->cap, out->n + 1, 32);
	f = &out->v[out->n++];
	memset(f, 0, sizeof(*f));
	f->rule = rule;
	f->file = xstrdup(file);
	f->line = line;
	f->col = col;
	f->message = message;
	return f;
}

void finding_relate(struct finding *x, const char *file, unsigned line,
		    unsigned col, const char *message)
{
	x->related = xrealloc(x->related,
			      (x->nrelated + 1) * sizeof(*x->related));
	x->related[x->nrelated].file = xstrdup(file);
	x->related[x->nrelated].line = line;
	x->related[x->nrelated].col = col;
	x->related[x->nrelated].message = xstrdup(message);
	x->nrelated++;
}

struct finding *last_finding(struct check_ctx *cx)
{
	return cx->out->n ? &cx->out->v[cx->out->n - 1] : NULL;
}

static int cmp_finding(const void *a, const void *b)
{
	const struct finding *x = a, *y = b;

	return finding_cmp(x->file, x->line, x->col, x->rule->id, y->file,
			   y->line, y->col, y->rule->id);
}

void findings_sort(struct findings *f, int from)
{
	if (f->n - from > 1)
		qsort(f->v + from, f->n - from, sizeof(*f->v), cmp_finding);
}

void findings_free(struct findings *f)
{
	for (int i = 0; i < f->n; i++) {
		free(f->v[i].file);
		free(f->v[i].rel);
		free(f->v[i].message);
		free(f->v[i].function);
		free(f->v[i].key);
		free(f->v[i].fix);
		for (int k = 0; k < f->v[i].nrelated; k++) {
			free(f->v[i].related[k].file);
			free(f->v[i].related[k].message);
		}
		free(f->v[i].related);
	}
	free(f->v);
	memset(f, 0, sizeof(*f));
}

/* The message without its line and column numbers (":12", ":12:5"). */
static char *lineless(const char *msg)
{
	struct sbuf sb = { 0 };

	for (const char *s = msg; *s; s++) {
		if (*s == ':' && s[1] >= '0' && s[1] <= '9') {
			s++;
			while (s[1] >= '0' && s[1] <= '9')
				s++;
			continue;
		}
		sb_addc(&sb, *s);
	}
	return sb.buf ? sb_detach(&sb) : xstrdup("");
}

void finding_fingerprint(const struct finding *x, char buf[17])
{
	char *msg = lineless(x->message);
	unsigned long long h = FNV64_INIT;

	h = fnv64_field(h, x->rule->id);
	h = fnv64_field(h, x->rel ? x->rel : x->file);
	h = fnv64_field(h, x->function ? x->function : "");
	h = fnv64_field(h, x->key ? x->key : "");
	h = fnv64_field(h, msg);
	free(msg);
	snprintf(buf, 17, "%016llx", h);
}

int findings_baseline(struct findings *f, int from, struct baseline *b)
{
	int fresh = 0;

	for (int i = from; i < f->n; i++) {
		struct finding *x = &f->v[i];
		char fp[17];

		finding_fingerprint(x, fp);
		x->state = baseline_take(b, x->rule->id, fp) ?
			   FINDING_UNCHANGED : FINDING_NEW;
		fresh += x->state == FINDING_NEW;
	}
	return fresh;
}

int findings_shown(const struct findings *f)
{
	int n = 0;

	for (int i = 0; i < f->n; i++)
		n += f->v[i].state != FINDING_UNCHANGED;
	return n;
}

void where_free(struct where *w)
{
	free(w->file);
	free(w->rel);
	free(w->macro);
	free(w->macro_def);
	memset(w, 0, sizeof(*w));
}

void note_at(const char *file, unsigned line, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	if (line)
		fprintf(stderr, "%s:%u:1: note: ", file, line);
	else
		fprintf(stderr, "%s: note: ", file);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int edit_distance(const char *a, const char *b)
{
	size_t n = strlen(a), m = strlen(b);
	int *row = xcalloc(m + 1, sizeof(int));
	int d;

	for (size_t j = 0; j <= m; j++)
		row[j] = j;
	for (size_t i = 1; i <= n; i++) {
		int diag = row[0];

		row[0] = i;
		for (size_t j = 1; j <= m; j++) {
			int up = row[j];
			int best = diag + (a[i - 1] != b[j - 1]);

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	d = row[m];
	free(row);
	return d;
}
