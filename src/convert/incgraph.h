/*
 * incgraph.h - does a file of the tree already include the wrapper
 * header, through #include lines every configuration takes?  Asked of
 * libclang's preprocessing record of the file (every #include directive
 * of every file it read, the ones an include guard made empty too).
 */
#ifndef HOOKWRAP_INCGRAPH_H
#define HOOKWRAP_INCGRAPH_H

#include "clang/frontend.h"

/*
 * Parse tree-relative rel with fe and say whether, at each of its
 * lines[0..nlines) (the converted calls), it reaches tree-relative header
 * through a chain of #include lines, each outside every conditional of
 * its file or under conditions all those lines sit under too (an include
 * guard, #ifdef __KERNEL__ and #ifndef __ASSEMBLY__ do not count: every
 * kernel build takes them).  1 reached, 0 not; -1 when libclang could
 * not parse rel (reported).
 */
int incgraph_reaches(struct frontend *fe, const char *rel,
		     const char *header, const unsigned *lines, int nlines);

#endif /* HOOKWRAP_INCGRAPH_H */
