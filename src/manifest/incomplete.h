/*
 * incomplete.h - hooks a parse may have lost a fact of.  When the
 * declaration of a hook, a function that runs it or its default does not
 * type-check (an unresolved type or name: a header of another
 * architecture, a missing -I), libclang drops what it cannot type: a
 * call through the table, a default table's entry, a whole initialiser.
 * The hook is then incomplete: one error line each, a count, and no
 * manifest (docs/manifest.md, "Incomplete hooks").
 */
#ifndef HOOKWRAP_INCOMPLETE_H
#define HOOKWRAP_INCOMPLETE_H

#include "clang/frontend.h"
#include "manifest/manifest.h"

/*
 * Mark h incomplete because of error e: what says which part of it
 * ("its declaration does not type-check"); the first reason stays.
 */
void hook_incomplete(struct hook *h, const char *what,
		     const struct fe_error *e);

/*
 * fn, a function of p that runs hooks (hooks: those its AST runs), and
 * what its errors may have cost: when its declaration does not
 * type-check, every hook it runs (its AST may have lost calls, so those
 * its tokens name count too); else each hook whose use (POINTER->NAME,
 * .NAME of a hook-list table, a dispatch macro naming it, to the end of
 * its statement) holds an error.  Those are marked incomplete (what
 * names fn) and pushed onto hooks when not there.
 */
void incomplete_fn(struct parsed *p, CXCursor fn, const char *what,
		   const struct table *t, struct manifest *m,
		   struct strv *hooks);

/*
 * The default table's entries that p's text has and its AST lost:
 * ".NAME = FN", "->NAME = FN", or a macro argument NAME that the macro
 * uses as a member (set_to_cap_if_null(ops, NAME), LSM_HOOK_INIT(NAME,
 * FN)), in the parse's active branches, for each hook NAME not in seen
 * (the members whose entries the AST has).  Each such hook is marked
 * incomplete with the error that dropped the entry (FN's, else that of
 * the function the entry pastes, else the first in the file); an entry
 * without any error to blame is left alone.
 */
void incomplete_defaults(struct parsed *p, struct manifest *m,
			 const struct strv *seen);

/*
 * One error line per incomplete hook, then the count; the number of
 * incomplete hooks (0: nothing printed).
 */
int manifest_report_incomplete(const struct manifest *m);

#endif /* HOOKWRAP_INCOMPLETE_H */
