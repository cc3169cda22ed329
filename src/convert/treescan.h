/*
 * treescan.h - the tree's .c and .h files, and which of them name the
 * table's pointer: the text scan that decides what "hookwrap convert"
 * reads further.  On a clean tree it is the whole run's cost (Linux 6.1
 * has 55,000 such files), so it reads on several threads.
 */
#ifndef HOOKWRAP_TREESCAN_H
#define HOOKWRAP_TREESCAN_H

#include "core/util.h"

struct treescan {
	struct strv files;	/* tree-relative paths, sorted */
	/*
	 * Per file: 1 when its text names the pointer or it could not be
	 * read (the caller reads it again and says why), else 0.
	 */
	unsigned char *named;
};

/*
 * Walk tree (directories whose name starts with '.' are left out, as
 * git's and kbuild's own), then read every file on jobs threads and
 * search it for pointer.  0, or -1 after printing the error.
 */
int treescan(const char *tree, const char *pointer, int jobs,
	     struct treescan *ts);
void treescan_free(struct treescan *ts);

#endif /* HOOKWRAP_TREESCAN_H */
