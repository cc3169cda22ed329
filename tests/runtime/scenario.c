/*
 * scenario.c - the threads of one run.  Workers call the generated
 * wrappers (guard_permission(), guard_audit(), guard_obj_alloc()) and
 * check every answer; the main thread cycles the module through
 * dlopen(), init, exit and dlclose(), and checks that dlclose() really
 * unmapped it.
 */
#include <linux/guard_wrappers.h>
#include <linux/kernel.h>

#include "kthread.h"
#include "module.h"
#include "scenario.h"

#include <dlfcn.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

struct worker {
	pthread_t thread;
	unsigned long seed;
	unsigned long in_module;	/* answered by the module */
	unsigned long outside;		/* by the default table or the stub */
};

static unsigned long progress;	/* calls so far, published in batches */
static int stop;

#define BATCH	256

static void *worker(void *arg)
{
	struct worker *w = arg;
	unsigned long obj = w->seed, n = 0;

	kthread_enter();
	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED)) {
		int v;

		obj += 2;
		v = guard_permission(obj, GUARD_MAY_READ);
		if (v == MODULE_VERDICT)
			w->in_module++;
		else if (v == 0)
			w->outside++;
		else
			panic("guard_permission() returned %d", v);
		guard_audit(obj, v);
		if (guard_obj_alloc(obj, GUARD_GFP_ATOMIC))
			panic("guard_obj_alloc() failed");
		n += 3;
		if (n == 3 * BATCH) {
			__atomic_add_fetch(&progress, n, __ATOMIC_RELAXED);
			n = 0;
		}
	}
	__atomic_add_fetch(&progress, n, __ATOMIC_RELAXED);
	kthread_leave();
	return NULL;
}

static unsigned long calls_so_far(void)
{
	return __atomic_load_n(&progress, __ATOMIC_RELAXED);
}

static void wait_for_calls(unsigned long n)
{
	unsigned long target = calls_so_far() + n;

	while (calls_so_far() < target)
		sched_yield();
}

struct loaded {
	void *handle;
	module_exit_fn *exit;
};

static int load(const struct scenario *sc, struct loaded *m)
{
	module_init_fn *init;
	int err;

	m->handle = dlopen(sc->module, RTLD_NOW | RTLD_LOCAL);
	if (!m->handle) {
		fprintf(stderr, "harness: %s\n", dlerror());
		return -1;
	}
	init = (module_init_fn *)dlsym(m->handle, MODULE_INIT);
	m->exit = (module_exit_fn *)dlsym(m->handle, MODULE_EXIT);
	if (!init || !m->exit) {
		fprintf(stderr, "harness: %s: no %s or %s\n", sc->module,
			MODULE_INIT, MODULE_EXIT);
		return -1;
	}
	err = init(sc->work);
	if (err) {
		fprintf(stderr, "harness: %s: init failed: %d\n", sc->module,
			err);
		return -1;
	}
	return 0;
}

static int unload(const struct scenario *sc, struct loaded *m)
{
	m->exit();
	if (dlclose(m->handle)) {
		fprintf(stderr, "harness: dlclose: %s\n", dlerror());
		return -1;
	}
	if (dlopen(sc->module, RTLD_NOW | RTLD_NOLOAD)) {
		fprintf(stderr, "harness: %s is still mapped after dlclose()\n",
			sc->module);
		return -1;
	}
	return 0;
}

/* Call the hook that sleeps, once, with the module loaded. */
static int sleep_in_hook(const struct scenario *sc)
{
	struct loaded m;

	kthread_enter();
	if (load(sc, &m))
		return SCENARIO_SETUP;
	if (guard_obj_alloc(1, GUARD_GFP_KERNEL))
		panic("guard_obj_alloc(GFP_KERNEL) failed");
	if (unload(sc, &m))
		return SCENARIO_SETUP;
	kthread_leave();
	printf("the hook slept and nothing complained\n");
	return SCENARIO_CLEAN;
}

int scenario_run(const struct scenario *sc)
{
	unsigned long cycles = 0, in_module = 0, outside = 0;
	struct worker *w;
	struct loaded m;

	if (sc->sleep)
		return sleep_in_hook(sc);
	w = calloc(sc->threads, sizeof(*w));
	if (!w)
		return SCENARIO_SETUP;
	for (int i = 0; i < sc->threads; i++) {
		w[i].seed = 2 * (unsigned long)i + 1;
		if (pthread_create(&w[i].thread, NULL, worker, &w[i]))
			return SCENARIO_SETUP;
	}
	while (cycles < sc->cycles || calls_so_far() < sc->calls) {
		if (load(sc, &m))
			return SCENARIO_SETUP;
		wait_for_calls(sc->calls_per_cycle);
		__atomic_store_n(sc->unloads, cycles + 1, __ATOMIC_RELAXED);
		if (unload(sc, &m))
			return SCENARIO_SETUP;
		cycles++;
		wait_for_calls(sc->threads * 3 * BATCH);
	}
	__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
	for (int i = 0; i < sc->threads; i++) {
		pthread_join(w[i].thread, NULL);
		in_module += w[i].in_module;
		outside += w[i].outside;
	}
	printf("%lu hook calls (permission: %lu answered by the module, "
	       "%lu by the default or the stub), %lu load/unload cycles, "
	       "%d threads\n", calls_so_far(), in_module, outside, cycles,
	       sc->threads);
	free(w);
	return SCENARIO_CLEAN;
}
