/*
 * sleep_guards.h - cleanup.h guards' scopes in the sleep walk
 * (sleep_guards.c).
 */
#ifndef HOOKWRAP_SLEEP_GUARDS_H
#define HOOKWRAP_SLEEP_GUARDS_H

#include "checker/sleep/sleep_state.h"

/* A scope (a compound statement, scoped_guard()'s for) begins. */
void open_scope(struct sleep_scan *s);
/* The scope ends: its guards' destructors run, innermost first. */
void close_scope(struct sleep_scan *s);
/* return: every open scope's guards are dropped first. */
void unwind_guards(struct sleep_scan *s);
/* What a cleanup.h guard variable c opens, once its initialiser ran. */
void guard_var(struct sleep_scan *s, CXCursor c);

#endif /* HOOKWRAP_SLEEP_GUARDS_H */
