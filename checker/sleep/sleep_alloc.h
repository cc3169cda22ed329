/*
 * sleep_alloc.h - can an allocation block, by its GFP argument
 * (sleep_alloc.c)?  For the calls' side (sleep_call.c).
 */
#ifndef HOOKWRAP_SLEEP_ALLOC_H
#define HOOKWRAP_SLEEP_ALLOC_H

#include "checker/sleep/sleep_state.h"

/*
 * The GFP argument's tokens of allocation call (a macro's expansion m,
 * or a call when m is NULL) of primitive p: can it block?  *flags: the
 * argument when it blocks or is a variable (not known here).  Malloc'd.
 */
int alloc_blocks(struct sleep_scan *s, CXCursor call, const struct pmacro *m,
		 const struct prim *p, char **flags);

#endif /* HOOKWRAP_SLEEP_ALLOC_H */
