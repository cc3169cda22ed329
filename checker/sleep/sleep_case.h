/*
 * sleep_case.h - a call through a member of an object, made in a case
 * of a switch on another member of the same object ("switch (nc->type)
 * { case NFNL_CB_RCU: nc->call(...); }"), or in an arm of an if that
 * tests it ("if (nc->type == NFNL_CB_RCU)"): the values that reach it, so
 * that the link follows it only to the functions stored beside such a
 * value (sleep_case.c; docs/facts-db.md, "A switch on the object").
 */
#ifndef HOOKWRAP_SLEEP_CASE_H
#define HOOKWRAP_SLEEP_CASE_H

#include "checker/sleep/sleep_state.h"

/* Switch t begins, on condition cond (a null cursor: none). */
void case_switch(struct sleep_scan *s, struct target *t, CXCursor cond);
/*
 * A label of switch t: "case V:" (label a CaseStmt, value its first
 * kid) or "default:"; fell: the statements before it fall into it.
 */
void case_label(struct target *t, CXCursor label, CXCursor value,
		int fell);
/*
 * An if statement's condition cond: when it is "x->m == K" or "x->m !=
 * K" of a variable that does not change and a member the body never
 * writes, push it (1; 0 when not); case_if_else() when the walk goes to
 * the else-arm, case_if_end() after the statement.
 */
int case_if_begin(struct sleep_scan *s, CXCursor cond);
void case_if_else(struct sleep_scan *s);
void case_if_end(struct sleep_scan *s);
/*
 * For a call through member expression callee ("nc->call"): the values
 * a switch on a member of the same object lets reach it,
 * "nfnl_callback.type=2" or "T.m=1,3"; NULL when none is known.
 */
char *case_recv_test(struct sleep_scan *s, CXCursor callee);

#endif /* HOOKWRAP_SLEEP_CASE_H */
