/*
 * frontend.h - the libclang front end: parse a file of the tree with the
 * tree's include paths, every CONFIG_ symbol of its conditionals turned
 * on, and tolerance for headers that cannot be found.
 */
#ifndef HOOKWRAP_FRONTEND_H
#define HOOKWRAP_FRONTEND_H

#include <clang-c/Index.h>

#include "clang/guards.h"
#include "core/table.h"

struct frontend {
	const struct table *t;
	char *tree;
	struct strv args;	/* compiler flags for every parse */
	char *arch;		/* arch/ARCH/include the parses use, or NULL */
	char *asm_old;		/* include/asm-ARCH of an old tree, or NULL */
	char *overlay;		/* temp dir with asm -> include/asm-ARCH */
	char *fallback;		/* temp dirs for a modern tree never built */
	struct strv syms;	/* CONFIG_ symbols seen so far: all on */
	int record;		/* keep inputs (fe_open_recording()) */
	struct strv inputs;	/* every file read or looked for, absolute */
	struct CXUnsavedFile *unsaved;	/* autoconf.h without its #undefs */
	unsigned nunsaved;
	CXIndex index;
};

/* An error diagnostic of a parse (fe_unresolved_in()). */
struct fe_error {
	CXFile file;		/* its expansion location */
	unsigned line;
	CXFile sfile;		/* its file location (a macro argument's) */
	unsigned sline;
	char *where;		/* "path:line" of the file location */
	char *msg;		/* libclang's message */
};

struct parsed {
	CXTranslationUnit tu;
	CXFile file;		/* the file asked for */
	char *rel;		/* its path relative to the tree */
	char *path;		/* its path as opened */
	struct conds conds;	/* its conditional directives */
	struct file_conds {
		CXFile file;
		struct conds conds;
	} *more;		/* conditionals of other files, on demand */
	int nmore;
	int errors;		/* has error diagnostics inside the file */
	unsigned first_error_line;
	char *first_error;
	struct fe_error *errs;	/* its unresolved-name errors, on demand */
	int nerrs, errs_read;
};

int fe_open(struct frontend *fe, const struct table *t, const char *tree);
/* fe_open(), keeping fe->inputs: for a result that is cached. */
int fe_open_recording(struct frontend *fe, const struct table *t,
		      const char *tree);

/*
 * What the parses read (feinputs.c): fe->inputs, the files a result
 * built from them depends on, for the manifest cache to check.  A file
 * looked for and missing counts: its appearing changes the result.
 * Noted only when fe->record is set.
 */
void fe_note_input(struct frontend *fe, const char *path);
/* file_exists(path), noting path as an input. */
int fe_exists(struct frontend *fe, const char *path);
/* Note every file the translation unit read. */
void fe_note_inclusions(struct frontend *fe, CXTranslationUnit tu);
void fe_close(struct frontend *fe);
/*
 * The tree's architecture and the include paths that follow from it
 * (arch.c), pushed onto fe->args; -1 (reported) when the architecture
 * named by 'arch' or ARCH= is not in the tree.
 */
int fe_include_paths(struct frontend *fe);
/*
 * The tree's autoconf.h (include/linux or include/generated) as every
 * parse reads it (unconfig.c): its "#undef CONFIG_*" lines blanked, so
 * that an option configured off does not undo the all-yes parse.
 */
void fe_unconfig(struct frontend *fe);
void fe_unconfig_free(struct frontend *fe);
/*
 * Parse tree-relative relpath; prints the reason and returns -1 on
 * failure, with nothing of p left to free (fe_parsed_free() is harmless).
 */
int fe_parse(struct frontend *fe, const char *relpath, struct parsed *p);
void fe_parsed_free(struct parsed *p);

/*
 * The first error diagnostic in p->file between lines from and to (of the
 * category, when not NULL: "Parse Issue"); 1 and its line and message
 * (owned by the caller) when there is one.
 */
int fe_first_error(const struct parsed *p, unsigned from, unsigned to,
		   const char *category, unsigned *line, char **msg);
/*
 * The first error of p's parse that says a name did not resolve (an
 * unknown type name, an undeclared identifier or function, an
 * incomplete type, no such member) whose expansion location or file
 * location is in f between lines from and to; NULL when there is none.
 * The diagnostics are read once per parse.
 */
const struct fe_error *fe_unresolved_in(struct parsed *p, CXFile f,
					unsigned from, unsigned to);
/* How many such errors p's parse has, in any file. */
int fe_unresolved_count(struct parsed *p);
/* fe_unresolved_in() for the lines of a cursor's extent, in its file. */
const struct fe_error *fe_unresolved_within(struct parsed *p, CXCursor c);
/* "unknown type name 'u32'" -> "u32": the name a message quotes, or NULL. */
char *fe_error_name(const struct fe_error *e);
/* Was the cursor produced by a macro expansion? */
int fe_from_macro(CXCursor c);
/* The conditionals of the file the cursor is expanded in. */
const struct conds *fe_conds_of(struct parsed *p, CXCursor c);
/* "tree/relative/path:line" of the cursor's expansion location. */
char *fe_where(const struct frontend *fe, CXCursor c);

/* Is the cursor's expansion location inside p->file? */
int fe_in_file(const struct parsed *p, CXCursor c);
unsigned fe_line(CXCursor c);
/* The tokens of r joined in kernel spelling: "char __user *name". */
char *fe_tokens_text(CXTranslationUnit tu, CXSourceRange r);
/* The source bytes of r with white space squeezed. */
char *fe_raw_text(CXTranslationUnit tu, CXSourceRange r);
/* clang_getCursorSpelling as an owned string. */
char *fe_spelling(CXCursor c);

/* The children of a cursor, in order; free(k.v) when done. */
struct fe_kids {
	CXCursor *v;
	int n;
};
struct fe_kids fe_kids(CXCursor c);

/* A visitor that stores the first child into *(CXCursor *)data. */
enum CXChildVisitResult fe_take_first(CXCursor c, CXCursor parent,
				      CXClientData data);
/* Store the last child into *(CXCursor *)data. */
enum CXChildVisitResult fe_take_last(CXCursor c, CXCursor parent,
				     CXClientData data);
/* Store the first two children; data is struct { CXCursor *k; int n; }. */
enum CXChildVisitResult fe_take_two(CXCursor c, CXCursor parent,
				    CXClientData data);
/* Unwrap implicit casts and parentheses around an expression. */
CXCursor fe_strip(CXCursor c);
/* Is field a member of the table's struct (or union)? */
int fe_is_table_field(CXCursor field, const struct table *t);
/* Is type (canonical) the table's "struct NAME" or "union NAME"? */
int fe_is_table_type(CXType type, const struct table *t);
/* If c is "pointer->member" on the table's pointer, the member's name. */
char *fe_table_member(CXCursor c, const struct table *t);

/*
 * Cursor c's extent where it is expanded: the text a macro's user wrote
 * ("GFP_KERNEL", not the definition's 0xcc0), in the file it is written
 * in; the extent itself when it spans files.
 */
CXSourceRange fe_expansion_range(CXTranslationUnit tu, CXCursor c);
/*
 * The text c was written as, in a file: an argument of a macro call where
 * it is written among the macro's arguments (pci_pool_alloc(p, GFP_KERNEL,
 * h): "GFP_KERNEL"), a macro written in the code where it is written; the
 * expansion range when the two ends are not in one file.
 */
CXSourceRange fe_file_range(CXTranslationUnit tu, CXCursor c);

#endif /* HOOKWRAP_FRONTEND_H */
