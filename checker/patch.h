/*
 * patch.h - review mode: read a unified diff (plain, git diff, or a git
 * format-patch mail), apply it to a shadow of the tree, and remember
 * which lines it adds so that only findings there are shown.
 */
#ifndef HOOKWRAP_PATCH_H
#define HOOKWRAP_PATCH_H

#include "util.h"

struct hunk {
	unsigned old_start, old_len, new_start, new_len;
	unsigned line;		/* line of the "@@" in the patch */
	struct strv body;	/* " x", "-x", "+x" lines */
};

struct patch_file {
	char *name;		/* the new file, as the patch names it */
	char *rel;		/* tree-relative */
	char *old_rel;		/* the old file, or NULL (a new file) */
	int deleted;
	struct hunk *hunks;
	int nhunks;
	unsigned *added;	/* new-file line numbers the patch adds */
	int nadded, capadded;
};

struct added_lines {
	char *source;		/* the patch's path, "-" for stdin */
	struct patch_file *files;
	int n;
};

/* Read and parse a patch; prints "patch:line: ..." and returns -1. */
int patch_read(const char *path, const char *tree, struct added_lines *p);
void patch_free(struct added_lines *p);

int added_has(const struct added_lines *a, const char *rel, unsigned line);
/* The patch's own name for tree-relative rel. */
const char *added_name(const struct added_lines *a, const char *rel);

/*
 * The post-patch text of f: the tree's file with the hunks applied, or
 * the file as it is when the tree already has the patch.  NULL after
 * printing why when neither holds.
 */
char *patch_result(const struct added_lines *p, const struct patch_file *f,
		   const char *tree);

/*
 * A shadow of tree under a new temporary directory: real directories
 * along the paths of the patch's files, symbolic links to the tree for
 * everything else, and the patched files written out.  Returns the
 * shadow's absolute path, or NULL after printing why.
 */
char *shadow_create(const struct added_lines *p, const char *tree);
/* Remove what shadow_create made (never following a link). */
void shadow_remove(char *root);

#endif /* HOOKWRAP_PATCH_H */
