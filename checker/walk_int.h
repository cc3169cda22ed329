/*
 * walk_int.h - the state of one walk of a unit, shared by the files of
 * the walk: walk.c (the AST) and where.c (the files a unit reads, the
 * macro expansions in them, where a finding is shown, libclang's
 * diagnostics).  Not for the rules: they see struct check_ctx.
 */
#ifndef HOOKWRAP_WALK_INT_H
#define HOOKWRAP_WALK_INT_H

#include "checker/walk.h"

struct wfile {
	CXFile f;
	int report;		/* findings here are shown */
	int mentions;		/* its text names the pointer or an internal */
	char *rel;		/* tree-relative, or NULL */
	char *shown;		/* path to print */
};

struct mexp {
	CXFile f;
	unsigned start, end;	/* offsets of the expansion in f */
	char *name;
	char *def;		/* "file:line" of the definition */
	int home;		/* defined in an allowed file: its API */
};

struct udiag {
	CXFile f;
	unsigned off;
};

struct walk {
	struct check_ctx *cx;
	struct walk_result *res;
	struct wfile *files;
	int nfiles, capfiles;
	int last;
	struct mexp *mexp;
	int nmexp, capmexp;
	struct udiag *ud;
	int nud, capud;
	CXCursor *stack;
	int depth, capstack;
	char *function;
};

/* The file f as the walk sees it (NULL for no file); made on first sight. */
struct wfile *walk_file_info(struct walk *w, CXFile f);
void walk_expansion(CXSourceLocation l, CXFile *f, unsigned *line,
		    unsigned *col, unsigned *off);
/* Pass one: macro expansions in the files we report on. */
enum CXChildVisitResult walk_macros_cb(CXCursor c, CXCursor parent,
				       CXClientData data);
/*
 * Where to report location l: text written in a macro's argument is shown
 * where it is written; text from a macro's body at the expansion, with
 * the macro named.  Returns 0 when the place is not one we report on.
 */
int walk_locate(struct walk *w, CXSourceLocation l, struct where *at);
/* libclang's errors: unknown members to the rules, others counted. */
void walk_diagnostics(struct walk *w);

#endif /* HOOKWRAP_WALK_INT_H */
