/*
 * patch.h - review mode: read a unified diff (plain, git diff, or a git
 * format-patch mail), apply it to a shadow of the tree, and remember
 * which lines it adds so that only findings there are shown.
 *
 * A patch comes from a mailing list: every name in it is checked the
 * way git apply checks them (docs/checker.md, "Review mode") before
 * anything is written, and the shadow directory is the only place
 * written or removed.
 */
#ifndef HOOKWRAP_PATCH_H
#define HOOKWRAP_PATCH_H

#include "core/util.h"

struct hunk {
	unsigned old_start, old_len, new_start, new_len;
	unsigned line;		/* line of the "@@" in the patch */
	struct strv body;	/* " x", "-x", "+x" lines */
};

struct patch_file {
	char *name;		/* the new file, as the patch names it */
	char *old_name;		/* the old file, as named, or NULL (new) */
	unsigned line;		/* the patch's line naming the new file */
	unsigned old_line;	/* ... and the old one */
	char *rel;		/* tree-relative (patch_read with a tree) */
	char *old_rel;		/* the old file, or NULL (a new file) */
	int deleted;
	int renamed;		/* a git rename: old_rel goes away */
	struct hunk *hunks;
	int nhunks, caphunks;
	unsigned *added;	/* new-file line numbers the patch adds */
	int nadded, capadded;
	char *result;		/* the text after the patch (NULL: deleted) */
};

struct added_lines {
	char *source;		/* the patch as messages name it */
	struct patch_file *files;
	int n, cap;
};

/*
 * Parse the patch text[0..len) (no file system access, no global
 * state).  Every name is checked: not absolute, no "", "." or ".."
 * component, no ".git" component.  source names the patch in messages.
 * Prints "source:line: error: ..." and returns -1 (p is then freed).
 */
int patch_parse(const char *text, size_t len, const char *source,
		struct added_lines *p);

/*
 * Read and parse the patch at path ("-": standard input).  With a tree,
 * also find each file in it, refuse names that lead through a symbolic
 * link or to anything but a regular file, and work out every file's
 * text after the patch (f->result): it returns 0 only when the whole
 * patch is safe and applies (or is applied already).  Prints
 * "patch:line: error: ..." and returns -1 (p is then freed).
 */
int patch_read(const char *path, const char *tree, struct added_lines *p);
void patch_free(struct added_lines *p);

int added_has(const struct added_lines *a, const char *rel, unsigned line);
/* The patch's own name for tree-relative rel. */
const char *added_name(const struct added_lines *a, const char *rel);

/*
 * Open tree-relative rel under the directory tree_fd without following
 * any symbolic link; read it whole.  0 and *text, or -1 with errno
 * (ENOENT: absent; ELOOP: a link on the way; EISDIR/EINVAL: not a
 * regular file).
 */
int tree_read(int tree_fd, const char *rel, char **text);

/*
 * The text of f after its hunks: text (the file before; NULL when there
 * is none) with every hunk applied in order, or text itself when it
 * already holds every hunk's new side.  NULL when neither holds.
 * No file system, no messages (patch_apply.c).
 */
char *patch_apply(const struct patch_file *f, const char *text);

/*
 * A shadow of tree under a new temporary directory: real directories
 * along the paths of the patch's files, symbolic links to the tree for
 * everything else, and the patched files (f->result) written out.
 * Returns the shadow's absolute path, or NULL after printing why.
 */
char *shadow_create(const struct added_lines *p, const char *tree);
/* Remove what shadow_create made (never following a link). */
void shadow_remove(char *root);

#endif /* HOOKWRAP_PATCH_H */
