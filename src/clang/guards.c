/* guards.c - conditional-compilation context of lines in a file. */
#include "clang/guards.h"
#include "clang/pptokens.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static void push(struct conds *c, unsigned line, enum cond_kind kind,
		 char *expr)
{
	ARRAY_GROW(c->v, c->cap, c->n + 1, 32);
	c->v[c->n].line = line;
	c->v[c->n].kind = kind;
	c->v[c->n].expr = expr;
	c->n++;
}

/* The condition of the directive at '#' i: its tokens after the keyword. */
static char *condition(const struct pp_tokens *pt, unsigned i)
{
	struct sbuf expr = { 0 };

	for (unsigned k = i + 2; k < pt->end[i]; k++) {
		char *s;

		if (pp_is_comment(pt, k))
			continue;
		s = pp_spelling(pt, k);
		if (expr.len && (isalnum((unsigned char)expr.buf[expr.len - 1]) ||
				 expr.buf[expr.len - 1] == '_') &&
		    (isalnum((unsigned char)s[0]) || s[0] == '_'))
			sb_addc(&expr, ' ');
		else if (expr.len && strchr("&|", s[0]))
			sb_addc(&expr, ' ');
		else if (expr.len && strchr("&|", expr.buf[expr.len - 1]))
			sb_addc(&expr, ' ');
		sb_add(&expr, s);
		free(s);
	}
	return sb_detach(&expr);
}

void guards_scan(CXTranslationUnit tu, CXFile file, struct conds *out)
{
	static const struct {
		const char *kw;
		enum cond_kind kind;
	} kinds[] = {
		{ "if", C_IF }, { "ifdef", C_IFDEF }, { "ifndef", C_IFNDEF },
		{ "elif", C_ELIF }, { "else", C_ELSE }, { "endif", C_ENDIF },
	};
	size_t size;
	const char *buf = clang_getFileContents(tu, file, &size);
	struct pp_tokens pt;

	if (!buf)
		return;
	/* Whole logical lines: "#if A && \" goes on with the next line. */
	pp_tokenize(tu, clang_getRange(clang_getLocationForOffset(tu, file, 0),
				       clang_getLocationForOffset(tu, file, size)),
		    &pt);
	for (unsigned i = 0; i < pt.n; i++) {
		if (pt.end[i] <= i + 1)
			continue;	/* no directive, or a lone '#' */
		for (size_t k = 0; k < ARRAY_SIZE(kinds); k++) {
			enum cond_kind kind = kinds[k].kind;

			if (!pp_is(&pt, i + 1, kinds[k].kw))
				continue;
			push(out, pt.line[i], kind,
			     kind == C_ELSE || kind == C_ENDIF ? NULL :
			     condition(&pt, i));
			break;
		}
		i = pt.end[i] - 1;
	}
	pp_tokens_free(&pt);
}

/* "defined(X)" or "defined X" -> X; else NULL. */
static char *defined_symbol(const char *e)
{
	const char *s, *end;
	size_t n;

	if (!starts_with(e, "defined"))
		return NULL;
	s = e + 7;
	while (*s == ' ' || *s == '(')
		s++;
	end = s;
	while (isalnum((unsigned char)*end) || *end == '_')
		end++;
	n = end - s;
	if (!n)
		return NULL;
	while (*end == ' ' || *end == ')')
		end++;
	return *end ? NULL : xstrndup(s, n);
}

static char *atom(enum cond_kind kind, const char *expr, int negate)
{
	char *sym = NULL;
	char *a;
	int neg = negate;

	if (kind == C_IFDEF || kind == C_IFNDEF) {
		sym = xstrdup(expr);
		if (kind == C_IFNDEF)
			neg = !neg;
	} else if (starts_with(expr, "!") && (sym = defined_symbol(expr + 1))) {
		neg = !neg;
	} else {
		sym = defined_symbol(expr);
	}
	if (sym) {
		a = xasprintf("%s%s", neg ? "!" : "", sym);
		free(sym);
		return a;
	}
	return xasprintf("%s(%s)", neg ? "!" : "", expr);
}

/*
 * The atoms of a condition in force: "defined(A) && !defined(B)" is the
 * two atoms A and !B; anything else is one atom.
 */
static void push_atoms(struct strv *out, enum cond_kind kind,
		       const char *expr)
{
	struct strv parts = { 0 };
	int depth = 0, simple = 1;
	const char *start = expr;

	if (kind == C_IF || kind == C_ELIF) {
		for (const char *s = expr;; s++) {
			if (*s == '(')
				depth++;
			else if (*s == ')')
				depth--;
			if (!*s || (!depth && starts_with(s, " && "))) {
				strv_push_owned(&parts, xstrndup(start, s - start));
				if (!*s)
					break;
				start = s + 4;
				s += 3;
			} else if (!depth && (*s == '|' || *s == '?')) {
				simple = 0;
			}
		}
		for (int i = 0; simple && i < parts.n; i++) {
			const char *p = parts.v[i] + (parts.v[i][0] == '!');
			char *sym = defined_symbol(p);

			if (!sym)
				simple = 0;
			free(sym);
		}
		if (simple && parts.n > 1) {
			for (int i = 0; i < parts.n; i++)
				strv_push_owned(out, atom(C_IF, parts.v[i], 0));
			strv_clear(&parts);
			return;
		}
		strv_clear(&parts);
	}
	strv_push_owned(out, atom(kind, expr, 0));
}

struct frame {
	struct strv taken;	/* atoms of earlier branches, negated later */
	struct strv cur;	/* atoms in force in the current branch */
};

void guards_at(const struct conds *c, unsigned line, struct strv *atoms)
{
	struct frame st[64];
	int depth = 0;

	for (int i = 0; i < c->n && c->v[i].line < line; i++) {
		const struct cond *d = &c->v[i];
		struct frame *f = depth ? &st[depth - 1] : NULL;

		switch (d->kind) {
		case C_IF:
		case C_IFDEF:
		case C_IFNDEF:
			if (depth == (int)ARRAY_SIZE(st))
				break;
			f = &st[depth++];
			memset(f, 0, sizeof(*f));
			push_atoms(&f->cur, d->kind, d->expr);
			strv_push_owned(&f->taken, atom(d->kind, d->expr, 1));
			break;
		case C_ELIF:
			if (!f)
				break;
			strv_clear(&f->cur);
			for (int k = 0; k < f->taken.n; k++)
				strv_push(&f->cur, f->taken.v[k]);
			push_atoms(&f->cur, C_IF, d->expr);
			strv_push_owned(&f->taken, atom(C_IF, d->expr, 1));
			break;
		case C_ELSE:
			if (!f)
				break;
			strv_clear(&f->cur);
			for (int k = 0; k < f->taken.n; k++)
				strv_push(&f->cur, f->taken.v[k]);
			break;
		case C_ENDIF:
			if (!f)
				break;
			strv_clear(&f->cur);
			strv_clear(&f->taken);
			depth--;
			break;
		}
	}
	for (int i = 0; i < depth; i++) {
		for (int k = 0; k < st[i].cur.n; k++)
			if (strstr(st[i].cur.v[k], "CONFIG_") &&
			    strv_find(atoms, st[i].cur.v[k]) < 0)
				strv_push(atoms, st[i].cur.v[k]);
		strv_clear(&st[i].cur);
		strv_clear(&st[i].taken);
	}
}

void guards_symbols(const struct conds *c, struct strv *syms)
{
	for (int i = 0; i < c->n; i++) {
		const char *e = c->v[i].expr;

		while (e && (e = strstr(e, "CONFIG_"))) {
			size_t n = 0;
			char *s;

			while (isalnum((unsigned char)e[n]) || e[n] == '_')
				n++;
			s = xstrndup(e, n);
			if (strv_find(syms, s) < 0)
				strv_push_owned(syms, s);
			else
				free(s);
			e += n;
		}
	}
}

char *guards_directive(const struct strv *atoms)
{
	struct sbuf sb = { 0 };

	if (atoms->n == 1 && atoms->v[0][0] != '(' && atoms->v[0][0] != '!')
		return xasprintf("#ifdef %s", atoms->v[0]);
	if (atoms->n == 1 && atoms->v[0][0] == '!' && atoms->v[0][1] != '(')
		return xasprintf("#ifndef %s", atoms->v[0] + 1);
	sb_add(&sb, "#if ");
	for (int i = 0; i < atoms->n; i++) {
		const char *a = atoms->v[i];

		if (i)
			sb_add(&sb, " && ");
		if (a[0] == '!' && a[1] != '(')
			sb_addf(&sb, "!defined(%s)", a + 1);
		else if (a[0] == '(' || a[0] == '!')
			sb_add(&sb, a);
		else
			sb_addf(&sb, "defined(%s)", a);
	}
	return sb_detach(&sb);
}

void guards_free(struct conds *c)
{
	for (int i = 0; i < c->n; i++)
		free(c->v[i].expr);
	free(c->v);
	memset(c, 0, sizeof(*c));
}
