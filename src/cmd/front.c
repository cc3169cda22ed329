/*
 * front.c - "hookwrap", the program kbuild starts once per unit.  It
 * links no libclang: mapping libclang and LLVM costs every process some
 * 25 ms and 60 MiB, also for the units that cannot hold a finding
 * (docs/performance.md).  It answers what it can from text alone and
 * hands everything else, with the same arguments, to the full program
 * (hookwrap-full: beside it in the build tree, or ../lib/hookwrap/ when
 * installed; src/cmd/main.c) by execv(2), so that the output, the exit
 * status and the signals are the full program's own.
 *
 * What it answers itself:
 *   hookwrap --version
 *   hookwrap check [options] FLAGS FILE...   (kbuild's way in) when the
 *     manifest is in the cache and the prefilter skips every FILE, or
 *     the one FILE is linked only by headers whose findings are in the
 *     header cache (checker/hcache.c): then it prints what the full
 *     program would (those findings, the --verbose lines) and exits
 *     with its status.
 * Anything else, or anything that would make it say a word of its own
 * (an error, a warning, a cache miss), goes to the full program, which
 * says it: to a running "hookwrap serve" when $HOOKWRAP_SERVER names
 * one (serve_client.c), else by exec.  t-front.sh holds the two to the
 * same output.
 */
#include "checker/input/flags.h"
#include "checker/hcache.h"
#include "checker/prefilter.h"
#include "checker/setup.h"
#include "cmd/check_args.h"
#include "cmd/serve_client.h"
#include "core/version.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct front {
	struct check_opts o;
	struct strv flags, files;
	struct table t;
	struct manifest m;
	int have_table, have_manifest;
	int *link;		/* the prefilter's answer per file */
	char *tree, *tree_abs, *home, *cache;
};

static char *front_rel_of(const char *path, void *data)
{
	struct front *f = data;
	char *abs = realpath(path, NULL);
	char *rel = abs ? tree_rel(NULL, f->tree_abs, abs) : NULL;

	free(abs);
	return rel;
}

/* The options only the full program handles. */
static int plain_kbuild(const struct check_opts *o)
{
	return !o->compdb && !o->patch && !o->db && !o->print_args &&
	       !o->no_prefilter && !o->rt && !o->manifest &&
	       o->format == OUT_GCC;
}

/* The unit's headers' findings from the cache: 1 when all are there. */
static int answerable(struct front *f, struct prefilter_in *pin,
		      struct hcache_hits *hits)
{
	struct hcache_key k;
	int r;

	hcache_key_init(&k, &f->t, f->tree, f->o.cache_dir, &f->m, &f->flags);
	r = !hcache_lookup(&k, pin, hits);
	hcache_key_free(&k);
	return r;
}

/*
 * The exit status when every unit is skipped, or the one unit is
 * answered from the header cache (hcache.c), and nothing would be said
 * but its findings and the --verbose lines (then printed); -1 to hand
 * over.
 */
static int answer(struct front *f, int argc, char **argv)
{
	struct check_opts *o = &f->o;
	struct prefilter_in pin;
	struct hcache_hits hits = { 0 };
	int has_flags = 0, answered = 0, found;
	char *why = NULL;

	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "-h") || !strncmp(argv[i], "--help", 6))
			return -1;
	if (check_parse_args(argc, argv, o) || !plain_kbuild(o))
		return -1;
	flags_filter(o->words.v, o->words.n, &f->flags, &f->files, NULL);
	for (int i = 0; i < o->words.n; i++)
		has_flags |= o->words.v[i][0] == '-';
	/* A file without flags is parsed with the tree's own front end. */
	if (!has_flags || !f->files.n)
		return -1;
	f->tree = o->tree ? xstrdup(o->tree) : tree_find(f->files.v[0]);
	if (!f->tree || !(f->tree_abs = realpath(f->tree, NULL)))
		return -1;
	if (table_load(&f->t, f->tree, o->config, o->profile))
		return -1;
	f->have_table = 1;
	if (manifest_cache_lookup(&f->t, f->tree, o->cache_dir, &f->m,
				  &f->cache, &why)) {
		free(why);
		return -1;
	}
	f->have_manifest = 1;
	f->home = tree_home(&f->t, f->tree);
	memset(&pin, 0, sizeof(pin));
	pin.t = &f->t;
	pin.m = &f->m;
	pin.args = &f->flags;
	pin.rel_of = front_rel_of;
	pin.data = f;
	f->link = xcalloc(f->files.n, sizeof(*f->link));
	for (int i = 0; i < f->files.n; i++) {
		const char *path = f->files.v[i];
		struct stat st;
		char *rel;
		int tree_rules;

		if (stat(path, &st) || !S_ISREG(st.st_mode))
			return -1;
		rel = front_rel_of(path, f);
		tree_rules = tree_rules_file(&f->t, f->home, rel);
		free(rel);
		if (tree_rules)
			return -1;
		pin.path = path;
		/* One unit, as kbuild checks: its headers may be cached. */
		pin.want_headers = f->files.n == 1;
		/* No unit before it was parsed: a wrapper call is no link. */
		f->link[i] = prefilter(&pin);
		if (f->link[i] == PF_TABLE &&
		    (!pin.headers.n || !answerable(f, &pin, &hits))) {
			prefilter_in_free(&pin);
			return -1;
		}
		answered += f->link[i] == PF_TABLE;
	}
	/* A baseline is read by hookwrap-full, which links json-c. */
	if (reports_held() || (o->baseline && hits.n)) {
		prefilter_in_free(&pin);
		hcache_hits_free(&hits);
		return -1;
	}
	/* Where cmd_check.c prints a unit's findings: standard error. */
	hcache_print(stderr, &hits);
	if (o->verbose) {
		int n = f->files.n;

		fprintf(stderr, "hookwrap check: manifest from %s\n", f->cache);
		for (int i = 0; i < n; i++)
			if (f->link[i] == PF_TABLE)
				hcache_say_answered(f->files.v[i], hits.n);
			else
				prefilter_say_skipped(f->files.v[i],
						      f->link[i], &f->t);
		fprintf(stderr, "hookwrap check: %d unit%s, %d skipped by the "
			"prefilter, 0 partly parsed, %d finding%s\n",
			n, n == 1 ? "" : "s", n - answered, hits.n,
			hits.n == 1 ? "" : "s");
	}
	prefilter_in_free(&pin);
	found = hits.n;
	hcache_hits_free(&hits);
	return found && o->error_exit ? 1 : 0;
}

static void front_free(struct front *f)
{
	prefilter_reset();
	free(f->link);
	if (f->have_manifest)
		manifest_free(&f->m);
	if (f->have_table)
		table_free(&f->t);
	strv_clear(&f->flags);
	strv_clear(&f->files);
	strv_clear(&f->o.words);
	free(f->o.db_abs);
	free(f->tree);
	free(f->tree_abs);
	free(f->home);
	free(f->cache);
}

/* hookwrap-full beside this program, or in ../lib/hookwrap/. */
static char *full_program(void)
{
	char self[PATH_MAX], *slash, *p;
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

	if (n <= 0)
		return NULL;
	self[n] = '\0';
	slash = strrchr(self, '/');
	if (!slash)
		return NULL;
	*slash = '\0';
	p = path_join(self, "hookwrap-full");
	if (!access(p, X_OK))
		return p;
	free(p);
	p = path_join(self, "../lib/hookwrap/hookwrap-full");
	if (!access(p, X_OK))
		return p;
	free(p);
	return NULL;
}

int main(int argc, char **argv)
{
	char *full;

	if (argc == 2 && !strcmp(argv[1], "--version")) {
		printf("hookwrap %s\n", hookwrap_version);
		return 0;
	}
	full = full_program();
	if (!full) {
		fprintf(stderr, "hookwrap: error: cannot find hookwrap-full "
			"beside this program or in ../lib/hookwrap/; "
			"reinstall hookwrap\n");
		return 2;
	}
	if (argc >= 2 && !strcmp(argv[1], "check")) {
		struct front f;
		int done;

		memset(&f, 0, sizeof(f));
		/* The cache entries are hookwrap-full's: it builds them. */
		manifest_cache_builder(full);
		reports_hold(1);
		done = answer(&f, argc - 1, argv + 1);
		reports_hold(0);
		front_free(&f);
		if (done >= 0) {
			free(full);
			if (fflush(stdout) || fflush(stderr))
				return 2;
			return done;
		}
	}
	/*
	 * A server started by "hookwrap serve" (serve.c) runs it without
	 * a new start of libclang; _exit(), as exec would, drops whatever
	 * this process has buffered (nothing: the check above says
	 * nothing when it hands over).
	 */
	if (argc < 2 || strcmp(argv[1], "serve")) {
		int rc = serve_client_run(full, argv);

		if (rc >= 0)
			_exit(rc);
	}
	execv(full, argv);
	fprintf(stderr, "hookwrap: error: cannot run %s: %s\n", full,
		strerror(errno));
	return 2;
}
