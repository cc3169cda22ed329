/*
 * cmd_gen_header.c - "hookwrap gen-header TREE": the wrapper block on
 * stdout, into a file (-o), or spliced into the output header between
 * its markers (--in-place).
 */
#include "core/atomicio.h"
#include "cmd/commands.h"
#include "header/genheader.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
	"usage: hookwrap gen-header [--config FILE] [--profile NAME]\n"
	"                           [--guard=none|refcount|rcu|preempt]\n"
	"                           [-o FILE | --in-place] TREE\n"
	"\n"
	"Write the wrappers of the tree's ops table: under #ifdef CONFIG_X one\n"
	"static inline wrapper per hook, under #else the stubs.  Prints the\n"
	"generated block, writes it to FILE with -o, or with --in-place\n"
	"replaces the block between the markers\n"
	"  " GEN_BEGIN "\n"
	"  " GEN_END "\n"
	"in the table's output header, atomically.  --guard picks how every\n"
	"wrapper calls (docs/policies.md); guard.HOOK in hookwrap.conf wins.\n";

static int in_place(const struct tree_opts *o, const char *block)
{
	const char *rel = o->table.output ? o->table.output : o->table.header;
	char *path = path_join(o->tree, rel);
	size_t len;
	char *text = read_file(path, &len);
	char *out;
	const char *why;
	unsigned line;
	int ret = 0;

	if (!text) {
		error_at(path, 0, "cannot read the output header: %s",
			 strerror(errno));
		free(path);
		return 2;
	}
	if (reject_binary(path, text, len)) {
		free(text);
		free(path);
		return 2;
	}
	out = genheader_splice(text, block, &why, &line);
	if (!out) {
		error_at(path, line, "%s", why);
		ret = 2;
	} else if (strcmp(out, text)) {
		if (atomic_write(path, out, strlen(out)))
			ret = 2;
	}
	free(out);
	free(text);
	free(path);
	return ret;
}

int cmd_gen_header(int argc, char **argv)
{
	static const struct option opts[] = {
		TREE_OPTIONS,
		{ "in-place", no_argument, NULL, 'i' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct tree_opts o = { 0 };
	const char *output = NULL;
	int inplace = 0, c, ret;
	char *block;

	while ((c = getopt_long(argc, argv, "ho:", opts, NULL)) != -1) {
		if (tree_option(&o, c, optarg))
			continue;
		switch (c) {
		case 'i':
			inplace = 1;
			break;
		case 'o':
			output = optarg;
			break;
		case 'h':
			fputs(usage_text, stdout);
			return 0;
		default:
			fputs(usage_text, stderr);
			return 2;
		}
	}
	if (optind + 1 != argc || (inplace && output)) {
		fputs(usage_text, stderr);
		return 2;
	}
	o.tree = argv[optind];
	ret = load_tree(&o);
	if (ret)
		goto out;
	manifest_warn_stubs(&o.manifest);
	block = genheader_block(&o.table, &o.manifest);
	if (inplace)
		ret = in_place(&o, block);
	else if (output)
		ret = atomic_write(output, block, strlen(block)) ? 2 : 0;
	else if (fputs(block, stdout) == EOF || fflush(stdout))
		ret = 2;
	free(block);
out:
	manifest_free(&o.manifest);
	table_free(&o.table);
	return ret;
}
