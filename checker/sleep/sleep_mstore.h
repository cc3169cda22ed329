/*
 * sleep_mstore.h - the members a path of the walk stored a constant in
 * (sleep_mstore.c), for sleep_walk.c, sleep_state.c's merge() and
 * sleep_call.c's args column: "b->storage.file = NULL;" then
 * "unmap(&b->storage)" passes an object whose member file is known 0.
 */
#ifndef HOOKWRAP_SLEEP_MSTORE_H
#define HOOKWRAP_SLEEP_MSTORE_H

#include "checker/sleep/sleep_state.h"

/*
 * Binary, compound-assignment or unary operator op writes (or may
 * write) lhs; v the right side of a binary one.  A constant stored in a
 * member of a local's or a parameter's object is kept; whatever the
 * write may change is forgotten.
 */
void mstore_write(struct sleep_scan *s, CXCursor lhs, CXCursor v,
		  CXCursor op);
/*
 * Local var declared: what was known of an earlier one of its name is
 * forgotten, and the constants its initializer list gives its members
 * (".flags = SCA_MIGRATE_ENABLE") are kept.
 */
void mstore_decl(struct sleep_scan *s, CXCursor var);
/*
 * Call c is made: what it may write through its arguments (an object's
 * address, a pointer, and what they lead to) is forgotten.
 */
void mstore_call(struct sleep_scan *s, CXCursor c);
/*
 * The args column of call c (params_args()) with, after each argument
 * that points to an object whose members the path knows, those members
 * and their values: "&D{bitmap_storage.file=0}", "p0{T.m=8;T.n=0}"
 * (docs/facts-db.md).  Malloc'd, or NULL.
 */
char *mstore_args(struct sleep_scan *s, CXCursor c);
/* Two paths meet in m: the members both know alike. */
void mstore_merge(struct astate *m, const struct astate *a,
		  const struct astate *b);
/*
 * The head of a loop whose body is body: of what was known before it
 * (was), what the body writes nowhere stays known in st.
 */
void mstore_loop(struct sleep_scan *s, struct astate *st,
		 const struct astate *was, CXCursor body);

#endif /* HOOKWRAP_SLEEP_MSTORE_H */
