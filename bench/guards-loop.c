/*
 * guards-loop.c - the loop bench/guards.sh counts instructions of.
 *
 *   bench-loop raw|wrapper|empty MODULE.so CALLS
 *
 * Loads the module (tests/runtime/module.c, with no work per call), then
 * runs one of three loops CALLS times: the raw indirect call through the
 * table pointer, the generated wrapper guard_permission() (whatever guard
 * and CONFIG this build was made with), or the same loop without a call.
 * callgrind counts the instructions of the chosen loop_* function.
 */
#include <linux/guard_wrappers.h>

#include "kthread.h"
#include "module.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Keep v alive without a store: one register, no instruction. */
#define consume(v)	__asm__ __volatile__("" : : "r"(v))

/* Each loop computes and keeps the same argument, so that they differ
 * in the call only. */
__attribute__((noinline)) void loop_raw(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++) {
		unsigned long obj = 2 * i + 1;

		consume(obj);
		consume(guard_ops->permission(obj, GUARD_MAY_READ));
	}
}

__attribute__((noinline)) void loop_wrapper(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++) {
		unsigned long obj = 2 * i + 1;

		consume(obj);
		consume(guard_permission(obj, GUARD_MAY_READ));
	}
}

__attribute__((noinline)) void loop_empty(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++) {
		unsigned long obj = 2 * i + 1;

		consume(obj);
	}
}

int main(int argc, char **argv)
{
	module_init_fn *init;
	module_exit_fn *fini;
	unsigned long n;
	void *h;

	if (argc != 4) {
		fprintf(stderr, "usage: bench-loop raw|wrapper|empty "
			"MODULE.so CALLS\n");
		return 2;
	}
	n = strtoul(argv[3], NULL, 10);
	kthread_enter();
	h = dlopen(argv[2], RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		fprintf(stderr, "bench-loop: %s\n", dlerror());
		return 2;
	}
	init = (module_init_fn *)dlsym(h, MODULE_INIT);
	fini = (module_exit_fn *)dlsym(h, MODULE_EXIT);
	if (!init || !fini || init(0)) {
		fprintf(stderr, "bench-loop: %s: cannot initialise\n", argv[2]);
		return 2;
	}
	if (!strcmp(argv[1], "raw"))
		loop_raw(n);
	else if (!strcmp(argv[1], "wrapper"))
		loop_wrapper(n);
	else if (!strcmp(argv[1], "empty"))
		loop_empty(n);
	else {
		fprintf(stderr, "bench-loop: unknown loop '%s'\n", argv[1]);
		return 2;
	}
	fini();
	dlclose(h);
	kthread_leave();
	return 0;
}
