/*
 * macroindex.h - where a file expands the table's dispatch macros
 * ('dispatch-macro' NAME:POS): each expansion's offset and line, the
 * hook its argument POS names and the arguments the hook is called
 * with.  6.12's call_int_hook() runs a hook through a static call, which
 * leaves no access to a member of the hook union in the AST: the macro
 * expansion is the only trace of the hook there.  Needs a parse with the
 * detailed preprocessing record (fe_parse() and the checker's have it).
 */
#ifndef HOOKWRAP_MACROINDEX_H
#define HOOKWRAP_MACROINDEX_H

#include <clang-c/Index.h>

#include "core/table.h"

struct fe_macro_use {
	unsigned off;		/* the expansion's offset in the file */
	unsigned line;
	const char *macro;	/* its name (owned by the index's forms) */
	char *hook;		/* argument POS: the hook it runs */
	int has_args;		/* the macro is variadic: args are the call's */
	struct strv args;	/* the arguments after its named parameters */
};

/* How a dispatch macro is defined: call_int_hook(HOOK, ...) has 1. */
struct fe_macro_form {
	char *macro;
	int named;		/* named parameters; -1: no definition seen */
	int variadic;
	int uses;
};

struct fe_macro_index {
	struct fe_macro_use *v;	/* in offset order */
	int n, cap;
	struct fe_macro_form *forms;
	int nforms;
};

/*
 * Index the expansions of t's dispatch macros whose expansion location
 * is in file (of tu).  Cheap when t has no dispatch macro.
 */
void fe_macro_index(CXTranslationUnit tu, CXFile file, const struct table *t,
		    struct fe_macro_index *ix);
/* The first use at or after offset off (ix->n when none). */
int fe_macro_first(const struct fe_macro_index *ix, unsigned off);
/* The offsets a cursor's extent covers in its file: [*from, *to). */
void fe_extent_offsets(CXCursor c, unsigned *from, unsigned *to);
void fe_macro_index_free(struct fe_macro_index *ix);

#endif /* HOOKWRAP_MACROINDEX_H */
