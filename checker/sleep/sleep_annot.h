/*
 * sleep_annot.h - the table of what calling a function does to the
 * caller's regions (struct sleep_scan's an, struct annot), and the
 * annotations read from a declaration (sleep_annot.c).  It reads the
 * scan's state (sleep_state.h) and the primitives' tables only; the
 * calls' side (sleep_call.c) fills the table with summaries of bodies,
 * the driver (sleep_scan.c) with the unit's global variables.
 */
#ifndef HOOKWRAP_SLEEP_ANNOT_H
#define HOOKWRAP_SLEEP_ANNOT_H

#include "checker/sleep/sleep_state.h"

/* A visitor that records the unit's global variables into s->gv. */
enum CXChildVisitResult gvars_cb(CXCursor c, CXCursor parent,
				 CXClientData data);
/* The annotations of decl, counted into *an. */
void annotation(struct sleep_scan *s, CXCursor decl, struct annot *an);
/* A new entry of the table for function name, all zero. */
struct annot *annot_add(struct sleep_scan *s, const char *name);
/* The entry for function name, or NULL. */
struct annot *annot_find(struct sleep_scan *s, const char *name);
/*
 * Does the definition def, annotated __acquires(), take its lock only
 * when it returns true (struct annot.cond_acq)?  1 or 0.
 */
int annot_cond_acquirer(struct sleep_scan *s, CXCursor def);

#endif /* HOOKWRAP_SLEEP_ANNOT_H */
