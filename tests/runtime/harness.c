/*
 * harness.c - run the load/unload scenario in forked children and report
 * how each ended: cleanly, or by a crash, a panic or a sanitizer report.
 *
 *   harness [-t THREADS] [-c CYCLES] [-n CALLS] [-p CALLS_PER_CYCLE]
 *           [-w WORK] [-r TRIES] [-s] MODULE.so
 *
 * Runs up to TRIES children and stops at the first that fails.  Exit
 * status: 0 every child was clean, 1 one failed (the race was observed),
 * 2 bad usage or a setup error.
 */
#include "scenario.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

static void usage(void)
{
	fprintf(stderr, "usage: harness [-t THREADS] [-c CYCLES] [-n CALLS] "
		"[-p CALLS_PER_CYCLE] [-w WORK] [-r TRIES] [-s] MODULE.so\n");
	exit(2);
}

static unsigned long number(const char *opt, const char *s)
{
	char *end;
	unsigned long n;

	errno = 0;
	n = strtoul(s, &end, 10);
	if (errno || end == s || *end || !n) {
		fprintf(stderr,
			"harness: -%s wants a positive number, not '%s'\n",
			opt, s);
		exit(2);
	}
	return n;
}

/* 0 clean, 1 failed, 2 setup error; describes the end in buf. */
static int classify(int status, char *buf, size_t len)
{
	if (WIFSIGNALED(status)) {
		snprintf(buf, len, "killed by SIG%s",
			 sigabbrev_np(WTERMSIG(status)) ?: "?");
		return 1;
	}
	if (WEXITSTATUS(status) == SCENARIO_CLEAN) {
		snprintf(buf, len, "clean");
		return 0;
	}
	snprintf(buf, len, "exited %d", WEXITSTATUS(status));
	return WEXITSTATUS(status) == SCENARIO_SETUP ? 2 : 1;
}

int main(int argc, char **argv)
{
	struct scenario sc = {
		.threads = 4,
		.cycles = 20,
		.calls = 1,
		.calls_per_cycle = 2000,
		.work = 64,
	};
	unsigned long tries = 1;
	int c;

	while ((c = getopt(argc, argv, "t:c:n:p:w:r:s")) != -1) {
		char opt[2] = { (char)c, 0 };

		switch (c) {
		case 't':
			sc.threads = (int)number(opt, optarg);
			break;
		case 'c':
			sc.cycles = number(opt, optarg);
			break;
		case 'n':
			sc.calls = number(opt, optarg);
			break;
		case 'p':
			sc.calls_per_cycle = number(opt, optarg);
			break;
		case 'w':
			sc.work = (unsigned int)number(opt, optarg);
			break;
		case 'r':
			tries = number(opt, optarg);
			break;
		case 's':
			sc.sleep = 1;
			break;
		default:
			usage();
		}
	}
	if (optind != argc - 1)
		usage();
	sc.module = argv[optind];
	sc.unloads = mmap(NULL, sizeof(*sc.unloads), PROT_READ | PROT_WRITE,
			  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sc.unloads == MAP_FAILED) {
		perror("harness: mmap");
		return 2;
	}
	if (access(sc.module, R_OK)) {
		fprintf(stderr, "harness: %s: %s\n", sc.module,
			strerror(errno));
		return 2;
	}

	for (unsigned long t = 1; t <= tries; t++) {
		char how[96];
		int status, verdict;
		pid_t pid;

		*sc.unloads = 0;
		fflush(stdout);
		pid = fork();
		if (pid < 0) {
			perror("harness: fork");
			return 2;
		}
		if (!pid)	/* exit(), not _exit(): flush, run sanitizers */
			exit(scenario_run(&sc));
		if (waitpid(pid, &status, 0) < 0) {
			perror("harness: waitpid");
			return 2;
		}
		verdict = classify(status, how, sizeof(how));
		if (verdict == 1 && !sc.sleep)
			snprintf(how + strlen(how), sizeof(how) - strlen(how),
				 " in load/unload cycle %lu", *sc.unloads);
		printf("try %lu of %lu: %s\n", t, tries, how);
		if (verdict == 2) {
			fprintf(stderr, "harness: setup error, see above\n");
			return 2;
		}
		if (verdict == 1) {
			printf("result: failed on try %lu of %lu (%s)\n", t,
			       tries, how);
			return 1;
		}
	}
	printf("result: clean, %lu of %lu tries\n", tries, tries);
	return 0;
}
