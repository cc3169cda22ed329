/*
 * policy.h - guard policies: how a wrapper calls through the table.
 * One entry per policy in policy.c; a new policy is a new entry there.
 */
#ifndef HOOKWRAP_POLICY_H
#define HOOKWRAP_POLICY_H

#include "manifest/manifest.h"

enum policy {
	POLICY_NONE,		/* call through the table */
	POLICY_REFCOUNT,	/* hold a reference on the table's owner */
	POLICY_RCU,		/* read the table pointer under RCU */
	POLICY_PREEMPT,		/* call with preemption disabled */
	POLICY_COUNT,
};

/* The policy called name, or -1. */
int policy_parse(const char *name);
const char *policy_name(int policy);
/* "none, refcount, rcu, preempt" */
const char *policy_names(void);
/* Does the policy run the hook where it must not sleep? */
int policy_atomic(int policy);
/*
 * And on PREEMPT_RT, where a spinlock_t sleeps: preempt stays atomic, an
 * RCU reader is preemptible there.
 */
int policy_atomic_rt(int policy);
/* What the block needs once when a hook uses the policy. */
void policy_preamble(struct sbuf *sb, int policy, const struct table *t);
/* "\t<lhs><fn>(args);" with h's arguments, wrapped at 80 columns. */
void policy_call(struct sbuf *sb, const struct hook *h, const char *lhs,
		 const char *fn);
/* The statements of hook h's wrapper, one tab in. */
void policy_body(struct sbuf *sb, const struct table *t, const struct hook *h);

#endif /* HOOKWRAP_POLICY_H */
