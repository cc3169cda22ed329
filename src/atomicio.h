/* atomicio.h - replace a file so that readers see the old or the new. */
#ifndef HOOKWRAP_ATOMICIO_H
#define HOOKWRAP_ATOMICIO_H

#include <stddef.h>

/*
 * Write data to path through a temporary file in the same directory and
 * rename(2); keeps the old file's mode.  Prints the error, returns -1.
 */
int atomic_write(const char *path, const char *data, size_t len);

#endif /* HOOKWRAP_ATOMICIO_H */
