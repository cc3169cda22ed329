/*
 * cmd_gen_header.c - "hookwrap gen-header TREE": the wrapper block on
 * stdout, into a file (-o), or spliced into the output header between
 * its markers (--in-place).
 */
#include "core/atomicio.h"
#include "cmd/commands.h"
#include "header/geninsert.h"
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
	"wrapper calls (docs/policies.md); guard.HOOK in hookwrap.conf wins.\n"
	"On a hook-list tree (Linux 4.2 on) whose header has no markers,\n"
	"--in-place writes what each hook lacks, in the tree's style: its\n"
	"dispatcher in the wrappers file (security/security.c), its\n"
	"prototype and CONFIG-off stub in the output header.\n";

/*
 * The tree's hand-maintained files: each hook's missing dispatcher,
 * prototype and stub written in (header/geninsert.c).  Both files are
 * worked out before either is written; an unchanged file is not
 * written.
 */
static int insert_mode(const struct tree_opts *o)
{
	struct hookparts hp;
	char *c_new = NULL, *h_new = NULL;
	int ret = 0;

	if (hookparts_read(&hp, &o->table, &o->manifest, o->tree))
		return 2;
	if (geninsert(&o->table, &o->manifest, &hp, o->tree, &c_new, &h_new))
		ret = 2;
	else if (c_new && atomic_write(hp.c_path, c_new, strlen(c_new)))
		ret = 2;
	else if (h_new && atomic_write(hp.h_path, h_new, strlen(h_new)))
		ret = 2;
	free(c_new);
	free(h_new);
	hookparts_free(&hp);
	return ret;
}

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
	if (!strstr(text, GEN_BEGIN) && !strstr(text, GEN_END) &&
	    hookparts_apply(&o->table)) {
		free(text);
		free(path);
		return insert_mode(o);
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
