/*
 * commands.h - the hookwrap subcommands.  Each lives in its own cmd_*.c
 * and is listed once in main.c's table.
 */
#ifndef HOOKWRAP_COMMANDS_H
#define HOOKWRAP_COMMANDS_H

#include "manifest.h"

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
};

int cmd_manifest(int argc, char **argv);
int cmd_gen_header(int argc, char **argv);

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
	struct table table;
	struct manifest manifest;
};
int load_tree(struct tree_opts *o);

#endif /* HOOKWRAP_COMMANDS_H */
