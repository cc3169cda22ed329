/* treefind.c - the tree a checked file belongs to (kbuild runs us there). */
#include "checker/setup.h"

#include <limits.h>
#include <string.h>
#include <unistd.h>

static int is_tree(const char *dir)
{
	char *p = path_join(dir, "hookwrap.conf");
	int yes = file_exists(p);

	free(p);
	for (int i = 0; !yes && table_profile_names[i]; i++) {
		struct table t = { 0 };

		if (table_profile(&t, table_profile_names[i]))
			continue;
		p = path_join(dir, t.header);
		yes = file_exists(p);
		free(p);
		table_free(&t);
	}
	return yes;
}

/*
 * dir, or the source tree of kbuild's O= build directory dir (it links
 * it as "source"), when that is a tree; else NULL.  A unit kbuild
 * generates (6.12's x86 CPU flag names, its vDSO images) lives in the
 * build directory, beside no copy of the table's header.
 */
static char *tree_at(const char *dir)
{
	char *src;

	if (is_tree(dir))
		return xstrdup(dir);
	src = path_join(dir, "source");
	if (is_tree(src)) {
		char *abs = realpath(src, NULL);

		free(src);
		return abs;
	}
	free(src);
	return NULL;
}

static char *walk_up(char *dir)
{
	for (;;) {
		char *slash, *tree = tree_at(dir);

		if (tree) {
			free(dir);
			return tree;
		}
		slash = strrchr(dir, '/');
		if (!slash || slash == dir) {
			free(dir);
			return NULL;
		}
		*slash = '\0';
	}
}

/* dir relative to the current directory when it is under it. */
static char *shown(char *dir)
{
	char cwd[PATH_MAX];
	size_t n;

	if (!getcwd(cwd, sizeof(cwd)))
		return dir;
	n = strlen(cwd);
	if (!strcmp(dir, cwd)) {
		free(dir);
		return xstrdup(".");
	}
	if (!strncmp(dir, cwd, n) && dir[n] == '/') {
		char *r = xstrdup(dir + n + 1);

		free(dir);
		return r;
	}
	return dir;
}

/* The tree above file's directory, as found (not yet as shown), or NULL. */
static char *found_above(const char *file)
{
	/* The file's directory: the file itself may be missing. */
	const char *slash = strrchr(file, '/');
	char *dir = slash ? xstrndup(file, slash - file + 1) : xstrdup(".");
	char *abs = realpath(dir, NULL);

	free(dir);
	return abs ? walk_up(abs) : NULL;
}

char *tree_find_above(const char *file)
{
	char *found = found_above(file);

	return found ? shown(found) : NULL;
}

char *tree_find(const char *file)
{
	char *found = file ? found_above(file) : NULL;

	if (!found) {
		char cwd[PATH_MAX];

		if (getcwd(cwd, sizeof(cwd)))
			found = walk_up(xstrdup(cwd));
	}
	return found ? shown(found) : NULL;
}

char *tree_rel(const char *shadow, const char *tree_abs, const char *abs)
{
	const char *roots[2] = { shadow, tree_abs };

	for (int i = 0; i < 2; i++) {
		size_t n;

		if (!roots[i])
			continue;
		n = strlen(roots[i]);
		if (!strncmp(abs, roots[i], n) && abs[n] == '/')
			return xstrdup(abs + n + 1);
	}
	return NULL;
}

/* The allow-list's first C file that exists: where tree rules run. */
char *tree_home(const struct table *t, const char *tree)
{
	for (int i = 0; i < t->allow.n; i++) {
		char *p;

		if (!ends_with(t->allow.v[i], ".c"))
			continue;
		p = path_join(tree, t->allow.v[i]);
		if (file_exists(p)) {
			free(p);
			return xstrdup(t->allow.v[i]);
		}
		free(p);
	}
	return NULL;
}

int tree_rules_file(const struct table *t, const char *home, const char *rel)
{
	return rel && (!strcmp(rel, t->header) ||
		       (t->output && !strcmp(rel, t->output)) ||
		       (home && !strcmp(rel, home)));
}
