/*
 * module.h - the entry points of the "security module" (module.c), built
 * as a shared object and found by the harness with dlsym().
 */
#ifndef _RUNTIME_MODULE_H
#define _RUNTIME_MODULE_H

#include <errno.h>

/*
 * Register the module's table.  Its permission hook reads "work" words of
 * module-owned memory per call, so that callers spend their time inside
 * the module, as a real security module's checks do.
 */
typedef int module_init_fn(unsigned int work);
/* Unregister the table, then free what the hooks use. */
typedef void module_exit_fn(void);

#define MODULE_INIT	"guard_module_init"
#define MODULE_EXIT	"guard_module_exit"

/* What the module's permission hook answers; the default answers 0. */
#define MODULE_VERDICT	(-EACCES)

#endif /* _RUNTIME_MODULE_H */
