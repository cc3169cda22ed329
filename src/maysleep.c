/*
 * maysleep.c - the manifest's may_sleep column: for each hook, an
 * implementation registered for it (in any module) that may sleep,
 * from the facts "hookwrap check --db" collected.
 */
#include "facts.h"
#include "manifest.h"

#include <sqlite3.h>

int manifest_may_sleep(struct manifest *m, const char *db_path)
{
	struct facts f;
	struct link lk;
	sqlite3 *db;

	if (!file_exists(db_path)) {
		error_at(db_path, 0, "no such facts database; collect one with "
			 "make C=2 CHECK=\"hookwrap check --db=%s\"", db_path);
		return -1;
	}
	db = factsdb_open(db_path);
	if (!db || factsdb_load(db, db_path, &f)) {
		factsdb_close(db);
		return -1;
	}
	factsdb_close(db);
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
