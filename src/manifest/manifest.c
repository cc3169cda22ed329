/*
 * manifest.c - building the manifest for a tree (its TSV form is in
 * manifest_tsv.c), and the helpers every reader of a hook uses.
 */
#include "manifest/manifest.h"
#include "clang/frontend.h"
#include "manifest/policy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each hook's guard policy: guard.HOOK, else the table's guard. */
static int policies_assign(const struct table *t, struct manifest *m)
{
	int dflt = policy_parse(t->guard ? t->guard : "none");
	int ret = 0, outside = 0;
	const struct hook *first = NULL;

	if (dflt < 0) {
		error_at(t->origin, 0, "guard '%s': no such policy; use one of "
			 "%s", t->guard, policy_names());
		return -1;
	}
	/*
	 * hookwrap guards only the wrappers it generates: a wrapper the tree
	 * defines out of line keeps whatever its body does, and the manifest
	 * must not claim otherwise.
	 */
	for (int i = 0; i < m->n; i++) {
		struct hook *h = &m->hooks[i];

		h->policy = h->wrapper_def ? POLICY_NONE : dflt;
		if (h->wrapper_def && dflt != POLICY_NONE && !outside++)
			first = h;
	}
	if (outside)
		warning_at(t->origin, 0, "guard %s does not apply to the %d "
			   "hook(s) whose wrappers the tree defines out of "
			   "line (first: %s, %s); guard those by hand",
			   policy_name(dflt), outside, first->wrapper,
			   first->wrapper_def);
	for (int i = 0; i < t->guard_hook.n; i++) {
		struct hook *h = manifest_find(m, t->guard_hook.v[i].hook);
		int p = policy_parse(t->guard_hook.v[i].value);

		if (!h || p < 0) {
			error_at(t->origin, 0, "guard.%s = %s: %s",
				 t->guard_hook.v[i].hook,
				 t->guard_hook.v[i].value,
				 !h ? "the struct has no such member" :
				      "no such policy");
			ret = -1;
			continue;
		}
		if (h->wrapper_def && p != POLICY_NONE) {
			warning_at(t->origin, 0, "guard.%s = %s: the tree "
				   "defines %s out of line (%s) and hookwrap "
				   "guards only the wrappers it generates; guard "
				   "that one by hand", h->member,
				   t->guard_hook.v[i].value, h->wrapper,
				   h->wrapper_def);
			continue;
		}
		h->policy = p;
	}
	return ret;
}

int manifest_build(const struct table *t, const char *tree,
		   struct manifest *m)
{
	struct frontend fe;
	int ret;

	memset(m, 0, sizeof(*m));
	if (fe_open_recording(&fe, t, tree)) {
		fe_close(&fe);
		return -1;
	}
	/* The table description is an input too, unless built in. */
	if (!starts_with(t->origin, "profile "))
		fe_note_input(&fe, t->origin);
	ret = hooks_read(&fe, m);
	if (!ret)
		ret = defaults_infer(&fe, m);
	if (!ret)
		ret = policies_assign(t, m);
	m->inputs = fe.inputs;
	memset(&fe.inputs, 0, sizeof(fe.inputs));
	fe_close(&fe);
	return ret;
}

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
	}
	free(m->hooks);
	strv_clear(&m->inputs);
	for (int i = 0; i < m->nforms; i++)
		free(m->forms[i].macro);
	free(m->forms);
	free(m->struct_name);
	free(m->pointer);
	free(m->header);
	memset(m, 0, sizeof(*m));
}
