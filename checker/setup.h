/*
 * setup.h - what a check run needs before the first unit: the tree
 * (found by walking up from the file in kbuild), and the manifest,
 * cached across runs so that thousands of units parse the header once.
 */
#ifndef HOOKWRAP_SETUP_H
#define HOOKWRAP_SETUP_H

#include "manifest/manifest.h"

/*
 * The tree a file belongs to: the nearest directory at or above the
 * file (then above the current directory) that holds hookwrap.conf or a
 * built-in profile's header.  Returned relative to the current
 * directory when under it ("." for the current directory itself), else
 * absolute; NULL when none.
 */
char *tree_find(const char *file);

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

#endif /* HOOKWRAP_SETUP_H */
