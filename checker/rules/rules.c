/*
 * rules.c - the checker's rules, one file each (check_<id>.c).  To add
 * a rule: write checker/check_<id>.c defining "const struct rule
 * rule_<id>", declare it below, list it in rules[], and write
 * docs/rules/<id>.md.  Ids are stable: SARIF consumers and suppression
 * comments key on them.
 */
#include "checker/check.h"

#include <string.h>

extern const struct rule rule_direct_ops_call;
extern const struct rule rule_direct_ops_use;
extern const struct rule rule_unknown_hook;
extern const struct rule rule_stale_wrapper;
extern const struct rule rule_sleep_in_atomic_hook;
extern const struct rule rule_sleep_in_atomic;
extern const struct rule rule_sleep_under_guard;
extern const struct rule rule_direct_impl_call;
extern const struct rule rule_stub_differs;
extern const struct rule rule_sleep_in_atomic_rt;

const struct rule *const rules[] = {
	&rule_direct_ops_call,
	&rule_direct_ops_use,
	&rule_unknown_hook,
	&rule_stale_wrapper,
	&rule_sleep_in_atomic_hook,
	&rule_sleep_in_atomic,
	&rule_sleep_under_guard,
	&rule_direct_impl_call,
	&rule_stub_differs,
	&rule_sleep_in_atomic_rt,
	NULL,
};

const struct rule *rule_find(const char *id)
{
	for (int i = 0; rules[i]; i++)
		if (!strcmp(rules[i]->id, id))
			return rules[i];
	return NULL;
}
