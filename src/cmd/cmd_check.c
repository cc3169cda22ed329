/*
 * cmd_check.c - "hookwrap check": the order of a check run.  Its
 * arguments are read by check_args.c (shared with the front, front.c,
 * which answers kbuild's units that cannot hold a finding without
 * starting this program); checker/run.c and checker/unit.c do the work:
 * -p compile_commands.json, --patch for review, the files kbuild names,
 * or no file at all for the tree-level rules (stale-wrapper).
 */
#include "checker/input/flags.h"
#include "checker/run.h"
#include "cmd/check_args.h"
#include "cmd/commands.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int cmd_check(int argc, char **argv)
{
	struct check_opts o;
	struct run run;
	struct strv flags = { 0 }, files = { 0 };
	struct compdb db = { 0 };
	int r, has_flags = 0;

	memset(&o, 0, sizeof(o));
	memset(&run, 0, sizeof(run));
	run.o = &o;
	r = check_parse_args(argc, argv, &o);
	if (r) {
		strv_clear(&o.words);
		free(o.db_abs);
		return r == 1 ? 0 : 2;
	}
	flags_filter(o.words.v, o.words.n, &flags, &files, NULL);
	for (int i = 0; i < o.words.n; i++)
		has_flags |= o.words.v[i][0] == '-';
	/*
	 * kbuild's CHECK= interface, a unit and its compiler flags: its
	 * findings go to standard error, as gcc's and sparse's warnings do
	 * (Linux 6.x's kbuild throws standard output away under make -s).
	 * The tree, a patch, -p, json and sarif print on standard output.
	 */
	run.gcc_fp = files.n && has_flags && !o.compdb && !o.patch ?
		     stderr : stdout;
	if (o.patch && (o.compdb || files.n)) {
		error_at(NULL, 0, "--patch takes no FILE or -p; the patch "
			 "names the files");
		r = 2;
		goto out;
	}
	if (o.compdb && compdb_read(o.compdb, &db)) {
		r = 2;
		goto out;
	}
	if (o.compdb && !files.n) {
		/*
		 * The database sits in the tree, or, written elsewhere (a
		 * build directory, /tmp), names the tree's files: the tree is
		 * above the database, else above its entries, as clang's
		 * tools take it.
		 */
		char *at = compdb_where(o.compdb, &db);

		r = check_setup(&run, at);
		free(at);
	} else {
		r = check_setup(&run, files.n ? files.v[0] : NULL);
	}
	if (r)
		goto out;
	if (o.patch)
		check_patch(&run);
	else if (o.compdb)
		check_compdb(&run, &db, &files);
	else if (files.n) {
		run.one_unit = files.n == 1 && has_flags;
		for (int i = 0; i < files.n; i++)
			check_file(&run, files.v[i], has_flags ? &flags : NULL);
	} else
		run.want_tree = 1;
	if (run.want_tree && !o.print_args)
		run_tree_rules(&run);
	if (o.format != OUT_GCC) {
		findings_sort(&run.out, 0);
		if (run.have_baseline)
			findings_baseline(&run.out, 0, &run.baseline);
	}
	if (o.format == OUT_JSON) {
		out_json(stdout, &run.out);
	} else if (o.format == OUT_SARIF) {
		char *uri = check_tree_uri(&run);

		/*
		 * No "absent" results: a run of check sees the units it
		 * checked, not all the baseline was made from.
		 */
		out_sarif(stdout, &run.out, uri, run.have_baseline ?
			  &run.baseline : NULL, 0);
		free(uri);
	}
	if (o.verbose)
		fprintf(stderr, "hookwrap check: %d unit%s, %d skipped by the "
			"prefilter, %d partly parsed, %d finding%s\n",
			run.units, run.units == 1 ? "" : "s", run.skipped,
			run.partial, run.out.n, run.out.n == 1 ? "" : "s");
	if (fflush(stdout) || ferror(stdout) || ferror(run.gcc_fp)) {
		error_at(NULL, 0, "cannot write the findings");
		run.failed = 1;
	}
	if (run.failed)
		r = 2;
	else if (findings_shown(&run.out) && (o.error_exit || o.patch))
		r = 1;
	else
		r = 0;
out:
	compdb_free(&db);
	check_teardown(&run);
	strv_clear(&flags);
	strv_clear(&files);
	strv_clear(&o.words);
	free(o.db_abs);
	return r;
}
