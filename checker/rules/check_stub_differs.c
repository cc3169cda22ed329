/*
 * check_stub_differs.c - stub-differs: a CONFIG-off stub the tree's
 * header has, written by hand, that is likely wrong: it calls a default
 * implementation with the hook's parameters out of order (2.6.39's and
 * 3.19's task_prctl stub passed arg3 twice), or returns what the hook's
 * type cannot.  A stub that only differs from the one the defaults give
 * (the default table, or the hook list's DEFAULT) is meant more often
 * than not (6.12's -EOPNOTSUPP, *secid = 0): the manifest keeps the
 * tree's (src/manifest/treestubs.c) and notes it, and this rule reports
 * it only when asked (check --all-stubs).
 */
#include "checker/check.h"
#include "manifest/treestubs.h"

#include <ctype.h>
#include <errno.h>
#include <string.h>

const struct rule rule_stub_differs;

/* The identifier at s (s[0] starts one), copied; *end after it. */
static char *ident_at(const char *s, const char **end)
{
	const char *e = s;

	while (isalnum((unsigned char)*e) || *e == '_')
		e++;
	*end = e;
	return xstrndup(s, e - s);
}

/* The arguments of the call whose '(' is at s, trimmed; -1 unclosed. */
static int call_args(const char *s, struct strv *args)
{
	int depth = 0;
	const char *a = s + 1;

	for (const char *p = s; *p; p++) {
		if (*p == '(' || *p == '[' || *p == '{')
			depth++;
		else if (*p == ')' || *p == ']' || *p == '}')
			depth--;
		if ((*p == ',' && depth == 1) || depth == 0) {
			char *arg = xstrndup(a, p - a);

			strv_push_owned(args, squeeze_space(arg));
			free(arg);
			a = p + 1;
			if (!depth)
				return 0;
		}
	}
	return -1;
}

static int param_index(const struct hook *h, const char *name)
{
	for (int i = 0; i < h->nparams; i++)
		if (!strcmp(h->params[i].name, name))
			return i;
	return -1;
}

/* Is name the default implementation of some hook? */
static int is_default(const struct manifest *m, const char *name)
{
	for (int i = 0; i < m->n; i++)
		if (m->hooks[i].dflt && !strcmp(m->hooks[i].dflt, name))
			return 1;
	return 0;
}

/*
 * A call of a default implementation in the stub whose arguments that
 * are the hook's parameters do not come in the parameters' order, each
 * once: why, or NULL.
 */
static char *default_misuse(const struct manifest *m, const struct hook *h,
			    const char *body)
{
	for (const char *s = body; *s; s++) {
		const char *e, *p;
		char *name, *why = NULL;
		struct strv args = { 0 };
		int last = -1, last_at = -1;

		if (!(isalpha((unsigned char)*s) || *s == '_') ||
		    (s > body && (isalnum((unsigned char)s[-1]) ||
				  s[-1] == '_')))
			continue;
		name = ident_at(s, &e);
		for (p = e; *p == ' '; p++)
			;
		if (*p != '(' || !is_default(m, name) ||
		    call_args(p, &args)) {
			free(name);
			strv_clear(&args);
			s = e - 1;
			continue;
		}
		for (int i = 0; i < args.n && !why; i++) {
			int k = param_index(h, args.v[i]);

			if (k < 0)
				continue;	/* an expression: not judged */
			if (k == last)
				why = xasprintf("calls %s() with '%s' twice "
						"(arguments %d and %d)", name,
						args.v[i], last_at + 1, i + 1);
			else if (k < last)
				why = xasprintf("calls %s() with '%s' after "
						"'%s', out of the hook's order",
						name, args.v[i],
						h->params[last].name);
			last = k;
			last_at = i;
		}
		free(name);
		strv_clear(&args);
		if (why)
			return why;
		s = e - 1;
	}
	return NULL;
}

/* "return X;" where the hook's type cannot be X: why, or NULL. */
static char *bad_return(const struct hook *h, const char *body)
{
	const char *r = strstr(body, "return");
	char *raw, *val, *why = NULL;
	const char *end;

	if (!r || (r > body && (isalnum((unsigned char)r[-1]) ||
				r[-1] == '_')))
		return NULL;
	end = strchr(r, ';');
	if (!end)
		return NULL;
	raw = xstrndup(r + 6, end - r - 6);
	val = squeeze_space(raw);
	free(raw);
	if (h->is_void && *val)
		why = xasprintf("returns '%s' from a void hook", val);
	else if (!h->is_void && !strchr(h->ret, '*') && !strcmp(val, "NULL"))
		why = xasprintf("returns NULL where the hook returns '%s'",
				h->ret);
	else if (strchr(h->ret, '*') && *val && strcmp(val, "0") &&
		 strcmp(val, "NULL") &&
		 strspn(val, "-0123456789") == strlen(val))
		why = xasprintf("returns the number %s where the hook returns "
				"a pointer (ERR_PTR(%s)?)", val, val);
	else if (strchr(h->ret, '*') && val[0] == '-' &&
		 isupper((unsigned char)val[1]))
		why = xasprintf("returns %s where the hook returns a pointer "
				"(ERR_PTR(%s)?)", val, val);
	free(val);
	return why;
}

static void on_tree(struct check_ctx *cx)
{
	const struct table *t = cx->t;
	const struct manifest *m = cx->m;
	const char *rel = t->output ? t->output : t->header;
	struct tree_stubs s = { 0 };
	char *path, *text;
	size_t len;
	int any = 0;

	for (int i = 0; i < m->n; i++)
		any |= m->hooks[i].stub_inferred != NULL;
	if (!any)
		return;
	path = path_join(cx->shadow ? cx->shadow : cx->tree, rel);
	text = read_file(path, &len);
	if (!text) {
		error_at(path, 0, "cannot read the wrapper header: %s",
			 strerror(errno));
		cx->failed = 1;
		free(path);
		return;
	}
	if (reject_binary(path, text, len)) {
		cx->failed = 1;
		free(text);
		free(path);
		return;
	}
	treestubs_scan(text, len, &s);
	for (int i = 0; i < m->n; i++) {
		const struct hook *h = &m->hooks[i];
		const struct tree_stub *ts;
		struct where w;

		char *wrong;

		if (!h->stub_inferred)
			continue;
		ts = treestubs_find(&s, h, t->config);
		if (!ts)
			continue;	/* a manifest of another header */
		wrong = default_misuse(m, h, h->stub);
		if (!wrong)
			wrong = bad_return(h, h->stub);
		if (!wrong && !cx->all_stubs)
			continue;	/* a difference, likely meant */
		memset(&w, 0, sizeof(w));
		w.rel = xstrdup(rel);
		w.file = strcmp(cx->tree_shown, ".") ?
			 path_join(cx->tree_shown, rel) : xstrdup(rel);
		w.line = ts->line;
		w.col = 1;
		if (wrong)
			report(cx, &rule_stub_differs, &w, h->member, "",
			       "stub %s() %s: the tree's does '%s', the default "
			       "'%s'; fix the stub (hookwrap keeps the tree's, "
			       "and generates it too), or set 'stub.%s' in "
			       "hookwrap.conf to the body meant", ts->name,
			       wrong, h->stub, h->stub_inferred, h->member);
		else
			report(cx, &rule_stub_differs, &w, h->member, "",
			       "stub %s() differs from the default: the tree's "
			       "does '%s', the default '%s'; hookwrap keeps the "
			       "tree's: fix the stub if it is wrong, or set "
			       "'stub.%s' in hookwrap.conf to the body to keep",
			       ts->name, h->stub, h->stub_inferred, h->member);
		free(wrong);
		where_free(&w);
	}
	treestubs_free(&s);
	free(text);
	free(path);
}

const struct rule rule_stub_differs = {
	.id = "stub-differs",
	.name = "StubDiffers",
	.summary = "A hand-written CONFIG-off stub differs from the one the "
		   "defaults give",
	.help = "The tree's header has its own stub for a hook, for the "
		"kernel built without the table, and it does something else "
		"than the default implementation (or the hook list's DEFAULT) "
		"that a kernel with the table but no module runs.  hookwrap "
		"keeps the tree's stub and never replaces it; decide which is "
		"right: fix the stub, or settle it with 'stub.HOOK' in "
		"hookwrap.conf.",
	.on_tree = on_tree,
};
