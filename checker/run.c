/*
 * run.c - the checker's ways in beyond one unit: setting a run up (the
 * tree, the table, the patch's shadow, the manifest), the units of a
 * compile_commands.json, the files of a patch under review.
 */
#include "checker/input/compdb.h"
#include "checker/input/flags.h"
#include "checker/prefilter.h"
#include "checker/run.h"
#include "checker/setup.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The compiler's words of an entry, for flags_filter: drop argv[0]. */
char *compdb_where(const char *path, const struct compdb *db)
{
	char *file = path_join(path, "compile_commands.json");
	char *tree;

	if (!file_exists(file)) {
		free(file);
		file = xstrdup(path);
	}
	tree = tree_find_above(file);
	for (int i = 0; i < db->n && !tree; i++) {
		const struct compdb_entry *e = &db->v[i];
		char *f = e->file[0] == '/' ? xstrdup(e->file) :
			  path_join(e->directory, e->file);

		tree = tree_find_above(f);
		if (tree) {
			free(file);
			file = f;
		} else {
			free(f);
		}
	}
	free(tree);
	return file;
}

void check_compdb(struct run *run, const struct compdb *db,
		  const struct strv *only)
{
	char cwd[PATH_MAX];
	struct strv abs_only = { 0 };

	if (!getcwd(cwd, sizeof(cwd))) {
		error_at(NULL, 0, "cannot read the current directory");
		run->failed = 1;
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
	for (int i = 0; i < db->n; i++) {
		const struct compdb_entry *e = &db->v[i];
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

void check_patch(struct run *run)
{
	run->cx.only = &run->patch;
	for (int i = 0; i < run->patch.n; i++) {
		const struct patch_file *f = &run->patch.files[i];
		char *path;

		if (f->deleted || !(ends_with(f->rel, ".c") ||
				    ends_with(f->rel, ".h")))
			continue;
		if (!strcmp(f->rel, run->t.header) ||
		    (run->t.output && !strcmp(f->rel, run->t.output)) ||
		    (run->t.hook_list && !strcmp(f->rel, run->t.hook_list)))
			continue;	/* stale-wrapper reads these; the
					   hook list is no unit of its own */
		path = path_join(run->shadow, f->rel);
		check_file(run, path, NULL);
		free(path);
	}
	run->want_tree = 1;
}

int check_setup(struct run *run, const char *first_file)
{
	struct check_opts *o = run->o;

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
	if (o->baseline) {
		if (baseline_read(o->baseline, &run->baseline))
			return 2;
		run->have_baseline = 1;
	}
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
	run->home = tree_home(&run->t, run->tree);
	run->cx.t = &run->t;
	run->cx.m = &run->m;
	run->cx.tree = run->tree;
	run->cx.tree_abs = run->tree_abs;
	run->cx.tree_shown = run->tree;
	run->cx.out = &run->out;
	run->cx.shadow = run->shadow;
	run->cx.db = o->db;
	run->cx.all_stubs = o->all_stubs;
	run->cx.no_group = o->no_group;
	run->cx.rt = o->rt;
	return 0;
}

void check_teardown(struct run *run)
{
	if (run->fe_open)
		fe_close(&run->fe);
	if (run->have_patch)
		patch_free(&run->patch);
	if (run->have_baseline)
		baseline_free(&run->baseline);
	shadow_remove(run->shadow);
	prefilter_reset();
	manifest_free(&run->m);
	table_free(&run->t);
	findings_free(&run->out);
	free(run->tree);
	free(run->tree_abs);
	free(run->home);
}

char *check_tree_uri(const struct run *run)
{
	return xasprintf("file://%s/", run->tree_abs);
}
