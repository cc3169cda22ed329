/*
 * sleep_unit.c - the sleep analysis of one unit, done once for the three
 * sleep rules: scan the unit, store its facts (replacing any it had),
 * and link.  With --db=FILE the facts go to that database and the rules
 * stay silent: "hookwrap report --db=FILE" links the whole build.
 * Without it the facts of this run's units are kept in a database in
 * memory and linked after each unit, so a single-file run reports what
 * that file shows; a unit linked to the table only by a header it
 * includes gets no sleep analysis without --db.
 */
#include "manifest/policy.h"
#include "checker/sleep/sleep.h"

#include <sqlite3.h>
#include <string.h>

static struct {
	CXTranslationUnit tu;
	CXFile file;
	char *path;		/* the unit: tu pointers can be reused */
	sqlite3 *mem;
	struct facts all;
	struct link lk;
	int linked;
	struct link lkrt;	/* the PREEMPT_RT link, on demand */
	int linked_rt;
	int unit;
	int failed;
} st;

static void add_hooks(const struct check_ctx *cx, struct facts *f)
{
	for (int i = 0; cx->m && i < cx->m->n; i++) {
		const struct hook *h = &cx->m->hooks[i];
		struct fact_hook *x = facts_add_hook(f);

		x->member = xstrdup(h->member);
		x->wrapper = h->wrapper ? xstrdup(h->wrapper) : NULL;
		x->dispatcher = h->dispatcher ? xstrdup(h->dispatcher) : NULL;
		x->policy = xstrdup(policy_name(h->policy));
		x->where = h->where ? xstrdup(h->where) : NULL;
	}
}

/* Facts of the unit into db; 0 or -1 (reported). */
static int collect(struct check_ctx *cx, sqlite3 *db, const char *unit)
{
	struct facts f;
	int r;

	memset(&f, 0, sizeof(f));
	facts_add_unit(&f, unit);
	if (cx->tree_abs)
		f.tree = xstrdup(cx->tree_abs);
	add_hooks(cx, &f);
	sleep_scan(cx, &f, db);
	r = factsdb_store(db, unit, &f);
	facts_free(&f);
	return r;
}

const struct link *sleep_unit(struct check_ctx *cx, int *unit)
{
	const char *path = cx->main_rel ? cx->main_rel : cx->main_shown;

	/*
	 * Parsed only for a header's text (prefilter.h): its findings are
	 * the header's, answered without a parse next time (hcache.c), so
	 * the unit's own sleep findings must not depend on the parse.
	 */
	if (cx->header_linked)
		return NULL;
	if (st.tu == cx->tu && st.file == cx->main_file && st.path &&
	    !strcmp(st.path, path)) {
		*unit = st.unit;
		return st.linked && !st.failed ? &st.lk : NULL;
	}
	st.tu = cx->tu;
	st.file = cx->main_file;
	free(st.path);
	st.path = xstrdup(path);
	st.failed = 0;
	if (cx->db) {
		sqlite3 *db = factsdb_open(cx->db);

		if (!db || collect(cx, db, path))
			cx->failed = 1;
		factsdb_close(db);
		st.failed = 1;	/* nothing to report here */
		return NULL;
	}
	if (!st.mem && !(st.mem = factsdb_open(":memory:"))) {
		st.failed = 1;
		return NULL;
	}
	if (st.linked_rt) {
		link_free(&st.lkrt);
		st.linked_rt = 0;
	}
	if (st.linked) {
		link_free(&st.lk);
		facts_free(&st.all);
		st.linked = 0;
	}
	if (collect(cx, st.mem, path) ||
	    factsdb_load(st.mem, ":memory:", &st.all)) {
		st.failed = 1;
		return NULL;
	}
	link_build(&st.lk, &st.all);
	st.linked = 1;
	st.unit = -1;
	for (int i = 0; i < st.all.nunits; i++)
		if (!strcmp(st.all.units[i].path, path))
			st.unit = i;
	*unit = st.unit;
	return &st.lk;
}

const struct link *sleep_unit_rt(struct check_ctx *cx)
{
	if (!st.linked || st.failed || !(cx->rt || st.all.preempt_rt))
		return NULL;
	if (!st.linked_rt) {
		link_build_mode(&st.lkrt, &st.all, LINK_RT);
		st.linked_rt = 1;
	}
	return &st.lkrt;
}
