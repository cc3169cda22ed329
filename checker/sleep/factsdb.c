/*
 * factsdb.c - the facts database (SQLite; schema in docs/facts-db.md).
 * Every unit's facts are keyed by the unit; storing a unit again
 * replaces its rows and nothing else, so kbuild can re-check a subset.
 * Parallel checkers (make -j) wait on the database's lock.
 */
#include "checker/sleep/facts.h"

#include <sqlite3.h>
#include <stdarg.h>
#include <string.h>
#include <unistd.h>


static const char schema[] =
	"CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT);"
	"CREATE TABLE IF NOT EXISTS units(id INTEGER PRIMARY KEY,"
	" path TEXT UNIQUE NOT NULL, header INTEGER NOT NULL DEFAULT 0);"
	"CREATE TABLE IF NOT EXISTS functions(unit INTEGER NOT NULL,"
	" name TEXT NOT NULL, static INTEGER NOT NULL, file TEXT,"
	" line INTEGER, effect TEXT, ctx_doc TEXT, fields TEXT);"
	"CREATE TABLE IF NOT EXISTS calls(unit INTEGER NOT NULL,"
	" caller TEXT NOT NULL, callee TEXT NOT NULL, hook TEXT,"
	" prim INTEGER NOT NULL, sleep TEXT, text TEXT, file TEXT,"
	" line INTEGER, col INTEGER, atomic INTEGER NOT NULL, region TEXT,"
	" region_file TEXT, region_line INTEGER, depth INTEGER,"
	" released INTEGER, own INTEGER, cond TEXT, args TEXT, ctx INTEGER,"
	" slot TEXT, indirect INTEGER NOT NULL DEFAULT 0,"
	" rt INTEGER NOT NULL DEFAULT 0, rt_region TEXT, rt_region_line INTEGER,"
	" rt_ctx INTEGER NOT NULL DEFAULT 0, ftype TEXT, recv TEXT,"
	" recv_test TEXT, boot INTEGER NOT NULL DEFAULT 0,"
	" ways INTEGER NOT NULL DEFAULT 0);"
	"CREATE TABLE IF NOT EXISTS registrations(unit INTEGER NOT NULL,"
	" hook TEXT NOT NULL, impl TEXT NOT NULL, file TEXT, line INTEGER,"
	" col INTEGER, how TEXT, slot TEXT, ftype TEXT, obj TEXT, consts TEXT);"
	"CREATE TABLE IF NOT EXISTS refs(unit INTEGER NOT NULL,"
	" kind TEXT NOT NULL, name TEXT NOT NULL);"
	"CREATE TABLE IF NOT EXISTS hooks(member TEXT PRIMARY KEY,"
	" wrapper TEXT, dispatcher TEXT, policy TEXT, location TEXT);"
	"CREATE INDEX IF NOT EXISTS functions_unit ON functions(unit, name);"
	"CREATE INDEX IF NOT EXISTS functions_name ON functions(name);"
	"CREATE INDEX IF NOT EXISTS calls_unit ON calls(unit, caller);"
	"CREATE INDEX IF NOT EXISTS registrations_unit ON registrations(unit);"
	"CREATE INDEX IF NOT EXISTS refs_unit ON refs(unit);";

static int db_error(sqlite3 *db, const char *what)
{
	error_at(sqlite3_db_filename(db, "main"), 0, "facts database: %s: %s; "
		 "remove the file to start a new one", what,
		 sqlite3_errmsg(db));
	return -1;
}

/*
 * Two waits the busy timeout does not cover, both met by make -j's
 * checkers opening a new database at once (tests/t-sleep.sh: "database
 * is locked", some 1 start in 500 on the 2-core machine): the switch to
 * WAL takes a lock SQLite does not wait for, so it is retried here; and
 * the schema's CREATEs read, then write, and a reader that must become
 * a writer while another writes gets SQLITE_BUSY at once (SQLite's way
 * out of a deadlock), so they run in a transaction that takes the write
 * lock first (BEGIN IMMEDIATE, which waits).
 */
static int set_wal(sqlite3 *db)
{
	for (int i = 0; i < 60000; i++) {	/* 10 ms each: 10 minutes */
		int rc = sqlite3_exec(db, "PRAGMA journal_mode=WAL;", NULL,
				      NULL, NULL);

		if (rc == SQLITE_OK)
			return 0;
		if ((rc & 0xff) != SQLITE_BUSY && (rc & 0xff) != SQLITE_LOCKED)
			return -1;
		usleep(10000);
	}
	return -1;
}

sqlite3 *factsdb_open(const char *path)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *st;
	const char *version;
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
	if (set_wal(db) || sqlite3_exec(db, "BEGIN IMMEDIATE;", NULL, NULL,
					&err) != SQLITE_OK ||
	    sqlite3_exec(db, schema, NULL, NULL, &err) != SQLITE_OK ||
	    sqlite3_exec(db, "COMMIT;", NULL, NULL, &err) != SQLITE_OK) {
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
	version = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(st, 0) :
		  NULL;
	if (rc == SQLITE_ROW && (!version || strcmp(version, FACTS_SCHEMA))) {
		error_at(path, 0, "facts database of schema %s, this hookwrap "
			 "writes schema %s; remove the file and collect "
			 "again", version ? version : "(none)",
			 FACTS_SCHEMA);
		sqlite3_finalize(st);
		sqlite3_close(db);
		return NULL;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW)
		sqlite3_exec(db, "INSERT OR IGNORE INTO meta VALUES('schema',"
			     "'" FACTS_SCHEMA "');", NULL, NULL, NULL);
	return db;
}

void factsdb_close(sqlite3 *db)
{
	sqlite3_close(db);
}

/* Finalize *st and prepare sql in its place; 0 or -1. */
static int prepare(sqlite3 *db, sqlite3_stmt **st, const char *sql)
{
	sqlite3_finalize(*st);
	return sqlite3_prepare_v2(db, sql, -1, st, NULL) == SQLITE_OK ? 0 : -1;
}

/* What factsdb_store runs, each statement prepared once per store. */
enum {
	ADD_UNIT, UNIT_ID, CLEAR_FNS, CLEAR_CALLS, CLEAR_REGS, CLEAR_REFS,
	SET_TREE, SET_RT, ADD_FN, ADD_CALL, ADD_REG, ADD_REF, ADD_HOOK, FN_LINE, DROP_FN, DROP_FN_CALLS,
	NSTORE
};

static const char *const store_sql[NSTORE] = {
	[ADD_UNIT] = "INSERT OR IGNORE INTO units(path, header) VALUES(?,?)",
	[UNIT_ID] = "SELECT id FROM units WHERE path=?",
	[CLEAR_FNS] = "DELETE FROM functions WHERE unit=?",
	[CLEAR_CALLS] = "DELETE FROM calls WHERE unit=?",
	[CLEAR_REGS] = "DELETE FROM registrations WHERE unit=?",
	[CLEAR_REFS] = "DELETE FROM refs WHERE unit=?",
	[SET_TREE] = "INSERT OR REPLACE INTO meta VALUES('tree',?)",
	[SET_RT] = "INSERT OR REPLACE INTO meta VALUES('preempt_rt','1')",
	[ADD_FN] = "INSERT INTO functions VALUES(?,?,?,?,?,?,?,?)",
	[ADD_CALL] = "INSERT INTO calls VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,"
		"?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
	[ADD_REG] = "INSERT INTO registrations VALUES(?,?,?,?,?,?,?,?,?,?,?)",
	[ADD_REF] = "INSERT INTO refs VALUES(?,?,?)",
	[ADD_HOOK] = "INSERT OR REPLACE INTO hooks VALUES(?,?,?,?,?)",
	[FN_LINE] = "SELECT line FROM functions WHERE unit=? AND name=?",
	[DROP_FN] = "DELETE FROM functions WHERE unit=? AND name=?",
	[DROP_FN_CALLS] = "DELETE FROM calls WHERE unit=? AND caller=?",
};

static void bind_text(sqlite3_stmt *st, int i, const char *s)
{
	if (s)
		sqlite3_bind_text(st, i, s, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, i);
}

/* Statement k of store_sql in st[k], prepared on its first use. */
static int prepared(sqlite3 *db, sqlite3_stmt **st, int k)
{
	return st[k] ? 0 : prepare(db, &st[k], store_sql[k]);
}

/*
 * Run statement k of store_sql: bind one value per letter of types
 * ('s' text, NULL for SQL NULL; 'i' int; 'I' sqlite3_int64) and step.
 * sqlite3_step()'s result (a row stays readable until k runs again),
 * or -1 when k cannot be prepared; sqlite3_errmsg() says why.
 */
static int run(sqlite3 *db, sqlite3_stmt **st, int k, const char *types, ...)
{
	va_list ap;

	if (prepared(db, st, k))
		return -1;
	sqlite3_reset(st[k]);
	va_start(ap, types);
	for (int i = 1; types[i - 1]; i++) {
		switch (types[i - 1]) {
		case 's':
			bind_text(st[k], i, va_arg(ap, const char *));
			break;
		case 'i':
			sqlite3_bind_int(st[k], i, va_arg(ap, int));
			break;
		case 'I':
			sqlite3_bind_int64(st[k], i, va_arg(ap, sqlite3_int64));
			break;
		}
	}
	va_end(ap);
	return sqlite3_step(st[k]);
}

/* A header's inline helper, as the facts being stored hold it. */
struct hfn {
	int unit;
	const char *name;
	int keep;		/* the database has it already, at its line */
};

static int cmp_hfn(const void *pa, const void *pb)
{
	const struct hfn *a = pa, *b = pb;

	return a->unit != b->unit ? (a->unit < b->unit ? -1 : 1) :
	       strcmp(a->name, b->name);
}

static const struct hfn *hfn_find(const struct hfn *v, int n, int unit,
				  const char *name)
{
	struct hfn key = { unit, name, 0 };

	return bsearch(&key, v, n, sizeof(*v), cmp_hfn);
}

/*
 * A header helper's rows: kept when the database has the function at
 * the same line (another unit stored it: one definition, one row), else
 * stored in place of the old.  0, or -1.
 */
static int store_header_fn(sqlite3 *db, sqlite3_stmt **st, sqlite3_int64 unit,
			   const struct fact_fn *x, struct hfn *h)
{
	int rc = run(db, st, FN_LINE, "Is", unit, x->name);

	if (rc == SQLITE_ROW &&
	    (unsigned)sqlite3_column_int(st[FN_LINE], 0) == x->line) {
		h->keep = 1;
		return 0;
	}
	if ((rc != SQLITE_ROW && rc != SQLITE_DONE) ||
	    run(db, st, DROP_FN, "Is", unit, x->name) != SQLITE_DONE ||
	    run(db, st, DROP_FN_CALLS, "Is", unit, x->name) != SQLITE_DONE)
		return -1;
	return run(db, st, ADD_FN, "Isisisss", unit, x->name, x->is_static,
		   x->file, x->line, x->effect, x->ctx_doc, x->fields) ==
	       SQLITE_DONE ? 0 : -1;
}

/*
 * The unit's rows, replacing those it had, in the open transaction; the
 * helpers of headers it walked (units 1.. of f) beside them, each once.
 */
static int store(sqlite3 *db, sqlite3_stmt **st, const char *path,
		 const struct facts *f)
{
	sqlite3_int64 *ids = xcalloc(f->nunits + 1, sizeof(*ids));
	struct hfn *h = xcalloc(f->nfns + 1, sizeof(*h));
	int nh = 0, ret = -1;

	for (int u = 0; u < f->nunits; u++) {
		const char *p = u ? f->units[u].path : path;

		if (run(db, st, ADD_UNIT, "si", p, u > 0) != SQLITE_DONE ||
		    run(db, st, UNIT_ID, "s", p) != SQLITE_ROW)
			goto out;
		ids[u] = sqlite3_column_int64(st[UNIT_ID], 0);
	}
	for (int k = CLEAR_FNS; k <= CLEAR_REFS; k++)
		if (run(db, st, k, "I", ids[0]) != SQLITE_DONE)
			goto out;
	if (f->tree && run(db, st, SET_TREE, "s", f->tree) != SQLITE_DONE)
		goto out;
	if (f->preempt_rt && run(db, st, SET_RT, "") != SQLITE_DONE)
		goto out;
	/* All five first, so a table of the wrong shape fails even empty. */
	for (int k = ADD_FN; k <= ADD_HOOK; k++)
		if (prepared(db, st, k))
			goto out;
	for (int i = 0; i < f->nfns; i++) {
		const struct fact_fn *x = &f->fns[i];
		int u = f->fn_unit[i];

		if (u) {
			h[nh] = (struct hfn){ u, x->name, 0 };
			if (store_header_fn(db, st, ids[u], x, &h[nh++]))
				goto out;
		} else if (run(db, st, ADD_FN, "Isisisss", ids[0], x->name,
			       x->is_static, x->file, x->line, x->effect,
			       x->ctx_doc, x->fields) !=
			   SQLITE_DONE) {
			goto out;
		}
	}
	qsort(h, nh, sizeof(*h), cmp_hfn);
	for (int i = 0; i < f->ncalls; i++) {
		const struct fact_call *x = &f->calls[i];
		int u = f->call_unit[i];
		const struct hfn *hf = u ? hfn_find(h, nh, u, x->caller) : NULL;

		if (hf && hf->keep)
			continue;
		if (run(db, st, ADD_CALL, "Isssisssiiissiiiissisiisiisssii", ids[u],
			x->caller, x->callee, x->hook, x->prim, x->sleep,
			x->text, x->file, x->line, x->col, x->atomic,
			x->region, x->region_file, x->region_line, x->depth,
			x->released, x->own, x->cond, x->args, x->ctx,
			x->slot, x->indirect, x->rt, x->rt_region,
			x->rt_region_line, x->rt_ctx, x->ftype, x->recv,
			x->recv_test, x->boot, x->ways) !=
		    SQLITE_DONE)
			goto out;
	}
	for (int i = 0; i < f->nregs; i++) {
		const struct fact_reg *x = &f->regs[i];

		if (run(db, st, ADD_REG, "Isssiisssss", ids[f->reg_unit[i]],
			x->hook, x->impl, x->file, x->line, x->col, x->how,
			x->slot, x->ftype, x->obj, x->consts) != SQLITE_DONE)
			goto out;
	}
	for (int i = 0; i < f->nrefs; i++)
		if (run(db, st, ADD_REF, "Iss", ids[f->ref_unit[i]],
			f->refs[i].kind, f->refs[i].name) != SQLITE_DONE)
			goto out;
	for (int i = 0; i < f->nhooks; i++) {
		const struct fact_hook *x = &f->hooks[i];

		if (run(db, st, ADD_HOOK, "sssss", x->member, x->wrapper,
			x->dispatcher, x->policy, x->where) != SQLITE_DONE)
			goto out;
	}
	ret = 0;
out:
	free(ids);
	free(h);
	return ret;
}

int factsdb_store(sqlite3 *db, const char *path, const struct facts *f)
{
	sqlite3_stmt *st[NSTORE] = { NULL };
	int ret = 0;

	if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
		return db_error(db, "cannot lock");
	/* Report before finalizing: that resets sqlite3_errmsg(). */
	if (store(db, st, path, f))
		ret = db_error(db, "cannot store the unit's facts");
	for (int k = 0; k < NSTORE; k++)
		sqlite3_finalize(st[k]);
	if (!ret && sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
		ret = db_error(db, "cannot store the unit's facts");
	if (ret)
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	return ret;
}

char *factsdb_effect(sqlite3 *db, const char *name)
{
	sqlite3_stmt *st = NULL;
	char *effect = NULL;
	int rows = 0;

	/* Every global definition, with its effect or without. */
	if (sqlite3_prepare_v2(db, "SELECT DISTINCT effect FROM functions"
			       " WHERE name=? AND static=0", -1, &st, NULL) !=
	    SQLITE_OK)
		return NULL;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	while (sqlite3_step(st) == SQLITE_ROW && rows++ < 2) {
		const unsigned char *e = sqlite3_column_text(st, 0);

		free(effect);
		effect = e ? xstrdup((const char *)e) : NULL;
	}
	sqlite3_finalize(st);
	if (rows != 1) {
		free(effect);
		return NULL;
	}
	return effect;
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
	int ret = -1, rc;

	memset(f, 0, sizeof(*f));
	if (prepare(db, &st, "SELECT id, path, header FROM units ORDER BY path"))
		goto out;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int u;

		ids = xrealloc(ids, (f->nunits + 1) * sizeof(*ids));
		ids[f->nunits] = sqlite3_column_int64(st, 0);
		u = facts_add_unit(f, (const char *)sqlite3_column_text(st, 1));
		f->units[u].header = sqlite3_column_int(st, 2);
	}
	if (rc != SQLITE_DONE)
		goto out;
	/* Sorted ids, each with the index of its unit in path order. */
	um.n = f->nunits;
	um.id = xcalloc(um.n + 1, sizeof(*um.id));
	order = xcalloc(um.n + 1, sizeof(*order));
	memcpy(um.id, ids, um.n * sizeof(*um.id));
	qsort(um.id, um.n, sizeof(*um.id), cmp_id);
	for (int i = 0; i < um.n; i++)
		order[unit_index(&um, ids[i])] = i;
	if (prepare(db, &st, "SELECT f.unit, f.name, f.static, f.file, f.line,"
		    " f.effect, f.ctx_doc, f.fields FROM functions f"
		    " JOIN units u ON u.id=f.unit"
		    " ORDER BY u.path, f.rowid"))
		goto out;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int u = unit_index(&um, sqlite3_column_int64(st, 0));
		struct fact_fn *x = facts_add_fn(f, order[u]);

		x->name = col_str(st, 1);
		x->is_static = sqlite3_column_int(st, 2);
		x->file = col_str(st, 3);
		x->line = sqlite3_column_int(st, 4);
		x->effect = col_str(st, 5);
		x->ctx_doc = col_str(st, 6);
		x->fields = col_str(st, 7);
	}
	if (rc != SQLITE_DONE)
		goto out;
	if (prepare(db, &st, "SELECT c.unit, caller, callee, hook, prim, sleep,"
		    " text, file, line, col, atomic, region, region_file,"
		    " region_line, depth, released, own, cond, args, ctx,"
		    " slot, indirect, rt, rt_region, rt_region_line, rt_ctx,"
		    " ftype, recv, recv_test, boot, ways"
		    " FROM calls c JOIN units u ON u.id=c.unit"
		    " ORDER BY u.path, c.rowid"))
		goto out;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
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
		x->cond = col_str(st, 17);
		x->args = col_str(st, 18);
		x->ctx = sqlite3_column_int(st, 19);
		x->slot = col_str(st, 20);
		x->indirect = sqlite3_column_int(st, 21);
		x->rt = sqlite3_column_int(st, 22);
		x->rt_region = col_str(st, 23);
		x->rt_region_line = sqlite3_column_int(st, 24);
		x->rt_ctx = sqlite3_column_int(st, 25);
		x->ftype = col_str(st, 26);
		x->recv = col_str(st, 27);
		x->recv_test = col_str(st, 28);
		x->boot = sqlite3_column_int(st, 29);
		x->ways = sqlite3_column_int(st, 30);
	}
	if (rc != SQLITE_DONE)
		goto out;
	if (prepare(db, &st, "SELECT r.unit, hook, impl, file, line, how, col,"
		    " slot, ftype, obj, consts"
		    " FROM registrations r JOIN units u ON u.id=r.unit"
		    " ORDER BY u.path, r.rowid"))
		goto out;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int u = unit_index(&um, sqlite3_column_int64(st, 0));
		struct fact_reg *x = facts_add_reg(f, order[u]);

		x->hook = col_str(st, 1);
		x->impl = col_str(st, 2);
		x->file = col_str(st, 3);
		x->line = sqlite3_column_int(st, 4);
		x->how = col_str(st, 5);
		x->col = sqlite3_column_int(st, 6);
		x->slot = col_str(st, 7);
		x->ftype = col_str(st, 8);
		x->obj = col_str(st, 9);
		x->consts = col_str(st, 10);
	}
	if (rc != SQLITE_DONE)
		goto out;
	if (prepare(db, &st, "SELECT r.unit, kind, name"
		    " FROM refs r JOIN units u ON u.id=r.unit"
		    " ORDER BY u.path, r.rowid"))
		goto out;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int u = unit_index(&um, sqlite3_column_int64(st, 0));
		struct fact_ref *x = facts_add_ref(f, order[u]);

		x->kind = col_str(st, 1);
		x->name = col_str(st, 2);
	}
	if (rc != SQLITE_DONE)
		goto out;
	if (prepare(db, &st, "SELECT member, wrapper, dispatcher, policy,"
		    " location FROM hooks ORDER BY rowid"))
		goto out;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct fact_hook *x = facts_add_hook(f);

		x->member = col_str(st, 0);
		x->wrapper = col_str(st, 1);
		x->dispatcher = col_str(st, 2);
		x->policy = col_str(st, 3);
		x->where = col_str(st, 4);
	}
	if (rc != SQLITE_DONE)
		goto out;
	if (prepare(db, &st, "SELECT value FROM meta WHERE key='tree'"))
		goto out;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		f->tree = col_str(st, 0);
	else if (rc != SQLITE_DONE)
		goto out;
	if (prepare(db, &st, "SELECT value FROM meta WHERE key='preempt_rt'"))
		goto out;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		f->preempt_rt = 1;
	else if (rc != SQLITE_DONE)
		goto out;
	ret = 0;
out:
	if (ret) {
		/* A read that stops early is an error, never fewer facts. */
		error_at(path, 0, "facts database: cannot read it: %s; collect "
			 "again into a new file", sqlite3_errmsg(db));
		facts_free(f);
	}
	sqlite3_finalize(st);
	free(ids);
	free(um.id);
	free(order);
	return ret;
}
