/*
 * linkfield.h - what set-up calls store in an object's members, for the
 * link's conditions (linkfield.c): sg_miter_start(&miter, ..., flags)
 * stores flags in miter.__flags, so a later sg_miter_next(&miter) that
 * tests "miter->__flags & SG_MITER_ATOMIC" is decided by the flags the
 * set-up call passed.
 */
#ifndef HOOKWRAP_LINKFIELD_H
#define HOOKWRAP_LINKFIELD_H

#include "checker/sleep/facts.h"

#include <stddef.h>

/*
 * s[0..n) in ps's fields (kind 'f') or objects ('o'), added when new:
 * its index + 1.
 */
int linkfield_intern(struct link_preds *ps, char kind, const char *s,
		     size_t n);
/* The preds' names and their index freed (the tests are the caller's). */
void linkfield_names_free(struct link_preds *ps);
/*
 * The objects the calls' arguments name ("&D": link_arg.obj), and what
 * the calls they are passed to store in their members (fact_fn.fields,
 * also through the callees those pass them on to): after the link has
 * its calls' arguments and targets, before it searches.
 */
void linkfield_build(struct link *lk);
void linkfield_free(struct link *lk);
/*
 * The members known of each argument in call's args column s ("&D{T.m=0}",
 * docs/facts-db.md) into a[0..na): link_arg.kfield, kval; and an
 * argument that is a member of the caller's parameter ("p1->T.m") made
 * ARG_MEMBER (fields interned in ps).
 */
void linkfield_known_read(struct link_preds *ps, const char *s,
			  struct link_arg *a, int na);
/*
 * Does what the caller stored before the call (argument a's known
 * members) decide a test of member field: 1, 0, or -1 when it names
 * none?
 */
int linkfield_known(const struct link *lk, const struct link_arg *a,
		    int field, char op, long long val);
/* The value of member field known of argument a: 1 and *v, or 0. */
int linkfield_value(const struct link *lk, const struct link_arg *a,
		    int field, long long *v);
/*
 * Is a test of member field (preds->fields) of object obj (preds->objs,
 * both 1-based) true: a bit of val set (op '&'), equal to val ('=')?
 * 1 or 0 when every value its set-up calls store says so, -1 when one
 * does not tell, or none is known.
 */
int linkfield_decide(const struct link *lk, int obj, int field, char op,
		     long long val);

#endif /* HOOKWRAP_LINKFIELD_H */
