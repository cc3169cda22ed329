/*
 * linkcase.c - a slot call's switch test against the constants of the
 * initialiser a function was stored by (linkcase.h).  The test is
 * calls.recv_test ("T.m=V1,V2": the case labels that reach the call),
 * the constants registrations.consts ("T.m=V;T.n=?", ";*" when the list
 * may set more than it says); docs/facts-db.md, "A switch on the
 * object".  An assignment ("p->call = f"), a value not folded ("?"), or
 * a store in a struct of another tag may hold anything.
 */
#include "checker/sleep/linkcase.h"

#include <stdlib.h>
#include <string.h>

/* Is v one of the test's values ("2", "1,3" after the '=')? */
static int one_of(const char *vals, long long v)
{
	char *end;

	for (const char *p = vals; *p; p = *end ? end + 1 : end) {
		long long x = strtoll(p, &end, 10);

		if (end == p)
			return 1;	/* not a number: anything */
		if (x == v)
			return 1;
	}
	return 0;
}

int linkcase_agrees(const struct fact_reg *r, const char *test)
{
	const char *eq = strchr(test, '='), *dot, *hit = NULL;
	size_t klen, tlen;

	if (!eq || !r->slot || !r->how || strcmp(r->how, "initialiser"))
		return 1;
	klen = (size_t)(eq - test);	/* "T.m" */
	dot = memchr(test, '.', klen);
	if (!dot)
		return 1;
	tlen = (size_t)(dot - test);	/* "T" */
	/* A store in T's own list: r->hook is "T.slot". */
	if (!r->hook || strncmp(r->hook, test, tlen) || r->hook[tlen] != '.')
		return 1;
	for (const char *c = r->consts; c && *c;) {
		const char *end = strchr(c, ';');
		size_t n = end ? (size_t)(end - c) : strlen(c);

		if (n == 1 && *c == '*')
			return 1;	/* it may set more than it says */
		if (n > klen && !strncmp(c, test, klen) && c[klen] == '=')
			hit = c + klen + 1;
		c = end ? end + 1 : c + n;
	}
	if (hit && *hit == '?')
		return 1;
	return one_of(eq + 1, hit ? strtoll(hit, NULL, 10) : 0);
}
