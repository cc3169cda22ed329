/*
 * check_args.c - the command line of "hookwrap check", read into
 * struct check_opts: shared by the command (cmd_check.c) and the front
 * (front.c), which must take the same words the same way.
 *
 * kbuild runs a checker as "$(CHECK) $(CHECKFLAGS) $(c_flags) file.c",
 * so everything that is not one of the checker's own long options is
 * taken as a compiler flag (checker/input/flags.c sorts them) or a
 * source file.
 */
#include "cmd/check_args.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int out_format_parse(const char *s, enum out_format *f)
{
	if (!strcmp(s, "gcc"))
		*f = OUT_GCC;
	else if (!strcmp(s, "json"))
		*f = OUT_JSON;
	else if (!strcmp(s, "sarif"))
		*f = OUT_SARIF;
	else
		return -1;
	return 0;
}

const char check_usage_text[] =
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
	"Findings of units given with compiler flags go to standard error,\n"
	"as gcc's warnings; of the rest, to standard output.\n"
	"\n"
	"options:\n"
	"  --tree DIR         the kernel tree (default: found above FILE)\n"
	"  --config FILE      table description (default: TREE/hookwrap.conf)\n"
	"  --profile NAME     built-in table description (lsm-hooks, lsm)\n"
	"  --manifest FILE    use this manifest (from hookwrap manifest)\n"
	"  --cache-dir DIR    where the caches are (default ~/.cache/hookwrap)\n"
	"  --no-cache         no caches: build the manifest every run\n"
	"  --format FMT       gcc (default), json or sarif\n"
	"  --error-exit       exit 1 when there are findings\n"
	"  --baseline FILE    a report saved earlier (--format=json or sarif):\n"
	"                     show only findings it does not hold (matched by\n"
	"                     rule, file, function and message, not by line)\n"
	"  -p FILE|DIR        check the units of a compile_commands.json\n"
	"  --patch FILE|-     review a patch: findings on the lines it adds\n"
	"  --db FILE          collect the sleep facts of each unit into FILE\n"
	"                     (then: hookwrap report --db FILE); parses every unit;\n"
	"                     a relative FILE is taken from where check starts\n"
	"  --all-stubs        stub-differs: every hand-written CONFIG-off stub\n"
	"                     that differs from the default, not only those\n"
	"                     likely wrong\n"
	"  --no-group         a sleep finding per atomic call site, not one per\n"
	"                     sleeping call reached from several\n"
	"  --rt               sleep-in-atomic-rt as on a PREEMPT_RT kernel, for\n"
	"                     any build (on by itself for one with\n"
	"                     CONFIG_PREEMPT_RT); parses every unit\n"
	"  --no-prefilter     parse every unit, even those that cannot hold a\n"
	"                     finding\n"
	"  --print-args       print the flags libclang would be given, a\n"
	"                     line per unit (\"FILE: FLAGS\"), and stop\n"
	"  --verbose          say what is skipped and why\n"
	"\n"
	"Exit status: 0 clean (or findings without --error-exit), 1 findings\n"
	"with --error-exit or --patch, 2 usage or parse failure.\n"
	"Rules: docs/rules/; the manual: docs/checker.md.\n";

/* Long options: name, whether a value follows. */
static const struct {
	const char *name;
	int has_arg;
} long_opts[] = {
	{ "tree", 1 }, { "config", 1 }, { "profile", 1 }, { "manifest", 1 },
	{ "cache-dir", 1 }, { "format", 1 }, { "patch", 1 }, { "db", 1 },
	{ "baseline", 1 }, { "all-stubs", 0 }, { "no-group", 0 }, { "rt", 0 },
	{ "no-cache", 0 }, { "error-exit", 0 }, { "no-prefilter", 0 },
	{ "print-args", 0 }, { "verbose", 0 }, { "help", 0 },
};

/*
 * --db FILE, made absolute against the directory the checker starts in:
 * with -p every entry runs in its own "directory", and a relative name
 * would follow it (the facts split over several databases).
 */
static int set_db(struct check_opts *o, const char *val)
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

static int set_opt(struct check_opts *o, const char *name, const char *val)
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
	else if (!strcmp(name, "baseline"))
		o->baseline = val;
	else if (!strcmp(name, "all-stubs"))
		o->all_stubs = 1;
	else if (!strcmp(name, "no-group"))
		o->no_group = 1;
	else if (!strcmp(name, "rt"))
		o->rt = 1;
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
		fputs(check_usage_text, stdout);
		return 1;
	}
	return 0;
}

int check_parse_args(int argc, char **argv, struct check_opts *o)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int matched = 0, r;

		if (!strcmp(a, "-h")) {
			fputs(check_usage_text, stdout);
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
