/*
 * factsdb.c - the facts database (SQLite; schema in docs/facts-db.md).
 * Every unit's facts are keyed by the unit; storing a unit again
 * replaces its rows and nothing else, so kbuild can re-check a subset.
 * Parallel checkers (make -j) wait on the database's lock.
 */
#include "facts.h"

#include <sqlite3.h>
#include <string.h>

#define SCHEMA_VERSION "1"

static const char schema[] =
	"CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT);"
	"CREATE TABLE IF NOT EXISTS units(id INTEGER PRIMARY KEY,"
	" path TEXT UNIQUE NOT NULL);"
	"CREATE TABLE IF NOT EXISTS functions(unit INTEGER NOT NULL,"
	" name TEXT NOT NULL, static INTEGER NOT NULL, file TEXT,"
	" line INTEGER);"
	"CREATE TABLE IF NOT EXISTS calls(unit INTEGER NOT NULL,"
	" caller TEXT NOT NULL, callee TEXT NOT NULL, hook TEXT,"
	" prim INTEGER NOT NULL, sleep TEXT, text TEXT, file TEXT,"
	" line INTEGER, col INTEGER, atomic INTEGER NOT NULL, region TEXT,"
	" region_file TEXT, region_line INTEGER, depth INTEGER,"
	" released INTEGER, own INTEGER);"
	"CREATE TABLE IF NOT EXISTS registrations(unit INTEGER NOT NULL,"
	" hook TEXT NOT NULL, impl TEXT NOT NULL, file TEXT, line INTEGER,"
	" col INTEGER, how TEXT);"
	"CREATE TABLE IF NOT EXISTS hooks(member TEXT PRIMARY KEY,"
	" wrapper TEXT, dispatcher TEXT, policy TEXT, location TEXT);"
	"CREATE INDEX IF NOT EXISTS functions_unit ON functions(unit);"
	"CREATE INDEX IF NOT EXISTS calls_unit ON calls(unit);"
	"CREATE INDEX IF NOT EXISTS registrations_unit ON registrations(unit);";

static int db_error(sqlite3 *db, const char *what)
{
	error_at(sqlite3_db_filename(db, "main"), 0, "facts database: %s: %s; "
		 "remove the file to start a new one", what,
		 sqlite3_errmsg(db));
	return -1;
}

sqlite3 *factsdb_open(const char *path)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *st;
	char *err = NULL;
	int rc;

	rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE |
			     SQLITE_OPEN_CREATE, NULL);
	if (rc != SQLITE_OK) {
		error_at(path, 0, "cannot open the facts database: %s; check "
			 "the directory exists and is writable",
			 db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
		sqlite3_close(db);
		return NULL;
	}
	sqlite3_busy_timeout(db, 600000);
	if (sqlite3_exec(db, "PRAGMA journal_mode=WAL;", NULL, NULL, NULL) !=
	    SQLITE_OK || sqlite3_exec(db, schema, NULL, NULL, &err) !=
	    SQLITE_OK) {
		error_at(path, 0, "not a hookwrap facts database (%s); give "
			 "--db a new file name", err ? err :
			 sqlite3_errmsg(db));
		sqlite3_free(err);
		sqlite3_close(db);
		return NULL;
	}
	if (sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key="
			       "'schema'", -1, &st, NULL) != SQLITE_OK) {
		db_error(db, "reading the schema version");
		sqlite3_close(db);
		return NULL;
	}
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW && strcmp((const char *)sqlite3_column_text(st, 0),
				       SCHEMA_VERSION)) {
		error_at(path, 0, "facts database of schema %s, this hookwrap "
			 "writes schema %s; remove the file and collect "
			 "again", sqlite3_column_text(st, 0), SCHEMA_VERSION);
		sqlite3_finalize(st);
		sqlite3_close(db);
		return NULL;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW)
		sqlite3_exec(db, "INSERT OR IGNORE INTO meta VALUES('schema',"
			     "'" SCHEMA_VERSION "');", NULL, NULL, NULL);
	return db;
}

void factsdb_close(sqlite3 *db)
{
	sqlite3_close(db);
}

static void bind_text(sqlite3_stmt *st, int i, const char *s)
{
	if (s)
		sqlite3_bind_text(st, i, s, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, i);
}

static int run(sqlite3 *db, sqlite3_stmt *st)
{
	int rc = sqlite3_step(st);

	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return rc == SQLITE_DONE || rc == SQLITE_ROW ? 0 : -1;
	(void)db;
}

static int store_rows(sqlite3 *db, sqlite3_int64 unit, const struct facts *f)
{
	sqlite3_stmt *fn = NULL, *call = NULL, *reg = NULL, *hook = NULL;
	int ret = -1;

	if (sqlite3_prepare_v2(db, "INSERT INTO functions VALUES(?,?,?,?,?)",
			       -1, &fn, NULL) ||
	    sqlite3_prepare_v2(db, "INSERT INTO calls VALUES(?,?,?,?,?,?,?,?,"
			       "?,?,?,?,?,?,?,?,?)", -1, &call, NULL) ||
	    sqlite3_prepare_v2(db, "INSERT INTO registrations VALUES(?,?,?,?,"
			       "?,?,?)", -1, &reg, NULL) ||
	    sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO hooks VALUES(?,?,"
			       "?,?,?)", -1, &hook, NULL))
		goto out;
	for (int i = 0; i < f->nfns; i++) {
		const struct fact_fn *x = &f->fns[i];

		sqlite3_bind_int64(fn, 1, unit);
		bind_text(fn, 2, x->name);
		sqlite3_bind_int(fn, 3, x->is_static);
		bind_text(fn, 4, x->file);
		sqlite3_bind_int(fn, 5, x->line);
		if (run(db, fn))
			goto out;
	}
	for (int i = 0; i < f->ncalls; i++) {
		const struct fact_call *x = &f->calls[i];

		sqlite3_bind_int64(call, 1, unit);
		bind_text(call, 2, x->caller);
		bind_text(call, 3, x->callee);
		bind_text(call, 4, x->hook);
		sqlite3_bind_int(call, 5, x->prim);
		bind_text(call, 6, x->sleep);
		bind_text(call, 7, x->text);
		bind_text(call, 8, x->file);
		sqlite3_bind_int(call, 9, x->line);
		sqlite3_bind_int(call, 10, x->col);
		sqlite3_bind_int(call, 11, x->atomic);
		bind_text(call, 12, x->region);
		bind_text(call, 13, x->region_file);
		sqlite3_bind_int(call, 14, x->region_line);
		sqlite3_bind_int(call, 15, x->depth);
		sqlite3_bind_int(call, 16, x->released);
		sqlite3_bind_int(call, 17, x->own);
		if (run(db, call))
			goto out;
	}
	for (int i = 0; i < f->nregs; i++) {
		const struct fact_reg *x = &f->regs[i];

		sqlite3_bind_int64(reg, 1, unit);
		bind_text(reg, 2, x->hook);
		bind_text(reg, 3, x->impl);
		bind_text(reg, 4, x->file);
		sqlite3_bind_int(reg, 5, x->line);
		sqlite3_bind_int(reg, 6, x->col);
		bind_text(reg, 7, x->how);
		if (run(db, reg))
			goto out;
	}
	for (int i = 0; i < f->nhooks; i++) {
		const struct fact_hook *x = &f->hooks[i];

		bind_text(hook, 1, x->member);
		bind_text(hook, 2, x->wrapper);
		bind_text(hook, 3, x->dispatcher);
		bind_text(hook, 4, x->policy);
		bind_text(hook, 5, x->where);
		if (run(db, hook))
			goto out;
	}
	ret = 0;
out:
	sqlite3_finalize(fn);
	sqlite3_finalize(call);
	sqlite3_finalize(reg);
	sqlite3_finalize(hook);
	return ret;
}

int factsdb_store(sqlite3 *db, const char *path, const struct facts *f)
{
	sqlite3_stmt *st = NULL;
	sqlite3_int64 unit;
	static const char *const clear[] = {
		"DELETE FROM functions WHERE unit=?",
		"DELETE FROM calls WHERE unit=?",
		"DELETE FROM registrations WHERE unit=?",
	};

	if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
		return db_error(db, "cannot lock");
	if (sqlite3_prepare_v2(db, "INSERT OR IGNORE INTO units(path) "
			       "VALUES(?)", -1, &st, NULL) != SQLITE_OK)
		goto fail;
	bind_text(st, 1, path);
	if (sqlite3_step(st) != SQLITE_DONE)
		goto fail;
	sqlite3_finalize(st);
	if (sqlite3_prepare_v2(db, "SELECT id FROM units WHERE path=?", -1,
			       &st, NULL) != SQLITE_OK)
		goto fail;
	bind_text(st, 1, path);
	if (sqlite3_step(st) != SQLITE_ROW)
		goto fail;
	unit = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	st = NULL;
	for (size_t i = 0; i < ARRAY_SIZE(clear); i++) {
		if (sqlite3_prepare_v2(db, clear[i], -1, &st, NULL) !=
		    SQLITE_OK)
			goto fail;
		sqlite3_bind_int64(st, 1, unit);
		if (sqlite3_step(st) != SQLITE_DONE)
			goto fail;
		sqlite3_finalize(st);
		st = NULL;
	}
	if (f->tree) {
		if (sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO meta "
				       "VALUES('tree',?)", -1, &st, NULL) !=
		    SQLITE_OK)
			goto fail;
		bind_text(st, 1, f->tree);
		if (sqlite3_step(st) != SQLITE_DONE)
			goto fail;
		sqlite3_finalize(st);
		st = NULL;
	}
	if (store_rows(db, unit, f))
		goto fail;
	if (sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
		goto fail;
	return 0;
fail:
	db_error(db, "cannot store the unit's facts");
	sqlite3_finalize(st);
	sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	return -1;
}

static char *col_str(sqlite3_stmt *st, int i)
{
	const unsigned char *s = sqlite3_column_text(st, i);

	return s ? xstrdup((const char *)s) : NULL;
}

/* Row unit ids to indexes into f->units. */
struct unit_map {
	sqlite3_int64 *id;
	int n;
};

static int unit_index(const struct unit_map *m, sqlite3_int64 id)
{
	int lo = 0, hi = m->n - 1;

	while (lo <= hi) {
		int mid = (lo + hi) / 2;

		if (m->id[mid] == id)
			return mid;
		if (m->id[mid] < id)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
}

static int cmp_id(const void *a, const void *b)
{
	const sqlite3_int64 *x = a, *y = b;

	return *x < *y ? -1 : *x > *y;
}

int factsdb_load(sqlite3 *db, const char *path, struct facts *f)
{
	sqlite3_stmt *st = NULL;
	struct unit_map um = { NULL, 0 };
	sqlite3_int64 *ids = NULL;
	int *order = NULL;

	memset(f, 0, sizeof(*f));
	if (sqlite3_prepare_v2(db, "SELECT id, path FROM units ORDER BY path",
			       -1, &st, NULL) != SQLITE_OK)
		goto fail;
	while (sqlite3_step(st) == SQLITE_ROW) {
		ids = xrealloc(ids, (f->nunits + 1) * sizeof(*ids));
		ids[f->nunits] = sqlite3_column_int64(st, 0);
		facts_add_unit(f, (const char *)sqlite3_column_text(st, 1));
	}
	sqlite3_finalize(st);
	/* Sorted ids, each with the index of its unit in path order. */
	um.n = f->nunits;
	um.id = xcalloc(um.n + 1, sizeof(*um.id));
	order = xcalloc(um.n + 1, sizeof(*order));
	memcpy(um.id, ids, um.n * sizeof(*um.id));
	qsort(um.id, um.n, sizeof(*um.id), cmp_id);
	for (int i = 0; i < um.n; i++)
		order[unit_index(&um, ids[i])] = i;
	if (sqlite3_prepare_v2(db, "SELECT f.unit, f.name, f.static, f.file,"
			       " f.line FROM functions f JOIN units u ON "
			       "u.id=f.unit ORDER BY u.path, f.rowid", -1,
			       &st, NULL) != SQLITE_OK)
		goto fail;
	while (sqlite3_step(st) == SQLITE_ROW) {
		int u = unit_index(&um, sqlite3_column_int64(st, 0));
		struct fact_fn *x = facts_add_fn(f, order[u]);

		x->name = col_str(st, 1);
		x->is_static = sqlite3_column_int(st, 2);
		x->file = col_str(st, 3);
		x->line = sqlite3_column_int(st, 4);
	}
	sqlite3_finalize(st);
	if (sqlite3_prepare_v2(db, "SELECT c.unit, caller, callee, hook, prim,"
			       " sleep, text, file, line, col, atomic, region,"
			       " region_file, region_line, depth, released,"
			       " own "
			       "FROM calls c JOIN "
			       "units u ON u.id=c.unit ORDER BY u.path, "
			       "c.rowid", -1, &st, NULL) != SQLITE_OK)
		goto fail;
	while (sqlite3_step(st) == SQLITE_ROW) {
		int u = unit_index(&um, sqlite3_column_int64(st, 0));
		struct fact_call *x = facts_add_call(f, order[u]);

		x->caller = col_str(st, 1);
		x->callee = col_str(st, 2);
		x->hook = col_str(st, 3);
		x->prim = sqlite3_column_int(st, 4);
		x->sleep = col_str(st, 5);
		x->text = col_str(st, 6);
		x->file = col_str(st, 7);
		x->line = sqlite3_column_int(st, 8);
		x->col = sqlite3_column_int(st, 9);
		x->atomic = sqlite3_column_int(st, 10);
		x->region = col_str(st, 11);
		x->region_file = col_str(st, 12);
		x->region_line = sqlite3_column_int(st, 13);
		x->depth = sqlite3_column_int(st, 14);
		x->released = sqlite3_column_int(st, 15);
		x->own = sqlite3_column_int(st, 16);
	}
	sqlite3_finalize(st);
	if (sqlite3_prepare_v2(db, "SELECT r.unit, hook, impl, file, line, how,"
			       " col"
			       " FROM registrations r JOIN units u ON "
			       "u.id=r.unit ORDER BY u.path, r.rowid", -1,
			       &st, NULL) != SQLITE_OK)
		goto fail;
	while (sqlite3_step(st) == SQLITE_ROW) {
		int u = unit_index(&um, sqlite3_column_int64(st, 0));
		struct fact_reg *x = facts_add_reg(f, order[u]);

		x->hook = col_str(st, 1);
		x->impl = col_str(st, 2);
		x->file = col_str(st, 3);
		x->line = sqlite3_column_int(st, 4);
		x->how = col_str(st, 5);
		x->col = sqlite3_column_int(st, 6);
	}
	sqlite3_finalize(st);
	if (sqlite3_prepare_v2(db, "SELECT member, wrapper, dispatcher, policy,"
			       " location FROM hooks ORDER BY rowid", -1, &st,
			       NULL) != SQLITE_OK)
		goto fail;
	while (sqlite3_step(st) == SQLITE_ROW) {
		struct fact_hook *x = facts_add_hook(f);

		x->member = col_str(st, 0);
		x->wrapper = col_str(st, 1);
		x->dispatcher = col_str(st, 2);
		x->policy = col_str(st, 3);
		x->where = col_str(st, 4);
	}
	sqlite3_finalize(st);
	if (sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key='tree'",
			       -1, &st, NULL) != SQLITE_OK)
		goto fail;
	if (sqlite3_step(st) == SQLITE_ROW)
		f->tree = col_str(st, 0);
	sqlite3_finalize(st);
	free(ids);
	free(um.id);
	free(order);
	return 0;
fail:
	error_at(path, 0, "facts database: cannot read it: %s; collect again "
		 "into a new file", sqlite3_errmsg(db));
	sqlite3_finalize(st);
	free(ids);
	free(um.id);
	free(order);
	return -1;
}
