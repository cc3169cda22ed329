/*
 * adoptout.c - what --adopt does with the functions adopt.c classified:
 * the checks that refuse, the header without them, the notes (adopt.h).
 */
#include "header/adopt.h"
#include "header/place.h"

#include <stdio.h>
#include <string.h>

static const char *const kind_name[] = {
	[ADOPT_KEPT] = "kept",
	[ADOPT_WRAPPER] = "wrapper",
	[ADOPT_STUB] = "stub",
	[ADOPT_PROTO] = "prototype",
};

int adopt_count(const struct adoption *a)
{
	int n = 0;

	for (int i = 0; i < a->n; i++)
		n += a->v[i].kind != ADOPT_KEPT;
	return n;
}

/* Does the block define (or declare) name: "name(" after a blank? */
static int block_has(const char *block, const char *name)
{
	size_t n = strlen(name);

	for (const char *s = block; (s = strstr(s, name)); s += n)
		if (s > block && (s[-1] == ' ' || s[-1] == '*') && s[n] == '(')
			return 1;
	return 0;
}

static int conflicting(const struct adopt_fn *f)
{
	return f->conflict && (f->kind != ADOPT_KEPT || f->hook);
}

int adopt_check(const struct parsed *p, const struct adoption *a,
		const char *block, unsigned after)
{
	int n = 0;

	for (int i = 0; i < a->n; i++)
		n += conflicting(&a->v[i]);
	for (int i = 0; i < a->n; i++) {
		const struct adopt_fn *f = &a->v[i];
		char more[64] = "";

		if (conflicting(f)) {
			if (n > 1)
				snprintf(more, sizeof(more), " (%d functions "
					 "of the header are like it)", n);
			error_at(p->path, f->first, "%s() is a function the "
				 "generated block defines, but %s%s: adopting "
				 "it would change it; make it a plain wrapper "
				 "or stub, or rename it, then run again",
				 f->name, f->conflict, more);
			return -1;
		}
		if (f->kind != ADOPT_KEPT && !block_has(block, f->name)) {
			error_at(p->path, f->first, "%s() would be removed but "
				 "the generated block does not define it; "
				 "nothing was written", f->name);
			return -1;
		}
	}
	/* A kept function above the region cannot call one moved below. */
	for (int i = 0; after && i < a->n; i++) {
		const struct adopt_fn *f = &a->v[i];

		if (f->kind != ADOPT_KEPT || f->first > after)
			continue;
		for (int k = 0; k < a->n; k++) {
			const struct adopt_fn *g = &a->v[k];

			if (g->kind == ADOPT_KEPT || g->kind == ADOPT_PROTO ||
			    strv_find(&f->uses, g->name) < 0)
				continue;
			error_at(p->path, f->first, "%s() calls %s(), whose "
				 "definition would move below it into the "
				 "generated block (after line %u); move %s() "
				 "below the struct's #endif, then run again",
				 f->name, g->name, after, f->name);
			return -1;
		}
	}
	return 0;
}

struct lines {
	const char **at;	/* start of each line; at[n] = end of text */
	unsigned n;
};

static void split_lines(const char *text, struct lines *l)
{
	unsigned cap = 0;

	l->at = NULL;
	l->n = 0;
	for (const char *s = text;;) {
		const char *nl = strchr(s, '\n');

		ARRAY_GROW(l->at, cap, l->n + 2, 256);
		l->at[l->n++] = s;
		if (!nl || !nl[1]) {
			l->at[l->n] = nl ? nl + 1 : s + strlen(s);
			break;
		}
		s = nl + 1;
	}
}

/* Is line k (1-based) blank? */
static int blank(const struct lines *l, unsigned k)
{
	if (k < 1 || k > l->n)
		return 0;
	for (const char *s = l->at[k - 1]; s < l->at[k]; s++)
		if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
			return 0;
	return 1;
}

/* Drop the #if blocks that held removed functions and hold nothing now. */
static void drop_empty_blocks(const struct lines *l, const struct conds *c,
			      char *drop, const char *cut)
{
	struct cond_ranges r;
	int changed = 1;

	place_ranges(c, &r);
	while (changed) {
		changed = 0;
		for (int i = 0; i < r.n; i++) {
			const struct cond_range *b = &r.v[i];
			int empty = 1, held = 0;

			if (!b->close || b->close > l->n || drop[b->open])
				continue;
			for (unsigned k = b->open + 1; k < b->close && empty;
			     k++) {
				int directive = 0;

				for (int j = 0; j < c->n; j++)
					if (c->v[j].line == k)
						directive = 1;
				held |= cut[k];
				if (!drop[k] && !blank(l, k) && !directive)
					empty = 0;
			}
			if (!empty || !held)
				continue;
			for (unsigned k = b->open; k <= b->close; k++)
				drop[k] = 1;
			changed = 1;
		}
	}
	place_ranges_free(&r);
}

char *adopt_apply(const char *text, const struct adoption *a,
		  const struct conds *c, unsigned after)
{
	struct lines l;
	char *drop, *cut;
	struct sbuf sb = { 0 };

	split_lines(text, &l);
	drop = xcalloc(l.n + 2, 1);
	cut = xcalloc(l.n + 2, 1);
	for (int i = 0; i < a->n; i++) {
		const struct adopt_fn *f = &a->v[i];

		if (f->kind == ADOPT_KEPT)
			continue;
		for (unsigned k = f->first; k <= f->last && k <= l.n; k++)
			drop[k] = cut[k] = 1;
	}
	drop_empty_blocks(&l, c, drop, cut);
	/* Where lines were cut out, two blank lines become one. */
	for (unsigned k = 1, prev_blank = 0, gap = 0; k <= l.n; k++) {
		if (drop[k]) {
			gap = 1;
			continue;
		}
		if (!(gap && prev_blank && blank(&l, k)))
			sb_addn(&sb, l.at[k - 1], l.at[k] - l.at[k - 1]);
		prev_blank = blank(&l, k);
		gap = 0;
		if (k == after) {
			if (sb.len && sb.buf[sb.len - 1] != '\n')
				sb_addc(&sb, '\n');
			sb_add(&sb, "\n" GEN_BEGIN "\n" GEN_END "\n");
			prev_blank = 0;
		}
	}
	free(drop);
	free(cut);
	free(l.at);
	return sb_detach(&sb);
}

void adopt_report(const char *path, const struct adoption *a)
{
	int counts[4] = { 0 }, kept_defs = 0;

	for (int i = 0; i < a->n; i++) {
		const struct adopt_fn *f = &a->v[i];

		if (f->ours)
			continue;
		counts[f->kind]++;
		if (f->kind == ADOPT_KEPT) {
			if (!f->is_def)
				continue;
			kept_defs++;
			fprintf(stderr, "%s:%u: note: kept %s (not a function "
				"the generated block defines)\n", path,
				f->first, f->name);
		} else if (f->kind == ADOPT_STUB) {
			fprintf(stderr, "%s:%u: note: removed %s (stub of %s; "
				"regenerated)\n", path, f->first, f->name,
				f->hook->member);
		} else {
			fprintf(stderr, "%s:%u: note: removed %s (%s of %s; "
				"regenerated)\n", path, f->first, f->name,
				kind_name[f->kind], f->hook->member);
		}
	}
	fprintf(stderr, "%s: note: --adopt removed %d functions (%d wrappers, "
		"%d stubs, %d prototypes), all regenerated by the block; kept "
		"%d functions (and declarations: %d)\n", path,
		counts[ADOPT_WRAPPER] + counts[ADOPT_STUB] + counts[ADOPT_PROTO],
		counts[ADOPT_WRAPPER], counts[ADOPT_STUB], counts[ADOPT_PROTO],
		kept_defs, counts[ADOPT_KEPT] - kept_defs);
}

void adopt_free(struct adoption *a)
{
	for (int i = 0; i < a->n; i++) {
		free(a->v[i].name);
		free(a->v[i].conflict);
		strv_clear(&a->v[i].uses);
	}
	free(a->v);
	memset(a, 0, sizeof(*a));
}
