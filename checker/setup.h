/*
 * setup.h - what a check run needs before the first unit: the tree
 * (found by walking up from the file in kbuild), and the manifest,
 * cached across runs so that thousands of units parse the header once.
 */
#ifndef HOOKWRAP_SETUP_H
#define HOOKWRAP_SETUP_H

#include "manifest/manifest.h"

#include <time.h>

/*
 * The tree a file belongs to: the nearest directory at or above the
 * file (then above the current directory) that holds hookwrap.conf or a
 * built-in profile's header.  Returned relative to the current
 * directory when under it ("." for the current directory itself), else
 * absolute; NULL when none.
 */
char *tree_find(const char *file);
/* The same above file only (not above the current directory). */
char *tree_find_above(const char *file);

/*
 * The manifest for tree: read from file when given, else from the
 * cache when it is this build of hookwrap's, for this tree and table,
 * and every input the build recorded (m->inputs) is as it was; else
 * built and cached.
 * cache_dir NULL means $HOOKWRAP_CACHE_DIR, $XDG_CACHE_HOME/hookwrap or
 * ~/.cache/hookwrap; "" disables the cache.  Returns 0, or -1 after
 * printing the error.
 */
int manifest_cached(const struct table *t, const char *tree,
		    const char *file, const char *cache_dir,
		    struct manifest *m, int verbose);

/*
 * The parts of that which never build a manifest (mcache.c), so that
 * a program without libclang (the front, src/cmd/front.c) can use them.
 * manifest_from_file: the manifest TSV in file; 0, or -1 after printing
 * the error.  manifest_cache_lookup: 0 when the cache holds a manifest
 * that is good (into m), 1 when not (*why says which input changed,
 * when one did), -1 when caching is off; *path is the cache file (NULL
 * when off), the caller frees both.  manifest_cache_store: the
 * manifest built from the inputs as they were at start, written to the
 * cache; NULL, or why it could not be.
 */
/*
 * A cache file belongs to the build of the program that built it (its
 * key stamps the program's file): the program that builds manifests, when
 * it is not this one (the front names hookwrap-full).
 */
void manifest_cache_builder(const char *program);
/*
 * What the caches key on (mcache.c): what picks a manifest (this build
 * of hookwrap, the tree, the table description); a file's identity now
 * ("-" when missing); the cache directory (NULL when caching is off).
 */
char *cache_key(const struct table *t, const char *tree);
char *file_stamp(const char *path);
char *cache_dir_of(const char *cache_dir);
/* Make dir and its parents: 0, or -1. */
int cache_mkdirs(const char *dir);
int manifest_from_file(const struct table *t, const char *file,
		       struct manifest *m);
int manifest_cache_lookup(const struct table *t, const char *tree,
			  const char *cache_dir, struct manifest *m,
			  char **path, char **why);
char *manifest_cache_store(const struct table *t, const char *tree,
			   const char *cache_dir, const struct manifest *m,
			   struct timespec start);

/*
 * treefind.c: the tree-relative path of the absolute path abs (malloc'd):
 * abs less the shadow root or, failing that, the tree's root (either
 * may be NULL); NULL when abs is under neither.
 */
char *tree_rel(const char *shadow, const char *tree_abs, const char *abs);
/* treefind.c: the allow-list's first C file that exists: where tree rules run. */
char *tree_home(const struct table *t, const char *tree);
/*
 * treefind.c: is the tree-relative rel (NULL: outside the tree) a file
 * whose check runs the tree-level rules: the table's header, its output
 * header, or home (tree_home())?
 */
int tree_rules_file(const struct table *t, const char *home, const char *rel);

#endif /* HOOKWRAP_SETUP_H */
