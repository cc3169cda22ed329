/*
 * sleep_scan.h - inside the sleep scan: the functions its files share
 * above its state (sleep_state.h, the bottom).  sleep_scan.c reads the
 * unit (primitive macros, calls); sleep_annot.c what a callee does to
 * the regions (annotations, inline helpers' summaries); sleep_walk.c
 * walks a function's body statement by statement with the region state.
 */
#ifndef HOOKWRAP_SLEEP_SCAN_H
#define HOOKWRAP_SLEEP_SCAN_H

#include "checker/sleep/sleep_walk.h"

/* sleep_ctx.c */
/*
 * What a region begun by text ("spin_lock_irqsave(&l, f)", a guard's
 * name "irqsave") makes true: CTX_IRQS_OFF, CTX_IN_INTR, or 0.
 */
int region_ctx(const char *text);
/*
 * Does if statement ifs (then: its then-branch) test the context
 * ("if (unlikely(in_interrupt()))", "if (in_irq() || irqs_disabled())")?
 * *at: what its then-branch may assume (a cond: a parameter's atom or
 * +-COND_*), *af what its else-branch may; 0 when neither is known.
 */
int ctx_test(struct sleep_scan *s, CXCursor ifs, CXCursor then, int *at,
	     int *af);

/* sleep_annot.c */
/* A visitor that records the unit's global variables into s->gv. */
enum CXChildVisitResult gvars_cb(CXCursor c, CXCursor parent,
				 CXClientData data);
/* The annotations of decl, counted into *an. */
void annotation(struct sleep_scan *s, CXCursor decl, struct annot *an);
struct annot *annot_add(struct sleep_scan *s, const char *name);
struct annot *annot_find(struct sleep_scan *s, const char *name);

#endif /* HOOKWRAP_SLEEP_SCAN_H */
