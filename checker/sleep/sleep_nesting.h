/*
 * sleep_nesting.h - a section begun on a nesting depth's first level,
 * ended on its last (sleep_nesting.c).
 */
#ifndef HOOKWRAP_SLEEP_NESTING_H
#define HOOKWRAP_SLEEP_NESTING_H

#include "checker/sleep/sleep_state.h"

/*
 * The condition cond of an if, prev the statement before the if (a null
 * cursor: none): 1 when it tests that a nesting depth just raised is at
 * its first level ("d += 1; if (d == 1)"), -1 that one just lowered is
 * back at none ("if (--d == 0)"), 0 otherwise.
 */
int nesting_test(struct sleep_scan *s, CXCursor cond, CXCursor prev);

#endif /* HOOKWRAP_SLEEP_NESTING_H */
