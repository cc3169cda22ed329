/*
 * unit.c - check one unit: parse it (with kbuild's flags, or the tree's
 * own front end), skip it when the prefilter says it cannot hold a
 * finding, walk it with the rules, print its findings.
 */
#include "core/bigstack.h"
#include "checker/input/flags.h"
#include "checker/hcache.h"
#include "checker/prefilter.h"
#include "checker/run.h"
#include "checker/setup.h"
#include "checker/walk.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* A file's tree-relative path, or NULL (the prefilter's rel_of). */
static char *rel_of(const char *path, void *data)
{
	struct run *run = data;
	char *abs = realpath(path, NULL);
	char *rel = abs ? tree_rel(run->shadow, run->tree_abs, abs) : NULL;

	free(abs);
	return rel;
}

/*
 * What libclang parses path with, given its (filtered) flags: a header
 * as C, and -m32 for a 32-bit-only -march= (kbuild's CC holds the -m32,
 * c_flags not).  Into args; --print-args shows the same.
 */
static void clang_args(const char *path, const struct strv *flags,
		       struct strv *args)
{
	if (ends_with(path, ".h")) {
		strv_push(args, "-x");
		strv_push(args, "c");
	}
	if (flags_want_m32(flags))
		strv_push(args, "-m32");
	for (int i = 0; i < flags->n; i++)
		strv_push(args, flags->v[i]);
}

/* --print-args: flags as parse_flags() hands them over, or args as they are. */
static void print_args(const char *file, const struct strv *flags,
		       const struct strv *fe_args)
{
	struct strv args = { 0 };

	if (flags)
		clang_args(file, flags, &args);
	else
		for (int i = 0; i < fe_args->n; i++)
			strv_push(&args, fe_args->v[i]);
	printf("%s:", file);
	for (int i = 0; i < args.n; i++)
		printf(" %s", args.v[i]);
	printf("\n");
	strv_clear(&args);
}

static void emit_unit(struct run *run, int from)
{
	findings_sort(&run->out, from);
	if (run->have_baseline && run->o->format == OUT_GCC)
		findings_baseline(&run->out, from, &run->baseline);
	if (run->o->format == OUT_GCC)
		out_gcc(run->gcc_fp, &run->out, from);
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

	clang_args(path, flags, &args);
	strv_push(&args, "-ferror-limit=0");
	strv_push(&args, "-Wno-everything");
	rc = bigstack_parse(idx, path, (const char *const *)args.v, args.n,
			    NULL, 0, opts, &tu, &overflow);
	if (rc == CXError_Failure) {
		/* A target flag clang cannot honour: try without them. */
		struct strv fewer = { 0 };

		for (int i = 0; i < args.n; i++)
			if (!starts_with(args.v[i], "-march=") &&
			    !starts_with(args.v[i], "-mtune=") &&
			    !starts_with(args.v[i], "-mcpu="))
				strv_push(&fewer, args.v[i]);
		rc = bigstack_parse(idx, path, (const char *const *)fewer.v,
				    fewer.n, NULL, 0, opts, &tu, &overflow);
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
 * The header cache serves kbuild's one-unit runs printing gcc's way:
 * 1 with k made (hcache_key_free() it), 0 when off.
 */
static int headers_key(const struct run *run, struct hcache_key *k,
		       const struct strv *args)
{
	k->dir = NULL;
	if (!run->one_unit || run->o->format != OUT_GCC)
		return 0;
	hcache_key_init(k, &run->t, run->tree, run->o->cache_dir, &run->m,
			args);
	return k->dir != NULL;
}

/* Answer the unit from its headers' cached findings: 1 when done. */
static int headers_answer(struct run *run, const struct hcache_key *k,
			  struct prefilter_in *pin, const char *path)
{
	struct hcache_hits h;
	int from = run->out.n;

	if (hcache_lookup(k, pin, &h))
		return 0;
	for (int i = 0; i < h.n; i++) {
		if (!rule_find(h.v[i].rule)) {
			/* not one of this build's rules: parse */
			hcache_hits_free(&h);
			return 0;
		}
	}
	for (int i = 0; i < h.n; i++) {
		struct finding *f;

		f = finding_add(&run->out, rule_find(h.v[i].rule),
				h.v[i].file, h.v[i].line, h.v[i].col,
				h.v[i].message);
		h.v[i].message = NULL;
		f->function = xstrdup("");
		f->key = xstrdup("");
	}
	hcache_hits_free(&h);
	if (run->o->verbose)
		hcache_say_answered(path, run->out.n - from);
	emit_unit(run, from);
	return 1;
}

/*
 * After a parse: each linking header's findings (none is an answer
 * too) into the cache, when every finding of the unit is in one of
 * them, shown by the name the prefilter resolved.
 */
static void headers_store(struct run *run, const struct hcache_key *k,
			  const struct prefilter_in *pin, int from)
{
	for (int i = from; i < run->out.n; i++)
		if (strv_find(&pin->headers, run->out.v[i].file) < 0)
			return;
	for (int i = 0; i < pin->headers.n; i++) {
		char *cpath = hcache_path(k, pin->headers.v[i],
					  pin->hashes[i]);
		struct strv lines = { 0 };
		int ok = cpath != NULL;

		for (int j = from; ok && j < run->out.n; j++) {
			const struct finding *f = &run->out.v[j];
			char *line;

			if (strcmp(f->file, pin->headers.v[i]))
				continue;
			line = hcache_line(f->line, f->col, f->rule->id,
					   f->message);
			if (line)
				strv_push_owned(&lines, line);
			else
				ok = 0;
		}
		if (ok)
			hcache_write(cpath, &lines);
		strv_clear(&lines);
		free(cpath);
	}
}

/*
 * Check one unit.  flags NULL: the tree's own include directories and
 * every CONFIG_ symbol on (the front end the generator uses).
 */
void check_file(struct run *run, const char *path,
		       const struct strv *flags)
{
	struct check_opts *o = run->o;
	struct check_ctx *cx = &run->cx;
	char *rel = rel_of(path, run);
	const struct table *t = &run->t;
	struct prefilter_in pin;
	struct hcache_key hk = { 0 };
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
	if (tree_rules_file(t, run->home, rel))
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
		print_args(path, flags, &run->fe.args);
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
	memset(&pin.headers, 0, sizeof(pin.headers));
	pin.hashes = NULL;
	pin.want_headers = 1;
	cx->header_linked = 0;
	/*
	 * The prefilter looks for the table; --db and --rt ask for sleep
	 * facts and findings of every unit, whatever it names.
	 */
	if (!o->no_prefilter && !o->db && !o->rt) {
		/*
		 * A unit whose only link is a wrapper call can hold a finding
		 * only when an implementation registered in this run may
		 * sleep: only after a unit parsed for the table.
		 */
		int link = prefilter(&pin);

		if (link == PF_SKIP ||
		    (link == PF_WRAPPERS && !run->table_units)) {
			if (o->verbose)
				prefilter_say_skipped(path, link, t);
			run->skipped++;
			free(rel);
			return;
		}
		cx->header_linked = pin.headers.n > 0;
		if (link == PF_TABLE && !cx->header_linked)
			run->table_units++;
		if (cx->header_linked && headers_key(run, &hk, pin.args) &&
		    headers_answer(run, &hk, &pin, path)) {
			hcache_key_free(&hk);
			prefilter_in_free(&pin);
			free(rel);
			return;
		}
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
	if (hk.dir && !res.errors)
		headers_store(run, &hk, &pin, from);
	walk_result_free(&res);
	emit_unit(run, from);
out:
	hcache_key_free(&hk);
	prefilter_in_free(&pin);
	cx->header_linked = 0;
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

void run_tree_rules(struct run *run)
{
	int from = run->out.n;

	for (int i = 0; rules[i]; i++)
		if (rules[i]->on_tree)
			rules[i]->on_tree(&run->cx);
	emit_unit(run, from);
}
