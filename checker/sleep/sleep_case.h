/*
 * sleep_case.h - a call through a member of an object, made in a case
 * of a switch on another member of the same object ("switch (nc->type)
 * { case NFNL_CB_RCU: nc->call(...); }"): the values that reach it, so
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
 * For a call through member expression callee ("nc->call"): the values
 * a switch on a member of the same object lets reach it,
 * "nfnl_callback.type=2" or "T.m=1,3"; NULL when none is known.
 */
char *case_recv_test(struct sleep_scan *s, CXCursor callee);

#endif /* HOOKWRAP_SLEEP_CASE_H */
