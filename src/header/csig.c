/*
 * csig.c - signatures, hook calls and list layout read from C text
 * (csig.h).  The text is the tree's as the maintainers wrote it, comments
 * blanked: a parse would see one #if branch only, and would not keep how
 * a list is laid out.
 */
#include "header/csig.h"
#include "core/kstyle.h"
#include "manifest/treestubs.h"

#include <ctype.h>
#include <string.h>

static int is_id(int c)
{
	return c == '_' || isalnum((unsigned char)c);
}

/* The offset of line (1-based) in text. */
static size_t line_offset(const char *text, unsigned line)
{
	const char *p = text;

	for (unsigned i = 1; i < line && p; i++) {
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	return p ? (size_t)(p - text) : strlen(text);
}

/* The index of the bracket closing the one at i, or 0. */
static size_t closing(const char *s, size_t i)
{
	char open = s[i], close = open == '(' ? ')' : open == '[' ? ']' : '}';
	int depth = 0;

	for (; s[i]; i++) {
		if (s[i] == '"' || s[i] == '\'') {
			char q = s[i++];

			while (s[i] && s[i] != q)
				i += s[i] == '\\' && s[i + 1] ? 2 : 1;
			if (!s[i])
				return 0;
			continue;
		}
		if (s[i] == open)
			depth++;
		else if (s[i] == close && !--depth)
			return i;
	}
	return 0;
}

char *csig_type(const char *text)
{
	/* treestubs_params() takes the last identifier for the name. */
	char *named = xasprintf("%s hw_unnamed_", text);
	struct strv names = { 0 }, types = { 0 };
	char *t;

	treestubs_params(named, strlen(named), &names, &types);
	t = types.n ? xstrdup(types.v[0]) : xstrdup("");
	strv_clear(&names);
	strv_clear(&types);
	free(named);
	return t;
}

static int type_word(const char *w, size_t n)
{
	static const char *const words[] = {
		"void", "char", "short", "int", "long", "float", "double",
		"signed", "unsigned", "_Bool", "bool", "const", "volatile",
		"struct", "union", "enum", "__user", "__iomem", "__rcu",
	};

	for (size_t k = 0; k < ARRAY_SIZE(words); k++)
		if (strlen(words[k]) == n && !strncmp(w, words[k], n))
			return 1;
	return 0;
}

void csig_split(const char *decl, char **name, char **type)
{
	struct strv names = { 0 }, types = { 0 };
	size_t n = strlen(decl), end, start;
	const char *br;
	int named = 1;

	while (n && isspace((unsigned char)decl[n - 1]))
		n--;
	br = memchr(decl, '[', n);
	end = br ? (size_t)(br - decl) : n;
	while (end && isspace((unsigned char)decl[end - 1]))
		end--;
	if (strstr(decl, "(*") || strstr(decl, "( *")) {
		named = 1;	/* a function pointer: its name after "(*" */
	} else if (!end || !is_id(decl[end - 1]) || !strcmp(decl, "...")) {
		named = 0;	/* "struct file *", "..." */
	} else {
		size_t rest;

		start = end;
		while (start && is_id(decl[start - 1]))
			start--;
		rest = start;
		while (rest && isspace((unsigned char)decl[rest - 1]))
			rest--;
		/* "int", "unsigned long", "struct file": a type alone. */
		if (!rest || type_word(decl + start, end - start))
			named = 0;
		else {
			size_t w = rest;

			while (w && is_id(decl[w - 1]))
				w--;
			if ((rest - w == 6 && (!strncmp(decl + w, "struct", 6))) ||
			    (rest - w == 5 && !strncmp(decl + w, "union", 5)) ||
			    (rest - w == 4 && !strncmp(decl + w, "enum", 4)))
				named = 0;
		}
	}
	if (!named) {
		*name = xstrdup("");
		*type = csig_type(decl);
		return;
	}
	treestubs_params(decl, strlen(decl), &names, &types);
	*name = xstrdup(names.n ? names.v[0] : "");
	*type = xstrdup(types.n ? types.v[0] : "");
	strv_clear(&names);
	strv_clear(&types);
}

void csig_params(const char *code, size_t open, size_t close,
		 struct cparam **out, int *n)
{
	int depth = 0, cap = 0;
	size_t start = open + 1;
	char *all = xstrndup(code + open + 1, close - open - 1);
	char *sq = squeeze_space(all);

	*out = NULL;
	*n = 0;
	if (!*sq || !strcmp(sq, "void")) {
		free(sq);
		free(all);
		return;
	}
	free(sq);
	free(all);
	for (size_t i = open + 1; i <= close; i++) {
		char c = code[i];

		if (i < close && (c == '(' || c == '[' || c == '{'))
			depth++;
		else if (i < close && (c == ')' || c == ']' || c == '}'))
			depth--;
		else if (i == close || (c == ',' && !depth)) {
			size_t b = start, e = i;
			struct cparam *p;
			char *raw;

			while (b < e && isspace((unsigned char)code[b]))
				b++;
			while (e > b && isspace((unsigned char)code[e - 1]))
				e--;
			ARRAY_GROW(*out, cap, *n + 1, 8);
			p = &(*out)[(*n)++];
			raw = xstrndup(code + b, e - b);
			p->decl = squeeze_space(raw);
			free(raw);
			csig_split(p->decl, &p->name, &p->type);
			p->start = b;
			p->end = e;
			start = i + 1;
		}
	}
}

void cparams_free(struct cparam *p, int n)
{
	for (int i = 0; i < n; i++) {
		free(p[i].decl);
		free(p[i].name);
		free(p[i].type);
	}
	free(p);
}

/* Storage classes and attributes: not part of the return type. */
static int storage_word(const char *w, size_t n)
{
	static const char *const words[] = {
		"static", "inline", "__inline", "__inline__", "extern",
		"__always_inline", "noinline", "notrace", "__init", "__exit",
		"__must_check", "__weak", "__cold", "__maybe_unused",
		"__always_unused", "asmlinkage", "__visible",
	};

	for (size_t k = 0; k < ARRAY_SIZE(words); k++)
		if (strlen(words[k]) == n && !strncmp(w, words[k], n))
			return 1;
	return 0;
}

static char *return_type(const char *code, size_t from, size_t to)
{
	struct sbuf sb = { 0 };
	char *t;

	for (size_t i = from; i < to;) {
		size_t k = i;

		if (!is_id(code[i])) {
			sb_addc(&sb, isspace((unsigned char)code[i]) ? ' ' :
				code[i]);
			i++;
			continue;
		}
		while (k < to && is_id(code[k]))
			k++;
		if (storage_word(code + i, k - i)) {
			i = k;
			continue;
		}
		if ((k - i == 13 && !strncmp(code + i, "__attribute__", 13))) {
			size_t p = k;

			while (p < to && isspace((unsigned char)code[p]))
				p++;
			if (p < to && code[p] == '(') {
				size_t c = closing(code, p);

				i = c && c < to ? c + 1 : to;
				continue;
			}
		}
		sb_addn(&sb, code + i, k - i);
		i = k;
	}
	t = csig_type(sb.buf ? sb.buf : "");
	sb_free(&sb);
	return t;
}

int csig_read(const char *code, const struct cdecl *d, struct csig *s)
{
	size_t from = line_offset(code, d->line), limit, n = strlen(d->name);
	const char *p;

	memset(s, 0, sizeof(*s));
	limit = line_offset(code, d->last + 1);
	for (p = code + from; (p = strstr(p, d->name)) &&
	     (size_t)(p - code) < limit; p += n) {
		const char *q = p + n;

		if ((p > code && is_id(p[-1])) || is_id(*q))
			continue;
		while (isspace((unsigned char)*q))
			q++;
		if (*q == '(')
			break;
	}
	if (!p || (size_t)(p - code) >= limit)
		return -1;
	s->decl = from;
	s->name = p - code;
	s->open = strchr(p + n, '(') - code;
	s->close = closing(code, s->open);
	if (!s->close)
		return -1;
	s->ret = return_type(code, from, s->name);
	csig_params(code, s->open, s->close, &s->p, &s->n);
	if (d->kind == CD_FUNC) {
		const char *b = strchr(code + s->close, '{');

		if (!b || (size_t)(b - code) >= limit)
			return -1;
		s->body = b - code;
		s->body_end = closing(code, s->body);
		if (!s->body_end)
			return -1;
	}
	return 0;
}

void csig_free(struct csig *s)
{
	free(s->ret);
	cparams_free(s->p, s->n);
	memset(s, 0, sizeof(*s));
}

/*
 * A type's words in a canonical order for comparing: the integer
 * specifiers (signed, unsigned, short, long, int, char) become one
 * spelling ("unsigned" and "unsigned int", "long int" and "long",
 * "signed int" and "int" are the same type) where the first of them
 * stood; a qualifier of the parameter itself ("const int x", "char
 * *const p": no matter to a caller) dropped; the other words and the
 * punctuation stay in order.
 */
static void canon_words(const char *t, struct sbuf *sb)
{
	int sign = 0, shorts = 0, longs = 0, chars = 0, put = 0;
	const char *p, *star = strrchr(t, '*');

	for (p = t; *p;) {
		const char *e = p;

		if (!is_id(*p)) {
			p++;
			continue;
		}
		while (is_id(*e))
			e++;
		if (e - p == 6 && !strncmp(p, "signed", 6))
			sign = sign ? sign : 1;
		else if (e - p == 8 && !strncmp(p, "unsigned", 8))
			sign = 2;
		else if (e - p == 5 && !strncmp(p, "short", 5))
			shorts++;
		else if (e - p == 4 && !strncmp(p, "long", 4))
			longs++;
		else if (e - p == 4 && !strncmp(p, "char", 4))
			chars++;
		p = e;
	}
	for (p = t; *p;) {
		const char *e = p;

		if (!is_id(*p)) {
			if (*p != ' ')
				sb_addc(sb, *p);
			p++;
			continue;
		}
		while (is_id(*e))
			e++;
		if ((e - p == 6 && !strncmp(p, "signed", 6)) ||
		    (e - p == 8 && !strncmp(p, "unsigned", 8)) ||
		    (e - p == 5 && !strncmp(p, "short", 5)) ||
		    (e - p == 4 && !strncmp(p, "long", 4)) ||
		    (e - p == 4 && !strncmp(p, "char", 4)) ||
		    (e - p == 3 && !strncmp(p, "int", 3))) {
			if (!put++) {
				if (sign == 2 || (chars && sign == 1))
					sb_add(sb, sign == 2 ? "unsigned " :
					       "signed ");
				sb_add(sb, chars ? "char" : shorts ? "short" :
				       longs > 1 ? "long long" : longs ? "long" :
				       "int");
				sb_addc(sb, ' ');
			}
		} else if (!(((e - p == 5 && !strncmp(p, "const", 5)) ||
			      (e - p == 8 && !strncmp(p, "volatile", 8))) &&
			     (!star || p > star))) {
			sb_addn(sb, p, e - p);
			sb_addc(sb, ' ');
		}
		p = e;
	}
}

/* t without its "const" words. */
static char *strip_const(const char *t)
{
	struct sbuf sb = { 0 };

	for (const char *p = t; *p;) {
		const char *e = p;

		if (!is_id(*p)) {
			sb_addc(&sb, *p++);
			continue;
		}
		while (is_id(*e))
			e++;
		if (!(e - p == 5 && !strncmp(p, "const", 5)))
			sb_addn(&sb, p, e - p);
		else if (*e == ' ')
			e++;
		p = e;
	}
	return sb.buf ? sb_detach(&sb) : xstrdup("");
}

int csig_same_type(const char *a, const char *b)
{
	struct sbuf x = { 0 }, y = { 0 };
	int same;

	if (!strcmp(a, b))
		return 1;
	canon_words(a, &x);
	canon_words(b, &y);
	same = !strcmp(x.buf ? x.buf : "", y.buf ? y.buf : "");
	sb_free(&x);
	sb_free(&y);
	return same;
}

int csig_arg_fits(const char *arg, const char *param)
{
	char *a, *b;
	int fits;

	if (csig_same_type(arg, param))
		return 1;
	/* Any pointer goes to a void pointer. */
	if (strchr(arg, '*') && (!strcmp(param, "void*") ||
				 !strcmp(param, "const void*")))
		return 1;
	/* A pointer to T goes to a pointer to const T. */
	a = strip_const(arg);
	b = strip_const(param);
	fits = !strcmp(a, b) && strlen(param) > strlen(arg);
	free(a);
	free(b);
	return fits;
}

char *csig_list_text(const struct cparam *p, int n)
{
	struct sbuf sb = { 0 };

	sb_addc(&sb, '(');
	for (int i = 0; i < n; i++)
		sb_addf(&sb, "%s%s", i ? ", " : "", p[i].decl);
	sb_add(&sb, n ? ")" : "void)");
	return sb_detach(&sb);
}

void csig_hook_params(const struct hook *h, struct cparam **out, int *n)
{
	*out = xcalloc(h->nparams + 1, sizeof(**out));
	*n = h->nparams;
	for (int i = 0; i < h->nparams; i++) {
		char *name;

		(*out)[i].decl = squeeze_space(h->params[i].decl);
		csig_split((*out)[i].decl, &name, &(*out)[i].type);
		free(name);
		(*out)[i].name = xstrdup(h->params[i].name);
	}
}

/*
 * A function-like macro's shape in text: how many named parameters come
 * before "...", and whether it has "..." at all.  0 when text does not
 * define it.
 */
static int macro_shape(const char *text, const char *name, int *named,
		       int *variadic)
{
	size_t n = strlen(name);

	for (const char *l = text; l && *l;
	     l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		const char *p = l + strspn(l, " \t");
		int empty = 1;

		if (*p++ != '#')
			continue;
		p += strspn(p, " \t");
		if (strncmp(p, "define", 6))
			continue;
		p += 6;
		p += strspn(p, " \t");
		if (strncmp(p, name, n) || p[n] != '(')
			continue;
		*named = 0;
		*variadic = 0;
		for (p += n + 1; *p && *p != ')' && *p != '\n'; p++) {
			if (*p == ',') {
				*named += !empty;
				empty = 1;
			} else if (*p == '.') {
				*variadic = 1;
				empty = 1;
				while (*p == '.' || is_id(*p))
					p++;
				p--;
			} else if (is_id(*p)) {
				empty = 0;
			}
		}
		*named += !empty;
		return 1;
	}
	return 0;
}

static void add_call(struct ccalls *out, const char *code, size_t start,
		     size_t open, int named)
{
	struct ccall *c;
	size_t close = closing(code, open);

	if (!close)
		return;
	ARRAY_GROW(out->v, out->cap, out->n + 1, 4);
	c = &out->v[out->n++];
	memset(c, 0, sizeof(*c));
	c->start = start;
	c->open = open;
	c->close = close;
	c->named = named;
	csig_params(code, open, close, &c->a, &c->n);
}

/* Expansions of dispatch macro spec ("NAME:POS") in [from, to). */
static void macro_calls(const char *code, size_t from, size_t to,
			const char *spec, const char *macros,
			const char *hook, struct ccalls *out)
{
	const char *colon = strchr(spec, ':');
	char *name = colon ? xstrndup(spec, colon - spec) : xstrdup(spec);
	int pos = colon ? atoi(colon + 1) : 1, named = pos, variadic = 1;
	size_t n = strlen(name);

	if (macros && macro_shape(macros, name, &named, &variadic) &&
	    !variadic) {
		free(name);	/* a loop over the slots: no arguments */
		return;
	}
	for (const char *p = code + from; (p = strstr(p, name)) &&
	     (size_t)(p - code) < to; p += n) {
		const char *q = p + n;
		struct ccalls one = { 0 };

		if ((p > code && is_id(p[-1])) || is_id(*q))
			continue;
		while (isspace((unsigned char)*q))
			q++;
		if (*q != '(')
			continue;
		add_call(&one, code, p - code, q - code, named);
		if (one.n && one.v[0].n >= pos &&
		    !strcmp(one.v[0].a[pos - 1].decl, hook) &&
		    one.v[0].close < to) {
			ARRAY_GROW(out->v, out->cap, out->n + 1, 4);
			out->v[out->n++] = one.v[0];
			free(one.v);
		} else {
			ccalls_free(&one);
		}
	}
	free(name);
}

/* "->hook(" and ".hook(" in [from, to). */
static void member_calls(const char *code, size_t from, size_t to,
			 const char *hook, struct ccalls *out)
{
	size_t n = strlen(hook);

	for (const char *p = code + from; (p = strstr(p, hook)) &&
	     (size_t)(p - code) < to; p += n) {
		const char *q = p + n, *b = p, *s;

		if (is_id(*q) || (p > code && is_id(p[-1])))
			continue;
		while (isspace((unsigned char)*q))
			q++;
		while (b > code && isspace((unsigned char)b[-1]))
			b--;
		if (*q != '(' || b == code ||
		    !(b[-1] == '.' || (b[-1] == '>' && b - code > 1 &&
				       b[-2] == '-')))
			continue;
		/* The object: names, "->" and "." back to its start. */
		s = b;
		while (s > code + from) {
			if (is_id(s[-1]) || s[-1] == '.')
				s--;
			else if (s[-1] == '>' && s - code > 1 && s[-2] == '-')
				s -= 2;
			else if (isspace((unsigned char)s[-1]) &&
				 (s[0] == '-' || s[0] == '.'))
				s--;
			else
				break;
		}
		while (isspace((unsigned char)*s))
			s++;
		add_call(out, code, s - code, q - code, 0);
		if (out->n && out->v[out->n - 1].close >= to) {
			struct ccall *c = &out->v[--out->n];

			cparams_free(c->a, c->n);
		}
	}
}

void csig_calls(const char *code, size_t from, size_t to,
		const struct table *t, const char *macros, const char *hook,
		struct ccalls *out)
{
	/* The range alone, so that no search runs past it. */
	char *sub = xstrndup(code + from, to - from);
	int first = out->n;

	for (int i = 0; i < t->dispatch_macro.n; i++)
		macro_calls(sub, 0, to - from, t->dispatch_macro.v[i], macros,
			    hook, out);
	member_calls(sub, 0, to - from, hook, out);
	for (int i = first; i < out->n; i++) {
		struct ccall *c = &out->v[i];

		c->start += from;
		c->open += from;
		c->close += from;
		for (int k = 0; k < c->n; k++) {
			c->a[k].start += from;
			c->a[k].end += from;
		}
	}
	free(sub);
}

void ccalls_free(struct ccalls *c)
{
	for (int i = 0; i < c->n; i++)
		cparams_free(c->v[i].a, c->v[i].n);
	free(c->v);
	memset(c, 0, sizeof(*c));
}

/* The white space at the start of the line holding offset i. */
static char *indent_of(const char *text, size_t i)
{
	size_t b = i, e;

	while (b && text[b - 1] != '\n')
		b--;
	e = b;
	while (text[e] == ' ' || text[e] == '\t')
		e++;
	return xstrndup(text + b, e - b);
}

static int newline_between(const char *text, size_t a, size_t b)
{
	return memchr(text + a, '\n', b - a) != NULL;
}

char *csig_layout(const char *text, size_t from, size_t open, size_t close,
		  const struct cparam *old, int nold, char *const *items,
		  int n)
{
	struct sbuf sb = { 0 };
	const char *nl = strchr(text + close + 1, '\n');
	size_t after = nl ? (size_t)(nl - text) : strlen(text);
	char *tail = xstrndup(text + close + 1, after - close - 1);
	char *indent = NULL;
	int k = 0, j = 0, col, icol, first;

	while (k < n && k < nold && !strcmp(items[k], old[k].decl))
		k++;
	for (int i = 1; i < nold; i++)
		if (newline_between(text, old[i - 1].end, old[i].start)) {
			if (!indent)
				indent = indent_of(text, old[i].start);
			if (i <= k)
				j = i;
		}
	if (!indent) {
		struct sbuf h = { 0 };

		sb_addn(&h, text + from, open + 1 - from);
		icol = ks_width(h.buf, 0);
		sb_free(&h);
		sb_reset(&sb);
		ks_indent_to(&sb, icol);
		indent = sb_detach(&sb);
	}
	icol = ks_width(indent, 0);
	if (j) {
		size_t ls = old[j].start;

		while (ls > from && text[ls - 1] != '\n')
			ls--;
		sb_addn(&sb, text + from, ls - from);
		sb_add(&sb, indent);
		col = icol;
		first = 1;
	} else {
		sb_addn(&sb, text + from, open + 1 - from);
		col = ks_width(sb.buf, 0);
		first = 1;
	}
	for (int i = j; i < n; i++) {
		const char *end = i + 1 < n ? "," : ")";
		int len = (int)(strlen(items[i]) + strlen(end));
		int need = len + (i + 1 < n ? 0 : ks_width(tail, 0));

		if (!first && col + 1 + need > KS_WIDTH) {
			sb_addc(&sb, '\n');
			sb_add(&sb, indent);
			col = icol;
			first = 1;
		}
		if (!first) {
			sb_addc(&sb, ' ');
			col++;
		}
		sb_add(&sb, items[i]);
		sb_add(&sb, end);
		col += len;
		first = 0;
	}
	if (!n)
		sb_addc(&sb, ')');
	free(tail);
	free(indent);
	return sb_detach(&sb);
}
