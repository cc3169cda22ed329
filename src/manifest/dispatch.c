/*
 * dispatch.c - the tree's dispatchers and wrappers of each hook
 * (dispatch.h): the functions whose bodies run hooks, through a member
 * of the table or a dispatch macro.
 */
#include "manifest/dispatch.h"
#include "clang/macroindex.h"
#include "manifest/incomplete.h"

#include <string.h>

struct wrap_ctx {
	const struct table *t;
	CXCursor fn;
	struct strv members;	/* distinct table members the body runs */
	int adapts;		/* a call does not pass the parameters through */
};

/* Does the call pass fn's parameters, in order and unchanged? */
static int passes_through(CXCursor call, CXCursor fn)
{
	int n = clang_Cursor_getNumArguments(fn);

	if (clang_Cursor_getNumArguments(call) != n)
		return 0;
	for (int i = 0; i < n; i++) {
		CXCursor arg = fe_strip(clang_Cursor_getArgument(call, i));

		if (clang_getCursorKind(arg) != CXCursor_DeclRefExpr ||
		    !clang_equalCursors(clang_getCursorReferenced(arg),
					clang_Cursor_getArgument(fn, i)))
			return 0;
	}
	return 1;
}

/* The same for a dispatch macro's arguments: fn's parameter names. */
static int args_pass_through(const struct fe_macro_use *u, CXCursor fn)
{
	int n = clang_Cursor_getNumArguments(fn);

	if (u->args.n != n)
		return 0;
	for (int i = 0; i < n; i++) {
		char *name = fe_spelling(clang_Cursor_getArgument(fn, i));
		int same = !strcmp(name, u->args.v[i]);

		free(name);
		if (!same)
			return 0;
	}
	return 1;
}

static enum CXChildVisitResult body_cb(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	struct wrap_ctx *wc = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CallExpr) {
		CXCursor callee = clang_getNullCursor();
		char *member;

		clang_visitChildren(c, fe_take_first, &callee);
		member = clang_Cursor_isNull(callee) ? NULL :
			 fe_table_member(callee, wc->t);
		if (member && !passes_through(c, wc->fn))
			wc->adapts = 1;
		if (member && strv_find(&wc->members, member) < 0)
			strv_push_owned(&wc->members, member);
		else
			free(member);
	}
	return CXChildVisit_Recurse;
}

struct file_ctx {
	struct dispatch_scan *ds;
	struct parsed *file;
	const char *from;
	struct fe_macro_index ix;
	unsigned region[2];	/* hookwrap's generated region, if any */
};

/* The hooks fn runs through dispatch macros expanded inside it. */
static void macro_hooks(struct file_ctx *fx, CXCursor fn, struct wrap_ctx *wc)
{
	unsigned from, to;

	fe_extent_offsets(fn, &from, &to);
	for (int i = fe_macro_first(&fx->ix, from);
	     i < fx->ix.n && fx->ix.v[i].off < to; i++) {
		const struct fe_macro_use *u = &fx->ix.v[i];

		if (!manifest_find(fx->ds->m, u->hook))
			continue;	/* not one of the table's hooks */
		if (u->has_args && !args_pass_through(u, fn))
			wc->adapts = 1;
		if (strv_find(&wc->members, u->hook) < 0)
			strv_push(&wc->members, u->hook);
	}
}

static int has_kernel_doc(CXCursor c)
{
	CXString s = clang_Cursor_getRawCommentText(c);
	const char *text = clang_getCString(s);
	int kdoc = text && starts_with(text, "/**");

	clang_disposeString(s);
	return kdoc;
}

static void add_fn(struct file_ctx *fx, CXCursor c, struct strv *hooks)
{
	struct dispatch_scan *ds = fx->ds;
	struct dispatch_fn *f;

	ARRAY_GROW(ds->v, ds->cap, ds->n + 1, 64);
	f = &ds->v[ds->n++];
	memset(f, 0, sizeof(*f));
	f->name = fe_spelling(c);
	f->where = xasprintf("%s:%u", fx->file->rel, fe_line(c));
	f->is_static = clang_Cursor_getStorageClass(c) == CX_SC_Static;
	f->kernel_doc = has_kernel_doc(c);
	f->tree = !strcmp(fx->from, "tree");
	f->hooks = *hooks;
	memset(hooks, 0, sizeof(*hooks));
}

/*
 * A function with errors may have lost calls from its AST: the hooks
 * its errors touch are incomplete, and run by it (incomplete.h).
 */
static void check_fn(struct file_ctx *fx, CXCursor c, struct strv *members)
{
	char *name, *what;
	unsigned line = fe_line(c);

	/* hookwrap's own region is output: check judges it (stale-wrapper). */
	if (fx->region[0] && line >= fx->region[0] && line <= fx->region[1])
		return;
	if (!fe_unresolved_within(fx->file, c))
		return;
	name = fe_spelling(c);
	what = xasprintf("%s() (%s:%u), a function that runs it, does not "
			 "type-check", name, fx->file->rel, line);
	incomplete_fn(fx->file, c, what, fx->ds->fe->t, fx->ds->m, members);
	free(what);
	free(name);
}

/*
 * A function defined in the file whose body runs exactly one hook,
 * passing its own parameters straight through, is that hook's wrapper
 * (the first one found wins).  One that adapts the arguments
 * (security_capable(cred, cap) calling ->capable(current, cred, ...)) is
 * no drop-in replacement for the raw call.
 */
static enum CXChildVisitResult fn_cb(CXCursor c, CXCursor parent,
				     CXClientData data)
{
	struct file_ctx *fx = data;
	struct manifest *m = fx->ds->m;
	struct wrap_ctx wc = { fx->ds->fe->t, c, { 0 }, 0 };

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
	    !clang_isCursorDefinition(c) || !fe_in_file(fx->file, c))
		return CXChildVisit_Continue;
	clang_visitChildren(c, body_cb, &wc);
	macro_hooks(fx, c, &wc);
	check_fn(fx, c, &wc.members);
	if (wc.members.n == 1 && !wc.adapts) {
		struct hook *h = manifest_find(m, wc.members.v[0]);

		if (h && !h->wrapper &&
		    clang_Cursor_getNumArguments(c) == h->nparams) {
			h->wrapper = fe_spelling(c);
			h->wrapper_from = fx->from;
			if (strcmp(fx->from, "header"))
				h->wrapper_def = xasprintf("%s:%u",
							   fx->file->rel,
							   fe_line(c));
		}
	}
	if (wc.members.n)
		add_fn(fx, c, &wc.members);
	strv_clear(&wc.members);
	return CXChildVisit_Continue;
}

/* Keep how the tree's own files define the dispatch macros. */
static void note_forms(struct manifest *m, const struct fe_macro_index *ix)
{
	for (int i = 0; i < ix->nforms; i++) {
		const struct fe_macro_form *f = &ix->forms[i];
		int k;

		if (f->named < 0)
			continue;
		for (k = 0; k < m->nforms; k++)
			if (!strcmp(m->forms[k].macro, f->macro))
				break;
		if (k < m->nforms)
			continue;
		m->forms = xrealloc(m->forms, (m->nforms + 1) *
				    sizeof(*m->forms));
		m->forms[m->nforms].macro = xstrdup(f->macro);
		m->forms[m->nforms].named = f->named;
		m->nforms++;
	}
}

void dispatch_init(struct dispatch_scan *ds, struct frontend *fe,
		   struct manifest *m)
{
	memset(ds, 0, sizeof(*ds));
	ds->fe = fe;
	ds->m = m;
}

void dispatch_scan_file(struct dispatch_scan *ds, struct parsed *file,
			const char *from)
{
	struct file_ctx fx = { ds, file, from, { 0 }, { 0, 0 } };
	size_t size;
	const char *buf = clang_getFileContents(file->tu, file->file, &size);

	if (buf && !strcmp(from, "header")) {
		char *text = xstrndup(buf, size);

		if (markers_lines(text, &fx.region[0], &fx.region[1]) &&
		    fx.region[1] < fx.region[0])
			fx.region[0] = fx.region[1] = 0;
		free(text);
	}
	fe_macro_index(file->tu, file->file, ds->fe->t, &fx.ix);
	clang_visitChildren(clang_getTranslationUnitCursor(file->tu), fn_cb,
			    &fx);
	if (!strcmp(from, "tree"))
		note_forms(ds->m, &fx.ix);
	fe_macro_index_free(&fx.ix);
}

int dispatch_scan_rel(struct dispatch_scan *ds, const char *rel,
		      const char *from)
{
	char *path = path_join(ds->fe->tree, rel);
	struct parsed w;
	int ret = 0;

	if (fe_exists(ds->fe, path)) {
		if (fe_parse(ds->fe, rel, &w)) {
			ret = -1;	/* reported */
		} else {
			dispatch_scan_file(ds, &w, from);
			fe_parsed_free(&w);
		}
	}
	free(path);
	return ret;
}

/* The function rule (i), (ii) or (iii) of dispatch_finish() picks. */
static const struct dispatch_fn *pick(const struct dispatch_scan *ds,
				      const struct hook *h)
{
	const struct table *t = ds->fe->t;
	const char *o = override_get(&t->wrapper, h->member);
	char *named = o ? xstrdup(o) : table_rule_wrapper(t, h->member);
	const struct dispatch_fn *alone = NULL, *first = NULL, *rule = NULL;

	for (int i = 0; i < ds->n && !rule; i++) {
		const struct dispatch_fn *f = &ds->v[i];

		if (strv_find(&f->hooks, h->member) < 0)
			continue;
		if (!strcmp(f->name, named))
			rule = f;
		if (!alone && f->hooks.n == 1)
			alone = f;
		if (!first)
			first = f;
	}
	free(named);
	return rule ? rule : alone ? alone : first;
}

void dispatch_finish(struct dispatch_scan *ds)
{
	struct manifest *m = ds->m;
	int tree = 0, kdoc = 0;

	for (int i = 0; i < m->n; i++) {
		struct hook *h = &m->hooks[i];
		const struct dispatch_fn *f = h->dispatcher ? NULL :
					      pick(ds, h);

		if (!f)
			continue;
		h->dispatcher = xstrdup(f->name);
		h->dispatcher_where = xstrdup(f->where);
		h->dispatcher_static = f->is_static;
		if (f->tree) {
			tree++;
			kdoc += f->kernel_doc;
		}
	}
	m->kernel_doc = tree && 2 * kdoc >= tree;
	for (int i = 0; i < ds->n; i++) {
		free(ds->v[i].name);
		free(ds->v[i].where);
		strv_clear(&ds->v[i].hooks);
	}
	free(ds->v);
	memset(ds, 0, sizeof(*ds));
}
