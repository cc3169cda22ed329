/* pptokens.c - tokens with their preprocessor directives marked. */
#include "clang/pptokens.h"
#include "core/util.h"

#include <ctype.h>
#include <string.h>

/* A backslash-newline (or backslash-CR-LF) at i: its length, else 0. */
static size_t splice_at(const char *buf, size_t size, size_t i)
{
	if (i + 1 < size && buf[i] == '\\' && buf[i + 1] == '\n')
		return 2;
	if (i + 2 < size && buf[i] == '\\' && buf[i + 1] == '\r' &&
	    buf[i + 2] == '\n')
		return 3;
	return 0;
}

size_t pp_line_end(const char *buf, size_t size, size_t i)
{
	while (i < size) {
		size_t n = splice_at(buf, size, i);
		char c = buf[i];

		if (n) {
			i += n;
		} else if (c == '\n') {
			return i;
		} else if (c == '/' && i + 1 < size && buf[i + 1] == '*') {
			/* A comment is one blank, whatever lines it spans. */
			const char *e = memmem(buf + i + 2, size - i - 2, "*/", 2);

			if (!e)
				return size;
			i = e - buf + 2;
		} else if (c == '/' && i + 1 < size && buf[i + 1] == '/') {
			/* To the end of the line, which a backslash continues. */
			for (i += 2; i < size; i++) {
				if ((n = splice_at(buf, size, i)))
					i += n - 1;
				else if (buf[i] == '\n')
					return i;
			}
		} else if (c == '"' || c == '\'') {
			/* A literal ends at its quote or, unterminated, the line. */
			for (i++; i < size && buf[i] != c && buf[i] != '\n'; i++)
				if (buf[i] == '\\' && i + 1 < size)
					i++;
			if (i < size && buf[i] == c)
				i++;
		} else {
			i++;
		}
	}
	return size;
}

int pp_is(const struct pp_tokens *pt, unsigned i, const char *s)
{
	CXString cs = clang_getTokenSpelling(pt->tu, pt->v[i]);
	int same = !strcmp(clang_getCString(cs), s);

	clang_disposeString(cs);
	return same;
}

char *pp_spelling(const struct pp_tokens *pt, unsigned i)
{
	CXString cs = clang_getTokenSpelling(pt->tu, pt->v[i]);
	char *s = xstrdup(clang_getCString(cs));

	clang_disposeString(cs);
	return s;
}

int pp_is_comment(const struct pp_tokens *pt, unsigned i)
{
	return clang_getTokenKind(pt->v[i]) == CXToken_Comment;
}

void pp_tokenize(CXTranslationUnit tu, CXSourceRange r, struct pp_tokens *pt)
{
	CXFile f;
	const char *buf = NULL;
	size_t size = 0;
	unsigned *off, prev_line = 0;

	memset(pt, 0, sizeof(*pt));
	pt->tu = tu;
	clang_getSpellingLocation(clang_getRangeStart(r), &f, NULL, NULL,
				  NULL);
	if (f)
		buf = clang_getFileContents(tu, f, &size);
	clang_tokenize(tu, r, &pt->v, &pt->n);
	pt->line = xcalloc(pt->n + 1, sizeof(*pt->line));
	pt->end = xcalloc(pt->n + 1, sizeof(*pt->end));
	off = xcalloc(pt->n + 1, sizeof(*off));
	for (unsigned i = 0; i < pt->n; i++)
		clang_getSpellingLocation(clang_getTokenLocation(tu, pt->v[i]),
					  NULL, &pt->line[i], NULL, &off[i]);
	for (unsigned i = 0; i < pt->n; i++) {
		size_t stop;
		unsigned j;

		if (pp_is_comment(pt, i))
			continue;
		if (pt->line[i] == prev_line || !buf || !pp_is(pt, i, "#")) {
			prev_line = pt->line[i];
			continue;
		}
		stop = pp_line_end(buf, size, off[i]);
		for (j = i + 1; j < pt->n && off[j] < stop; j++)
			;
		pt->end[i] = j;
		prev_line = pt->line[j - 1];
		i = j - 1;
	}
	free(off);
}

void pp_tokens_free(struct pp_tokens *pt)
{
	if (pt->v)
		clang_disposeTokens(pt->tu, pt->v, pt->n);
	free(pt->line);
	free(pt->end);
	memset(pt, 0, sizeof(*pt));
}

void pp_macro_args(CXTranslationUnit tu, CXCursor c, struct strv *args)
{
	CXToken *toks;
	unsigned n;
	int depth = 0;
	struct sbuf arg = { 0 };

	clang_tokenize(tu, clang_getCursorExtent(c), &toks, &n);
	for (unsigned i = 1; i < n; i++) {
		CXString cs = clang_getTokenSpelling(tu, toks[i]);
		const char *s = clang_getCString(cs);

		if (!strcmp(s, "(") && depth++ == 0) {
			clang_disposeString(cs);
			continue;
		}
		if ((!strcmp(s, ")") && --depth == 0) ||
		    (!strcmp(s, ",") && depth == 1)) {
			strv_push_owned(args, sb_detach(&arg));
			clang_disposeString(cs);
			if (depth == 0)
				break;
			continue;
		}
		if (clang_getTokenKind(toks[i]) != CXToken_Comment && depth) {
			if (arg.len && (isalnum((unsigned char)s[0]) ||
					s[0] == '_') &&
			    (isalnum((unsigned char)arg.buf[arg.len - 1]) ||
			     arg.buf[arg.len - 1] == '_'))
				sb_addc(&arg, ' ');
			sb_add(&arg, s);
		}
		clang_disposeString(cs);
	}
	sb_free(&arg);
	clang_disposeTokens(tu, toks, n);
}
