/*
 * sigreport.c - a changed hook's implementations added to the plan,
 * and the plan said: the finding check reports at the hook, the notes
 * gen-header prints (sigparts.h).
 */
#include "header/sigparts.h"

#include <stdlib.h>
#include <string.h>

static int listed(const struct sp_hook *sh, const char *name,
		  const char *rel, unsigned line)
{
	for (int i = 0; i < sh->n; i++)
		if (!strcmp(sh->v[i].name, name) && !strcmp(sh->v[i].rel, rel) &&
		    sh->v[i].line == line)
			return 1;
	return 0;
}

static void add_impl(struct sp_hook *sh, const struct impl *x, char *old)
{
	struct sp_item *it;

	ARRAY_GROW(sh->v, sh->cap, sh->n + 1, 4);
	it = &sh->v[sh->n++];
	memset(it, 0, sizeof(*it));
	it->role = SP_IMPL;
	it->hand = 1;
	it->name = xstrdup(x->fn);
	it->rel = xstrdup(x->def_rel ? x->def_rel : x->reg_rel);
	it->line = x->def_rel ? x->def_line : x->reg_line;
	it->old = old;
	it->reg = xasprintf("%s:%u", x->reg_rel, x->reg_line);
	if (!x->def_rel)
		it->why = xstrdup("its definition was not found");
}

int sigplan_impls(struct sigplan *sp, const struct table *t,
		  const struct manifest *m, const char *root,
		  const char *overlay, const int *extra, int nextra)
{
	int *want = xcalloc(sp->n + nextra + 1, sizeof(int));
	int nwant = 0;
	struct impls im;

	for (int i = 0; i < sp->n; i++)
		want[nwant++] = sp->v[i].hook;
	for (int i = 0; i < nextra; i++) {
		int dup = 0;

		for (int k = 0; k < nwant; k++)
			dup |= want[k] == extra[i];
		if (!dup)
			want[nwant++] = extra[i];
	}
	if (!nwant) {
		free(want);
		return 0;
	}
	if (implscan(t, m, root, overlay, want, nwant, &im)) {
		impls_free(&im);
		free(want);
		return -1;
	}
	for (int i = 0; i < im.n; i++) {
		const struct impl *x = &im.v[i];
		const struct hook *h = &m->hooks[x->hook];
		struct cparam *hp;
		int hn, same = 0;
		char *ret = csig_type(h->ret);
		struct sp_hook *sh;

		csig_hook_params(h, &hp, &hn);
		if (x->def_rel && x->sig.n == hn &&
		    csig_same_type(x->sig.ret, ret)) {
			same = 1;
			for (int k = 0; k < hn; k++)
				same &= csig_same_type(x->sig.p[k].type,
						       hp[k].type);
		}
		cparams_free(hp, hn);
		free(ret);
		sh = sigplan_hook(sp, m, x->hook, !same);
		if (!sh)
			continue;
		sh->regs++;
		if (same || listed(sh, x->fn, x->def_rel ? x->def_rel :
				   x->reg_rel, x->def_rel ? x->def_line :
				   x->reg_line))
			continue;
		add_impl(sh, x, x->def_rel ? csig_list_text(x->sig.p, x->sig.n) :
			 xstrdup(""));
	}
	for (int i = 0; i < sp->n; i++) {
		sp->v[i].impls_read = 1;
		sp->v[i].files = im.files;
	}
	impls_free(&im);
	free(want);
	return 0;
}

static const char *role_text(enum sp_role r, int its)
{
	switch (r) {
	case SP_PROTO:
		return its ? "its prototype" : "the prototype of ";
	case SP_STUB:
		return its ? "its CONFIG-off stub" : "the CONFIG-off stub of ";
	case SP_DEFAULT:
		return "the default ";
	case SP_WRAPPER:
		return "the generated wrapper ";
	case SP_RSTUB:
		return its ? "its generated stub" : "the generated stub ";
	default:
		return "";
	}
}

/* "the prototype of security_x()", or "its prototype" after prev. */
static char *label(const struct sp_item *it, const struct sp_item *prev)
{
	int its = prev && prev != it && !strcmp(prev->name, it->name) &&
		  (it->role == SP_PROTO || it->role == SP_STUB ||
		   it->role == SP_RSTUB);

	return its ? xstrdup(role_text(it->role, 1)) :
	       xasprintf("%s%s()", role_text(it->role, 0), it->name);
}

static int in_group(const struct sp_item *it, int group)
{
	switch (group) {
	case 0:		/* gen-header's */
		return !it->hand && it->role != SP_IMPL;
	case 1:		/* hand pieces */
		return it->hand && it->role != SP_IMPL;
	case 2:		/* implementations, found */
		return it->role == SP_IMPL && !it->why;
	default:	/* implementations, their definition not found */
		return it->role == SP_IMPL && it->why;
	}
}

/* "A at F:L and B at F:L take OLD; C at F:L takes OLD2" */
static int run_text(struct sbuf *sb, const struct sp_hook *sh, int group)
{
	const struct sp_item *prev = NULL;
	int count = 0;

	for (int i = 0; i < sh->n; i++) {
		const struct sp_item *it = &sh->v[i];
		char *l;
		int k, more;

		if (!in_group(it, group))
			continue;
		for (k = i + 1; k < sh->n && !in_group(&sh->v[k], group); k++)
			;
		more = k < sh->n && !strcmp(sh->v[k].old, it->old);
		l = label(it, prev);
		if (count && prev && !strcmp(prev->old, it->old))
			sb_add(sb, more ? ", " : " and ");
		else if (count)
			sb_add(sb, "; ");
		sb_addf(sb, "%s at %s:%u", l, it->rel, it->line);
		free(l);
		if (!more) {
			int n = 1;

			for (int j = i - 1; j >= 0; j--) {
				if (!in_group(&sh->v[j], group))
					continue;
				if (strcmp(sh->v[j].old, it->old))
					break;
				n++;
			}
			sb_addf(sb, " take%s %s", n > 1 ? "" : "s", it->old);
		}
		prev = it;
		count++;
	}
	return count;
}

char *sigplan_message(const struct sp_hook *sh, const struct manifest *m,
		      const char *tree_shown, enum parts_era era)
{
	struct sbuf sb = { 0 };
	int n;

	if (!sh->n)
		return NULL;
	sb_addf(&sb, "hook '%s' takes %s", m->hooks[sh->hook].member,
		sh->want);
	sb_add(&sb, ": ");
	n = 0;
	{
		struct sbuf g = { 0 };
		int c = run_text(&g, sh, 0);

		if (c) {
			sb_addf(&sb, "%s, %s %s with 'hookwrap gen-header "
				"--in-place %s'", g.buf, era == ERA_BLOCK ?
				"regenerate" : "update", c > 1 ? "them" : "it",
				tree_shown);
			n++;
		}
		sb_free(&g);
	}
	for (int i = 0; i < sh->n; i++) {
		const struct sp_item *it = &sh->v[i];
		char *l;

		if (!in_group(it, 1))
			continue;
		l = label(it, NULL);
		sb_addf(&sb, "%s%s at %s:%u takes %s and %s: update it by hand",
			n++ ? "; " : "", l, it->rel, it->line, it->old,
			it->why);
		free(l);
	}
	{
		struct sbuf g = { 0 };
		int c = run_text(&g, sh, 2);

		if (c)
			sb_addf(&sb, "%sits implementation%s %s, update %s by "
				"hand", n++ ? "; " : "", c > 1 ? "s" : "",
				g.buf, c > 1 ? "them" : "it");
		sb_free(&g);
	}
	for (int i = 0; i < sh->n; i++) {
		const struct sp_item *it = &sh->v[i];

		if (in_group(it, 3))
			sb_addf(&sb, "%s%s() is registered for it at %s, but "
				"%s: check it by hand", n++ ? "; " : "",
				it->name, it->reg, it->why);
	}
	return sb_detach(&sb);
}

void sigplan_notes(const struct sigplan *sp, const struct manifest *m,
		   const char *tree, enum parts_era era)
{
	for (int i = 0; i < sp->n; i++) {
		const struct sp_hook *sh = &sp->v[i];
		const struct hook *h = &m->hooks[sh->hook];
		const char *colon = strrchr(h->where, ':');
		char *hrel = colon ? xstrndup(h->where, colon - h->where) :
			     xstrdup(h->where);
		char *hpath = path_join(tree, hrel);
		int done = 0, left = 0, impls = 0;

		for (int k = 0; k < sh->n; k++) {
			const struct sp_item *it = &sh->v[k];
			char *path = path_join(tree, it->rel), *l;

			l = label(it, NULL);
			if (in_group(it, 0)) {
				fprintf(stderr, "%s:%u: note: %s took %s; %s "
					"for hook '%s'\n", path, it->line, l,
					it->old, era == ERA_BLOCK ?
					"regenerated" : "updated", h->member);
				done++;
			} else if (in_group(it, 1)) {
				fprintf(stderr, "%s:%u: note: %s takes %s and "
					"%s: left as it is; update it by hand "
					"for hook '%s', which takes %s\n", path,
					it->line, l, it->old, it->why,
					h->member, sh->want);
				left++;
			} else if (in_group(it, 2)) {
				fprintf(stderr, "%s:%u: note: %s implements "
					"hook '%s' (registered at %s) and "
					"takes %s: update it by hand to %s\n",
					path, it->line, l, h->member, it->reg,
					it->old, sh->want);
				impls++;
			} else {
				fprintf(stderr, "%s:%u: note: %s is "
					"registered for hook '%s' here, but "
					"%s: check it by hand\n", path,
					it->line, l, h->member, it->why);
				impls++;
			}
			free(l);
			free(path);
		}
		fprintf(stderr, "%s:%s: note: hook '%s' takes %s: %d piece%s "
			"%s, %d left to update by hand; ", hpath,
			colon ? colon + 1 : "0", h->member, sh->want, done,
			done == 1 ? "" : "s", era == ERA_BLOCK ? "regenerated" :
			"updated", left);
		if (sh->regs)
			fprintf(stderr, "%d of its %d implementation%s to "
				"update by hand (%d C files read)\n", impls,
				sh->regs, sh->regs == 1 ? "" : "s", sh->files);
		else
			fprintf(stderr, "no implementation registered (%d C "
				"files read)\n", sh->files);
		free(hpath);
		free(hrel);
	}
}
