/*
 * sleep_fnptr.h - what a call through a local function pointer reaches
 * (sleep_fnptr.c), so that the scan records it as calls to those
 * functions rather than as a call it cannot follow.  It reads the scan's
 * state (sleep_state.h) and the parameters' side (sleep.h) only.
 */
#ifndef HOOKWRAP_SLEEP_FNPTR_H
#define HOOKWRAP_SLEEP_FNPTR_H

#include "checker/sleep/sleep_state.h"

/*
 * callee is what a call is made through.  When it is a local variable
 * set once (docs/facts-db.md, "Calls through a local function
 * pointer") from a function's name ("fn = do_reset;", "&do_reset", "c ?
 * f : g"), or from a call to a function of the unit whose every return
 * is such a name (i915's "reset_func reset = intel_get_gpu_reset(gt);"),
 * push those functions' names to *out and return how many; 0 otherwise.
 */
int fnptr_targets(struct sleep_scan *s, CXCursor callee, struct strv *out);

#endif /* HOOKWRAP_SLEEP_FNPTR_H */
