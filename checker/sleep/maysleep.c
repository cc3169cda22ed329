/*
 * maysleep.c - the manifest's may_sleep column: for each hook, an
 * implementation registered for it (in any module) that may sleep,
 * from the facts "hookwrap check --db" collected.
 */
#include "checker/sleep/facts.h"
#include "manifest/manifest.h"

int manifest_may_sleep(struct manifest *m, const char *db_path)
{
	struct facts f;
	struct link lk;

	if (!file_exists(db_path)) {
		error_at(db_path, 0, "no such facts database; collect one with "
			 "make C=2 CHECK=\"hookwrap check --db=%s\"", db_path);
		return -1;
	}
	if (factsdb_read(db_path, &f))
		return -1;
	link_build(&lk, &f);
	for (int i = 0; i < m->n; i++) {
		int h = link_hook(&lk, m->hooks[i].member);
		int n = link_hook_sleeper(&lk, h, NULL);

		free(m->hooks[i].may_sleep);
		m->hooks[i].may_sleep = n >= 0 ?
			xstrdup(link_node_name(&lk, n)) : NULL;
	}
	link_free(&lk);
	facts_free(&f);
	return 0;
}
