/*
 * check_stale_wrapper.c - stale-wrapper: the wrapper header's generated
 * region out of step with the struct.  The region is compared with what
 * "hookwrap gen-header" would write now, function by function: a hook
 * with no wrapper, a wrapper for no hook, a signature that differs, a
 * stub that disagrees with the defaults.  A header without the markers
 * is checked for one wrapper per hook only.  In a tree with no default
 * table (defaults_absent) nothing says what a stub should be: stub
 * bodies are compared only where stub.HOOK sets them, and the rest of
 * the region (the defaults' prototypes among it) not at all.  On a
 * tree whose hooks are dispatched out of line (a hook list, or 2.6.21
 * to 4.1's static table pointer) it is checked for each hook's
 * dispatcher, prototype and stub, before 4.2 its default and fixup
 * line, and from 4.2 to 5.6 its list head (header/hookparts.c).  On a
 * tree of the block (2.5.43 to 2.6.20) a hook also needs its default
 * and fixup line in security/dummy.c: said with its wrapper's finding,
 * or alone.
 */
#include "checker/check.h"
#include "core/ctext.h"
#include "header/genheader.h"
#include "header/hookparts.h"
#include "header/sigparts.h"
#include "checker/input/patch.h"
#include "checker/walk.h"

#include <errno.h>
#include <string.h>

const struct rule rule_stale_wrapper;

struct item {
	int stub;		/* in an #else branch: a CONFIG-off stub */
	char *name;
	char *sig;		/* up to the "{", white space squeezed */
	char *body;
	unsigned line;
};

struct items {
	struct item *v;
	int n, cap;
};

static char *fn_name(const char *sig)
{
	const char *p = strchr(sig, '('), *e;

	if (!p)
		return xstrdup("");
	while (p > sig && p[-1] == ' ')
		p--;
	e = p;
	while (p > sig && (p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z') ||
			   (p[-1] >= 'A' && p[-1] <= 'Z') ||
			   (p[-1] >= '0' && p[-1] <= '9')))
		p--;
	return xstrndup(p, e - p);
}

static void add_item(struct items *out, int stub, const char *text,
		     unsigned line)
{
	const char *brace = strchr(text, '{');
	char *sig = brace ? xstrndup(text, brace - text) : xstrdup(text);
	struct item *it;

	ARRAY_GROW(out->v, out->cap, out->n + 1, 64);
	it = &out->v[out->n++];
	it->stub = stub;
	it->sig = squeeze_space(sig);
	it->body = squeeze_space(brace ? brace : "");
	it->name = fn_name(it->sig);
	it->line = line;
	free(sig);
}

/* The static inline functions of a region, and the branch each is in. */
static void scan_items(const char *text, unsigned first_line,
		       struct items *out)
{
	int elses[64] = { 0 };
	int depth = 0, in_fn = 0, braces = 0, seen_brace = 0;
	unsigned line = first_line, fn_line = 0;
	struct sbuf fn = { 0 };
	const char *s = text;

	while (*s) {
		const char *e = strchr(s, '\n');
		size_t n = e ? (size_t)(e - s) : strlen(s);
		char *l = xstrndup(s, n);
		char *q = squeeze_space(l);

		if (!in_fn && q[0] == '#') {
			const char *d = q + 1 + strspn(q + 1, " ");

			if (starts_with(d, "if") && depth < 64)
				elses[depth++] = 0;
			else if ((starts_with(d, "else") ||
				  starts_with(d, "elif")) && depth)
				elses[depth - 1] = 1;
			else if (starts_with(d, "endif") && depth)
				depth--;
		} else if (!in_fn && starts_with(q, "static inline ")) {
			in_fn = 1;
			braces = seen_brace = 0;
			fn_line = line;
			sb_reset(&fn);
		}
		if (in_fn) {
			sb_add(&fn, l);
			sb_addc(&fn, ' ');
			for (char *c = l; *c; c++) {
				if (*c == '{') {
					braces++;
					seen_brace = 1;
				} else if (*c == '}') {
					braces--;
				}
			}
			if (seen_brace && braces <= 0) {
				int stub = 0;

				for (int i = 0; i < depth; i++)
					stub |= elses[i];
				add_item(out, stub, fn.buf, fn_line);
				in_fn = 0;
			}
		}
		free(q);
		free(l);
		line++;
		s = e ? e + 1 : s + n;
	}
	sb_free(&fn);
}

static void items_free(struct items *it)
{
	for (int i = 0; i < it->n; i++) {
		free(it->v[i].name);
		free(it->v[i].sig);
		free(it->v[i].body);
	}
	free(it->v);
}

static const struct item *find_item(const struct items *it, int stub,
				    const char *name)
{
	for (int i = 0; i < it->n; i++)
		if (it->v[i].stub == stub && !strcmp(it->v[i].name, name))
			return &it->v[i];
	return NULL;
}

static const struct hook *hook_of_wrapper(const struct manifest *m,
					  const char *name)
{
	for (int i = 0; i < m->n; i++)
		if (!strcmp(m->hooks[i].wrapper, name))
			return &m->hooks[i];
	return NULL;
}

struct stale {
	struct check_ctx *cx;
	const char *rel;	/* the wrapper header */
	char *shown;
	char *regen;		/* what fixes it */
	int found;
	int nodefaults;		/* the tree has no default table */
	struct hookparts dflt;	/* a tree of the block: each hook's default
				   and fixup line (hookparts.h, ERA_BLOCK) */
	int has_dflt;
	char *said;		/* per hook: its missing defaults were said */
	/* Hooks reported as changed: their wrappers not again, one by one. */
	const struct sigplan *changed;
};

static void at_line(struct stale *st, struct where *w, const char *rel,
		    unsigned line)
{
	memset(w, 0, sizeof(*w));
	w->rel = xstrdup(rel);
	if (!strcmp(st->cx->tree_shown, "."))
		w->file = xstrdup(rel);
	else
		w->file = path_join(st->cx->tree_shown, rel);
	w->line = line;
	w->col = 1;
}

/* A hook's "file:line" as a where. */
static void at_hook(struct stale *st, struct where *w, const struct hook *h)
{
	const char *colon = strrchr(h->where, ':');
	char *rel = colon ? xstrndup(h->where, colon - h->where) :
		    xstrdup(st->rel);

	at_line(st, w, rel, colon ? (unsigned)atoi(colon + 1) : 1);
	free(rel);
}

static void finding(struct stale *st, struct where *w, const char *key,
		    const char *what)
{
	report(st->cx, &rule_stale_wrapper, w, key, "",
	       "%s; %s", what, st->regen);
	where_free(w);
	st->found++;
}

/*
 * "hook 'H' has no wrapper W() in F", with ", no default ... in D" when
 * the hook lacks those too (then said).
 */
static char *no_wrapper(struct stale *st, const struct hook *h,
			const char *wrapper)
{
	int i = (int)(h - st->cx->m->hooks);
	char *msg = xasprintf("hook '%s' has no wrapper %s() in %s",
			      h->member, wrapper, st->rel);

	if (st->has_dflt && i < st->dflt.n && st->dflt.v[i].missing) {
		char *more = hookparts_missing(&st->dflt, &st->dflt.v[i]);
		char *both = xasprintf("%s, %s", msg, more);

		free(more);
		free(msg);
		msg = both;
		st->said[i] = 1;
	}
	return msg;
}

/*
 * The hooks whose missing defaults no wrapper finding said.  markers:
 * the header has the region; without it gen-header writes them only
 * with --adopt (or on a first run), which puts the block in place of
 * hand-written wrappers.
 */
static void defaults_left(struct stale *st, int markers)
{
	const struct manifest *m = st->cx->m;
	struct where w;

	for (int i = 0; st->has_dflt && i < m->n && i < st->dflt.n; i++) {
		int miss = st->dflt.v[i].missing;
		char *msg;

		if (!miss || st->said[i])
			continue;
		msg = hookparts_message(&st->dflt, &m->hooks[i],
					&st->dflt.v[i]);
		at_hook(st, &w, &m->hooks[i]);
		if (markers)
			report(st->cx, &rule_stale_wrapper, &w,
			       m->hooks[i].member, "", "%s; add %s with "
			       "'hookwrap gen-header --in-place %s'", msg,
			       miss & (miss - 1) ? "them" : "it",
			       st->cx->tree_shown);
		else
			report(st->cx, &rule_stale_wrapper, &w,
			       m->hooks[i].member, "", "%s; add %s by hand, "
			       "or with 'hookwrap gen-header --in-place "
			       "--adopt %s' (which also puts the generated "
			       "block in place of hand-written wrappers)", msg,
			       miss & (miss - 1) ? "them" : "it",
			       st->cx->tree_shown);
		where_free(&w);
		st->found++;
		free(msg);
	}
}

/* Is name a wrapper or stub of a hook reported as changed? */
static int reported(const struct stale *st, const char *name)
{
	for (int i = 0; st->changed && i < st->changed->n; i++)
		for (int k = 0; k < st->changed->v[i].n; k++)
			if ((st->changed->v[i].v[k].role == SP_WRAPPER ||
			     st->changed->v[i].v[k].role == SP_RSTUB) &&
			    !strcmp(st->changed->v[i].v[k].name, name))
				return 1;
	return 0;
}

static void compare(struct stale *st, const struct items *want,
		    const struct items *have, unsigned begin_line)
{
	const struct manifest *m = st->cx->m;
	const char *cfg = st->cx->t->config;
	struct where w;
	char *msg;

	for (int i = 0; i < want->n; i++) {
		const struct item *e = &want->v[i];
		const struct item *a = find_item(have, e->stub, e->name);
		const struct hook *h = hook_of_wrapper(m, e->name);
		const char *kind = e->stub ? "stub" : "wrapper";

		if (!a && e->stub && !find_item(have, 0, e->name))
			continue;	/* no wrapper either: reported once */
		if (!a) {
			if (!e->stub && h) {
				at_hook(st, &w, h);
				msg = no_wrapper(st, h, e->name);
			} else {
				at_line(st, &w, st->rel, begin_line);
				msg = xasprintf("%s() has no stub for !%s",
						e->name, cfg);
			}
		} else if (strcmp(a->sig, e->sig) && reported(st, e->name)) {
			continue;
		} else if (strcmp(a->sig, e->sig)) {
			at_line(st, &w, st->rel, a->line);
			msg = xasprintf("%s %s() has signature '%s', the hook "
					"says '%s'", kind, e->name, a->sig,
					e->sig);
		} else if (e->stub && st->nodefaults && (!h ||
			   !override_get(&st->cx->t->stub, h->member))) {
			continue;	/* no table says what it should be */
		} else if (strcmp(a->body, e->body)) {
			at_line(st, &w, st->rel, a->line);
			if (e->stub)
				msg = xasprintf("stub %s() disagrees with the "
						"defaults: it does '%s', the "
						"defaults say '%s'", e->name,
						a->body, e->body);
			else
				msg = xasprintf("wrapper %s() does '%s', not "
						"'%s'", e->name, a->body,
						e->body);
		} else {
			continue;
		}
		finding(st, &w, e->name, msg);
		free(msg);
	}
	for (int i = 0; i < have->n; i++) {
		const struct item *a = &have->v[i];

		if (find_item(want, a->stub, a->name))
			continue;
		at_line(st, &w, st->rel, a->line);
		msg = xasprintf("%s %s() wraps no hook of struct %s",
				a->stub ? "stub" : "wrapper", a->name,
				st->cx->t->struct_name);
		finding(st, &w, a->name, msg);
		free(msg);
	}
}

/* The first line where two texts differ, counting from 1. */
static unsigned first_difference(const char *a, const char *b)
{
	unsigned line = 1;

	while (*a && *a == *b) {
		if (*a == '\n')
			line++;
		a++;
		b++;
	}
	return line;
}

/*
 * The lines of h's declaration (its LSM_HOOK line, or its struct member,
 * with their continuation lines) in the tree as checked: *first, *last.
 */
static void hook_extent(const struct stale *st, const struct hook *h,
			char **rel, unsigned *first, unsigned *last)
{
	const struct check_ctx *cx = st->cx;
	const char *colon = strrchr(h->where, ':');
	char *path, *text;
	const char *p;
	int depth = 0, opened = 0;

	*rel = colon ? xstrndup(h->where, colon - h->where) : xstrdup(st->rel);
	*first = *last = colon ? (unsigned)atoi(colon + 1) : 1;
	path = path_join(cx->shadow ? cx->shadow : cx->tree, *rel);
	text = read_file(path, NULL);
	free(path);
	if (!text)
		return;
	p = text;
	for (unsigned l = 1; l < *first && p; l++)
		p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL;
	for (; p && *p; p++) {
		if (*p == '\n')
			++*last;
		else if (*p == '(')
			depth = (opened = 1, depth + 1);
		else if (*p == ')' && !--depth && cx->t->hook_macro &&
			 starts_with(h->where, cx->t->hook_list ?
				     cx->t->hook_list : ""))
			break;		/* the X-macro line ends here */
		else if (*p == ';' && !depth && opened)
			break;
	}
	free(text);
}

/*
 * Where the finding about a changed hook goes: in review mode the first
 * line of its declaration the patch adds (else that of a listed piece),
 * else its declaration's first line.
 */
static void sig_where(struct stale *st, const struct hook *h,
		      const struct sp_hook *sh, struct where *w)
{
	const struct check_ctx *cx = st->cx;
	unsigned first, last;
	char *rel;

	hook_extent(st, h, &rel, &first, &last);
	if (cx->only) {
		for (unsigned l = first; l <= last; l++)
			if (added_has(cx->only, rel, l)) {
				at_line(st, w, rel, l);
				free(rel);
				return;
			}
		for (int i = 0; sh && i < sh->n; i++)
			if (added_has(cx->only, sh->v[i].rel, sh->v[i].line)) {
				at_line(st, w, sh->v[i].rel, sh->v[i].line);
				free(rel);
				return;
			}
	}
	at_line(st, w, rel, first);
	free(rel);
}

/* In review mode: the hooks whose declaration the patch changes. */
static int *touched_hooks(struct stale *st, int *n)
{
	const struct check_ctx *cx = st->cx;
	int *v = xcalloc(cx->m->n + 1, sizeof(int));

	*n = 0;
	for (int i = 0; cx->only && i < cx->m->n; i++) {
		unsigned first, last;
		char *rel;

		hook_extent(st, &cx->m->hooks[i], &rel, &first, &last);
		for (unsigned l = first; l <= last; l++)
			if (added_has(cx->only, rel, l)) {
				v[(*n)++] = i;
				break;
			}
		free(rel);
	}
	return v;
}

/*
 * Hooks whose signature changed (header/sigparts.h): one finding each,
 * naming the pieces and the implementations that still take the old
 * parameters.  sp: the plan, its pieces found; the implementations are
 * looked for here, for its hooks and for those the patch changes.
 */
static void signatures(struct stale *st, struct sigplan *sp,
		       enum parts_era era, const int *touched, int nt)
{
	struct check_ctx *cx = st->cx;
	struct where w;

	if ((sp->n || nt) && sigplan_impls(sp, cx->t, cx->m, cx->tree,
					   cx->shadow, touched, nt)) {
		cx->failed = 1;
		return;
	}
	for (int i = 0; i < sp->n; i++) {
		const struct hook *h = &cx->m->hooks[sp->v[i].hook];
		char *msg = sigplan_message(&sp->v[i], cx->m, cx->tree_shown,
					    era);

		if (!msg)
			continue;
		sig_where(st, h, &sp->v[i], &w);
		report(cx, &rule_stale_wrapper, &w, h->member, "", "%s", msg);
		where_free(&w);
		st->found++;
		free(msg);
	}
}

/*
 * A tree without the markers whose hooks are dispatched out of line (a
 * hook list, Linux 4.2 on; a static table pointer, 2.6.21 to 4.1): its
 * maintainers write the dispatchers, their prototypes and stubs by
 * hand, and before 4.2 each hook's default and fixup line.  A hook is
 * complete when it has a dispatcher (whatever its name) and, unless
 * that is static, a prototype and a CONFIG-off stub of it, and its
 * default and fixup line where the tree has a fixup macro.  What is
 * missing is reported at the hook's line of the hook list or the
 * struct, which is the line a patch adding the hook adds.
 */
static void hand_maintained(struct stale *st, enum parts_era era)
{
	const struct check_ctx *cx = st->cx;
	const struct manifest *m = cx->m;
	struct hookparts hp;
	struct where w;

	if (hookparts_read(&hp, cx->t, m, cx->shadow ? cx->shadow : cx->tree,
			   era)) {
		hookparts_free(&hp);
		st->cx->failed = 1;
		return;
	}
	for (int i = 0; i < m->n && i < hp.n; i++) {
		const struct hook *h = &m->hooks[i];
		const struct hookpart *p = &hp.v[i];
		char *msg;

		if (!p->missing)
			continue;
		msg = hookparts_message(&hp, h, p);
		at_hook(st, &w, h);
		report(st->cx, &rule_stale_wrapper, &w, h->member, "",
		       "%s; add %s with 'hookwrap gen-header --in-place %s'",
		       msg, (p->missing & (p->missing - 1)) ? "them" : "it",
		       cx->tree_shown);
		where_free(&w);
		st->found++;
		free(msg);
	}
	{
		struct sigplan sp;
		int nt, *touched = touched_hooks(st, &nt);

		sigplan_parts(&sp, cx->t, m, &hp, touched, nt);
		signatures(st, &sp, era, touched, nt);
		sigplan_free(&sp);
		free(touched);
	}
	hookparts_free(&hp);
}

/*
 * A header with the generated region (its lines begin..end) or without
 * (0, 0: hand-written wrappers, 2.5.43 to 2.6.20): the hooks whose
 * wrappers, or whose hand-written functions, take other parameters.
 * The plan is returned, for compare() to leave those wrappers alone.
 */
static struct sigplan block_signatures(struct stale *st, const char *text,
				       unsigned begin, unsigned end)
{
	struct sigplan sp;
	int nt, *touched = touched_hooks(st, &nt);

	sigplan_block(&sp, st->cx->t, st->cx->m, st->rel, text, begin, end);
	signatures(st, &sp, ERA_BLOCK, touched, nt);
	free(touched);
	if (!begin)
		sigplan_free(&sp);
	return sp;
}

/* Without its wrappers file a hook-list tree is checked as any other. */
static int wrappers_file_exists(const struct check_ctx *cx)
{
	char *path = path_join(cx->shadow ? cx->shadow : cx->tree,
			       cx->t->wrappers.v[0]);
	int yes = file_exists(path);

	free(path);
	return yes;
}

/* No markers: one wrapper per hook, a name in a comment being none. */
static void markerless(struct stale *st, const char *text)
{
	const struct manifest *m = st->cx->m;
	char *code = ctext_blank_comments(text, strlen(text));
	struct where w;

	for (int i = 0; i < m->n; i++) {
		const struct hook *h = &m->hooks[i];
		char *pat;

		if (text_has_word(code, strlen(code), h->wrapper))
			continue;
		at_hook(st, &w, h);
		pat = no_wrapper(st, h, h->wrapper);
		finding(st, &w, h->member, pat);
		free(pat);
	}
	free(code);
}

static void on_tree(struct check_ctx *cx)
{
	const struct table *t = cx->t;
	struct stale st = { .cx = cx, .rel = t->output ? t->output : t->header };
	const char *top = cx->shadow ? cx->shadow : cx->tree;
	char *path = path_join(top, st.rel);
	size_t len;
	char *text = read_file(path, &len);
	char *begin, *end, *block;
	unsigned begin_line = 1;
	struct sigplan sp_block;

	if (!text) {
		error_at(path, 0, "cannot read the wrapper header: %s",
			 strerror(errno));
		free(path);
		return;
	}
	if (reject_binary(path, text, len)) {
		cx->failed = 1;
		free(text);
		free(path);
		return;
	}
	st.nodefaults = defaults_absent(t, top);
	st.regen = xasprintf("regenerate with 'hookwrap gen-header --in-place "
			     "%s'", cx->tree_shown);
	begin = strstr(text, GEN_BEGIN);
	end = begin ? strstr(begin, GEN_END) : NULL;
	if ((begin && end) || hookparts_era(t, cx->m) == ERA_BLOCK) {
		if (hookparts_read(&st.dflt, t, cx->m, top, ERA_BLOCK))
			cx->failed = 1;
		else
			st.has_dflt = 1;
		st.said = xcalloc(cx->m->n + 1, 1);
	}
	if (!begin || !end) {
		free(st.regen);
		st.regen = xasprintf("put the markers '%s' and '%s' around the "
				     "wrappers, then regenerate with 'hookwrap "
				     "gen-header --in-place %s'", GEN_BEGIN,
				     GEN_END, cx->tree_shown);
		enum parts_era era = hookparts_era(t, cx->m);

		if (era != ERA_BLOCK && wrappers_file_exists(cx)) {
			hand_maintained(&st, era);
		} else {
			markerless(&st, text);
			block_signatures(&st, text, 0, 0);
		}
	} else {
		struct items want = { 0 }, have = { 0 };
		unsigned end_line;
		char *actual;

		for (char *p = text; p < begin; p++)
			begin_line += *p == '\n';
		end += strlen(GEN_END);
		actual = xstrndup(begin, end - begin);
		end_line = begin_line;
		for (char *p = actual; *p; p++)
			end_line += *p == '\n';
		sp_block = block_signatures(&st, text, begin_line, end_line);
		st.changed = &sp_block;
		block = genheader_block(t, cx->m);
		/* The block ends with a newline after the end marker. */
		if (strncmp(actual, block, strlen(actual))) {
			struct where w;
			unsigned before;

			scan_items(block, 1, &want);
			scan_items(actual, begin_line, &have);
			compare(&st, &want, &have, begin_line);
			before = st.found;
			if (!before && !st.nodefaults) {
				char *msg;

				at_line(&st, &w, st.rel, begin_line - 1 +
					first_difference(actual, block));
				msg = xasprintf("the generated region differs "
						"from what gen-header writes "
						"(comments or declarations)");
				finding(&st, &w, "region", msg);
				free(msg);
			}
		}
		items_free(&want);
		items_free(&have);
		free(actual);
		free(block);
		sigplan_free(&sp_block);
	}
	defaults_left(&st, begin && end);
	hookparts_free(&st.dflt);
	free(st.said);
	free(st.regen);
	free(text);
	free(path);
}

const struct rule rule_stale_wrapper = {
	.id = "stale-wrapper",
	.name = "StaleWrapper",
	.summary = "The wrapper header's generated region is out of step "
		   "with the ops struct",
	.help = "Every hook of the struct has a static inline wrapper and a "
		"stub for the table configured out, generated from the struct "
		"and the default tables.  When the struct changes (a hook "
		"added, removed or retyped) or the defaults change, the "
		"generated region must be regenerated, or callers see the old "
		"signatures and the configured-out kernel the old defaults.  "
		"Run the command in the message; never edit the region by "
		"hand.",
	.on_tree = on_tree,
};
