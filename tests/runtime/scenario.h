/*
 * scenario.h - one run of the load/unload race: threads call hooks in a
 * loop while the main thread loads, registers, unregisters and unloads
 * the module, again and again.
 */
#ifndef _RUNTIME_SCENARIO_H
#define _RUNTIME_SCENARIO_H

struct scenario {
	const char *module;		/* path of the module's .so */
	int threads;			/* threads calling hooks */
	unsigned long cycles;		/* at least this many load/unload */
	unsigned long calls;		/* at least this many hook calls */
	unsigned long calls_per_cycle;	/* made while the module is loaded */
	unsigned int work;		/* words the module reads per call */
	int sleep;			/* instead: call the hook that sleeps */
	unsigned long *unloads;		/* unloads begun, seen by the parent */
};

/* Exit codes of a scenario run in a child process. */
#define SCENARIO_CLEAN	0
#define SCENARIO_SETUP	2	/* could not load the module: not a race */

int scenario_run(const struct scenario *sc);

#endif /* _RUNTIME_SCENARIO_H */
