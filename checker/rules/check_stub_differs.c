/*
 * check_stub_differs.c - stub-differs: a CONFIG-off stub the tree's
 * header has, written by hand, that differs from the one the defaults
 * give (the default table, or the hook list's DEFAULT).  The manifest
 * keeps the tree's (src/manifest/treestubs.c) and remembers the
 * inferred one; this rule says so at the stub, once per hook, so that
 * someone decides which is right (2.6.39's task_prctl stub passed arg3
 * twice).
 */
#include "checker/check.h"
#include "manifest/treestubs.h"

#include <errno.h>
#include <string.h>

const struct rule rule_stub_differs;

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

		if (!h->stub_inferred)
			continue;
		ts = treestubs_find(&s, h, t->config);
		if (!ts)
			continue;	/* a manifest of another header */
		memset(&w, 0, sizeof(w));
		w.rel = xstrdup(rel);
		w.file = strcmp(cx->tree_shown, ".") ?
			 path_join(cx->tree_shown, rel) : xstrdup(rel);
		w.line = ts->line;
		w.col = 1;
		report(cx, &rule_stub_differs, &w, h->member, "",
		       "stub %s() differs from the default: the tree's does "
		       "'%s', the default '%s'; hookwrap keeps the tree's: fix "
		       "the stub if it is wrong, or set 'stub.%s' in "
		       "hookwrap.conf to the body to keep", ts->name, h->stub,
		       h->stub_inferred, h->member);
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
