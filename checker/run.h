/*
 * run.h - one run of the checker: its options (read from the command
 * line by src/cmd/cmd_check.c), the tree, table and manifest it checks
 * against, and the ways units come in: one unit (unit.c); the tree-level
 * rules, a compile_commands.json and a patch under review (run.c).
 */
#ifndef HOOKWRAP_RUN_H
#define HOOKWRAP_RUN_H

#include "checker/check.h"
#include "checker/input/baseline.h"
#include "checker/input/compdb.h"
#include "checker/input/patch.h"
#include "clang/frontend.h"

struct check_opts {
	const char *tree;
	const char *config;
	const char *profile;
	const char *manifest;
	const char *cache_dir;
	const char *compdb;
	const char *patch;
	const char *db;		/* absolute: entries chdir (db_abs) */
	const char *baseline;	/* --baseline FILE, or NULL */
	int all_stubs;		/* --all-stubs: every stub that differs */
	int no_group;		/* --no-group: a sleep finding per entry */
	int rt;			/* --rt: review as a PREEMPT_RT build */
	char *db_abs;
	enum out_format format;
	int error_exit;
	int no_prefilter;
	int print_args;
	int verbose;
	struct strv words;	/* compiler flags and files */
};

struct run {
	struct check_opts *o;
	struct table t;
	struct manifest m;
	struct findings out;
	struct check_ctx cx;
	char *tree;		/* as shown */
	char *tree_abs;
	char *shadow;
	struct added_lines patch;
	int have_patch;
	struct baseline baseline;	/* --baseline: read in check_setup */
	int have_baseline;
	char *home;		/* the allow-list's first .c file */
	struct frontend fe;	/* for units given without flags */
	int fe_open;
	int want_tree;		/* run the tree-level rules */
	int failed;		/* usage or parse failure */
	int units, skipped, partial;
	int table_units;	/* parsed because they name the table */
	int one_unit;		/* kbuild's way: one file, its flags */
	FILE *gcc_fp;		/* where gcc-format findings go (cmd_check.c) */
};

/*
 * Find the tree (above first_file, or --tree), load the table, read the
 * patch and make its shadow, and get the manifest (cached, or of the
 * patched tree when the patch touches what it is built from).  0, or 2
 * after printing the error.
 */
int check_setup(struct run *run, const char *first_file);
void check_teardown(struct run *run);

/*
 * Check one unit.  flags NULL: the tree's own include directories and
 * every CONFIG_ symbol on (the front end the generator uses).
 */
void check_file(struct run *run, const char *path, const struct strv *flags);
/* The rules that look at the tree as a whole (stale-wrapper). */
void run_tree_rules(struct run *run);
/*
 * Where -p looks for the tree (check_setup's first_file): the database
 * (path, or the compile_commands.json in directory path) when a tree is
 * above it; else the first of its entries whose file is in a tree (its
 * "directory" joined to its "file"), as clang's tools take it.
 */
char *compdb_where(const char *path, const struct compdb *db);
/* The units of db (-p compile_commands.json); only those named, if any. */
void check_compdb(struct run *run, const struct compdb *db,
		  const struct strv *only);
/* The C files a patch under review adds or changes, in its shadow. */
void check_patch(struct run *run);
/* The tree as a file:// URI, for SARIF. */
char *check_tree_uri(const struct run *run);

#endif /* HOOKWRAP_RUN_H */
