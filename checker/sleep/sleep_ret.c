/*
 * sleep_ret.c - what a call's value says of its caller's conditions: a
 * helper whose whole body returns 0 on one arm of a test of a parameter
 * ("return noblock ? 0 : sk->sk_sndtimeo;", include/net/sock.h's
 * sock_sndtimeo()) returns a value that is not 0 only where that test
 * takes the other arm.  So where the caller's local holding the value
 * is found not 0 ("if (!timeo) goto failure;"), the caller's argument
 * passed as that parameter is known (!noblock), and a wait further on
 * is the caller's only when it may block (sleep_track.c records what the
 * local implies).
 */
#include "clang/frontend.h"
#include "checker/sleep/sleep_ret.h"

#include <stdlib.h>

int ret_implies(struct params *pa, CXCursor call)
{
	CXCursor def, choice;
	struct fe_kids kids;
	struct params cp;
	int zero_then, zero_else, t, f, t2, f2, i, at, af, q = 0;

	/* "return c ? x : y;" and nothing else. */
	call = fe_strip(call);
	choice = helper_return(call, &def);
	if (clang_getCursorKind(choice) != CXCursor_ConditionalOperator)
		return 0;
	kids = fe_kids(choice);
	if (kids.n != 3) {
		free(kids.v);
		return 0;
	}
	/* One arm the constant 0, the other anything else. */
	zero_then = sleep_constant(kids.v[1]) == 0;
	zero_else = sleep_constant(kids.v[2]) == 0;
	if (zero_then != zero_else) {
		params_begin(&cp, pa->tu, def);
		params_cond(&cp, kids.v[0], &t, &f, &t2, &f2);
		params_end(&cp);
		i = (t > 0 ? t : -t) - 1;
		/* A test of one parameter's truth, and the call passes it. */
		if (t && i < cp.n && i < clang_Cursor_getNumArguments(call)) {
			params_cond(pa, clang_Cursor_getArgument(call, i),
				    &at, &af, &t2, &f2);
			/*
			 * Not 0: the test took the arm that is not 0, and
			 * the test holds where the argument is at (t > 0),
			 * or af (a negated parameter, "!block ? 0 : x").
			 */
			q = (t > 0) == zero_else ? at : af;
		}
	}
	free(kids.v);
	return q && !params_region_only(q) ? q : 0;
}
