/*
 * fixup.c - the fixup macro of a defaults file and the line naming each
 * hook (fixup.h).  The macro is the function-like one of two parameters
 * (OPS, F) whose body assigns "OPS->F" and pastes "PREFIX##F"; its uses
 * are the statements "MACRO(x, HOOK);".  Comments are blanked first, so
 * a commented-out line names no hook.
 */
#include "core/ctext.h"
#include "header/fixup.h"

#include <ctype.h>
#include <string.h>

static int is_ident(int c)
{
	return c == '_' || isalnum((unsigned char)c);
}

static const char *skip_blank(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n')
		p++;
	return p;
}

/* An identifier at p: its length (0: none). */
static size_t ident(const char *p)
{
	size_t n = 0;

	if (isdigit((unsigned char)*p))
		return 0;
	while (is_ident(p[n]))
		n++;
	return n;
}

/* Does body hold word w, not part of a longer identifier, at p? */
static int word_at(const char *body, const char *p, const char *w)
{
	size_t n = strlen(w);

	return !strncmp(p, w, n) && !is_ident(p[n]) &&
	       (p == body || !is_ident(p[-1]));
}

/* "A->B" in body, blanks allowed around the arrow. */
static int assigns(const char *body, const char *a, const char *b)
{
	for (const char *p = body; *p; p++) {
		const char *q;

		if (!word_at(body, p, a))
			continue;
		q = skip_blank(p + strlen(a));
		if (q[0] != '-' || q[1] != '>')
			continue;
		q = skip_blank(q + 2);
		if (word_at(body, q, b))
			return 1;
	}
	return 0;
}

/* The PREFIX of "PREFIX##B" in body, or NULL. */
static char *pasted_prefix(const char *body, const char *b)
{
	for (const char *p = strstr(body, "##"); p; p = strstr(p + 2, "##")) {
		const char *q = skip_blank(p + 2), *e = p, *s;

		if (!word_at(body, q, b))
			continue;
		while (e > body && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		s = e;
		while (s > body && is_ident(s[-1]))
			s--;
		if (s < e && !isdigit((unsigned char)*s))
			return xstrndup(s, e - s);
	}
	return NULL;
}

/*
 * The logical line from l (backslash-newlines joined into blanks); *next
 * the start of the line after it, *lines how many physical lines it took.
 */
static char *logical_line(const char *l, const char **next, unsigned *lines)
{
	struct sbuf sb = { 0 };
	const char *p = l;

	*lines = 1;
	while (*p && *p != '\n') {
		if (*p == '\\' && p[1] == '\n') {
			sb_addc(&sb, ' ');
			p += 2;
			++*lines;
			continue;
		}
		sb_addc(&sb, *p++);
	}
	*next = *p ? p + 1 : p;
	return sb.buf ? sb_detach(&sb) : xstrdup("");
}

/* "#define NAME(A, B) BODY" with BODY assigning A->B and pasting B. */
static int macro_of(const char *line, struct fixup *fx)
{
	const char *p = skip_blank(line);
	char *name, *a, *b;
	size_t n;
	int ok = 0;

	if (*p++ != '#')
		return 0;
	p = skip_blank(p);
	if (strncmp(p, "define", 6) || is_ident(p[6]))
		return 0;
	p = skip_blank(p + 6);
	if (!(n = ident(p)) || p[n] != '(')
		return 0;
	name = xstrndup(p, n);
	p = skip_blank(p + n + 1);
	n = ident(p);
	a = xstrndup(p, n);
	p = skip_blank(p + n);
	if (n && *p == ',') {
		p = skip_blank(p + 1);
		n = ident(p);
		b = xstrndup(p, n);
		p = skip_blank(p + n);
		if (n && *p == ')' && assigns(p + 1, a, b) &&
		    (fx->prefix = pasted_prefix(p + 1, b))) {
			fx->macro = name;
			name = NULL;
			ok = 1;
		}
		free(b);
	}
	free(a);
	free(name);
	return ok;
}

/* "MACRO ( X , HOOK ) ;" at p (the macro's name): HOOK, or NULL. */
static char *use_at(const char *p, size_t mlen)
{
	size_t n;
	const char *h;

	p = skip_blank(p + mlen);
	if (*p++ != '(')
		return NULL;
	p = skip_blank(p);
	if (!(n = ident(p)))
		return NULL;
	p = skip_blank(p + n);
	if (*p++ != ',')
		return NULL;
	h = p = skip_blank(p);
	if (!(n = ident(p)))
		return NULL;
	p = skip_blank(p + n);
	if (*p++ != ')' || *skip_blank(p) != ';')
		return NULL;
	return xstrndup(h, n);
}

static void find_uses(const char *t, struct fixup *fx)
{
	size_t mlen = strlen(fx->macro);
	unsigned line = 1;

	for (const char *p = t; *p; p++) {
		char *hook;

		if (*p == '\n') {
			line++;
			continue;
		}
		if (!word_at(t, p, fx->macro) || !(hook = use_at(p, mlen)))
			continue;
		ARRAY_GROW(fx->lines.v, fx->lines.cap, fx->lines.n + 1, 64);
		fx->lines.v[fx->lines.n++] = (struct cdecl){
			.name = hook, .kind = CD_PROTO,
			.first = line, .line = line, .last = line,
		};
	}
}

int fixup_scan(const char *text, struct fixup *fx)
{
	char *t = ctext_blank_comments(text, strlen(text));
	const char *l = t, *next;
	unsigned line = 1, lines;

	memset(fx, 0, sizeof(*fx));
	while (*l && !fx->macro) {
		char *ll = logical_line(l, &next, &lines);

		if (macro_of(ll, fx))
			fx->macro_line = line;
		free(ll);
		line += lines;
		l = next;
	}
	if (fx->macro)
		find_uses(t, fx);
	free(t);
	return fx->macro != NULL;
}

void fixup_free(struct fixup *fx)
{
	free(fx->macro);
	free(fx->prefix);
	cscan_free(&fx->lines);
	memset(fx, 0, sizeof(*fx));
}
