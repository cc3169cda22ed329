/*
 * cscan.c - the top-level declarations of a hand-maintained kernel C
 * file, read as text (cscan.h).  Comments, string literals and
 * directives are skipped; "{...}" at the top level closes a function
 * definition when what came before it reads "TYPE NAME(PARAMS)", and a
 * ";" closes a prototype when it reads the same.  Every branch of every
 * #if is read, each noted CONFIG-off or not.
 */
#include "core/ctext.h"
#include "header/cscan.h"

#include <ctype.h>
#include <string.h>

struct frame {
	int config;		/* its condition names a CONFIG_ symbol */
	int first_neg;		/* the first branch is the symbol's off one */
	int neg;		/* the branch being read is an off one */
	int elif;
};

struct cscan_state {
	const char *s;
	size_t i;
	unsigned line;
	int bol;		/* only white space so far on this line */
	struct frame fr[64];
	int depth;
	int brace, paren;
	struct sbuf stmt;	/* the top-level text since the last ";" */
	unsigned stmt_line, stmt_first;
	int stmt_doc, stmt_off;
	unsigned com_start, com_end;	/* the last top-level comment */
	int com_doc;
	int in_fn;
	struct cdecl fn;	/* the definition being read */
	struct cscan *out;
};

static int is_ident(int c)
{
	return c == '_' || isalnum((unsigned char)c);
}

static int off_now(const struct cscan_state *sc)
{
	for (int k = 0; k < sc->depth && k < 64; k++)
		if (sc->fr[k].config && sc->fr[k].neg)
			return 1;
	return 0;
}

/* A comment from sc->i ("/ *" or "//"): skipped, lines counted. */
static void skip_comment(struct cscan_state *sc)
{
	const char *s = sc->s;

	if (s[sc->i + 1] == '/') {
		while (s[sc->i] && s[sc->i] != '\n')
			sc->i++;
		return;
	}
	sc->i += 2;
	while (s[sc->i] && !(s[sc->i] == '*' && s[sc->i + 1] == '/')) {
		if (s[sc->i] == '\n')
			sc->line++;
		sc->i++;
	}
	if (s[sc->i])
		sc->i += 2;
}

static void skip_literal(struct cscan_state *sc)
{
	const char *s = sc->s;
	char q = s[sc->i++];

	while (s[sc->i] && s[sc->i] != q && s[sc->i] != '\n') {
		if (s[sc->i] == '\\' && s[sc->i + 1]) {
			if (s[sc->i + 1] == '\n')
				sc->line++;
			sc->i++;
		}
		sc->i++;
	}
	if (s[sc->i] == q)
		sc->i++;
}

/* A directive from its '#' to the end of its logical line. */
static void directive(struct cscan_state *sc)
{
	const char *s = sc->s;
	struct sbuf d = { 0 };
	const char *p, *w;
	size_t n;

	sc->i++;
	while (s[sc->i] && s[sc->i] != '\n') {
		if (s[sc->i] == '\\' && s[sc->i + 1] == '\n') {
			sc->line++;
			sc->i += 2;
			sb_addc(&d, ' ');
		} else if (s[sc->i] == '/' &&
			   (s[sc->i + 1] == '*' || s[sc->i + 1] == '/')) {
			skip_comment(sc);
			sb_addc(&d, ' ');
		} else {
			sb_addc(&d, s[sc->i++]);
		}
	}
	p = d.buf ? d.buf : "";
	p += strspn(p, " \t");
	w = p;
	while (is_ident(*p))
		p++;
	n = p - w;
	p += strspn(p, " \t");
	if ((n == 2 && !strncmp(w, "if", 2)) ||
	    (n == 5 && !strncmp(w, "ifdef", 5)) ||
	    (n == 6 && !strncmp(w, "ifndef", 6))) {
		if (sc->depth < 64) {
			struct frame *f = &sc->fr[sc->depth];

			f->config = strstr(p, "CONFIG_") != NULL;
			f->first_neg = n == 6 || (n == 2 && *p == '!');
			f->neg = f->first_neg;
			f->elif = 0;
		}
		sc->depth++;
	} else if (n == 4 && !strncmp(w, "elif", 4) && sc->depth) {
		if (sc->depth <= 64) {
			sc->fr[sc->depth - 1].neg = 1;
			sc->fr[sc->depth - 1].elif = 1;
			sc->fr[sc->depth - 1].config |=
				strstr(p, "CONFIG_") != NULL;
		}
	} else if (n == 4 && !strncmp(w, "else", 4) && sc->depth) {
		if (sc->depth <= 64) {
			struct frame *f = &sc->fr[sc->depth - 1];

			f->neg = f->elif ? 1 : !f->first_neg;
		}
	} else if (n == 5 && !strncmp(w, "endif", 5) && sc->depth) {
		sc->depth--;
	}
	sb_free(&d);
}

static int attribute_like(const char *w, size_t n)
{
	static const char *const names[] = {
		"__attribute__", "__printf", "__scanf", "__section",
		"__aligned", "__alloc_size", "__diag_ignore",
	};

	for (size_t k = 0; k < ARRAY_SIZE(names); k++)
		if (strlen(names[k]) == n && !strncmp(w, names[k], n))
			return 1;
	return 0;
}

/*
 * "TYPE NAME(PARAMS)" followed by nothing but attributes: NAME, owned by
 * the caller, and whether "static" comes before it; else NULL.
 */
static char *decl_name(const char *t, int *is_static)
{
	int depth = 0;

	if (starts_with(t, "typedef ") || strstr(t, "{}"))
		return NULL;
	for (const char *p = t; *p; p++) {
		const char *e = p, *b;

		if (*p == '=' && !depth)
			return NULL;
		if (*p == ')')
			depth--;
		if (*p != '(' || depth++)
			continue;
		while (e > t && e[-1] == ' ')
			e--;
		b = e;
		while (b > t && is_ident(b[-1]))
			b--;
		if (b == e || attribute_like(b, e - b) ||
		    isdigit((unsigned char)*b))
			continue;
		/* A type before the name, and no "=" or "," after it. */
		if (b == t || strpbrk(p, "=;") ||
		    strchr(strrchr(p, ')') ? strrchr(p, ')') : p, ','))
			return NULL;
		*is_static = 0;
		for (const char *s = t; s < b; s++)
			if ((s == t || !is_ident(s[-1])) &&
			    starts_with(s, "static") && !is_ident(s[6]))
				*is_static = 1;
		return xstrndup(b, e - b);
	}
	return NULL;
}

static void stmt_reset(struct cscan_state *sc)
{
	sb_reset(&sc->stmt);
}

static const char *stmt_text(struct cscan_state *sc)
{
	while (sc->stmt.len && sc->stmt.buf[sc->stmt.len - 1] == ' ')
		sc->stmt.buf[--sc->stmt.len] = '\0';
	return sc->stmt.buf ? sc->stmt.buf : "";
}

/* Text of the top level, s starting at the current line. */
static void stmt_add(struct cscan_state *sc, const char *s)
{
	if (!sc->stmt.len) {
		sc->stmt_line = sc->line;
		sc->stmt_off = off_now(sc);
		sc->stmt_doc = sc->com_doc && sc->com_end + 1 == sc->line;
		sc->stmt_first = sc->stmt_doc ? sc->com_start : sc->line;
	}
	sb_add(&sc->stmt, s);
}

static void push(struct cscan_state *sc, const struct cdecl *d)
{
	ARRAY_GROW(sc->out->v, sc->out->cap, sc->out->n + 1, 64);
	sc->out->v[sc->out->n++] = *d;
}

static void fill(struct cscan_state *sc, struct cdecl *d, char *name, int st,
		 enum cdecl_kind kind)
{
	memset(d, 0, sizeof(*d));
	d->name = name;
	d->kind = kind;
	d->is_static = st;
	d->off = sc->stmt_off;
	d->doc = sc->stmt_doc;
	d->first = sc->stmt_first;
	d->line = sc->stmt_line;
}

/* "{" at the top level: a function's body, or an initializer's. */
static void open_brace(struct cscan_state *sc)
{
	int st;
	char *name = sc->paren ? NULL : decl_name(stmt_text(sc), &st);

	if (name) {
		fill(sc, &sc->fn, name, st, CD_FUNC);
		sc->in_fn = 1;
	}
	sc->brace = 1;
}

static void close_brace(struct cscan_state *sc)
{
	if (sc->in_fn) {
		sc->fn.last = sc->line;
		push(sc, &sc->fn);
		sc->in_fn = 0;
		stmt_reset(sc);
	} else {
		stmt_add(sc, "{}");
	}
}

/* ";" at the top level: a prototype, or EXPORT_SYMBOL of the function. */
static void semicolon(struct cscan_state *sc)
{
	const char *t = stmt_text(sc);
	struct cdecl d;
	char *name;
	int st;

	if (starts_with(t, "EXPORT_SYMBOL") && sc->out->n) {
		struct cdecl *f = &sc->out->v[sc->out->n - 1];
		const char *a = strchr(t, '(');
		size_t n;

		if (a) {
			a += 1 + strspn(a + 1, " ");
			n = strlen(f->name);
			if (f->kind == CD_FUNC && !strncmp(a, f->name, n) &&
			    !is_ident(a[n]) && sc->stmt_line <= f->last + 1)
				f->last = sc->line;
		}
	} else if ((name = decl_name(t, &st))) {
		fill(sc, &d, name, st, CD_PROTO);
		d.last = sc->line;
		push(sc, &d);
	}
	stmt_reset(sc);
}

/* Another character of the top level. */
static void top_char(struct cscan_state *sc, char c)
{
	char one[2] = { c, '\0' };

	if (isspace((unsigned char)c)) {
		if (sc->stmt.len && sc->stmt.buf[sc->stmt.len - 1] != ' ')
			sb_addc(&sc->stmt, ' ');
		return;
	}
	if (c == '(')
		sc->paren++;
	else if (c == ')' && sc->paren)
		sc->paren--;
	stmt_add(sc, one);
}

void cscan_text(const char *text, struct cscan *out)
{
	struct cscan_state sc = { 0 };
	const char *s = text;

	memset(out, 0, sizeof(*out));
	sc.s = text;
	sc.line = 1;
	sc.bol = 1;
	sc.out = out;
	while (s[sc.i]) {
		char c = s[sc.i];

		if (c == '\n') {
			if (!sc.brace)
				top_char(&sc, ' ');
			sc.line++;
			sc.bol = 1;
			sc.i++;
			continue;
		}
		if (c == '#' && sc.bol) {
			directive(&sc);
			continue;
		}
		if (!isspace((unsigned char)c))
			sc.bol = 0;
		if (c == '/' && (s[sc.i + 1] == '*' || s[sc.i + 1] == '/')) {
			unsigned start = sc.line;
			int doc = s[sc.i + 1] == '*' && s[sc.i + 2] == '*' &&
				  s[sc.i + 3] != '/';

			skip_comment(&sc);
			if (!sc.brace && !sc.stmt.len) {
				sc.com_start = start;
				sc.com_end = sc.line;
				sc.com_doc = doc;
			} else if (!sc.brace) {
				top_char(&sc, ' ');
			}
			continue;
		}
		if (c == '"' || c == '\'') {
			if (!sc.brace)
				stmt_add(&sc, "\"\"");
			skip_literal(&sc);
			continue;
		}
		sc.i++;
		if (sc.brace) {
			if (c == '{')
				sc.brace++;
			else if (c == '}' && !--sc.brace)
				close_brace(&sc);
		} else if (c == '{') {
			open_brace(&sc);
		} else if (c == ';' && !sc.paren) {
			semicolon(&sc);
		} else if (c == '}') {
			stmt_reset(&sc);	/* unbalanced: start afresh */
		} else {
			top_char(&sc, c);
		}
	}
	if (sc.in_fn)
		free(sc.fn.name);
	sb_free(&sc.stmt);
}

const struct cdecl *cscan_find(const struct cscan *s, const char *name,
			       enum cdecl_kind kind, int off)
{
	for (int i = 0; i < s->n; i++)
		if (s->v[i].kind == kind && !strcmp(s->v[i].name, name) &&
		    (off < 0 || s->v[i].off == off))
			return &s->v[i];
	return NULL;
}

void cscan_free(struct cscan *s)
{
	for (int i = 0; i < s->n; i++)
		free(s->v[i].name);
	free(s->v);
	memset(s, 0, sizeof(*s));
}

int cscan_macro_params(const char *text, const char *name)
{
	char *t = ctext_blank_comments(text, strlen(text));
	size_t n = strlen(name);
	int count = -1;

	for (char *l = t; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 :
								NULL) {
		char *p = l + strspn(l, " \t");
		int named = 0, empty = 1;

		if (*p++ != '#')
			continue;
		p += strspn(p, " \t");
		if (!starts_with(p, "define"))
			continue;
		p += 6;
		p += strspn(p, " \t");
		if (strncmp(p, name, n) || p[n] != '(')
			continue;
		for (p += n + 1; *p && *p != ')' && *p != '\n'; p++) {
			if (*p == ',') {
				named += !empty;
				empty = 1;
			} else if (*p == '.') {
				empty = 1;	/* "..." or "args..." */
				while (*p == '.' || is_ident(*p))
					p++;
				p--;
			} else if (is_ident(*p)) {
				empty = 0;
			}
		}
		count = named + !empty;
		break;
	}
	free(t);
	return count;
}
