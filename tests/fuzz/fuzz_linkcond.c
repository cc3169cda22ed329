/*
 * fuzz_linkcond.c - the facts database's cond and args columns as the
 * link reads them back (checker/sleep/linkcond.c: linkcond_call(),
 * linkcond_args()).  A database is outside input: one copied from
 * another machine, or written by another program, is read as it is.
 * The fuzzer's bytes are one column's text.  Every condition read is
 * one the link knows (a parameter's truth for parameters 0 to 63, a
 * context need, a gfp_t parameter, a test the link holds, never-false
 * NEVER), and every argument is a kind the link knows, a parameter
 * 0 to 63 or a test of one, with at most LINK_KNOWN members known
 * ("&D{T.m=0}", "T.*=a/b"), each one the link holds, or a member of a
 * parameter 0 to 63 ("p1->T.m"); an address whose value implies an atom
 * ("nz*!p3") names one the link knows.
 */
#include "fuzz.h"
#include "checker/sleep/linkcond.h"
#include "checker/sleep/linkfield.h"

#include <limits.h>

FUZZ_QUIET_INIT

static int known_atom(const struct link *lk, int a)
{
	if (a == 0 || a == NEVER)
		return 1;
	if (a < 0)
		a = -a;
	return (a >= 1 && a <= 64) || a == COND_IRQS_OFF ||
	       a == COND_IN_INTR || a == COND_IN_ATOMIC ||
	       a == COND_PREEMPTIBLE || (a > COND_GFP && a <= COND_GFP + 64) ||
	       (a > COND_PRED && a <= COND_PRED + lk->preds->n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xstrndup((const char *)data, size);
	struct link_preds ps = { 0 };
	struct link lk = { 0 };
	struct link_arg *a;
	int n, commas = 0;
	cnd c;

	lk.preds = &ps;
	c = linkcond_call(&lk, text);
	FUZZ_CHECK(known_atom(&lk, c.p) && known_atom(&lk, c.q));
	for (int k = 0; k < ps.n; k++) {
		FUZZ_CHECK(ps.v[k].param >= 0 && ps.v[k].param < 64);
		/* a member's test names a member the link holds */
		FUZZ_CHECK(ps.v[k].field >= 0 &&
			   ps.v[k].field <= ps.fields.n);
	}

	a = linkcond_args(text, &n);
	linkfield_known_read(&ps, text, a, n);
	for (const char *s = text; *s; s++)
		commas += *s == ',';
	FUZZ_CHECK(n >= 0 && n <= commas + 1);
	for (int k = 0; k < n; k++) {
		FUZZ_CHECK(a[k].nknown >= 0 && a[k].nknown <= LINK_KNOWN);
		FUZZ_CHECK(a[k].zfield >= 0 && a[k].zfield <= ps.fields.n);
		if (a[k].kind == ARG_MEMBER)
			FUZZ_CHECK(a[k].mparam >= 0 && a[k].mparam < 64 &&
				   a[k].mfield >= 1 &&
				   a[k].mfield <= ps.fields.n);
		for (int i = 0; i < a[k].nknown; i++) {
			FUZZ_CHECK(a[k].kfield[i] >= 1 &&
				   a[k].kfield[i] <= ps.fields.n);
			/* "T.m&M=V": no bit known outside M */
			FUZZ_CHECK(!a[k].kbits[i] ||
				   !(a[k].kval[i] & ~a[k].kbits[i]));
		}
		FUZZ_CHECK((a[k].kind >= 0 && a[k].kind < 64) ||
			   a[k].kind == ARG_VALUE || a[k].kind == ARG_BITS ||
			   a[k].kind == ARG_UNKNOWN ||
			   a[k].kind == ARG_NONZERO || a[k].kind == ARG_TEST ||
			   a[k].kind == ARG_MEMBER);
		if (a[k].kind == ARG_TEST)
			FUZZ_CHECK(a[k].test != 0 && a[k].test >= -64 &&
				   a[k].test <= 64);
		FUZZ_CHECK(a[k].gfp >= -1 && a[k].gfp <= 1);
		/* "nz*!p3": an address, naming an atom the link knows */
		if (a[k].deref) {
			char *q = xstrndup(a[k].deref,
					   strcspn(a[k].deref, ",{"));

			FUZZ_CHECK(a[k].kind == ARG_NONZERO &&
				   a[k].deref > text &&
				   a[k].deref <= text + size);
			FUZZ_CHECK(known_atom(&lk, linkcond_parse(&lk, q)));
			free(q);
		}
	}
	free(a);
	free(ps.v);
	linkfield_names_free(&ps);
	free(text);
	return 0;
}
