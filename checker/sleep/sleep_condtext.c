/*
 * sleep_condtext.c - a path's conditions as the facts write them
 * (docs/facts-db.md, cond): a parameter's atom "p2" or "!p2", a test of
 * its value "p2&64", "!p0->sg_mapping_iter.__flags&1", a test of the
 * context "irqs_disabled"; two to hold both "p2;!p3&64".  A local's
 * atom is the function's own and is never written.
 */
#include "checker/sleep/sleep.h"

#include <stdlib.h>
#include <string.h>

char *params_cond_text(const struct params *pa, int cond)
{
	const char *ctx = cond_ctx_name(cond);
	int a = cond > 0 ? cond : -cond;
	const char *neg = cond < 0 ? "!" : "";

	if (!cond)
		return NULL;
	if (ctx)	/* "!irqs_disabled", without the brackets */
		return xasprintf("%s%.*s", neg, (int)strlen(ctx) - 2, ctx);
	if (a > PARAMS_PRED && a <= PARAMS_PRED + pa->npred) {
		const struct pred *p = &pa->pred[a - PARAMS_PRED - 1];

		if (p->op == PRED_GFP)	/* "g1"; never negated: "!p1&1024" */
			return cond > 0 ? xasprintf("g%d", p->param) :
			       xasprintf("!p%d&%lld", p->param, p->val);
		if (p->field)	/* "!p0->sg_mapping_iter.__flags&1" */
			return xasprintf("%sp%d->%s%c%lld", neg, p->param,
					 p->field, p->op, p->val);
		return xasprintf("%sp%d%c%lld", neg, p->param, p->op, p->val);
	}
	if (a > PARAMS_LOCAL)
		return NULL;	/* a local's: the function's own */
	return xasprintf("%sp%d", neg, a - 1);
}

char *params_conds_text(const struct params *pa, int a, int b)
{
	char *x = params_cond_text(pa, a), *y = params_cond_text(pa, b);
	char *both;

	if (!x || !y)
		return x ? x : y;
	both = xasprintf("%s;%s", x, y);
	free(x);
	free(y);
	return both;
}
