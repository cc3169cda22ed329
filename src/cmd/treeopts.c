/* treeopts.c - finding the table and building the manifest for a tree. */
#include "checker/setup.h"
#include "cmd/commands.h"

#include <stdio.h>
#include <sys/stat.h>

int tree_option(struct tree_opts *o, int c, const char *arg)
{
	switch (c) {
	case 'c':
		o->config = arg;
		return 1;
	case 'P':
		o->profile = arg;
		return 1;
	case 'g':
		o->guard = arg;
		return 1;
	}
	return 0;
}

int load_tree(struct tree_opts *o)
{
	struct stat st;

	if (!o->tree) {
		error_at(NULL, 0, "no TREE given; name the kernel tree's top "
			 "directory");
		return 2;
	}
	if (stat(o->tree, &st) || !S_ISDIR(st.st_mode)) {
		error_at(o->tree, 0, "not a directory; name the kernel tree's "
			 "top directory");
		return 2;
	}
	if (table_load(&o->table, o->tree, o->config, o->profile))
		return 2;
	if (o->guard) {
		free(o->table.guard);
		o->table.guard = xstrdup(o->guard);
	}
	if (o->cached ? manifest_cached(&o->table, o->tree, NULL, o->cache_dir,
					&o->manifest, 0) :
			manifest_build(&o->table, o->tree, &o->manifest))
		return 2;
	return 0;
}
