/*
 * fuzz_linklist.c - the facts the link reads to narrow a call through a
 * member (checker/sleep/linkobj.c, linklist.c): calls' args and recv,
 * stores' objects, as a database copied from another machine may hold
 * them.  The fuzzer's bytes are lines, each a fact of unit 0 or 1:
 *
 *   F|unit|name|static|fields       a function defined
 *   C|unit|caller|callee|slot|recv|args|recv_test   a call ("" for none)
 *   R|unit|slot|obj|impl|how|consts|hook   a store of impl in member slot
 *
 * linkobj_plan() must hold its promises whatever they say: every node's
 * registrations are registrations, every copy copies a function and
 * its calls are calls, every call's copy is a copy; a call a switch's
 * case narrows (recv_test, linkcase.c) reaches only stores that agree
 * with it; all of it freed.
 */
#include "fuzz.h"
#include "checker/sleep/facts.h"
#include "checker/sleep/linkobj.h"
#include "checker/sleep/linkcase.h"
#include "core/util.h"

FUZZ_QUIET_INIT

/* Field k of a '|'-separated line, or NULL when empty or missing. */
static char *field(const char *line, int k)
{
	const char *s = line;
	size_t n;

	for (int i = 0; s && i < k; i++) {
		s = strchr(s, '|');
		if (s)
			s++;
	}
	if (!s)
		return NULL;
	n = strcspn(s, "|");
	return n ? xstrndup(s, n) : NULL;
}

static char *must(char *s)
{
	return s ? s : xstrdup("");
}

static void add_line(struct facts *f, const char *line)
{
	char *u = field(line, 1);
	int unit = u && u[0] == '1' ? 1 : 0;

	free(u);
	if (line[0] == 'F') {
		struct fact_fn *x = facts_add_fn(f, unit);
		char *st = field(line, 3);

		x->name = must(field(line, 2));
		x->is_static = st ? atoi(st) % 3 : 0;
		x->fields = field(line, 4);
		free(st);
	} else if (line[0] == 'C') {
		struct fact_call *c = facts_add_call(f, unit);

		c->caller = must(field(line, 2));
		c->callee = must(field(line, 3));
		c->slot = field(line, 4);
		c->recv = field(line, 5);
		c->args = field(line, 6);
		c->recv_test = field(line, 7);
	} else if (line[0] == 'R') {
		struct fact_reg *r = facts_add_reg(f, unit);

		r->slot = field(line, 2);
		r->obj = field(line, 3);
		r->impl = must(field(line, 4));
		r->how = field(line, 5);
		r->consts = field(line, 6);
		r->hook = field(line, 7);
		if (!r->hook)
			r->hook = xstrdup("notifier_block.notifier_call");
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xstrndup((const char *)data, size), *save = NULL;
	struct facts f = { 0 };
	struct link_objs o;

	facts_add_unit(&f, "a.c");
	facts_add_unit(&f, "b.c");
	for (char *l = strtok_r(text, "\n", &save); l;
	     l = strtok_r(NULL, "\n", &save))
		add_line(&f, l);
	linkobj_plan(&o, &f);
	FUZZ_CHECK(o.ncalls == f.ncalls);
	for (int i = 0; i < o.nnode; i++) {
		FUZZ_CHECK(o.node[i].key);
		FUZZ_CHECK(o.node[i].named < f.nregs);
		for (int k = 0; k < o.node[i].nreg; k++)
			FUZZ_CHECK(o.node[i].reg[k] >= 0 &&
				   o.node[i].reg[k] < f.nregs);
	}
	for (int i = 0; i < o.nclone; i++) {
		FUZZ_CHECK(o.clone[i].fn >= 0 && o.clone[i].fn < f.nfns);
		for (int k = 0; k < o.clone[i].n; k++)
			FUZZ_CHECK(o.clone[i].call[k] >= 0 &&
				   o.clone[i].call[k] < f.ncalls);
	}
	for (int i = 0; i < f.ncalls; i++)
		FUZZ_CHECK(o.call_clone[i] >= -1 &&
			   o.call_clone[i] < o.nclone);
	for (int i = 0; i < f.ncalls; i++) {
		const char *key = o.call_key[i];

		if (!key || strncmp(key, "t:", 2))
			continue;
		FUZZ_CHECK(f.calls[i].recv_test);
		for (int n = 0; n < o.nnode; n++)
			for (int k = 0; !strcmp(o.node[n].key, key) &&
					k < o.node[n].nreg; k++)
				FUZZ_CHECK(linkcase_agrees(
					&f.regs[o.node[n].reg[k]],
					f.calls[i].recv_test));
	}
	linkobj_free(&o);
	facts_free(&f);
	free(text);
	return 0;
}
