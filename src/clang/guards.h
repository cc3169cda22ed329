/*
 * guards.h - which #if conditions a line of a file sits under.  Read from
 * the file's tokens (clang_tokenize lexes inactive branches too), a
 * directive to the end of its logical line (pptokens.h).
 */
#ifndef HOOKWRAP_GUARDS_H
#define HOOKWRAP_GUARDS_H

#include <clang-c/Index.h>

#include "core/util.h"

enum cond_kind { C_IF, C_IFDEF, C_IFNDEF, C_ELIF, C_ELSE, C_ENDIF };

struct cond {
	unsigned line;
	enum cond_kind kind;
	char *expr;		/* condition text; NULL for else/endif */
};

struct conds {
	struct cond *v;
	int n, cap;
};

/* Collect the conditional directives of file, in order. */
void guards_scan(CXTranslationUnit tu, CXFile file, struct conds *out);
/*
 * The conditions in force at line, innermost last, as atoms: "CONFIG_X",
 * "!CONFIG_X" or "(expr)"; only those that name a CONFIG_ symbol.
 */
void guards_at(const struct conds *c, unsigned line, struct strv *atoms);
/* Every CONFIG_ symbol named in a condition. */
void guards_symbols(const struct conds *c, struct strv *syms);
/* "#ifdef X" / "#if defined(A) && defined(B)" for a list of atoms. */
char *guards_directive(const struct strv *atoms);
void guards_free(struct conds *c);

#endif /* HOOKWRAP_GUARDS_H */
