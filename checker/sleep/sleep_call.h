/*
 * sleep_call.h - what a call does to the sleep scan's state, and the
 * walk of one function (sleep_call.c).  It sits above the statement
 * walker (sleep_walk.c), whose hooks it is, and above the table of what
 * callees do (sleep_annot.c): a callee that is a header's inline helper
 * is summarised by a walk of its body, from here.
 */
#ifndef HOOKWRAP_SLEEP_CALL_H
#define HOOKWRAP_SLEEP_CALL_H

#include "checker/sleep/sleep_state.h"

/*
 * Walk function fn (a definition) into s->f's facts, from a fresh state
 * (what its annotations say it is entered with); what every path left
 * open or released becomes its entry in s->an when it has no
 * annotation, for its callers below.
 */
void walk_function(struct sleep_scan *s, CXCursor fn);
/*
 * The inline helpers of headers that the functions walked so far call
 * (and those they call in turn), each walked once, into the facts of its
 * header (a unit of its own, is_static FN_HEADER): a chain through inode_lock()
 * or kmap_atomic() is followed as through a function of the unit.
 */
void walk_headers(struct sleep_scan *s);
/*
 * Was definition def of the main file walked already, below a caller
 * that needed its summary first (before walk_headers())?
 */
int walked_early(const struct sleep_scan *s, CXCursor def);

#endif /* HOOKWRAP_SLEEP_CALL_H */
