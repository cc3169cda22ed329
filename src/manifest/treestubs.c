/*
 * treestubs.c - the tree's own stubs win (issue 12).  Where the wrapper
 * header already has a CONFIG-off stub for a hook's wrapper or
 * dispatcher, the manifest takes it over the one inferred from the
 * default tables or the hook list's DEFAULT; one that differs is kept,
 * and remembered (stub_inferred) so that manifest and gen-header note it
 * and "check --tree" reports it [stub-differs].  Precedence: stub.HOOK
 * in the table description, the tree's stub, the default table, DEFAULT.
 */
#include "core/ctext.h"
#include "manifest/treestubs.h"
#include "clang/frontend.h"
#include "clang/guards.h"

#include <ctype.h>
#include <errno.h>
#include <string.h>

static int is_id(int c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/*
 * A copy of text with comments (and the generated region, when both its
 * markers are there) turned to blanks; newlines stay, so lines count.
 */
static char *blank_comments(const char *text, size_t len)
{
	char *s = ctext_blank_comments(text, len);
	const char *b = strstr(text, GEN_BEGIN);
	const char *e = b ? strstr(b, GEN_END) : NULL;

	if (b && e) {
		for (size_t i = b - text; i < (size_t)(e - text) +
		     strlen(GEN_END); i++)
			if (s[i] != '\n')
				s[i] = ' ';
	}
	return s;
}

/* A directive's condition spelled as guards.c spells one. */
static char *cond_text(const char *s, size_t n)
{
	struct sbuf sb = { 0 };
	size_t i = 0;

	while (i < n) {
		size_t k = i;

		if (isspace((unsigned char)s[i]) || s[i] == '\\') {
			i++;
			continue;
		}
		if (is_id(s[i]))
			while (k < n && is_id(s[k]))
				k++;
		else if (i + 1 < n && (s[i] == '&' || s[i] == '|') &&
			 s[i + 1] == s[i])
			k = i + 2;
		else
			k = i + 1;
		if (sb.len && ((is_id(sb.buf[sb.len - 1]) && is_id(s[i])) ||
			       strchr("&|", s[i]) ||
			       strchr("&|", sb.buf[sb.len - 1])))
			sb_addc(&sb, ' ');
		sb_addn(&sb, s + i, k - i);
		i = k;
	}
	return sb.buf ? sb_detach(&sb) : xstrdup("");
}

/*
 * The conditional directives of the (comment-blanked) text, in order;
 * each directive is then blanked too, so that the function scan sees C.
 */
static void directives(char *s, size_t len, struct conds *out)
{
	static const struct {
		const char *kw;
		enum cond_kind kind;
	} kinds[] = {
		{ "ifdef", C_IFDEF }, { "ifndef", C_IFNDEF }, { "if", C_IF },
		{ "elif", C_ELIF }, { "else", C_ELSE }, { "endif", C_ENDIF },
	};
	unsigned line = 1;

	for (size_t i = 0; i < len;) {
		size_t p = i, end;

		while (p < len && (s[p] == ' ' || s[p] == '\t'))
			p++;
		end = p;
		while (end < len && (s[end] != '\n' ||
				     (end > 0 && s[end - 1] == '\\')))
			end++;
		if (p < len && s[p] == '#') {
			size_t q = p + 1, w;

			while (q < end && (s[q] == ' ' || s[q] == '\t'))
				q++;
			w = q;
			while (w < end && is_id(s[w]))
				w++;
			for (size_t k = 0; k < ARRAY_SIZE(kinds); k++) {
				enum cond_kind kind = kinds[k].kind;

				if (w - q != strlen(kinds[k].kw) ||
				    memcmp(s + q, kinds[k].kw, w - q))
					continue;
				ARRAY_GROW(out->v, out->cap, out->n + 1, 32);
				out->v[out->n].line = line;
				out->v[out->n].kind = kind;
				out->v[out->n].expr =
					kind == C_ELSE || kind == C_ENDIF ?
					NULL : cond_text(s + w, end - w);
				out->n++;
				break;
			}
			for (size_t k = p; k < end; k++)
				if (s[k] != '\n')
					s[k] = ' ';
		}
		for (size_t k = i; k < end && k < len; k++)
			line += s[k] == '\n';
		line += end < len;
		i = end + 1;
	}
}

/* The index of the bracket closing the one at i, or len. */
static size_t closing(const char *s, size_t len, size_t i, char open,
		      char close)
{
	int depth = 0;

	for (; i < len; i++) {
		if (s[i] == open)
			depth++;
		else if (s[i] == close && !--depth)
			return i;
	}
	return len;
}

/* Token spelling without layout: a blank only between two words. */
static char *normal_text(const char *s)
{
	struct sbuf sb = { 0 };

	for (size_t i = 0; s[i]; i++) {
		if (isspace((unsigned char)s[i])) {
			size_t k = i;

			while (isspace((unsigned char)s[k]))
				k++;
			if (sb.len && is_id(sb.buf[sb.len - 1]) && is_id(s[k]))
				sb_addc(&sb, ' ');
			i = k - 1;
			continue;
		}
		sb_addc(&sb, s[i]);
	}
	return sb.buf ? sb_detach(&sb) : xstrdup("");
}

/* The same, where "{ }" and "return;" are the empty body. */
static char *normal(const char *s)
{
	if (!strcmp(s, "{ }") || !strcmp(s, "return;"))
		return xstrdup("");
	return normal_text(s);
}

/*
 * A parameter's name (the identifier after "(*", else the last one) and
 * its type: the declaration without the name, layout squeezed.
 */
static void param_split(const char *p, size_t n, struct strv *names,
			struct strv *types)
{
	size_t end = n, start = 0;
	int star = 0;
	char *raw, *type;

	for (size_t i = 0; i + 1 < n; i++)
		if (p[i] == '(' && p[i + 1 + strspn(p + i + 1, " \t\n")] == '*') {
			start = i + 1;
			while (start < n && !is_id(p[start]))
				start++;
			end = start;
			while (end < n && is_id(p[end]))
				end++;
			star = 1;
			break;
		}
	if (!star) {
		for (size_t i = 0; i < n; i++)
			if (p[i] == '[') {
				end = i;
				break;
			}
		while (end > 0 && !is_id(p[end - 1]))
			end--;
		start = end;
		while (start > 0 && is_id(p[start - 1]))
			start--;
	}
	strv_push_owned(names, xstrndup(p + start, end - start));
	raw = xasprintf("%.*s %.*s", (int)start, p, (int)(n - end), p + end);
	type = normal_text(raw);
	free(raw);
	strv_push_owned(types, type);
}

void treestubs_params(const char *p, size_t n, struct strv *names,
		      struct strv *types)
{
	int depth = 0;
	size_t start = 0;
	char *all = xstrndup(p, n), *sq = squeeze_space(all);

	free(all);
	if (!*sq || !strcmp(sq, "void")) {
		free(sq);
		return;
	}
	free(sq);
	for (size_t i = 0; i <= n; i++) {
		if (i < n && (p[i] == '(' || p[i] == '['))
			depth++;
		else if (i < n && (p[i] == ')' || p[i] == ']'))
			depth--;
		else if (i == n || (p[i] == ',' && !depth)) {
			param_split(p + start, i - start, names, types);
			start = i + 1;
		}
	}
}

/* "static" + an inline keyword at i, as whole words: where it ends. */
static size_t static_inline(const char *s, size_t len, size_t i)
{
	static const char *const kw[] = { "inline", "__inline__", "__inline",
					  "__always_inline" };
	size_t p = i + 6;

	if (len - i < 7 || memcmp(s + i, "static", 6) ||
	    (i && is_id(s[i - 1])) || !isspace((unsigned char)s[p]))
		return 0;
	while (p < len && isspace((unsigned char)s[p]))
		p++;
	for (size_t k = 0; k < ARRAY_SIZE(kw); k++) {
		size_t n = strlen(kw[k]);

		if (len - p > n && !memcmp(s + p, kw[k], n) && !is_id(s[p + n]))
			return p + n;
	}
	return 0;
}

void treestubs_scan(const char *text, size_t len, struct tree_stubs *out)
{
	char *s = blank_comments(text, len);
	struct conds conds = { 0 };
	unsigned line = 1;
	size_t counted = 0;

	directives(s, len, &conds);
	for (size_t i = 0; i < len; i++) {
		size_t p = static_inline(s, len, i), open, close, body, bend;
		size_t name_end, name_start;
		struct tree_stub *ts;
		char *raw;

		if (!p)
			continue;
		open = p;
		while (open < len && s[open] != '(' && s[open] != ';' &&
		       s[open] != '{')
			open++;
		if (open >= len || s[open] != '(')
			continue;
		name_end = open;
		while (name_end > p && isspace((unsigned char)s[name_end - 1]))
			name_end--;
		name_start = name_end;
		while (name_start > p && is_id(s[name_start - 1]))
			name_start--;
		close = closing(s, len, open, '(', ')');
		body = close + 1;
		while (body < len && s[body] != '{' && s[body] != ';')
			body++;
		if (body >= len || s[body] != '{' || name_start == name_end)
			continue;
		bend = closing(s, len, body, '{', '}');
		if (bend >= len)
			break;
		for (; counted < i; counted++)
			line += s[counted] == '\n';
		ARRAY_GROW(out->v, out->cap, out->n + 1, 64);
		ts = &out->v[out->n++];
		memset(ts, 0, sizeof(*ts));
		ts->name = xstrndup(s + name_start, name_end - name_start);
		treestubs_params(s + open + 1, close - open - 1, &ts->params,
				 &ts->types);
		raw = xstrndup(s + body + 1, bend - body - 1);
		ts->body = squeeze_space(raw);
		free(raw);
		ts->line = line;
		guards_at(&conds, line, &ts->atoms);
		i = bend;
	}
	guards_free(&conds);
	free(s);
}

/* Is the atom a, in force, one where symbol sym is off? */
static int off_atom(const char *a, const char *sym)
{
	char *want;
	const char *p;
	int hit;

	if (a[0] != '!')
		return 0;
	if (!strcmp(a + 1, sym))
		return 1;
	/* "!(defined(CONFIG_SECURITY) && defined(CONFIG_X))": an #else. */
	if (a[1] != '(' || strstr(a, "||"))
		return 0;
	want = xasprintf("defined(%s)", sym);
	p = strstr(a, want);
	hit = p && p[-1] != '!';
	free(want);
	return hit;
}

static int is_stub_of(const struct tree_stub *ts, const struct hook *h,
		      const char *config)
{
	for (int i = 0; i < ts->atoms.n; i++) {
		if (config && off_atom(ts->atoms.v[i], config))
			return 1;
		for (int k = 0; k < h->guard.n; k++)
			if (off_atom(ts->atoms.v[i], h->guard.v[k]))
				return 1;
	}
	return 0;
}

const struct tree_stub *treestubs_find(const struct tree_stubs *s,
				       const struct hook *h,
				       const char *config)
{
	const char *names[2] = { h->wrapper, h->dispatcher };

	for (int k = 0; k < 2; k++)
		for (int i = 0; names[k] && i < s->n; i++)
			if (!strcmp(s->v[i].name, names[k]) &&
			    is_stub_of(&s->v[i], h, config))
				return &s->v[i];
	return NULL;
}

/* The type of one of the hook's parameters, spelled as param_split's. */
static char *param_type(const struct param *p)
{
	struct strv names = { 0 }, types = { 0 };
	char *t;

	param_split(p->decl, strlen(p->decl), &names, &types);
	t = types.v[0];
	types.v[0] = NULL;
	strv_clear(&names);
	types.n = 0;
	strv_clear(&types);
	return t;
}

char *treestub_body_for(const struct tree_stub *ts, const struct hook *h)
{
	struct sbuf sb = { 0 };
	const char *b = ts->body;

	if (ts->params.n != h->nparams)
		return NULL;
	for (int i = 0; i < h->nparams; i++) {
		char *want = param_type(&h->params[i]);
		int same = !strcmp(want, ts->types.v[i]);

		free(want);
		if (!same)
			return NULL;
	}
	if (!*b || !strcmp(b, "return;") || !strcmp(b, "return ;"))
		return xstrdup("{ }");
	for (size_t i = 0; b[i];) {
		size_t k = i;
		int member = 0;

		if (!is_id(b[i]) || isdigit((unsigned char)b[i])) {
			/* A number whole (0x10UL), else one character. */
			k++;
			while (isdigit((unsigned char)b[i]) && is_id(b[k]))
				k++;
			sb_addn(&sb, b + i, k - i);
			i = k;
			continue;
		}
		while (is_id(b[k]))
			k++;
		/* After "." or "->" a name is a member, not a parameter. */
		for (size_t j = sb.len; j > 0; j--) {
			char c = sb.buf[j - 1];

			if (c == ' ')
				continue;
			member = c == '.' || (c == '>' && j > 1 &&
					      sb.buf[j - 2] == '-');
			break;
		}
		{
			const char *to = NULL;

			for (int p = 0; !member && p < ts->params.n; p++)
				if (strlen(ts->params.v[p]) == k - i &&
				    !memcmp(ts->params.v[p], b + i, k - i))
					to = h->params[p].name;
			if (to)
				sb_add(&sb, to);
			else
				sb_addn(&sb, b + i, k - i);
		}
		i = k;
	}
	return sb_detach(&sb);
}

int treestub_same(const char *a, const char *b)
{
	char *x = normal(a), *y = normal(b);
	int same = !strcmp(x, y);

	free(x);
	free(y);
	return same;
}

void treestubs_free(struct tree_stubs *s)
{
	for (int i = 0; i < s->n; i++) {
		free(s->v[i].name);
		free(s->v[i].body);
		strv_clear(&s->v[i].params);
		strv_clear(&s->v[i].types);
		strv_clear(&s->v[i].atoms);
	}
	free(s->v);
	memset(s, 0, sizeof(*s));
}

int treestubs_read(struct frontend *fe, struct manifest *m)
{
	const struct table *t = fe->t;
	const char *rel = t->output ? t->output : t->header;
	char *path = path_join(fe->tree, rel);
	struct tree_stubs s = { 0 };
	size_t len;
	char *text;

	fe_note_input(fe, path);
	text = read_file(path, &len);
	if (!text) {
		free(path);
		return 0;	/* no header to take stubs from */
	}
	if (reject_binary(path, text, len)) {
		free(text);
		free(path);
		return -1;
	}
	treestubs_scan(text, len, &s);
	for (int i = 0; i < m->n; i++) {
		struct hook *h = &m->hooks[i];
		const struct tree_stub *ts;
		char *body;

		if (h->stub_kind == STUB_CONFIG)
			continue;	/* stub.HOOK: the user's word wins */
		ts = treestubs_find(&s, h, t->config);
		if (!ts)
			continue;
		m->tree_stubs++;
		body = treestub_body_for(ts, h);
		if (!body) {
			m->tree_stubs_adapted++;	/* not compared */
			continue;
		}
		if (m->no_defaults && !h->list_default) {
			/*
			 * No default table: the inferred stub is only the
			 * fallback, nothing to compare the tree's with.  The
			 * tree's is taken, silently; the hook no longer
			 * counts as one that got the fallback.
			 */
			free(h->stub);
			h->stub = body;
			h->stub_kind = STUB_TREE;
			m->stub_fallbacks--;
			continue;
		}
		if (treestub_same(body, h->stub)) {
			free(body);	/* the same: keep hookwrap's spelling */
			continue;
		}
		h->stub_inferred = h->stub;
		h->stub = body;
		h->stub_kind = STUB_TREE;
		free(h->tree_stub_at);
		h->tree_stub_at = xasprintf("%s:%u", path, ts->line);
	}
	treestubs_free(&s);
	free(text);
	free(path);
	return 0;
}
