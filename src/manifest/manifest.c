/*
 * manifest.c - building the manifest for a tree (its TSV form is in
 * manifest_tsv.c), and the helpers every reader of a hook uses.
 */
#include "manifest/manifest.h"
#include "clang/frontend.h"
#include "manifest/incomplete.h"
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
		ret = treestubs_read(&fe, m);
	if (!ret)
		ret = policies_assign(t, m);
	/* A hook that may have lost a fact: never a manifest. */
	if (!ret && manifest_report_incomplete(m))
		ret = -1;
	m->inputs = fe.inputs;
	memset(&fe.inputs, 0, sizeof(fe.inputs));
	fe_close(&fe);
	return ret;
}
