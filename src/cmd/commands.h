/*
 * commands.h - the hookwrap subcommands.  Each lives in its own cmd_*.c
 * and is listed once in main.c's table.
 */
#ifndef HOOKWRAP_COMMANDS_H
#define HOOKWRAP_COMMANDS_H

#include "manifest/manifest.h"

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
};

int cmd_manifest(int argc, char **argv);
int cmd_gen_header(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_convert(int argc, char **argv);

/*
 * Options every tree command takes: --config FILE, --profile NAME.  Parses
 * them out of argv (getopt-style, permuting) and loads the table and the
 * manifest for the one TREE argument.  Returns 0, or 2 after printing
 * the error.
 */
struct tree_opts {
	const char *config;
	const char *profile;
	const char *guard;	/* --guard=POLICY: the table's default */
	const char *tree;
	/*
	 * Take the manifest from check's cache (checker/mget.c) when the
	 * inputs it was built from are unchanged; cache_dir as check's
	 * --cache-dir ("" for none, NULL for the default).
	 */
	int cached;
	const char *cache_dir;
	struct table table;
	struct manifest manifest;
};
int load_tree(struct tree_opts *o);

/* The long options of struct tree_opts, for a getopt_long table. */
#define TREE_OPTIONS						\
	{ "config", required_argument, NULL, 'c' },		\
	{ "profile", required_argument, NULL, 'P' },		\
	{ "guard", required_argument, NULL, 'g' }
/* Take getopt's code c if it is a tree option; 1 if it was. */
int tree_option(struct tree_opts *o, int c, const char *arg);

#endif /* HOOKWRAP_COMMANDS_H */
