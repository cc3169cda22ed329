/*
 * flags.h - a gcc command line as kbuild passes it, made fit for
 * libclang: dependency and output flags dropped, gcc-only flags that
 * clang rejects dropped from a table, the source files set apart.
 */
#ifndef HOOKWRAP_FLAGS_H
#define HOOKWRAP_FLAGS_H

#include "core/util.h"

struct flag_rule {
	const char *flag;	/* exact, or a prefix when it ends in '*' */
	int takes_arg;		/* the next word is its value */
	const char *why;	/* why it is dropped */
};

/* The table of flags never passed to libclang. */
extern const struct flag_rule flag_drops[];

/* Does flag_drops drop this word?  Sets *skip_next for "-o FILE". */
const struct flag_rule *flag_dropped(const char *arg, int *skip_next);

/* Flags that take their value as the next word: "-I DIR", "-D X". */
int flag_takes_arg(const char *arg);

/* Is arg a source file to check (not a flag): "*.c", "*.h", "*.i"? */
int flag_is_source(const char *arg);

/*
 * Sort a compiler command line: kept flags into clang (with their
 * values), source files into files, dropped flags into dropped.
 */
void flags_filter(char *const *args, int n, struct strv *clang,
		  struct strv *files, struct strv *dropped);

/*
 * kbuild's CC may carry -m32 ("gcc -m32") where the checker cannot see
 * it; -march= naming a 32-bit-only CPU says so.  1 when -m32 should be
 * added: such a -march and no -m32, -m64 or target of its own.
 */
int flags_want_m32(const struct strv *flags);

/* Split a shell command line (compile_commands.json "command"). */
int flags_split_shell(const char *cmd, struct strv *out);

#endif /* HOOKWRAP_FLAGS_H */
