/*
 * sleep_ret.h - what a call's value says of the caller's conditions
 * (sleep_ret.c), for sleep_track.c and sleep_deref.c.
 */
#ifndef HOOKWRAP_SLEEP_RET_H
#define HOOKWRAP_SLEEP_RET_H

#include "checker/sleep/sleep_state.h"

/*
 * call (in the function pa reads) calls a helper whose body is "return
 * c ? 0 : x;" (or "c ? x : 0"), c a test of one parameter: the atom of
 * the caller's that holds where the call's value is not 0 (!noblock for
 * sock_sndtimeo(sk, noblock)); 0 when there is none, or only a local's.
 */
int ret_implies(struct params *pa, CXCursor call);

#endif /* HOOKWRAP_SLEEP_RET_H */
