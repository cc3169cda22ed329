/*
 * lexscan.c - find POINTER->NAME in C text, lexically.
 *
 * A small C lexer: comments, string and character literals, line
 * continuations and preprocessor lines.  Code under "#if 0" is skipped
 * (spatch skips it too); both branches of any other conditional are
 * scanned.  Macro bodies are scanned like code.
 */
#include "convert/lexscan.h"
#include "core/util.h"

#include <ctype.h>
#include <string.h>

struct lx {
	const char *t;
	size_t len, i;
	unsigned line;
	size_t line_start;
};

static int at(const struct lx *x, size_t k, char c)
{
	return x->i + k < x->len && x->t[x->i + k] == c;
}

static void step(struct lx *x)
{
	if (x->i >= x->len)
		return;
	if (x->t[x->i] == '\n') {
		x->line++;
		x->line_start = x->i + 1;
	}
	x->i++;
}

static int is_ident(int c, int first)
{
	return c == '_' || isalpha(c) || (!first && isdigit(c));
}

static void skip_block_comment(struct lx *x)
{
	step(x);
	step(x);
	while (x->i < x->len && !(at(x, 0, '*') && at(x, 1, '/')))
		step(x);
	step(x);
	step(x);
}

static void skip_line_comment(struct lx *x)
{
	while (x->i < x->len && !at(x, 0, '\n')) {
		if (at(x, 0, '\\') && at(x, 1, '\n'))
			step(x);
		step(x);
	}
}

static void skip_literal(struct lx *x)
{
	char q = x->t[x->i];

	step(x);
	while (x->i < x->len) {
		char c = x->t[x->i];

		if (c == '\\') {
			step(x);
			step(x);
		} else if (c == q) {
			step(x);
			return;
		} else if (c == '\n') {
			return;	/* unterminated: stop at the line end */
		} else {
			step(x);
		}
	}
}

/* White space, continuations and comments; crosses lines. */
static void skip_blank(struct lx *x)
{
	while (x->i < x->len) {
		char c = x->t[x->i];

		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
		    c == '\f' || c == '\v')
			step(x);
		else if (c == '\\' && at(x, 1, '\n'))
			step(x), step(x);
		else if (c == '/' && at(x, 1, '*'))
			skip_block_comment(x);
		else if (c == '/' && at(x, 1, '/'))
			skip_line_comment(x);
		else
			break;
	}
}

/* Blanks within one (continued) line. */
static void skip_line_blank(struct lx *x)
{
	while (x->i < x->len) {
		if (at(x, 0, ' ') || at(x, 0, '\t'))
			step(x);
		else if (at(x, 0, '\\') && at(x, 1, '\n'))
			step(x), step(x);
		else if (at(x, 0, '/') && at(x, 1, '*'))
			skip_block_comment(x);
		else
			break;
	}
}

static size_t read_ident(struct lx *x)
{
	size_t start = x->i;

	while (x->i < x->len && is_ident((unsigned char)x->t[x->i],
					 x->i == start))
		step(x);
	return x->i - start;
}

/* To the end of a directive line; leaves x at the newline. */
static void skip_directive(struct lx *x)
{
	while (x->i < x->len && !at(x, 0, '\n')) {
		if (at(x, 0, '\\') && at(x, 1, '\n'))
			step(x), step(x);
		else if (at(x, 0, '/') && at(x, 1, '*'))
			skip_block_comment(x);
		else if (at(x, 0, '/') && at(x, 1, '/'))
			skip_line_comment(x);
		else
			step(x);
	}
}

enum cond { C_PLAIN, C_IF0, C_IF0_ELSE, C_SKIPPED };

struct state {
	struct lx x;
	const char *pointer;
	const char *incname;
	struct lex_scan *s;
	char *stack;		/* enum cond per open conditional */
	int depth, cap;
	int skipping;		/* inside the live branch of an #if 0 */
	int braces;		/* { } depth of the code */
	int operand;		/* the last token was &, sizeof or ( after one */
	char *callee;		/* last "name (" at depth 0 */
	char *func;		/* the function whose body we are in */
};

static void set_name(char **slot, const char *s, size_t n)
{
	free(*slot);
	*slot = s ? xstrndup(s, n) : NULL;
}

static void push(struct state *st, enum cond c)
{
	ARRAY_GROW(st->stack, st->cap, st->depth + 1, 16);
	st->stack[st->depth++] = c;
}

static void do_include(struct state *st)
{
	struct lx *x = &st->x;
	char close;
	size_t start;

	skip_line_blank(x);
	if (at(x, 0, '<'))
		close = '>';
	else if (at(x, 0, '"'))
		close = '"';
	else
		return;
	step(x);
	start = x->i;
	while (x->i < x->len && !at(x, 0, close) && !at(x, 0, '\n'))
		step(x);
	if (!at(x, 0, close))
		return;
	if (strlen(st->incname) == x->i - start &&
	    !memcmp(x->t + start, st->incname, x->i - start))
		st->s->has_header = 1;
	if (st->depth)
		return;
	skip_directive(x);
	/* just past the newline; the caller's x stays at it */
	st->s->after_any_include = x->i + (x->i < x->len);
	if (close == '>' && !strncmp(x->t + start, "linux/", 6))
		st->s->after_linux_include = st->s->after_any_include;
}

/* At '#' at the start of a line. */
static void do_directive(struct state *st)
{
	struct lx *x = &st->x;
	const char *w;
	size_t n;

	step(x);
	skip_line_blank(x);
	w = x->t + x->i;
	n = read_ident(x);
#define IS(s) (n == strlen(s) && !memcmp(w, s, n))
	if (IS("if") || IS("ifdef") || IS("ifndef")) {
		int zero;

		skip_line_blank(x);
		zero = IS("if") && at(x, 0, '0') &&
		       !(x->i + 1 < x->len &&
			 is_ident((unsigned char)x->t[x->i + 1], 0));
		if (st->skipping) {
			push(st, C_SKIPPED);
		} else if (zero) {
			push(st, C_IF0);
			st->skipping = 1;
		} else {
			push(st, C_PLAIN);
		}
	} else if (IS("elif") || IS("else")) {
		if (st->depth && st->stack[st->depth - 1] == C_IF0) {
			st->stack[st->depth - 1] = C_IF0_ELSE;
			st->skipping = 0;
		}
	} else if (IS("endif")) {
		if (st->depth && st->stack[--st->depth] == C_IF0)
			st->skipping = 0;
	} else if (IS("include") && !st->skipping) {
		do_include(st);
	} else if (IS("define") && !st->skipping) {
		return;		/* the body is scanned as code */
	}
#undef IS
	skip_directive(x);
}

/* At an identifier equal to the pointer: is it POINTER->NAME? */
static void try_use(struct state *st, size_t start, unsigned line,
		    unsigned col)
{
	struct lx y = st->x;
	struct use *u;
	size_t name, n;

	skip_blank(&y);
	if (!(at(&y, 0, '-') && at(&y, 1, '>')))
		return;
	step(&y);
	step(&y);
	skip_blank(&y);
	name = y.i;
	n = read_ident(&y);
	if (!n)
		return;
	ARRAY_GROW(st->s->v, st->s->cap, st->s->n + 1, 16);
	u = &st->s->v[st->s->n++];
	memset(u, 0, sizeof(*u));
	u->off = start;
	u->end = y.i;
	u->line = line;
	u->col = col;
	u->member = xstrndup(y.t + name, n);
	u->operand = st->operand;
	u->func = st->func ? xstrdup(st->func) : NULL;
	st->x = y;
	skip_blank(&y);
	u->is_call = at(&y, 0, '(');
}

static int is_operator_word(const char *w, size_t n)
{
	static const char *const words[] = {
		"sizeof", "typeof", "__typeof__", "__typeof", "alignof",
		"__alignof__", "_Alignof",
	};

	for (size_t i = 0; i < ARRAY_SIZE(words); i++)
		if (strlen(words[i]) == n && !memcmp(w, words[i], n))
			return 1;
	return 0;
}

/* After an identifier at depth 0: remember "name (" as a callee. */
static void note_callee(struct state *st, size_t start)
{
	struct lx y = st->x;

	skip_blank(&y);
	if (at(&y, 0, '('))
		set_name(&st->callee, st->x.t + start, st->x.i - start);
}

/* Track braces, the enclosing function and the operand context. */
static void punct(struct state *st, char c)
{
	int was = st->operand;

	st->operand = 0;
	if (c == '{') {
		if (!st->braces++) {
			free(st->func);
			st->func = st->callee;
			st->callee = NULL;
		}
	} else if (c == '}') {
		if (st->braces && !--st->braces)
			set_name(&st->func, NULL, 0);
	} else if (c == ';' || c == '=') {
		if (!st->braces)
			set_name(&st->callee, NULL, 0);
	} else if (c == '(') {
		st->operand = was;
	} else if (c == '&') {
		st->operand = 1;
	}
}

void lexscan(const char *text, size_t len, const char *pointer,
	     const char *incname, struct lex_scan *s)
{
	struct state st = { .x = { text, len, 0, 1, 0 }, .pointer = pointer,
			    .incname = incname, .s = s };
	struct lx *x = &st.x;
	size_t plen = strlen(pointer);
	int bol = 1, after_sel = 0;

	memset(s, 0, sizeof(*s));
	while (x->i < x->len) {
		char c = text[x->i];

		if (c == '\n') {
			step(x);
			bol = 1;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' ||
		    c == '\v') {
			step(x);
			continue;
		}
		if (c == '\\' && at(x, 1, '\n')) {
			step(x);
			step(x);
			continue;
		}
		if (c == '/' && at(x, 1, '*')) {
			skip_block_comment(x);
			continue;
		}
		if (c == '#' && bol) {
			do_directive(&st);
			bol = 0;
			after_sel = 0;
			continue;
		}
		bol = 0;
		if (st.skipping) {
			step(x);
			continue;
		}
		if (c == '/' && at(x, 1, '/')) {
			skip_line_comment(x);
		} else if (c == '"' || c == '\'') {
			skip_literal(x);
			st.operand = 0;
			after_sel = 0;
		} else if (is_ident((unsigned char)c, 1)) {
			size_t start = x->i;
			unsigned line = x->line;
			unsigned col = start - x->line_start;

			read_ident(x);
			if (!after_sel && x->i - start == plen &&
			    !memcmp(text + start, pointer, plen))
				try_use(&st, start, line, col);
			else if (!st.braces)
				note_callee(&st, start);
			st.operand = is_operator_word(text + start,
						      x->i - start);
			after_sel = 0;
		} else if (isdigit((unsigned char)c)) {
			while (x->i < x->len &&
			       (isalnum((unsigned char)text[x->i]) ||
				text[x->i] == '_' || text[x->i] == '.'))
				step(x);
			st.operand = 0;
			after_sel = 0;
		} else if (c == '-' && at(x, 1, '>')) {
			step(x);
			step(x);
			st.operand = 0;
			after_sel = 1;
		} else if (c == '.') {
			step(x);
			st.operand = 0;
			after_sel = 1;
		} else if (c == '&' && at(x, 1, '&')) {
			step(x);
			step(x);
			st.operand = 0;
			after_sel = 0;
		} else {
			step(x);
			punct(&st, c);
			after_sel = 0;
		}
	}
	free(st.stack);
	free(st.callee);
	free(st.func);
}

void scan_free(struct lex_scan *s)
{
	for (int i = 0; i < s->n; i++) {
		free(s->v[i].member);
		free(s->v[i].func);
	}
	free(s->v);
	memset(s, 0, sizeof(*s));
}
