/*
 * sleep_ctx.h - the context of the sleep scan (sleep_ctx.c): what a
 * region makes true, what a condition tests.  It reads the scan's state
 * (sleep_state.h) and the parameters (sleep_params.c) only; the walker
 * and the calls' side read it.
 */
#ifndef HOOKWRAP_SLEEP_CTX_H
#define HOOKWRAP_SLEEP_CTX_H

#include "checker/sleep/sleep_state.h"

/*
 * What a region begun by text ("spin_lock_irqsave(&l, f)", a guard's
 * name "irqsave") makes true: CTX_IRQS_OFF, CTX_IN_INTR, or 0.
 */
int region_ctx(const char *text);
/*
 * Does if statement ifs (then: its then-branch) test the context
 * ("if (unlikely(in_interrupt()))", "if (in_irq() || irqs_disabled())")?
 * *at: what its then-branch may assume (a cond: a parameter's atom or
 * +-COND_*), *af what its else-branch may; 0 when neither is known.
 */
int ctx_test(struct sleep_scan *s, CXCursor ifs, CXCursor then, int *at,
	     int *af);
/*
 * A call of name: pagefault_disable() and kmap_atomic() (which disables
 * page faults) deepen st's pf, pagefault_enable() and kunmap_atomic()
 * undo it.
 */
void ctx_pagefault(struct astate *st, const char *name);
/*
 * Is primitive name a user access (copy_from_user(), get_user(), ...)?
 * With page faults off it returns -EFAULT where it would sleep.
 */
int ctx_uaccess(const char *name);
/*
 * Are the regions open in st all optional ones, with page faults off
 * where they are open (a kmap_atomic() arm beside a kmap() one)?  A
 * user access there sleeps only where no region is open.
 */
int ctx_faults_off_where_atomic(const struct astate *st);
/* Call fc is made in no atomic region after all. */
void ctx_not_atomic(struct fact_call *fc);

#endif /* HOOKWRAP_SLEEP_CTX_H */
