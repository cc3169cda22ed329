/*
 * genheader.c - write the wrappers as a maintainer would: per guard, an
 * "#ifdef CONFIG_X" branch with one static inline wrapper per hook that
 * calls through the table, and an "#else" branch with the stubs.
 */
#include "header/genheader.h"
#include "clang/guards.h"
#include "core/kstyle.h"
#include "manifest/policy.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

void genheader_signature(struct sbuf *sb, const char *storage,
			 const struct hook *h, const char *name,
			 const char *tail)
{
	char *head;
	char **decls = xcalloc(h->nparams + 1, sizeof(char *));
	char *voidp = "void";

	for (int i = 0; i < h->nparams; i++)
		decls[i] = h->params[i].decl;
	head = xasprintf("%s%s%s%s", storage, h->ret,
			 ends_with(h->ret, "*") ? "" : " ", name);
	if (h->nparams)
		ks_list(sb, head, decls, h->nparams, tail);
	else
		ks_list(sb, head, &voidp, 1, tail);
	sb_addc(sb, '\n');
	free(head);
	free(decls);
}

static void wrapper(struct sbuf *sb, const struct table *t,
		    const struct hook *h)
{
	if (h->wrapper_def) {	/* the tree defines it out of line */
		genheader_signature(sb, "extern ", h, h->wrapper, ");");
		sb_addc(sb, '\n');
		return;
	}
	genheader_signature(sb, "static inline ", h, h->wrapper, ")");
	sb_add(sb, "{\n");
	policy_body(sb, t, h);
	sb_add(sb, "}\n\n");
}

/* Is the stub exactly a call to the default with the hook's arguments? */
static int stub_calls_default(const struct hook *h)
{
	char *args, *want;
	int same;

	if (!h->dflt)
		return 0;
	args = hook_args_text(h);
	want = xasprintf("%s%s(%s);", h->is_void ? "" : "return ", h->dflt,
			 args);
	same = !strcmp(want, h->stub);
	free(args);
	free(want);
	return same;
}

/* One statement a line: split at ";" outside parentheses and braces. */
void genheader_statements(struct sbuf *sb, const char *text)
{
	int depth = 0;
	const char *start = text;

	if (strchr(text, '{')) {	/* a compound statement: keep it whole */
		sb_addf(sb, "\t%s\n", text);
		return;
	}
	for (const char *s = text; *s; s++) {
		if (*s == '(')
			depth++;
		else if (*s == ')')
			depth--;
		else if (*s == ';' && !depth) {
			while (*start == ' ')
				start++;
			sb_addf(sb, "\t%.*s\n", (int)(s + 1 - start), start);
			start = s + 1;
		}
	}
	while (*start == ' ')
		start++;
	if (*start)
		sb_addf(sb, "\t%s\n", start);
}

static void stub(struct sbuf *sb, const struct hook *h)
{
	genheader_signature(sb, "static inline ", h, h->wrapper, ")");
	if (!strcmp(h->stub, "{ }")) {
		sb_add(sb, "{ }\n\n");
		return;
	}
	sb_add(sb, "{\n");
	if (stub_calls_default(h))
		policy_call(sb, h, h->is_void ? "" : "return ", h->dflt);
	else
		genheader_statements(sb, h->stub);
	sb_add(sb, "}\n\n");
}

static int same_guard(const struct hook *a, const struct hook *b)
{
	if (a->guard.n != b->guard.n)
		return 0;
	for (int i = 0; i < a->guard.n; i++)
		if (strcmp(a->guard.v[i], b->guard.v[i]))
			return 0;
	return 1;
}

/*
 * Prototypes of the defaults the stubs of one guard group call.  With
 * refcount_only, those the group's refcount wrappers call while the
 * table's owner is going away (their CONFIG-on branch runs the stub).
 */
static void prototypes(struct sbuf *sb, const struct manifest *m,
		       const struct hook *g, int refcount_only)
{
	struct strv seen = { 0 };

	for (int i = 0; i < m->n; i++) {
		const struct hook *h = &m->hooks[i];

		if (!same_guard(h, g) || !stub_calls_default(h) ||
		    (refcount_only && (h->policy != POLICY_REFCOUNT ||
				       h->wrapper_def)) ||
		    strv_find(&seen, h->dflt) >= 0)
			continue;
		if (!seen.n)
			sb_add(sb, "/* Defaults that do real work. */\n");
		strv_push(&seen, h->dflt);
		genheader_signature(sb, "extern ", h, h->dflt, ");");
	}
	if (seen.n)
		sb_addc(sb, '\n');
	strv_clear(&seen);
}

/* Add the struct and union tags that text names to tags. */
static void collect_tags(struct strv *tags, const char *text)
{
	const char *kw[] = { "struct ", "union " };

	for (size_t k = 0; k < ARRAY_SIZE(kw); k++) {
		const char *s = text;

		while ((s = strstr(s, kw[k]))) {
			const char *name = s + strlen(kw[k]);
			size_t n = strspn(name, "abcdefghijklmnopqrstuvwxyz"
					  "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
					  "0123456789_");
			char *tag;

			s = name + n;
			if (!n || (name - text > (long)strlen(kw[k]) &&
				   (name[-(long)strlen(kw[k]) - 1] == '_' ||
				    isalnum((unsigned char)
					    name[-(long)strlen(kw[k]) - 1]))))
				continue;
			tag = xasprintf("%s%.*s", kw[k], (int)n, name);
			if (strv_find(tags, tag) < 0)
				strv_push_owned(tags, tag);
			else
				free(tag);
		}
	}
}

/*
 * Forward declarations of every tag in a signature, so that the stubs
 * compile where the types are defined under the same CONFIG option.
 */
static void forward_declarations(struct sbuf *sb, const struct manifest *m)
{
	struct strv tags = { 0 };

	for (int i = 0; i < m->n; i++) {
		const struct hook *h = &m->hooks[i];

		collect_tags(&tags, h->ret);
		for (int k = 0; k < h->nparams; k++)
			collect_tags(&tags, h->params[k].decl);
	}
	for (int i = 0; i < tags.n; i++)
		sb_addf(sb, "%s;\n", tags.v[i]);
	if (tags.n)
		sb_addc(sb, '\n');
	strv_clear(&tags);
}

/*
 * The headers the stubs need that the wrapper header does not see: a
 * stub copied from a default (-EPERM) uses the default file's macros
 * (h->stub_macros, "NAME\tINCLUDE"); one the header's own parse does
 * not define is included, by the name the default's file reached it.
 */
static void stub_includes(struct sbuf *sb, const struct manifest *m)
{
	struct strv incs = { 0 };

	for (int i = 0; i < m->n; i++) {
		const struct strv *mac = &m->hooks[i].stub_macros;

		for (int k = 0; k < mac->n; k++) {
			const char *tab = strchr(mac->v[k], '\t');
			char *name;
			int seen;

			if (!tab || strv_find(&incs, tab + 1) >= 0)
				continue;
			name = xstrndup(mac->v[k], tab - mac->v[k]);
			seen = strv_find(&m->header_macros, name) >= 0;
			free(name);
			if (!seen)
				strv_push(&incs, tab + 1);
		}
	}
	if (!incs.n)
		return;
	qsort(incs.v, incs.n, sizeof(*incs.v), cmp_strp);
	sb_add(sb, "/* What the stubs use that this header does not include. */\n");
	for (int i = 0; i < incs.n; i++)
		sb_addf(sb, "#include <%s>\n", incs.v[i]);
	sb_addc(sb, '\n');
	strv_clear(&incs);
}

char *genheader_block(const struct table *t, const struct manifest *m)
{
	struct sbuf sb = { 0 };
	char *done = xcalloc(m->n + 1, 1);

	sb_add(&sb, GEN_BEGIN "\n");
	sb_addf(&sb, "/*\n * Wrappers for the hooks of struct %s,\n"
		" * generated by hookwrap from %s; do not edit\n"
		" * by hand.  Regenerate with\n"
		" *\thookwrap gen-header --in-place TREE\n */\n\n",
		m->struct_name, m->header);
	forward_declarations(&sb, m);
	stub_includes(&sb, m);
	{
		int used[POLICY_COUNT] = { 0 }, any = 0;

		for (int i = 0; i < m->n; i++)
			if (!m->hooks[i].wrapper_def)
				used[m->hooks[i].policy] = 1;
		for (int p = 0; p < POLICY_COUNT; p++)
			if (used[p] && p != POLICY_NONE) {
				policy_preamble(&sb, p, t);
				any = 1;
			}
		if (any)
			sb_addc(&sb, '\n');
	}
	for (int i = 0; i < m->n; i++) {
		const struct hook *g = &m->hooks[i];
		char *cond, *text;

		if (done[i])
			continue;
		cond = guards_directive(&g->guard);
		text = hook_guard_text(g);
		sb_addf(&sb, "%s\n\n", cond);
		prototypes(&sb, m, g, 1);
		for (int k = i; k < m->n; k++)
			if (!done[k] && same_guard(&m->hooks[k], g))
				wrapper(&sb, t, &m->hooks[k]);
		sb_addf(&sb, "#else\t/* %s */\n\n", text);
		prototypes(&sb, m, g, 0);
		sb_add(&sb, "/* Stubs: the hooks compile away; their parameters "
			    "go unused. */\n"
			    "#pragma GCC diagnostic push\n"
			    "#pragma GCC diagnostic ignored "
			    "\"-Wunused-parameter\"\n\n");
		for (int k = i; k < m->n; k++)
			if (!done[k] && same_guard(&m->hooks[k], g)) {
				stub(&sb, &m->hooks[k]);
				done[k] = 1;
			}
		sb_add(&sb, "#pragma GCC diagnostic pop\n\n");
		sb_addf(&sb, "#endif\t/* %s */\n\n", text);
		free(cond);
		free(text);
	}
	sb_add(&sb, GEN_END "\n");
	free(done);
	return sb_detach(&sb);
}

char *genheader_splice(const char *text, const char *block,
		       const char **why, unsigned *line)
{
	int nb, ne;
	unsigned lb = 0, le = 0;
	const char *b = markers_find(text, GEN_BEGIN, &nb, &lb);
	const char *e = markers_find(text, GEN_END, &ne, &le);
	const char *after;
	struct sbuf sb = { 0 };

	*line = 0;
	if (!nb || !ne) {
		*why = "no generated region: put the two lines '" GEN_BEGIN
		       "' and '" GEN_END "' where the wrappers belong (after "
		       "the struct), then run again";
		return NULL;
	}
	if (nb > 1 || ne > 1) {
		*why = "the generated region's markers appear more than once; "
		       "keep one begin and one end line";
		*line = nb > 1 ? lb : le;
		return NULL;
	}
	if (e < b) {
		*why = "the end marker comes before the begin marker";
		*line = le;
		return NULL;
	}
	after = strchr(e, '\n');
	after = after ? after + 1 : e + strlen(e);
	sb_addn(&sb, text, b - text);
	sb_add(&sb, block);
	sb_add(&sb, after);
	return sb_detach(&sb);
}
