/*
 * inctext.h - the include check of convert (incgraph.h) decided from
 * text where text can decide, so that libclang parses only the files it
 * cannot: the #include lines of the file and, transitively, of the
 * headers they name, found through the compiler's include directories.
 *
 * An #include line counts as taken when it sits outside every
 * conditional of its file but the include guard, #ifdef __KERNEL__ and
 * #ifndef __ASSEMBLY__ (incgraph.c's rule with no condition to match).
 * A chain of such lines from the file to the header: libclang's walk
 * takes every edge of it, so it answers "reached" too.  No chain of
 * #include lines at all, conditional ones included, and no line whose
 * target text cannot name (a computed "#include MACRO", #include_next,
 * an unreadable header): libclang's edges are a subset of those, so it
 * answers "not reached" too.  Anything else (a chain only through
 * conditional lines, whose conditions must be compared with the calls')
 * needs the parse.
 */
#ifndef HOOKWRAP_INCTEXT_H
#define HOOKWRAP_INCTEXT_H

#include "core/util.h"

struct inctext;

/*
 * The search path of compiler flags args (-I, -iquote, -isystem,
 * -idirafter; joined or split) for files of tree; the files it reads
 * are kept (by path) for every later question.
 */
struct inctext *inctext_new(const struct strv *args, const char *tree);
/*
 * Does tree-relative rel reach tree-relative header by #include lines?
 * 1 through taken lines only; 0 by no line at all; -1 text cannot tell.
 */
int inctext_reaches(struct inctext *it, const char *rel, const char *header);
void inctext_free(struct inctext *it);

#endif /* HOOKWRAP_INCTEXT_H */
