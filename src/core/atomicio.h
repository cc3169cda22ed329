/* atomicio.h - replace a file so that readers see the old or the new. */
#ifndef HOOKWRAP_ATOMICIO_H
#define HOOKWRAP_ATOMICIO_H

#include <stddef.h>

/*
 * Write data to path through a temporary file in the same directory,
 * fsync, rename(2) and fsync of the directory.  A symbolic link is
 * written through (its final target is replaced, the link stays); the
 * old file's mode is kept, and its owner where the rules allow (always
 * for root).  On failure prints one error line and returns -1: the old
 * file is intact and no temporary file is left, even when die() or a
 * fatal signal ends the process meanwhile.  A device or pipe (say
 * /dev/stdout) is simply written.
 */
int atomic_write(const char *path, const char *data, size_t len);

#endif /* HOOKWRAP_ATOMICIO_H */
