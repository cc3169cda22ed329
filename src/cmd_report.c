/*
 * cmd_report.c - "hookwrap report --db=FILE": link the facts that
 * "hookwrap check --db=FILE" collected over a build (make C=2) and print
 * the sleep rules' findings for the whole build, in the checker's
 * formats.  The database holds everything needed: no tree is parsed.
 */
#include "commands.h"
#include "facts.h"
#include "../checker/check.h"
#include "../checker/sleep.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <sqlite3.h>

static const char usage_text[] =
	"usage: hookwrap report --db FILE [--format gcc|json|sarif]\n"
	"                       [--rule ID]... [--error-exit]\n"
	"\n"
	"Link the facts collected by 'hookwrap check --db FILE' (for a whole\n"
	"build: make C=2 CHECK=\"hookwrap check --db FILE\") and print the\n"
	"findings of sleep-in-atomic-hook, sleep-in-atomic,\n"
	"sleep-under-guard and direct-impl-call.  --rule limits the output to those rules.\n"
	"Exit status: 0 (1 with --error-exit when there are findings), 2 on\n"
	"bad input.  See docs/facts-db.md and docs/rules/.\n";

static const struct rule *const sleep_rules[] = {
	&rule_sleep_in_atomic_hook,
	&rule_sleep_in_atomic,
	&rule_sleep_under_guard,
	&rule_direct_impl_call,
};

int cmd_report(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "format", required_argument, NULL, 'f' },
		{ "rule", required_argument, NULL, 'r' },
		{ "error-exit", no_argument, NULL, 'e' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *path = NULL;
	enum out_format format = OUT_GCC;
	struct strv only = { 0 };
	int c, error_exit = 0, ret = 0;
	struct findings out = { 0 };
	struct check_ctx cx;
	struct facts f;
	struct link lk;
	sqlite3 *db;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			path = optarg;
			break;
		case 'f':
			if (out_format_parse(optarg, &format)) {
				error_at(NULL, 0, "--format %s: use gcc, "
					 "json or sarif", optarg);
				strv_clear(&only);
				return 2;
			}
			break;
		case 'r':
			if (!rule_find(optarg)) {
				error_at(NULL, 0, "--rule %s: no such rule; "
					 "see docs/rules/", optarg);
				strv_clear(&only);
				return 2;
			}
			strv_push(&only, optarg);
			break;
		case 'e':
			error_exit = 1;
			break;
		case 'h':
			fputs(usage_text, stdout);
			strv_clear(&only);
			return 0;
		default:
			fputs(usage_text, stderr);
			strv_clear(&only);
			return 2;
		}
	}
	if (!path || optind != argc) {
		error_at(NULL, 0, "%s; see 'hookwrap report --help'", !path ?
			 "--db FILE is required" : "unexpected argument");
		strv_clear(&only);
		return 2;
	}
	if (!file_exists(path)) {
		error_at(path, 0, "no such facts database; collect one with "
			 "make C=2 CHECK=\"hookwrap check --db=%s\"", path);
		strv_clear(&only);
		return 2;
	}
	db = factsdb_open(path);
	if (!db || factsdb_load(db, path, &f)) {
		factsdb_close(db);
		strv_clear(&only);
		return 2;
	}
	factsdb_close(db);
	link_build(&lk, &f);
	memset(&cx, 0, sizeof(cx));
	cx.out = &out;
	for (size_t i = 0; i < ARRAY_SIZE(sleep_rules); i++)
		if (!only.n || strv_find(&only, sleep_rules[i]->id) >= 0)
			sleep_report(&cx, &lk, -1, sleep_rules[i]);
	findings_sort(&out, 0);
	if (format == OUT_GCC) {
		out_gcc(stdout, &out, 0);
	} else if (format == OUT_JSON) {
		out_json(stdout, &out);
	} else {
		char *uri = f.tree ? xasprintf("file://%s/", f.tree) : NULL;

		out_sarif(stdout, &out, uri);
		free(uri);
	}
	if (fflush(stdout) || ferror(stdout)) {
		error_at(NULL, 0, "cannot write the findings to stdout");
		ret = 2;
	} else if (out.n && error_exit) {
		ret = 1;
	}
	findings_free(&out);
	link_free(&lk);
	facts_free(&f);
	strv_clear(&only);
	return ret;
}
