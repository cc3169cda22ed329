/*
 * cmd_convert.c - "hookwrap convert TREE": raw calls through the ops
 * table become wrapper calls.
 *
 * The rule comes from the manifest (gencocci.c).  Every .c and .h file
 * that names the table pointer outside comments and strings, and is not
 * on the allow-list, goes through spatch in "hookwrap" mode (spatch.c);
 * convert.c turns what spatch found into byte edits; the result is a
 * unified diff on stdout, or with --in-place each file rewritten
 * atomically.
 */
#include "core/atomicio.h"
#include "cmd/commands.h"
#include "convert/convert.h"
#include "convert/gencocci.h"
#include "convert/incgraph.h"
#include "convert/inctext.h"
#include "convert/treescan.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char usage_text[] =
	"usage: hookwrap convert [--config FILE] [--profile NAME]\n"
	"                        [--in-place] [--jobs N] [--spatch PROG]\n"
	"                        [--timeout SEC] [--stats] [--no-cache] TREE\n"
	"       hookwrap convert [--config FILE] [--profile NAME]\n"
	"                        --print-rule [-o FILE] TREE\n"
	"       hookwrap convert [--config FILE] [--profile NAME]\n"
	"                        --print-files TREE\n"
	"\n"
	"Turn every raw call through the ops table (security_ops->hook(args))\n"
	"into its wrapper call (security_hook(args)), changing nothing but\n"
	"the callee.  Prints a unified diff (apply with patch -p1 in TREE),\n"
	"or with --in-place rewrites each file atomically.  Reports unknown\n"
	"hooks and uses that are not calls on stderr as\n"
	"  file:line:col: warning: message [rule-id]\n"
	"Never touches the allow-listed files or the wrappers themselves.\n"
	"\n"
	"  -i, --in-place    write the converted files instead of a diff\n"
	"  -j, --jobs N      spatch processes, and threads reading the\n"
	"                    tree, at once (default: CPUs)\n"
	"      --spatch PROG the spatch to run (default: $SPATCH or spatch)\n"
	"      --timeout SEC spatch's limit per file (default 120, 0: none)\n"
	"      --stats       print a summary line on stderr\n"
	"      --print-rule  print the generated Coccinelle rule instead\n"
	"  -o, --output FILE with --print-rule: write it to FILE\n"
	"      --print-files print the files that name the table's pointer,\n"
	"                    outside the allow-list (what spatch is given)\n"
	"      --cache-dir DIR  the manifest cache check keeps (default\n"
	"                    ~/.cache/hookwrap); --no-cache: build it\n"
	"\n"
	"A call in code spatch could not parse is converted from the lexical\n"
	"scan and reported [converted-by-fallback]; any other use there is\n"
	"reported and left alone [unparsed-use].\n"
	"\n"
	"Exit status: 0 done; 1 some file could not be read or written;\n"
	"2 bad usage or input.\n"
	"See docs/convert.md.\n";

struct opts {
	struct tree_opts t;
	int in_place, jobs, timeout, stats, print_rule, print_files;
	const char *spatch, *output;
};

static long long mtime_ns(const char *path)
{
	struct stat st;

	if (stat(path, &st))
		return -1;
	return st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
}

/*
 * Read and scan the candidates: files naming the pointer, not allowed.
 * *unreadable counts the files that could not be read (reported).  A
 * candidate that is not text (a NUL byte) is an error: -1.
 */
static int candidates(const struct opts *o, const struct treescan *ts,
		      const char *incname, struct cfile **out, int *unreadable)
{
	const struct table *t = &o->t.table;
	struct cfile *v = NULL;
	int n = 0;

	for (int i = 0; i < ts->files.n; i++) {
		const char *rel = ts->files.v[i];
		char *path, *text;
		size_t len;
		struct cfile f = { 0 };

		if (!ts->named[i] || table_allows(t, rel))
			continue;
		path = path_join(o->t.tree, rel);
		f.mtime_ns = mtime_ns(path);
		text = read_file(path, &len);
		if (!text) {
			error_at(path, 0, "cannot read: %s; not converted",
				 strerror(errno));
			free(path);
			(*unreadable)++;
			continue;
		}
		if (!memmem(text, len, t->pointer, strlen(t->pointer))) {
			free(text);
			free(path);
			continue;
		}
		if (strchr(rel, '\n')) {
			/* spatch's --file-groups lists are line by line */
			struct sbuf shown = { 0 };

			for (const char *s = path; *s; s++) {
				if (*s == '\n')
					sb_add(&shown, "\\n");
				else
					sb_addc(&shown, *s);
			}
			error_at(shown.buf, 0, "the file name holds a newline, "
				 "which spatch's file lists cannot carry; not "
				 "converted, rename the file");
			sb_free(&shown);
			free(text);
			free(path);
			(*unreadable)++;
			continue;
		}
		if (reject_binary(path, text, len)) {
			free(text);
			free(path);
			for (int k = 0; k < n; k++)
				cfile_free(&v[k]);
			free(v);
			*out = NULL;
			return -1;
		}
		free(path);
		f.rel = xstrdup(rel);
		f.text = text;
		f.len = len;
		lexscan(text, len, t->pointer, incname, &f.scan);
		if (!f.scan.n) {
			cfile_free(&f);
			continue;
		}
		v = xrealloc(v, (n + 1) * sizeof(*v));
		v[n++] = f;
	}
	*out = v;
	return n;
}

static void progress(void *arg, int done, int total)
{
	(void)arg;
	fprintf(stderr, "\rhookwrap convert: %d/%d files parsed", done, total);
	fflush(stderr);
}

static int cmp_rel(const void *key, const void *elem)
{
	return strcmp(key, ((const struct cfile *)elem)->rel);
}

/* A temporary directory for the rule and spatch's lists and output. */
static char *make_tmpdir(void)
{
	char dir[PATH_MAX];

	if (!temp_mkdtemp(dir, sizeof(dir), "convert")) {
		error_at(dir, 0, "cannot create a temporary directory: %s; set "
			 "TMPDIR to a writable directory", strerror(errno));
		return NULL;
	}
	return xstrdup(dir);
}

/* Run spatch over the candidates and classify their uses. */
static int run_spatch(const struct opts *o, const char *rule_text,
		      struct cfile *f, int n)
{
	struct spatch_run r = { 0 };
	struct sites sites = { 0 };
	char **files = xcalloc(n + 1, sizeof(char *));
	char *failed = xcalloc(n + 1, 1);
	char **why = xcalloc(n + 1, sizeof(char *));
	char *tmp = make_tmpdir(), *rule;
	int ret;

	if (!tmp)
		return -1;
	rule = path_join(tmp, "hookwrap.cocci");
	if (atomic_write(rule, rule_text, strlen(rule_text))) {
		temp_remove(tmp);
		free(rule);
		free(tmp);
		free(files);
		free(failed);
		free(why);
		return -1;
	}
	for (int i = 0; i < n; i++)
		files[i] = f[i].rel;
	r.program = o->spatch;
	r.rule = rule;
	r.dir = o->t.tree;
	r.tmpdir = tmp;
	r.jobs = o->jobs;
	r.timeout = o->timeout;
	if (isatty(2))
		r.progress = progress;
	ret = spatch_sites(&r, files, n, &sites, failed, why);
	if (r.progress)
		fputc('\n', stderr);
	for (int i = 0; i < sites.n; i++) {
		const char *rel = sites.v[i].file;
		struct cfile *hit;

		while (starts_with(rel, "./"))
			rel += 2;
		hit = bsearch(rel, f, n, sizeof(*f), cmp_rel);
		if (hit)
			convert_classify(hit, &sites.v[i]);
	}
	for (int i = 0; i < n; i++) {
		f[i].spatch_failed = failed[i];
		f[i].why = why[i];
	}
	sites_free(&sites);
	temp_remove(tmp);
	free(rule);
	free(tmp);
	free(files);
	free(failed);
	free(why);
	return ret;
}

static int emit(const struct opts *o, struct cfile *f)
{
	char *path, *text;
	size_t len;
	int ret;

	if (!o->in_place) {
		udiff_write(stdout, f->rel, f->text, f->len, &f->edits);
		return 0;
	}
	path = path_join(o->t.tree, f->rel);
	if (mtime_ns(path) != f->mtime_ns) {
		error_at(path, 0, "changed while it was being converted; not "
			 "written, run convert again");
		free(path);
		return -1;
	}
	text = edits_apply(f->text, f->len, &f->edits, &len);
	ret = atomic_write(path, text, len);
	free(text);
	free(path);
	return ret;
}

/* The include decision's state over a run: one front end, opened once. */
struct incstate {
	struct frontend fe;
	int opened;		/* 1 open, -1 could not open */
	int lexical;		/* files decided by the lexical check */
	struct inctext *text;	/* the include lines' scan, kept over files */
	int by_text, parsed;	/* files decided from text, by a parse */
};

/*
 * Does converted file f need the wrapper header's #include?  Not when it
 * includes it already, directly or through headers, on lines every
 * configuration takes: from the text of the include lines where it tells
 * (inctext.c), else from libclang's parse (incgraph.c); when libclang
 * cannot tell, the lexical check: #include <incname> or "incname" in f.
 */
static int needs_include(struct opts *o, struct incstate *s,
			 const struct cfile *f)
{
	const struct table *t = &o->t.table;
	int r = -1;

	if (!f->converted || !ends_with(f->rel, ".c"))
		return 0;
	if (!s->opened) {
		s->opened = fe_open(&s->fe, t, o->t.tree) ? -1 : 1;
		if (s->opened > 0)
			s->text = inctext_new(&s->fe.args, o->t.tree);
	}
	if (s->opened > 0) {
		r = inctext_reaches(s->text, f->rel,
				    t->output ? t->output : t->header);
		if (r >= 0) {
			s->by_text++;
			return !r;
		}
		s->parsed++;
	}
	if (s->opened > 0) {
		unsigned *lines = xcalloc(f->scan.n + 1, sizeof(*lines));
		int n = 0;

		for (int i = 0; i < f->scan.n; i++)
			if (f->scan.v[i].converted)
				lines[n++] = f->scan.v[i].line;
		r = incgraph_reaches(&s->fe, f->rel,
				     t->output ? t->output : t->header,
				     lines, n);
		free(lines);
	}
	if (r >= 0)
		return !r;
	s->lexical++;
	return !f->scan.has_header;
}

static int convert_tree(struct opts *o)
{
	const struct table *t = &o->t.table;
	char *incname = gencocci_include_name(t);
	char *rule = gencocci_rule(t, &o->t.manifest, o->t.tree);
	struct cfile *f = NULL;
	int n, ret = 0, changed = 0, calls = 0, unknown = 0, direct = 0;
	int fallback = 0, unparsed = 0, unreadable = 0, includes = 0;
	struct incstate inc = { 0 };
	struct treescan ts = { 0 };

	if (treescan(o->t.tree, t->pointer, o->jobs, &ts)) {
		ret = 2;
		goto out;
	}
	n = candidates(o, &ts, incname, &f, &unreadable);
	if (n < 0) {
		ret = 2;
		goto out;
	}
	if (n && run_spatch(o, rule, f, n)) {
		ret = 2;
		goto out;
	}
	for (int i = 0; i < n; i++) {
		convert_file(&f[i], t, &o->t.manifest);
		if (needs_include(o, &inc, &f[i])) {
			convert_add_include(&f[i], incname);
			includes += f[i].include_added;
		}
		if (f[i].edits.n) {
			changed++;
			if (emit(o, &f[i]))
				ret = 1;
		}
		calls += f[i].converted;
		fallback += f[i].fallback;
		unparsed += f[i].unparsed;
		unknown += f[i].unknown;
		direct += f[i].direct;
	}
	if (fflush(stdout) || ferror(stdout)) {
		error_at(NULL, 0, "cannot write the diff to stdout");
		ret = 2;
	}
	if (unreadable && !ret)
		ret = 1;
	if (o->stats || isatty(2))
		fprintf(stderr, "hookwrap convert: %d files scanned, %d parsed "
			"by spatch, %d changed, %d calls converted (%d by the "
			"lexical fallback), %d unknown hooks, %d direct uses, "
			"%d unparsed uses, %d files skipped, %d includes added"
			" (%d files' includes checked lexically: libclang "
			"could not parse them)\n", ts.files.n, n, changed,
			calls, fallback, unknown, direct, unparsed, unreadable,
			includes, inc.lexical);
	if (o->stats || isatty(2))
		fprintf(stderr, "hookwrap convert: include check: %d files by "
			"text, %d parsed\n", inc.by_text, inc.parsed);
	inctext_free(inc.text);
	if (inc.opened > 0)
		fe_close(&inc.fe);
	for (int i = 0; i < n; i++)
		cfile_free(&f[i]);
	free(f);
out:
	treescan_free(&ts);
	free(rule);
	free(incname);
	return ret;
}

static int print_rule(const struct opts *o)
{
	char *rule = gencocci_rule(&o->t.table, &o->t.manifest, o->t.tree);
	int ret = 0;

	if (o->output)
		ret = atomic_write(o->output, rule, strlen(rule)) ? 2 : 0;
	else if (fputs(rule, stdout) == EOF || fflush(stdout))
		ret = 2;
	free(rule);
	return ret;
}

/*
 * The files convert would give spatch, one tree-relative path a line:
 * what scripts/coccicheck hands spatch instead of the whole tree.
 */
static int print_files(const struct opts *o)
{
	const struct table *t = &o->t.table;
	struct treescan ts;
	int ret = 0;

	if (treescan(o->t.tree, t->pointer, o->jobs, &ts))
		return 2;
	for (int i = 0; i < ts.files.n; i++) {
		const char *rel = ts.files.v[i];

		if (!ts.named[i] || table_allows(t, rel))
			continue;
		if (strchr(rel, '\n')) {
			error_at(NULL, 0, "a file name under %s holds a newline, "
				 "which spatch's file lists cannot carry; not "
				 "listed, rename the file", o->t.tree);
			ret = 1;
			continue;
		}
		printf("%s\n", rel);
	}
	treescan_free(&ts);
	if (fflush(stdout) || ferror(stdout))
		ret = 2;
	return ret;
}

static int parse_int(const char *s, const char *what, int min, int *out)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s == '\0' || *end || v < min || v > 100000) {
		error_at(NULL, 0, "%s must be a number from %d; got '%s'",
			 what, min, s);
		return -1;
	}
	*out = v;
	return 0;
}

int cmd_convert(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "config", required_argument, NULL, 'c' },
		{ "profile", required_argument, NULL, 'P' },
		{ "in-place", no_argument, NULL, 'i' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "spatch", required_argument, NULL, 'S' },
		{ "timeout", required_argument, NULL, 'T' },
		{ "stats", no_argument, NULL, 's' },
		{ "print-rule", no_argument, NULL, 'r' },
		{ "print-files", no_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "cache-dir", required_argument, NULL, 'C' },
		{ "no-cache", no_argument, NULL, 'N' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct opts o = { .timeout = 120, .t.cached = 1 };
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int c, ret;

	o.jobs = cpus > 0 ? cpus : 1;
	o.spatch = getenv("SPATCH") && *getenv("SPATCH") ?
		   getenv("SPATCH") : "spatch";
	while ((c = getopt_long(argc, argv, "hij:o:", opts, NULL)) != -1) {
		if (tree_option(&o.t, c, optarg))
			continue;	/* --config, --profile */
		switch (c) {
		case 'i':
			o.in_place = 1;
			break;
		case 'j':
			if (parse_int(optarg, "--jobs", 1, &o.jobs))
				return 2;
			break;
		case 'S':
			o.spatch = optarg;
			break;
		case 'T':
			if (parse_int(optarg, "--timeout", 0, &o.timeout))
				return 2;
			break;
		case 's':
			o.stats = 1;
			break;
		case 'r':
			o.print_rule = 1;
			break;
		case 'f':
			o.print_files = 1;
			break;
		case 'o':
			o.output = optarg;
			break;
		case 'C':
			o.t.cache_dir = optarg;
			break;
		case 'N':
			o.t.cache_dir = "";
			break;
		case 'h':
			fputs(usage_text, stdout);
			return 0;
		default:
			fputs(usage_text, stderr);
			return 2;
		}
	}
	if (optind + 1 != argc || (o.output && !o.print_rule) ||
	    (o.print_rule && o.in_place) ||
	    (o.print_files && (o.in_place || o.print_rule))) {
		fputs(usage_text, stderr);
		return 2;
	}
	o.t.tree = argv[optind];
	if (!o.print_rule && !o.print_files && !spatch_found(o.spatch)) {
		error_at(NULL, 0, "cannot find %s; install coccinelle "
			 "(apt-get install coccinelle) or name it with "
			 "--spatch", o.spatch);
		return 2;
	}
	ret = load_tree(&o.t);
	if (!ret)
		ret = o.print_rule ? print_rule(&o) :
		      o.print_files ? print_files(&o) : convert_tree(&o);
	manifest_free(&o.t.manifest);
	table_free(&o.t.table);
	return ret;
}
