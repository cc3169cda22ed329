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
 * What call c of name, whose annotation or summary is an, does to the
 * regions after it (line: the call's): closes, may have left open
 * (astate.maybe), opens; a noreturn ends the path.
 */
void annot_apply(struct sleep_scan *s, const struct annot *an,
		 const char *name, CXCursor c, unsigned line);
/*
 * Before the walk of an if's arm: when the arm says with sparse's
 * marker __release(x), and no unlock call of its own, that a lock the
 * function was entered holding (__releases) is not held on it, the
 * annotation's region ends where the arm begins.  unlock_sock_fast()'s
 * "if (slow) { release_sock(sk); __release(&sk->sk_lock.slock); }":
 * lock_sock_fast() took the socket the slow way, spinlock dropped.
 */
void annot_arm_marker(struct sleep_scan *s, CXCursor arm);
/*
 * Does the definition def, annotated __acquires(), take its lock only
 * when it returns true (struct annot.cond_acq)?  1 or 0.
 */
int annot_cond_acquirer(struct sleep_scan *s, CXCursor def);
/*
 * A walked function's effect on its callers' regions as the facts keep
 * it ("a1,r0,q0,i0,l0,t1,x0,b0,m0": regions left open, closed, closed
 * the irqrestore way, the kinds of those left open, and how many more
 * it may leave open on some paths), or NULL when it has none.  Malloc'd.
 */
char *annot_effect_text(const struct annot *an);
/*
 * The same read back into an, which a unit that sees only the
 * function's declaration applies as a walk's summary; 0, or -1 when
 * text is not such an effect (an left as it was).
 */
int annot_effect_parse(const char *text, struct annot *an);
/*
 * A function another unit defines: what its walk saw it do to its
 * callers' regions, from the facts that unit stored in s->db
 * (dc_fpu_begin() returns with preemption off).  A unit collected before
 * the one that defines it does not see it: a second collection does.
 */
void annot_from_facts(struct sleep_scan *s, struct annot *an,
		      const char *name);
/*
 * The kind and the context (CTX_* bits) of the i-th region a call of
 * function name opens by an: from its walk, or for a function known by
 * its annotation alone, by its name as a primitive's
 * (_raw_spin_lock_irqsave(), which xa_lock_irqsave()'s macros call:
 * interrupts off).
 */
enum region_kind annot_region_kind(const struct annot *an, int i,
				   const char *name);
int annot_region_ctx(const struct annot *an, int i, const char *name);

#endif /* HOOKWRAP_SLEEP_ANNOT_H */
