/*
 * sleep_track.h - the values of tracked locals the walk knows
 * (sleep_track.c), for sleep_walk.c.
 */
#ifndef HOOKWRAP_SLEEP_TRACK_H
#define HOOKWRAP_SLEEP_TRACK_H

#include "checker/sleep/sleep_state.h"

/* Two paths meet in m: the values both know, the writes of either. */
void track_merge(struct astate *m, const struct astate *a,
		 const struct astate *b);
/*
 * After merge(): regions open on one path alone (a or b) are tied to a
 * value that path knows of a tracked local and the other does not
 * (m's opt, optc), so that a later test finding the opposite closes
 * them; nothing when no such value.
 */
void track_join(struct astate *m, const struct astate *a,
		const struct astate *b);
/* What the path knows of tracked local atom a: 1, 0, or -1. */
int state_known(const struct astate *st, int a);
/*
 * Tracked local atom a is written on the path: to a constant (known 1
 * true, 0 false) or to anything else (-1).  What the path tied to it
 * (a region open only when it holds) is forgotten.
 */
void state_write(struct astate *st, int a, int known);
/*
 * The path assumes atom: a tracked local's test ("if (unmap)") makes
 * its value known there; 1 when the path knew the opposite (it is dead
 * then), else 0.
 */
int track_assume(struct astate *st, int atom);
/*
 * What the arms of an if assumed (at, af: its then- and else-arm's
 * atoms), for join_arms(): the test's atom, unless an arm wrote the
 * tracked local it reads (entry: the state before the arms); else a
 * tracked local the arms left with opposite values, as the then-arm
 * has it ("a" or "-a"), first when the test is of a member
 * (params_member_atom()); 0 when none.
 */
int track_arms_atom(struct params *pa, int at, int af,
		    const struct astate *entry, const struct astate *then,
		    const struct astate *other);
/*
 * A loop's body, a label a later goto comes back to: code a later write
 * may reach again, which the walk does not follow back.  What the path
 * knew of tracked locals, and a region tied to one, are forgotten (the
 * region stays open).
 */
void track_forget(struct astate *st);
/*
 * The same at the head of loop (body its body), keeping what a local's
 * value implies where the loop cannot undo it before testing the local.
 */
void track_loop_head(struct sleep_scan *s, CXCursor loop, CXCursor body);
/* What local atom atom being true implies on the path, or 0. */
int track_implied(const struct astate *st, int atom);
/*
 * Does a goto written after label (named name) in body come back to
 * it, a loop the walk does not follow?  Only then are what the paths
 * knew forgotten at the label (track_forget()): the gotos before it
 * all merged into it.
 */
int goto_comes_back(CXCursor body, CXCursor label, const char *name);
/*
 * A write of a local: "x = v" (op a BinaryOperator, v its right side),
 * "x += v", "x++" (op, a null v), or a declaration with its initializer
 * (a null op).  A constant's value is known after it; any other write
 * forgets what the path knew or tied to x.
 */
void track_write(struct sleep_scan *s, CXCursor lhs, CXCursor v, CXCursor op);

#endif /* HOOKWRAP_SLEEP_TRACK_H */
