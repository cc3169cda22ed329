/*
 * pptokens.h - the tokens of a range of a file, with its preprocessor
 * directives marked.  A directive is a '#' first on its line and runs to
 * the end of its logical line: backslash-newlines and comments spanning
 * lines continue it, as in translation phases 2 and 3.  clang_tokenize
 * lexes inactive branches too, so this sees every branch.
 */
#ifndef HOOKWRAP_PPTOKENS_H
#define HOOKWRAP_PPTOKENS_H

#include <clang-c/Index.h>
#include <stddef.h>

#include "core/util.h"

struct pp_tokens {
	CXTranslationUnit tu;
	CXToken *v;
	unsigned n;
	unsigned *line;		/* each token's line */
	unsigned *end;		/* at a directive's '#': index past its last
				   token; else 0 */
};

/* Tokenize r (a range of one file) into pt. */
void pp_tokenize(CXTranslationUnit tu, CXSourceRange r, struct pp_tokens *pt);
void pp_tokens_free(struct pp_tokens *pt);
/* Is token i spelled s? */
int pp_is(const struct pp_tokens *pt, unsigned i, const char *s);
/* Token i's spelling, owned by the caller. */
char *pp_spelling(const struct pp_tokens *pt, unsigned i);
int pp_is_comment(const struct pp_tokens *pt, unsigned i);

/*
 * The arguments of the macro invocation "M(a, b, c)" that cursor c (a
 * CXCursor_MacroExpansion) is, split at the top-level commas, comments
 * left out, each in kernel spelling ("char *p"): pushed onto args.
 */
void pp_macro_args(CXTranslationUnit tu, CXCursor c, struct strv *args);

/*
 * The end of the logical line that starts at offset i of buf (size
 * bytes, NULs included): the offset of the first newline not escaped by
 * a backslash and not inside a comment, else size.
 */
size_t pp_line_end(const char *buf, size_t size, size_t i);

#endif /* HOOKWRAP_PPTOKENS_H */
