/*
 * linkcase.h - which stores of a member a call made in a case of a
 * switch on its object reaches (linkcase.c): those whose initialiser
 * gives the switched member a value of the case ("nc->call()" under
 * "case NFNL_CB_RCU:" of "switch (nc->type)" reaches the callbacks
 * stored beside ".type = NFNL_CB_RCU").
 */
#ifndef HOOKWRAP_LINKCASE_H
#define HOOKWRAP_LINKCASE_H

#include "checker/sleep/facts.h"

/*
 * May registration r hold the function a call with recv_test test
 * ("nfnl_callback.type=2", "T.m=1,3") reaches?  0 only when r's
 * initialiser gives member T.m another constant, or names it not (0).
 */
int linkcase_agrees(const struct fact_reg *r, const char *test);

#endif /* HOOKWRAP_LINKCASE_H */
