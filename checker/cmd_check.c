/*
 * cmd_check.c - "hookwrap check": the checker's command line.
 *
 * kbuild runs a checker as "$(CHECK) $(CHECKFLAGS) $(c_flags) file.c",
 * so everything that is not one of the checker's own long options is
 * taken as a compiler flag (flags.c sorts them) or a source file.  The
 * other ways in: -p compile_commands.json, --patch for review, and no
 * file at all for the tree-level rules (stale-wrapper).
 */
#include "core/bigstack.h"
#include "checker/check.h"
#include "cmd/commands.h"
#include "checker/input/compdb.h"
#include "checker/input/flags.h"
#include "clang/frontend.h"
#include "checker/input/patch.h"
#include "checker/prefilter.h"
#include "checker/setup.h"
#include "checker/walk.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char usage_text[] =
	"usage: hookwrap check [options] [compiler flags] FILE...\n"
	"       hookwrap check [options] -p compile_commands.json [FILE...]\n"
	"       hookwrap check [options] --patch PATCH|-\n"
	"       hookwrap check [options] --tree TREE\n"
	"\n"
	"Check wrapper discipline: raw calls and uses of the ops table\n"
	"outside its allow-list, unknown hooks, and a wrapper header out of\n"
	"step with the struct.  As kbuild's checker:\n"
	"  make C=1 CHECK=\"hookwrap check\"\n"
	"Compiler flags are accepted as gcc takes them (gcc-only ones are\n"
	"dropped); a FILE given without flags is parsed with the tree's\n"
	"include directories and every CONFIG_ symbol it tests turned on.\n"
	"\n"
	"options:\n"
	"  --tree DIR         the kernel tree (default: found above FILE)\n"
	"  --config FILE      table description (default: TREE/hookwrap.conf)\n"
	"  --profile NAME     built-in table description (lsm-hooks, lsm)\n"
	"  --manifest FILE    use this manifest (from hookwrap manifest)\n"
	"  --cache-dir DIR    manifest cache (default ~/.cache/hookwrap)\n"
	"  --no-cache         build the manifest every run\n"
	"  --format FMT       gcc (default), json or sarif\n"
	"  --error-exit       exit 1 when there are findings\n"
	"  -p FILE|DIR        check the units of a compile_commands.json\n"
	"  --patch FILE|-     review a patch: findings on the lines it adds\n"
	"  --db FILE          collect the sleep facts of each unit into FILE\n"
	"                     (then: hookwrap report --db FILE); parses every unit;\n"
	"                     a relative FILE is taken from where check starts\n"
	"  --no-prefilter     parse every unit, even those that cannot hold a\n"
	"                     finding\n"
	"  --print-args       print the flags libclang would be given, a\n"
	"                     line per unit (\"FILE: FLAGS\"), and stop\n"
	"  --verbose          say what is skipped and why\n"
	"\n"
	"Exit status: 0 clean (or findings without --error-exit), 1 findings\n"
	"with --error-exit or --patch, 2 usage or parse failure.\n"
	"Rules: docs/rules/; the manual: docs/checker.md.\n";

struct opts {
	const char *tree;
	const char *config;
	const char *profile;
	const char *manifest;
	const char *cache_dir;
	const char *compdb;
	const char *patch;
	const char *db;		/* absolute: entries chdir (db_abs) */
	char *db_abs;
	enum out_format format;
	int error_exit;
	int no_prefilter;
	int print_args;
	int verbose;
	struct strv words;	/* compiler flags and files */
};

struct run {
	struct opts *o;
	struct table t;
	struct manifest m;
	struct findings out;
	struct check_ctx cx;
	char *tree;		/* as shown */
	char *tree_abs;
	char *shadow;
	struct added_lines patch;
	int have_patch;
	char *home;		/* the allow-list's first .c file */
	struct frontend fe;	/* for units given without flags */
	int fe_open;
	int want_tree;		/* run the tree-level rules */
	int failed;		/* usage or parse failure */
	int units, skipped, partial;
};

/* Long options: name, whether a value follows. */
static const struct {
	const char *name;
	int has_arg;
} long_opts[] = {
	{ "tree", 1 }, { "config", 1 }, { "profile", 1 }, { "manifest", 1 },
	{ "cache-dir", 1 }, { "format", 1 }, { "patch", 1 }, { "db", 1 },
	{ "no-cache", 0 }, { "error-exit", 0 }, { "no-prefilter", 0 },
	{ "print-args", 0 }, { "verbose", 0 }, { "help", 0 },
};

/*
 * --db FILE, made absolute against the directory the checker starts in:
 * with -p every entry runs in its own "directory", and a relative name
 * would follow it (the facts split over several databases).
 */
static int set_db(struct opts *o, const char *val)
{
	char cwd[PATH_MAX];

	if (!*val) {
		error_at(NULL, 0, "--db needs a file name");
		return 2;
	}
	free(o->db_abs);
	if (val[0] == '/') {
		o->db_abs = xstrdup(val);
	} else if (getcwd(cwd, sizeof(cwd))) {
		o->db_abs = path_join(cwd, val);
	} else {
		error_at(NULL, 0, "--db %s: cannot read the current directory "
			 "(%s); give an absolute path", val, strerror(errno));
		o->db_abs = NULL;
		return 2;
	}
	o->db = o->db_abs;
	return 0;
}

static int set_opt(struct opts *o, const char *name, const char *val)
{
	if (!strcmp(name, "tree"))
		o->tree = val;
	else if (!strcmp(name, "config"))
		o->config = val;
	else if (!strcmp(name, "profile"))
		o->profile = val;
	else if (!strcmp(name, "manifest"))
		o->manifest = val;
	else if (!strcmp(name, "cache-dir"))
		o->cache_dir = val;
	else if (!strcmp(name, "no-cache"))
		o->cache_dir = "";
	else if (!strcmp(name, "patch"))
		o->patch = val;
	else if (!strcmp(name, "db"))
		return set_db(o, val);
	else if (!strcmp(name, "error-exit"))
		o->error_exit = 1;
	else if (!strcmp(name, "no-prefilter"))
		o->no_prefilter = 1;
	else if (!strcmp(name, "print-args"))
		o->print_args = 1;
	else if (!strcmp(name, "verbose"))
		o->verbose = 1;
	else if (!strcmp(name, "format")) {
		if (out_format_parse(val, &o->format)) {
			error_at(NULL, 0, "--format %s: use gcc, json or sarif",
				 val);
			return 2;
		}
	} else if (!strcmp(name, "help")) {
		fputs(usage_text, stdout);
		return 1;
	}
	return 0;
}

/* 0 to go on, 1 done (help), 2 usage error. */
static int parse_args(int argc, char **argv, struct opts *o)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int matched = 0, r;

		if (!strcmp(a, "-h")) {
			fputs(usage_text, stdout);
			return 1;
		}
		if (!strcmp(a, "-p")) {
			if (i + 1 >= argc) {
				error_at(NULL, 0, "-p needs a "
					 "compile_commands.json or its "
					 "directory");
				return 2;
			}
			o->compdb = argv[++i];
			continue;
		}
		if (!starts_with(a, "--")) {
			strv_push(&o->words, a);
			continue;
		}
		for (size_t k = 0; k < ARRAY_SIZE(long_opts) && !matched; k++) {
			size_t n = strlen(long_opts[k].name);
			const char *val = NULL;

			if (strncmp(a + 2, long_opts[k].name, n) ||
			    (a[2 + n] && a[2 + n] != '='))
				continue;
			matched = 1;
			if (long_opts[k].has_arg) {
				if (a[2 + n] == '=')
					val = a + 3 + n;
				else if (i + 1 < argc)
					val = argv[++i];
				else {
					error_at(NULL, 0, "%s needs a value; "
						 "see 'hookwrap check --help'",
						 a);
					return 2;
				}
			} else if (a[2 + n] == '=') {
				error_at(NULL, 0, "%s takes no value", a);
				return 2;
			}
			r = set_opt(o, long_opts[k].name, val);
			if (r)
				return r;
		}
		if (!matched)	/* a gcc long option: --param=... */
			strv_push(&o->words, a);
	}
	return 0;
}

static char *rel_of(const char *path, void *data)
{
	struct run *run = data;
	char *abs = realpath(path, NULL);
	const char *roots[2] = { run->shadow, run->tree_abs };
	char *rel = NULL;

	for (int i = 0; abs && i < 2 && !rel; i++) {
		size_t n;

		if (!roots[i])
			continue;
		n = strlen(roots[i]);
		if (!strncmp(abs, roots[i], n) && abs[n] == '/')
			rel = xstrdup(abs + n + 1);
	}
	free(abs);
	return rel;
}

/* The allow-list's first C file that exists: where tree rules run. */
static char *find_home(const struct table *t, const char *tree)
{
	for (int i = 0; i < t->allow.n; i++) {
		char *p;

		if (!ends_with(t->allow.v[i], ".c"))
			continue;
		p = path_join(tree, t->allow.v[i]);
		if (file_exists(p)) {
			free(p);
			return xstrdup(t->allow.v[i]);
		}
		free(p);
	}
	return NULL;
}

static void print_args(const char *file, const struct strv *args)
{
	printf("%s:", file);
	for (int i = 0; i < args->n; i++)
		printf(" %s", args->v[i]);
	printf("\n");
}

static void emit_unit(struct run *run, int from)
{
	findings_sort(&run->out, from);
	if (run->o->format == OUT_GCC)
		out_gcc(stdout, &run->out, from);
}

/* Parse with explicit flags; NULL after printing why. */
static CXTranslationUnit parse_flags(CXIndex idx, const char *path,
				     const struct strv *flags)
{
	struct strv args = { 0 };
	CXTranslationUnit tu = NULL;
	enum CXErrorCode rc;
	int overflow = 0;
	unsigned opts = CXTranslationUnit_DetailedPreprocessingRecord |
			CXTranslationUnit_KeepGoing |
			CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles;

	if (ends_with(path, ".h")) {
		strv_push(&args, "-x");
		strv_push(&args, "c");
	}
	if (flags_want_m32(flags))
		strv_push(&args, "-m32");
	for (int i = 0; i < flags->n; i++)
		strv_push(&args, flags->v[i]);
	strv_push(&args, "-ferror-limit=0");
	strv_push(&args, "-Wno-everything");
	rc = bigstack_parse(idx, path, (const char *const *)args.v, args.n,
			    opts, &tu, &overflow);
	if (rc == CXError_Failure) {
		/* A target flag clang cannot honour: try without them. */
		struct strv fewer = { 0 };

		for (int i = 0; i < args.n; i++)
			if (!starts_with(args.v[i], "-march=") &&
			    !starts_with(args.v[i], "-mtune=") &&
			    !starts_with(args.v[i], "-mcpu="))
				strv_push(&fewer, args.v[i]);
		rc = bigstack_parse(idx, path, (const char *const *)fewer.v,
				    fewer.n, opts, &tu, &overflow);
		strv_clear(&fewer);
	}
	strv_clear(&args);
	if (rc == CXError_Crashed) {
		error_at(path, 0, "%s; nothing in it was checked (%s)",
			 bigstack_why(overflow), overflow ?
			 "split its deepest expression or statement" :
			 "report it with the file and its flags");
		return NULL;
	}
	if (rc != CXError_Success) {
		error_at(path, 0, "libclang could not parse this file (error "
			 "%d); check that it exists and the flags are a "
			 "compiler's", (int)rc);
		return NULL;
	}
	return tu;
}

/*
 * Check one unit.  flags NULL: the tree's own include directories and
 * every CONFIG_ symbol on (the front end the generator uses).
 */
static void check_file(struct run *run, const char *path,
		       const struct strv *flags)
{
	struct opts *o = run->o;
	struct check_ctx *cx = &run->cx;
	char *rel = rel_of(path, run);
	const struct table *t = &run->t;
	struct prefilter_in pin;
	struct walk_result res;
	struct parsed p;
	CXIndex idx = NULL;
	int from = run->out.n, missing;
	struct stat st;

	memset(&p, 0, sizeof(p));
	missing = stat(path, &st);
	if (missing || !S_ISREG(st.st_mode)) {
		error_at(path, 0, "%s", missing ? "no such file" :
			 "not a regular file; name a C source file");
		run->failed = 1;
		free(rel);
		return;
	}
	if (rel && (!strcmp(rel, t->header) ||
		    (t->output && !strcmp(rel, t->output)) ||
		    (run->home && !strcmp(rel, run->home))))
		run->want_tree = 1;
	if (!flags && !rel) {
		error_at(path, 0, "not inside the tree %s; give the compiler "
			 "flags, or --tree", run->tree);
		run->failed = 1;
		return;
	}
	if (!flags && !run->fe_open) {
		if (fe_open(&run->fe, t,
			    run->shadow ? run->shadow : run->tree)) {
			run->failed = 1;
			free(rel);
			return;
		}
		run->fe_open = 1;
		/* The table on, and every hook's guard: all hooks exist. */
		strv_push(&run->fe.syms, t->config);
		for (int i = 0; i < run->m.n; i++) {
			const struct strv *g = &run->m.hooks[i].guard;

			for (int k = 0; k < g->n; k++)
				if (starts_with(g->v[k], "CONFIG_") &&
				    strv_find(&run->fe.syms, g->v[k]) < 0)
					strv_push(&run->fe.syms, g->v[k]);
		}
	}
	if (o->print_args) {
		/* Like gcc -###: say what would run, run nothing. */
		print_args(path, flags ? flags : &run->fe.args);
		free(rel);
		return;
	}
	run->units++;
	pin.t = t;
	pin.m = &run->m;
	pin.path = path;
	pin.args = flags ? flags : &run->fe.args;
	pin.rel_of = rel_of;
	pin.data = run;
	if (!o->no_prefilter && !o->db && !prefilter(&pin)) {
		if (o->verbose)
			fprintf(stderr, "%s: skipped: neither it nor its "
				"headers name %s, an internal or a wrapper\n",
				path, t->pointer);
		run->skipped++;
		free(rel);
		return;
	}
	if (flags) {
		idx = clang_createIndex(0, 0);
		p.tu = parse_flags(idx, path, flags);
	} else if (fe_parse(&run->fe, rel, &p)) {
		p.tu = NULL;
	}
	if (!p.tu) {
		run->failed = 1;
		goto out;
	}
	cx->tu = p.tu;
	cx->main_file = clang_getFile(p.tu, flags ? path : p.path);
	/* In review mode, the patch's name, not the shadow's. */
	cx->main_shown = run->have_patch && rel ?
			 added_name(&run->patch, rel) : path;
	cx->main_rel = rel;
	if (!cx->main_file) {
		error_at(path, 0, "libclang parsed this file but cannot find "
			 "it in the result");
		run->failed = 1;
		goto out;
	}
	walk_unit(cx, &res);
	if (cx->failed)
		run->failed = 1;
	if (res.errors) {
		run->partial++;
		note_at(cx->main_shown, 1, "libclang could not fully parse "
			"this unit (%d error%s; first: %s); checked as far "
			"as it parsed",
			res.errors, res.errors == 1 ? "" : "s",
			res.first_error);
	}
	walk_result_free(&res);
	emit_unit(run, from);
out:
	if (flags) {
		if (p.tu)
			clang_disposeTranslationUnit(p.tu);
		p.tu = NULL;
	} else {
		fe_parsed_free(&p);
	}
	if (idx)
		clang_disposeIndex(idx);
	cx->tu = NULL;
	cx->main_rel = NULL;
	free(rel);
}

static void run_tree_rules(struct run *run)
{
	int from = run->out.n;

	for (int i = 0; rules[i]; i++)
		if (rules[i]->on_tree)
			rules[i]->on_tree(&run->cx);
	emit_unit(run, from);
}

/* The compiler's words of an entry, for flags_filter: drop argv[0]. */
static void check_compdb(struct run *run, const struct strv *only)
{
	struct compdb db;
	char cwd[PATH_MAX];
	struct strv abs_only = { 0 };

	if (compdb_read(run->o->compdb, &db)) {
		run->failed = 1;
		return;
	}
	if (!getcwd(cwd, sizeof(cwd))) {
		error_at(NULL, 0, "cannot read the current directory");
		run->failed = 1;
		compdb_free(&db);
		return;
	}
	for (int i = 0; i < only->n; i++) {
		char *a = realpath(only->v[i], NULL);

		if (!a) {
			error_at(only->v[i], 0, "no such file");
			run->failed = 1;
			continue;
		}
		strv_push_owned(&abs_only, a);
	}
	for (int i = 0; i < db.n; i++) {
		struct compdb_entry *e = &db.v[i];
		struct strv flags = { 0 }, files = { 0 };

		if (chdir(e->directory)) {
			error_at(run->o->compdb, 0, "entry %d: cannot enter "
				 "%s: %s", i + 1, e->directory,
				 strerror(errno));
			run->failed = 1;
			continue;
		}
		if (abs_only.n) {
			char *a = realpath(e->file, NULL);
			int want = a && strv_find(&abs_only, a) >= 0;

			free(a);
			if (!want) {
				if (chdir(cwd))
					die("cannot return to %s", cwd);
				continue;
			}
		}
		flags_filter(e->argv.v + 1, e->argv.n - 1, &flags, &files,
			     NULL);
		check_file(run, e->file, &flags);
		strv_clear(&flags);
		strv_clear(&files);
		if (chdir(cwd))
			die("cannot return to %s: %s", cwd, strerror(errno));
	}
	strv_clear(&abs_only);
	compdb_free(&db);
}

/* Does the patch touch the files the table description names? */
static int patch_touches_table(const struct run *run)
{
	const struct table *t = &run->t;

	for (int i = 0; i < run->patch.n; i++) {
		const char *rel = run->patch.files[i].rel;

		if (!strcmp(rel, t->header) ||
		    (t->output && !strcmp(rel, t->output)) ||
		    strv_find(&t->defaults, rel) >= 0)
			return 1;
	}
	return 0;
}

/* Is tree-relative rel one of the files the manifest was built from? */
static int is_input(const struct run *run, const char *rel)
{
	char *p = path_join(run->tree_abs, rel);
	char *r = realpath(p, NULL);
	int hit = strv_find(&run->m.inputs, p) >= 0 ||
		  (r && strv_find(&run->m.inputs, r) >= 0);

	free(r);
	free(p);
	return hit;
}

/*
 * Does the patch touch any other file the manifest was read from (the
 * hook list, a wrappers file, a header the struct includes)?
 */
static int patch_touches_inputs(const struct run *run)
{
	for (int i = 0; i < run->patch.n; i++) {
		const struct patch_file *f = &run->patch.files[i];

		if (is_input(run, f->rel) ||
		    (f->old_rel && is_input(run, f->old_rel)))
			return 1;
	}
	return 0;
}

static void check_patch(struct run *run)
{
	run->cx.only = &run->patch;
	for (int i = 0; i < run->patch.n; i++) {
		const struct patch_file *f = &run->patch.files[i];
		char *path;

		if (f->deleted || !(ends_with(f->rel, ".c") ||
				    ends_with(f->rel, ".h")))
			continue;
		if (!strcmp(f->rel, run->t.header) ||
		    (run->t.output && !strcmp(f->rel, run->t.output)))
			continue;	/* stale-wrapper reads these */
		path = path_join(run->shadow, f->rel);
		check_file(run, path, NULL);
		free(path);
	}
	run->want_tree = 1;
}

static int setup(struct run *run, const char *first_file)
{
	struct opts *o = run->o;

	run->tree = o->tree ? xstrdup(o->tree) : tree_find(first_file);
	if (!run->tree) {
		error_at(NULL, 0, "cannot find the kernel tree: no directory "
			 "above %s holds hookwrap.conf or a profile's header "
			 "(include/linux/security.h); pass --tree DIR",
			 first_file ? first_file : "the current directory");
		return 2;
	}
	run->tree_abs = realpath(run->tree, NULL);
	if (!run->tree_abs || !file_exists(run->tree)) {
		error_at(run->tree, 0, "not a directory; pass the kernel "
			 "tree's top directory to --tree");
		return 2;
	}
	if (table_load(&run->t, run->tree, o->config, o->profile))
		return 2;
	if (o->patch) {
		if (patch_read(o->patch, run->tree, &run->patch))
			return 2;
		run->have_patch = 1;
		run->shadow = shadow_create(&run->patch, run->tree);
		if (!run->shadow)
			return 2;
	}
	if (run->have_patch && patch_touches_table(run) && !o->manifest) {
		/* The header changes: the manifest of the patched tree. */
		if (manifest_build(&run->t, run->shadow, &run->m))
			return 2;
	} else if (manifest_cached(&run->t, run->tree, o->manifest,
				   o->cache_dir, &run->m, o->verbose)) {
		return 2;
	} else if (run->have_patch && !o->manifest &&
		   patch_touches_inputs(run)) {
		manifest_free(&run->m);
		if (manifest_build(&run->t, run->shadow, &run->m))
			return 2;
	}
	run->home = find_home(&run->t, run->tree);
	run->cx.t = &run->t;
	run->cx.m = &run->m;
	run->cx.tree = run->tree;
	run->cx.tree_abs = run->tree_abs;
	run->cx.tree_shown = run->tree;
	run->cx.out = &run->out;
	run->cx.shadow = run->shadow;
	run->cx.db = o->db;
	return 0;
}

static void teardown(struct run *run)
{
	if (run->fe_open)
		fe_close(&run->fe);
	if (run->have_patch)
		patch_free(&run->patch);
	shadow_remove(run->shadow);
	prefilter_reset();
	manifest_free(&run->m);
	table_free(&run->t);
	findings_free(&run->out);
	free(run->tree);
	free(run->tree_abs);
	free(run->home);
}

static char *tree_uri(const struct run *run)
{
	return xasprintf("file://%s/", run->tree_abs);
}

int cmd_check(int argc, char **argv)
{
	struct opts o;
	struct run run;
	struct strv flags = { 0 }, files = { 0 };
	int r, has_flags = 0;

	memset(&o, 0, sizeof(o));
	memset(&run, 0, sizeof(run));
	run.o = &o;
	r = parse_args(argc, argv, &o);
	if (r) {
		strv_clear(&o.words);
		free(o.db_abs);
		return r == 1 ? 0 : 2;
	}
	flags_filter(o.words.v, o.words.n, &flags, &files, NULL);
	for (int i = 0; i < o.words.n; i++)
		has_flags |= o.words.v[i][0] == '-';
	if (o.patch && (o.compdb || files.n)) {
		error_at(NULL, 0, "--patch takes no FILE or -p; the patch "
			 "names the files");
		r = 2;
		goto out;
	}
	if (o.compdb && !files.n) {
		/* The database sits in the tree: look for the tree there. */
		char *db = path_join(o.compdb, "compile_commands.json");

		r = setup(&run, file_exists(db) ? db : o.compdb);
		free(db);
	} else {
		r = setup(&run, files.n ? files.v[0] : NULL);
	}
	if (r)
		goto out;
	if (o.patch)
		check_patch(&run);
	else if (o.compdb)
		check_compdb(&run, &files);
	else if (files.n)
		for (int i = 0; i < files.n; i++)
			check_file(&run, files.v[i], has_flags ? &flags : NULL);
	else
		run.want_tree = 1;
	if (run.want_tree && !o.print_args)
		run_tree_rules(&run);
	if (o.format != OUT_GCC)
		findings_sort(&run.out, 0);
	if (o.format == OUT_JSON) {
		out_json(stdout, &run.out);
	} else if (o.format == OUT_SARIF) {
		char *uri = tree_uri(&run);

		out_sarif(stdout, &run.out, uri);
		free(uri);
	}
	if (o.verbose)
		fprintf(stderr, "hookwrap check: %d unit%s, %d skipped by the "
			"prefilter, %d partly parsed, %d finding%s\n",
			run.units, run.units == 1 ? "" : "s", run.skipped,
			run.partial, run.out.n, run.out.n == 1 ? "" : "s");
	if (fflush(stdout) || ferror(stdout)) {
		error_at(NULL, 0, "cannot write the findings to stdout");
		run.failed = 1;
	}
	if (run.failed)
		r = 2;
	else if (run.out.n && (o.error_exit || o.patch))
		r = 1;
	else
		r = 0;
out:
	teardown(&run);
	strv_clear(&flags);
	strv_clear(&files);
	strv_clear(&o.words);
	free(o.db_abs);
	return r;
}
