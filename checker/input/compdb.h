/*
 * compdb.h - compile_commands.json (as "bear", CMake or the kernel's
 * scripts/clang-tools/gen_compile_commands.py write it).
 */
#ifndef HOOKWRAP_COMPDB_H
#define HOOKWRAP_COMPDB_H

#include "core/util.h"

struct compdb_entry {
	char *directory;
	char *file;
	struct strv argv;	/* the compiler's words, compiler first */
};

struct compdb {
	struct compdb_entry *v;
	int n, cap;
};

/*
 * Read path (a compile_commands.json, or a directory holding one).
 * Prints "file:line: ..." and returns -1 on malformed input.
 */
int compdb_read(const char *path, struct compdb *db);
/* The same for the text[0..len) (no global state); source: for messages. */
int compdb_parse(const char *text, size_t len, const char *source,
		 struct compdb *db);
void compdb_free(struct compdb *db);

#endif /* HOOKWRAP_COMPDB_H */
