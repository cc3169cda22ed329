/* cmd_manifest.c - "hookwrap manifest TREE": the manifest as TSV. */
#include "cmd/commands.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
	"usage: hookwrap manifest [--config FILE] [--profile NAME]\n"
	"                         [--guard=POLICY] [--db=FILE] TREE\n"
	"\n"
	"Print one TSV row per hook of the tree's ops table, in struct order:\n"
	"member wrapper return params args guard stub default location\n"
	"wrapper_def policy dispatcher may_sleep (filled with --db=FILE,\n"
	"the facts 'hookwrap check --db' collected).\n"
	"The table comes from --config, TREE/hookwrap.conf or a built-in\n"
	"profile (lsm).  See docs/manifest.md.\n";

int cmd_manifest(int argc, char **argv)
{
	static const struct option opts[] = {
		TREE_OPTIONS,
		{ "db", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct tree_opts o = { 0 };
	const char *db = NULL;
	int c, ret;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (tree_option(&o, c, optarg))
			continue;
		switch (c) {
		case 'd':
			db = optarg;
			break;
		case 'h':
			fputs(usage_text, stdout);
			return 0;
		default:
			fputs(usage_text, stderr);
			return 2;
		}
	}
	if (optind + 1 != argc) {
		fputs(usage_text, stderr);
		return 2;
	}
	o.tree = argv[optind];
	ret = load_tree(&o);
	if (!ret)
		manifest_warn_stubs(&o.manifest);
	if (!ret && db && manifest_may_sleep(&o.manifest, db))
		ret = 2;
	if (!ret)
		manifest_write_tsv(&o.manifest, stdout);
	manifest_free(&o.manifest);
	table_free(&o.table);
	if (!ret && (fflush(stdout) || ferror(stdout))) {
		error_at(NULL, 0, "cannot write the manifest to stdout");
		return 2;
	}
	return ret;
}
