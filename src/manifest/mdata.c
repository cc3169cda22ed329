/*
 * mdata.c - the manifest in memory: its rows added, found and freed, a
 * row's parameters, arguments and guard as C text.  Apart from the
 * build (manifest.c, which parses with libclang), so that a program
 * that only reads a manifest (src/cmd/front.c) links no libclang.
 */
#include "manifest/manifest.h"

#include <string.h>

struct hook *manifest_add(struct manifest *m)
{
	ARRAY_GROW(m->hooks, m->cap, m->n + 1, 64);
	memset(&m->hooks[m->n], 0, sizeof(m->hooks[0]));
	return &m->hooks[m->n++];
}

struct hook *manifest_find(const struct manifest *m, const char *member)
{
	for (int i = 0; i < m->n; i++)
		if (!strcmp(m->hooks[i].member, member))
			return &m->hooks[i];
	return NULL;
}

char *hook_params_text(const struct hook *h)
{
	struct sbuf sb = { 0 };

	if (!h->nparams)
		return xstrdup("void");
	for (int i = 0; i < h->nparams; i++) {
		if (i)
			sb_add(&sb, ", ");
		sb_add(&sb, h->params[i].decl);
	}
	return sb_detach(&sb);
}

char *hook_args_text(const struct hook *h)
{
	struct sbuf sb = { 0 };

	for (int i = 0; i < h->nparams; i++) {
		if (i)
			sb_add(&sb, ", ");
		sb_add(&sb, h->params[i].name);
	}
	return sb_detach(&sb);
}

char *hook_guard_text(const struct hook *h)
{
	struct sbuf sb = { 0 };

	for (int i = 0; i < h->guard.n; i++) {
		if (i)
			sb_add(&sb, " && ");
		sb_add(&sb, h->guard.v[i]);
	}
	return sb_detach(&sb);
}

void manifest_free(struct manifest *m)
{
	for (int i = 0; i < m->n; i++) {
		struct hook *h = &m->hooks[i];

		for (int k = 0; k < h->nparams; k++) {
			free(h->params[k].decl);
			free(h->params[k].name);
		}
		free(h->params);
		free(h->member);
		free(h->wrapper);
		free(h->ret);
		strv_clear(&h->guard);
		free(h->stub);
		free(h->dflt);
		free(h->dflt_where);
		free(h->where);
		free(h->wrapper_def);
		free(h->list_default);
		free(h->dispatcher);
		free(h->dispatcher_where);
		free(h->may_sleep);
		free(h->stub_inferred);
		strv_clear(&h->stub_macros);
		free(h->tree_stub_at);
		free(h->incomplete);
		free(h->incomplete_at);
		free(h->dflt_unread_at);
	}
	free(m->hooks);
	strv_clear(&m->inputs);
	strv_clear(&m->header_macros);
	for (int i = 0; i < m->nforms; i++)
		free(m->forms[i].macro);
	free(m->forms);
	free(m->struct_name);
	free(m->pointer);
	free(m->header);
	free(m->no_defaults);
	free(m->no_defaults_at);
	memset(m, 0, sizeof(*m));
}
