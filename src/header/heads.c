/*
 * heads.c - the list heads of struct security_hook_heads and the
 * entries of its initialiser, read as text (heads.h).  Comments are
 * blanked first and preprocessor lines skipped, so every #if branch
 * counts and a commented-out member is none.
 */
#include "core/ctext.h"
#include "header/heads.h"

#include <ctype.h>
#include <string.h>

static int is_ident(int c)
{
	return c == '_' || isalnum((unsigned char)c);
}

static int word_at(const char *t, const char *p, const char *w)
{
	size_t n = strlen(w);

	return !strncmp(p, w, n) && !is_ident(p[n]) &&
	       (p == t || !is_ident(p[-1]));
}

static const char *skip_blank(const char *p, unsigned *line)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
		if (*p == '\n')
			++*line;
		p++;
	}
	return p;
}

/* Does p start a preprocessor line (only blanks before it)? */
static int directive_at(const char *t, const char *p)
{
	const char *b = p;

	if (*p != '#')
		return 0;
	while (b > t && (b[-1] == ' ' || b[-1] == '\t'))
		b--;
	return b == t || b[-1] == '\n';
}

/* Past the logical line of the directive at p (on its newline). */
static const char *skip_directive(const char *p, unsigned *line)
{
	while (*p && *p != '\n') {
		if (*p == '\\' && p[1] == '\n') {
			++*line;
			p++;
		}
		p++;
	}
	return p;
}

static void add(struct cscan *out, const char *name, size_t n,
		unsigned first, unsigned last)
{
	ARRAY_GROW(out->v, out->cap, out->n + 1, 64);
	out->v[out->n++] = (struct cdecl){
		.name = xstrndup(name, n), .kind = CD_PROTO,
		.first = first, .line = first, .last = last,
	};
}

/* "struct NAME {" in t: the "{", its line in *line; NULL for none. */
static const char *struct_open(const char *t, const char *name,
			       unsigned *line)
{
	unsigned l = 1;

	for (const char *p = t; *p; p++) {
		const char *q;
		unsigned ql;

		if (*p == '\n')
			l++;
		if (!word_at(t, p, "struct"))
			continue;
		ql = l;
		q = skip_blank(p + 6, &ql);
		if (!word_at(t, q, name))
			continue;
		q = skip_blank(q + strlen(name), &ql);
		if (*q == '{') {
			*line = ql;
			return q;
		}
	}
	return NULL;
}

int heads_members(const char *text, const char *name, struct cscan *out)
{
	char *t = ctext_blank_comments(text, strlen(text));
	unsigned line = 1, first = 0;
	const char *p = struct_open(t, name, &line), *id = NULL;
	size_t idn = 0;
	int depth = 1, bracket = 0, ret = p ? 0 : -1;

	for (p = p ? p + 1 : ""; *p && depth > 0; p++) {
		if (*p == '\n') {
			line++;
			continue;
		}
		if (directive_at(t, p)) {
			p = skip_directive(p, &line) - 1;
			continue;
		}
		if (*p == ' ' || *p == '\t' || *p == '\r')
			continue;
		if (depth == 1 && !first)
			first = line;
		if (*p == '{' || *p == '}') {
			depth += *p == '{' ? 1 : -1;
		} else if (*p == '[' || *p == ']') {
			bracket += *p == '[' ? 1 : -1;
		} else if (*p == ';' && depth == 1) {
			if (id)
				add(out, id, idn, first, line);
			id = NULL;
			first = 0;
		} else if (is_ident(*p) && (p == t || !is_ident(p[-1]))) {
			size_t n = 0;

			while (is_ident(p[n]))
				n++;
			if (depth == 1 && !bracket &&
			    !isdigit((unsigned char)*p)) {
				id = p;
				idn = n;
			}
			p += n - 1;
		}
	}
	free(t);
	return ret;
}

/* "NAME [attributes] = {" in t: the "{", its line in *line; or NULL. */
static const char *init_open(const char *t, const char *name,
			     unsigned *line)
{
	unsigned l = 1;

	for (const char *p = t; *p; p++) {
		const char *q;
		unsigned ql;

		if (*p == '\n')
			l++;
		if (!word_at(t, p, name))
			continue;
		ql = l;
		q = skip_blank(p + strlen(name), &ql);
		while (is_ident(*q)) {
			while (is_ident(*q))
				q++;
			q = skip_blank(q, &ql);
		}
		if (*q != '=' || q[1] == '=')
			continue;
		q = skip_blank(q + 1, &ql);
		if (*q == '{') {
			*line = ql;
			return q;
		}
	}
	return NULL;
}

int heads_inits(const char *text, const char *name, struct cscan *out)
{
	char *t = ctext_blank_comments(text, strlen(text));
	unsigned line = 1, first = 0, last = 0;
	const char *p = init_open(t, name, &line), *id = NULL;
	size_t idn = 0;
	int depth = 1, paren = 0, ret = p ? 0 : -1;

	for (p = p ? p + 1 : ""; *p && depth > 0; p++) {
		if (*p == '\n') {
			line++;
			continue;
		}
		if (directive_at(t, p)) {
			p = skip_directive(p, &line) - 1;
			continue;
		}
		if (*p == ' ' || *p == '\t' || *p == '\r')
			continue;
		if (*p == '{' || *p == '}') {
			depth += *p == '{' ? 1 : -1;
		} else if (*p == '(' || *p == ')') {
			paren += *p == '(' ? 1 : -1;
		} else if (*p == '.' && depth == 1 && !paren && !id) {
			unsigned l = line;
			const char *q = skip_blank(p + 1, &l), *e = q;

			while (is_ident(*e))
				e++;
			if (e > q && *skip_blank(e, &l) == '=') {
				id = q;
				idn = e - q;
				first = line;
			}
		} else if (*p == ',' && depth == 1 && !paren) {
			if (id)
				add(out, id, idn, first, line);
			id = NULL;
		}
		if (depth > 0)
			last = line;
	}
	if (id)
		add(out, id, idn, first, last);
	free(t);
	return ret;
}
