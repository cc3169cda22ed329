/*
 * bigstack.h - room for deeply nested input.  libclang's parser (and
 * some of its AST queries) recurse once per level of nesting: a sum of
 * 200,000 terms takes some 40 MB of stack to parse, more than the 8 MB a
 * process or libclang's own parse thread has.  Every command runs on a
 * thread with a large stack, and libclang parses on that thread.
 * Deeper input still ends in an error line and exit 2, never a signal.
 */
#ifndef HOOKWRAP_BIGSTACK_H
#define HOOKWRAP_BIGSTACK_H

#include <clang-c/Index.h>

/* Run fn(argc, argv) on a thread with a large stack; fn's result. */
int bigstack_run(int (*fn)(int, char **), int argc, char **argv);

/*
 * clang_parseTranslationUnit2, made safe from stack overflows: libclang
 * then returns CXError_Crashed and *overflow is set.  libclang's dump
 * of a crashed parse is kept off stderr: the caller says what happened,
 * in one line (bigstack_why()).  unsaved (n of them, or NULL and 0):
 * files read from memory instead of from the disk.
 */
enum CXErrorCode bigstack_parse(CXIndex idx, const char *path,
				const char *const *args, int nargs,
				struct CXUnsavedFile *unsaved, unsigned n,
				unsigned opts, CXTranslationUnit *tu,
				int *overflow);

/*
 * The environment for a child process (spatch): this process's, without
 * the LIBCLANG_NOTHREADS bigstack_run() set for libclang (kept when the
 * user set it).  A malloc'd array of environ's own strings: free() it,
 * not them.  Made before fork(), passed to execvpe().
 */
char **bigstack_environ(void);

/* What to say after a crashed parse: "libclang ran out of stack ...". */
const char *bigstack_why(int overflow);

#endif /* HOOKWRAP_BIGSTACK_H */
