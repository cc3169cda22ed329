/*
 * main.c - the hookwrap command line: git-style subcommands.
 */
#include "core/bigstack.h"
#include "cmd/commands.h"
#include "cmd/serve.h"
#include "core/util.h"
#include "core/version.h"

#include <stdio.h>
#include <string.h>

static const struct command commands[] = {
	{ "manifest", cmd_manifest,
	  "print the hook manifest of a tree (TSV)" },
	{ "gen-header", cmd_gen_header,
	  "write the wrapper header: inline wrappers and CONFIG-off stubs" },
	{ "check", cmd_check, "check wrapper discipline (kbuild, review)" },
	{ "report", cmd_report, "link sleep facts, print their findings" },
	{ "convert", cmd_convert,
	  "rewrite raw ops-table calls into wrapper calls" },
	/* Run before the others' big stack: serve_main() forks them. */
	{ "serve", NULL,
	  "keep hookwrap loaded for the commands of $HOOKWRAP_SERVER" },
};

static void usage(FILE *out)
{
	fprintf(out, "usage: hookwrap <command> [options] ...\n\ncommands:\n");
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		fprintf(out, "  %-12s %s\n", commands[i].name,
			commands[i].summary);
	fprintf(out, "\n'hookwrap <command> --help' tells more; the manual: "
		"man hookwrap,\nman hookwrap-<command>, and docs/ "
		"(share/doc/hookwrap when installed).\n");
}

/* A command line (argv[0] the program): in this process, or a server's fork. */
static int run(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("hookwrap %s\n", hookwrap_version);
		return 0;
	}
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++) {
		if (commands[i].run && !strcmp(argv[1], commands[i].name)) {
			progname = xasprintf("hookwrap %s", commands[i].name);
			return bigstack_run(commands[i].run, argc - 1,
					    argv + 1);
		}
	}
	fprintf(stderr, "hookwrap: '%s' is not a command\n\n", argv[1]);
	usage(stderr);
	return 2;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "serve"))
		return serve_main(argc - 1, argv + 1, run);
	return run(argc, argv);
}
