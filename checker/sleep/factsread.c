/*
 * factsread.c - read a facts database without writing to it, for
 * "hookwrap report --db" and "hookwrap manifest --db".  The file is
 * opened read-only; one that is not hookwrap's (no schema row, a table
 * hookwrap does not make, one it needs missing) is refused before any
 * fact is read; the schema check and every table are read in one
 * transaction, so a checker storing a unit meanwhile is seen whole or
 * not at all.
 *
 * The checkers keep the database in WAL mode.  To share the log with a
 * writer, SQLite needs the -wal and -shm files beside the database; a
 * read-only connection creates them when they are missing and, being
 * read-only, cannot remove them.  So:
 *   - no -wal file (every checker has finished and the log went into
 *     the main file): the main file holds everything, and is read as
 *     immutable, which creates and locks nothing; a checksum of the file
 *     before and after proves no checker wrote to it meanwhile, else it
 *     is read again;
 *   - a -wal file (a checker is running, or one was killed): the
 *     connection shares it, as any reader does, and leaves both files.
 */
#include "checker/sleep/facts.h"

#include <errno.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


/* Immutable reads that found the file changed, before giving up. */
#define MAX_TRIES 5

static const char *const tables[] = {
	"meta", "units", "functions", "calls", "registrations", "hooks",
	"refs",
};

/* What the file was, to tell whether it changed while it was read. */
struct snap {
	struct stat st;
	unsigned char head[100];	/* the SQLite header */
	size_t nhead;
	unsigned long long sum;		/* of every byte, when asked */
};

static void refuse(const char *path, const char *why)
{
	error_at(path, 0, "not a hookwrap facts database (%s); give --db the "
		 "file that 'hookwrap check --db' wrote", why);
}

/*
 * Stat the file and read its header, and with sum its every byte into
 * a checksum.  0, or -1 after saying why.
 */
static int snap_take(const char *path, struct snap *s, int sum)
{
	unsigned char buf[65536];
	unsigned long long h = 1469598103934665603ULL;
	ssize_t n;
	int fd;

	memset(s, 0, sizeof(*s));
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0 || fstat(fd, &s->st)) {
		error_at(path, 0, "cannot read the facts database: %s",
			 strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (!S_ISREG(s->st.st_mode)) {
		close(fd);
		refuse(path, "not a regular file");
		return -1;
	}
	while ((n = read(fd, buf, sizeof(buf))) > 0) {
		if (s->nhead < sizeof(s->head)) {
			size_t k = sizeof(s->head) - s->nhead;

			k = (size_t)n < k ? (size_t)n : k;
			memcpy(s->head + s->nhead, buf, k);
			s->nhead += k;
		}
		if (!sum && s->nhead == sizeof(s->head))
			break;
		for (ssize_t i = 0; i < n; i++)
			h = (h ^ buf[i]) * 1099511628211ULL;
	}
	close(fd);
	if (n < 0) {
		error_at(path, 0, "cannot read the facts database: %s",
			 strerror(errno));
		return -1;
	}
	s->sum = h;
	return 0;
}

static int snap_same(const struct snap *a, const struct snap *b)
{
	return a->st.st_dev == b->st.st_dev && a->st.st_ino == b->st.st_ino &&
	       a->st.st_size == b->st.st_size &&
	       a->st.st_mtim.tv_sec == b->st.st_mtim.tv_sec &&
	       a->st.st_mtim.tv_nsec == b->st.st_mtim.tv_nsec &&
	       a->sum == b->sum;
}

/* "file:PATH?QUERY" with every byte a URI could misread escaped. */
static char *uri_of(const char *path, const char *query)
{
	static const char hex[] = "0123456789ABCDEF";
	struct sbuf sb = { 0 };

	sb_add(&sb, "file:");
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		int keep = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			   (*p >= '0' && *p <= '9') || strchr("._-~", *p) ||
			   /* "file://" would start an authority */
			   (*p == '/' && !(p - (const unsigned char *)path < 2 &&
					   path[0] == '/' && path[1] == '/'));

		if (keep) {
			sb_addc(&sb, *p);
		} else {
			sb_addc(&sb, '%');
			sb_addc(&sb, hex[*p >> 4]);
			sb_addc(&sb, hex[*p & 15]);
		}
	}
	sb_addf(&sb, "?%s", query);
	return sb_detach(&sb);
}

/* Are the tables hookwrap's, and the schema row this version's? */
static int check_schema(sqlite3 *db, const char *path)
{
	sqlite3_stmt *st;
	unsigned found = 0;
	const char *v;
	char *why = NULL;
	int rc;

	if (sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE "
			       "type='table' AND name NOT LIKE 'sqlite\\_%' "
			       "ESCAPE '\\'", -1, &st, NULL) != SQLITE_OK) {
		refuse(path, sqlite3_errmsg(db));
		return -1;
	}
	while (!why && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *name = (const char *)sqlite3_column_text(st, 0);
		size_t i;

		for (i = 0; i < ARRAY_SIZE(tables); i++)
			if (name && !strcmp(name, tables[i]))
				break;
		if (i < ARRAY_SIZE(tables))
			found |= 1u << i;
		else
			why = xasprintf("it has a table '%s', which hookwrap "
					"does not make", name ? name : "");
	}
	if (!why && rc != SQLITE_DONE)
		why = xstrdup(sqlite3_errmsg(db));
	sqlite3_finalize(st);
	for (size_t i = 0; !why && i < ARRAY_SIZE(tables); i++)
		if (!(found & 1u << i))
			why = xasprintf("no table '%s'", tables[i]);
	if (why) {
		refuse(path, why);
		free(why);
		return -1;
	}
	if (sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key='schema'",
			       -1, &st, NULL) != SQLITE_OK) {
		refuse(path, sqlite3_errmsg(db));
		return -1;
	}
	rc = sqlite3_step(st);
	if (rc != SQLITE_ROW) {
		refuse(path, rc == SQLITE_DONE ? "no schema row in table meta"
			     : sqlite3_errmsg(db));
		sqlite3_finalize(st);
		return -1;
	}
	v = (const char *)sqlite3_column_text(st, 0);
	if (!v || strcmp(v, FACTS_SCHEMA)) {
		error_at(path, 0, "facts database of schema %s, this hookwrap "
			 "writes schema %s; remove the file and collect "
			 "again", v ? v : "(none)", FACTS_SCHEMA);
		sqlite3_finalize(st);
		return -1;
	}
	sqlite3_finalize(st);
	return 0;
}

/* One read of the whole database, shared or immutable; 0 or -1. */
static int read_once(const char *path, int immutable, struct facts *f)
{
	char *uri = uri_of(path, immutable ? "immutable=1" : "mode=ro");
	sqlite3 *db = NULL;
	int rc, ret = -1;

	rc = sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI,
			     NULL);
	free(uri);
	if (rc != SQLITE_OK) {
		error_at(path, 0, "cannot open the facts database: %s",
			 db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
		sqlite3_close(db);
		return -1;
	}
	sqlite3_busy_timeout(db, 600000);
	sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
	if (sqlite3_exec(db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK) {
		error_at(path, 0, "facts database: cannot begin reading: %s",
			 sqlite3_errmsg(db));
	} else if (!check_schema(db, path) && !factsdb_load(db, path, f)) {
		ret = 0;
	}
	sqlite3_exec(db, ret ? "ROLLBACK" : "COMMIT", NULL, NULL, NULL);
	sqlite3_close(db);
	return ret;
}

int factsdb_read(const char *path, struct facts *f)
{
	static const char magic[16] = "SQLite format 3";

	for (int tries = 0; tries < MAX_TRIES; tries++) {
		struct snap before, after;
		char *wal = xasprintf("%s-wal", path);
		struct stat st;
		int immutable;

		if (snap_take(path, &before, 0)) {
			free(wal);
			return -1;
		}
		if (before.nhead < sizeof(before.head) ||
		    memcmp(before.head, magic, sizeof(magic))) {
			refuse(path, before.nhead ? "not an SQLite database" :
			       "an empty file");
			free(wal);
			return -1;
		}
		/* Bytes 18 and 19: 2 when the database is in WAL mode. */
		immutable = (before.head[18] == 2 || before.head[19] == 2) &&
			    lstat(wal, &st) && errno == ENOENT;
		free(wal);
		if (!immutable)
			return read_once(path, 0, f);
		if (snap_take(path, &before, 1) || read_once(path, 1, f))
			return -1;
		if (snap_take(path, &after, 1)) {
			facts_free(f);
			return -1;
		}
		if (snap_same(&before, &after))
			return 0;
		facts_free(f);	/* a checker wrote meanwhile: again */
	}
	error_at(path, 0, "the facts database changed each of the %d times it "
		 "was read; run 'hookwrap report' when the checkers have "
		 "finished", MAX_TRIES);
	return -1;
}
