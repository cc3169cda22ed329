/*
 * manifest.c - building the manifest for a tree, and its TSV form:
 * a header row, then one row per hook in struct order.  Columns are
 * documented in docs/manifest.md.
 */
#include "manifest.h"
#include "frontend.h"
#include "policy.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const manifest_columns[] = {
	"member", "wrapper", "return", "params", "args", "guard", "stub",
	"default", "location", "wrapper_def", "policy", "dispatcher", "may_sleep", NULL,
};

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
	if (fe_open(&fe, t, tree))
		return -1;
	ret = hooks_read(&fe, m);
	if (!ret)
		ret = defaults_infer(&fe, m);
	if (!ret)
		ret = policies_assign(t, m);
	fe_close(&fe);
	return ret;
}

struct hook *manifest_add(struct manifest *m)
{
	if (m->n == m->cap) {
		m->cap = m->cap ? m->cap * 2 : 64;
		m->hooks = xrealloc(m->hooks, m->cap * sizeof(*m->hooks));
	}
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

void manifest_write_tsv(const struct manifest *m, FILE *out)
{
	for (int i = 0; manifest_columns[i]; i++)
		fprintf(out, "%s%s", i ? "\t" : "", manifest_columns[i]);
	fputc('\n', out);
	for (int i = 0; i < m->n; i++) {
		const struct hook *h = &m->hooks[i];
		char *params = hook_params_text(h);
		char *args = hook_args_text(h);
		char *guard = hook_guard_text(h);

		fprintf(out, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s"
			"\t%s\t%s\n",
			h->member, h->wrapper, h->ret, params,
			*args ? args : "-", guard, h->stub,
			h->dflt ? h->dflt : "-", h->where,
			h->wrapper_def ? h->wrapper_def : "-",
			policy_name(h->policy),
			h->dispatcher ? h->dispatcher : "-",
			h->may_sleep ? h->may_sleep : "-");
		free(params);
		free(args);
		free(guard);
	}
}

/* Split at tabs (or at ", " outside parentheses when comma is set). */
static void split(const char *s, int comma, struct strv *out)
{
	int depth = 0;
	const char *start = s;

	for (;; s++) {
		if (*s == '(')
			depth++;
		else if (*s == ')')
			depth--;
		if (!*s || (!comma && *s == '\t') ||
		    (comma && !depth && *s == ',')) {
			char *raw = xstrndup(start, s - start);
			char *field = squeeze_space(raw);

			free(raw);

			strv_push_owned(out, field);
			if (!*s)
				break;
			start = s + 1;
		}
	}
}

int manifest_read_tsv(const char *path, struct manifest *m)
{
	size_t len;
	char *text = read_file(path, &len);
	char *line, *next;
	int col[13], ncols = 0, lineno = 0, ret = 0;

	memset(m, 0, sizeof(*m));
	if (!text) {
		error_at(path, 0, "cannot read the manifest: %s; make one with "
			 "'hookwrap manifest TREE > FILE'", strerror(errno));
		return -1;
	}
	if (reject_binary(path, text, len)) {
		free(text);
		return -1;
	}
	for (line = text; line && *line; line = next) {
		struct strv f = { 0 };

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		split(line, 0, &f);
		if (lineno == 1) {
			for (ncols = 0; manifest_columns[ncols]; ncols++) {
				col[ncols] = strv_find(&f, manifest_columns[ncols]);
				/* may_sleep is newer: optional. */
				if (col[ncols] < 0 && strcmp(manifest_columns[ncols],
							   "may_sleep")) {
					error_at(path, 1, "no '%s' column; this "
						 "is not a hookwrap manifest",
						 manifest_columns[ncols]);
					ret = -1;
				}
			}
			ncols = f.n;	/* every row has the header's columns */
		} else if (!ret && f.n) {
			struct hook *h;
			struct strv params = { 0 }, args = { 0 }, guard = { 0 };

			if (f.n < ncols) {
				error_at(path, lineno, "%d columns, expected "
					 "%d", f.n, ncols);
				ret = -1;
				strv_clear(&f);
				continue;
			}
			h = manifest_add(m);
			h->member = xstrdup(f.v[col[0]]);
			h->wrapper = xstrdup(f.v[col[1]]);
			h->wrapper_from = "manifest";
			h->ret = xstrdup(f.v[col[2]]);
			h->is_void = !strcmp(h->ret, "void");
			if (strcmp(f.v[col[3]], "void"))
				split(f.v[col[3]], 1, &params);
			if (strcmp(f.v[col[4]], "-"))
				split(f.v[col[4]], 1, &args);
			if (params.n != args.n) {
				error_at(path, lineno, "params and args of "
					 "'%s' disagree", h->member);
				ret = -1;
			}
			h->nparams = params.n < args.n ? params.n : args.n;
			h->params = xcalloc(h->nparams + 1, sizeof(*h->params));
			for (int i = 0; i < h->nparams; i++) {
				h->params[i].decl = xstrdup(params.v[i]);
				h->params[i].name = xstrdup(args.v[i]);
			}
			strv_clear(&params);
			strv_clear(&args);
			{
				char *g = f.v[col[5]], *amp;

				while ((amp = strstr(g, " && "))) {
					strv_push_owned(&guard,
						xstrndup(g, amp - g));
					g = amp + 4;
				}
				if (*g)
					strv_push(&guard, g);
			}
			h->guard = guard;
			h->stub = xstrdup(f.v[col[6]]);
			if (strcmp(f.v[col[7]], "-"))
				h->dflt = xstrdup(f.v[col[7]]);
			h->where = xstrdup(f.v[col[8]]);
			if (strcmp(f.v[col[9]], "-"))
				h->wrapper_def = xstrdup(f.v[col[9]]);
			if (strcmp(f.v[col[11]], "-"))
				h->dispatcher = xstrdup(f.v[col[11]]);
			if (col[12] >= 0 && strcmp(f.v[col[12]], "-"))
				h->may_sleep = xstrdup(f.v[col[12]]);
			h->policy = policy_parse(f.v[col[10]]);
			if (h->policy < 0) {
				error_at(path, lineno, "unknown policy '%s'",
					 f.v[col[10]]);
				ret = -1;
			}
		}
		strv_clear(&f);
	}
	free(text);
	return ret;
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
		free(h->may_sleep);
	}
	free(m->hooks);
	free(m->struct_name);
	free(m->pointer);
	free(m->header);
	memset(m, 0, sizeof(*m));
}
