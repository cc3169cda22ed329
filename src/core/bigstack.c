/*
 * bigstack.c - a large stack for libclang, and no signal when even that
 * is not enough (bigstack.h).
 *
 * The command runs on a thread whose stack is reserved large and
 * touched only as deep as the input makes it go; LIBCLANG_NOTHREADS
 * makes libclang parse on the calling thread instead of on one of its
 * own with an 8 MB stack.  A stack overflow faults on the guard pages
 * below the stack, where no handler can run, so the thread has an
 * alternate signal stack and the SIGSEGV handler runs on it:
 *   - during a parse it hands the fault to libclang's own crash
 *     handler, which unwinds to clang_parseTranslationUnit2: that
 *     returns CXError_Crashed, which the callers report as a unit that
 *     could not be parsed;
 *   - an overflow anywhere else (none is known: the walks of hookwrap's
 *     own are iterative) prints one error line naming the unit and
 *     exits 2;
 *   - any other fault is left to crash as it would have.
 */
#include "core/bigstack.h"
#include "core/util.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Tried in turn; the first the system grants is used. */
static const size_t stack_mib[] = { 1024, 256, 64 };
#define GUARD (1u << 20)
#define ALTSTACK (256u << 10)

static uintptr_t stack_lo;		/* lowest byte of the usable stack */
static size_t stack_size;
static struct sigaction prev_segv, prev_bus;
static int armed;
static volatile sig_atomic_t in_parse, overflowed;
static char unit[4096];			/* the file being parsed or walked */
#define NOTHREADS "LIBCLANG_NOTHREADS"
static int env_ours;			/* set by us, not by the user */
static stack_t alt, alt_before;		/* the thread's signal stacks */

struct job {
	int (*fn)(int, char **);
	int argc;
	char **argv;
	int ret;
};

static void say(const char *s)
{
	ssize_t r = write(2, s, strlen(s));

	(void)r;
}

static int is_overflow(const siginfo_t *si)
{
	uintptr_t a = (uintptr_t)si->si_addr;

	return stack_lo && a < stack_lo + 65536 && a + 2 * GUARD >= stack_lo;
}

static void on_fault(int sig, siginfo_t *si, void *ctx)
{
	const struct sigaction *prev = sig == SIGBUS ? &prev_bus : &prev_segv;
	int overflow = is_overflow(si);

	if (overflow)
		overflowed = 1;
	if (in_parse) {
		/* libclang's handler: unwinds to the parse's caller. */
		if (prev->sa_flags & SA_SIGINFO)
			prev->sa_sigaction(sig, si, ctx);
		else if (prev->sa_handler != SIG_DFL &&
			 prev->sa_handler != SIG_IGN)
			prev->sa_handler(sig);
	}
	if (overflow) {
		say(unit[0] ? unit : "hookwrap");
		say(": error: the code nests too deeply for hookwrap: its "
		    "stack ran out; nothing more was checked (exit 2)\n");
		_exit(2);
	}
	signal(sig, SIG_DFL);	/* a real crash: fault again, and die */
}

/* Our handler on the alternate stack, libclang's kept to call. */
static void arm(void)
{
	struct sigaction sa, cur;

	sigaction(SIGSEGV, NULL, &cur);
	if (armed && (cur.sa_flags & SA_SIGINFO) &&
	    cur.sa_sigaction == on_fault)
		return;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, &prev_segv);
	sigaction(SIGBUS, &sa, &prev_bus);
	armed = 1;
}

/* The alternate signal stack, and where this thread's stack ends. */
static void prepare_thread(void)
{
	pthread_attr_t a;
	void *addr;
	size_t size;

	alt.ss_sp = xmalloc(ALTSTACK);
	alt.ss_size = ALTSTACK;
	alt.ss_flags = 0;
	if (sigaltstack(&alt, &alt_before)) {
		free(alt.ss_sp);
		alt.ss_sp = NULL;
	}
	if (!pthread_getattr_np(pthread_self(), &a)) {
		if (!pthread_attr_getstack(&a, &addr, &size)) {
			stack_lo = (uintptr_t)addr;
			stack_size = size;
		}
		pthread_attr_destroy(&a);
	}
	arm();
}

/*
 * The alternate signal stack there was before, back: the thread's own
 * (AddressSanitizer unmaps the one it gave each thread when the thread
 * ends, and must find its own).
 */
static void finish_thread(void)
{
	if (!alt.ss_sp)
		return;
	if (!sigaltstack(&alt_before, NULL))
		free(alt.ss_sp);
	alt.ss_sp = NULL;
}

static void *job_run(void *data)
{
	struct job *j = data;

	prepare_thread();
	j->ret = j->fn(j->argc, j->argv);
	finish_thread();
	return NULL;
}

int bigstack_run(int (*fn)(int, char **), int argc, char **argv)
{
	struct job j = { fn, argc, argv, 2 };

	/*
	 * libclang reads it at each parse (and token annotation): work on
	 * the calling thread.  It is for libclang only: children do not
	 * get it (bigstack_environ()) unless the user set it.
	 */
	if (!getenv(NOTHREADS)) {
		setenv(NOTHREADS, "1", 1);
		env_ours = 1;
	}
	for (size_t i = 0; i < ARRAY_SIZE(stack_mib); i++) {
		pthread_attr_t a;
		pthread_t t;
		int ok;

		if (pthread_attr_init(&a))
			break;
		ok = !pthread_attr_setstacksize(&a, stack_mib[i] << 20) &&
		     !pthread_attr_setguardsize(&a, GUARD) &&
		     !pthread_create(&t, &a, job_run, &j);
		pthread_attr_destroy(&a);
		if (ok) {
			pthread_join(t, NULL);
			return j.ret;
		}
	}
	/* No room for a large stack: the process's own, guarded the same. */
	prepare_thread();
	j.ret = fn(argc, argv);
	finish_thread();
	return j.ret;
}

enum CXErrorCode bigstack_parse(CXIndex idx, const char *path,
				const char *const *args, int nargs,
				struct CXUnsavedFile *unsaved, unsigned n,
				unsigned opts, CXTranslationUnit *tu,
				int *overflow)
{
	enum CXErrorCode rc;
	int saved = -1, cap;

	snprintf(unit, sizeof(unit), "%s", path);
	/* After clang_createIndex(), which installs libclang's handler. */
	arm();
	fflush(stderr);
	cap = memfd_create("hookwrap-libclang-stderr", MFD_CLOEXEC);
	if (cap >= 0) {
		saved = dup(2);
		if (saved < 0 || dup2(cap, 2) < 0) {
			if (saved >= 0)
				close(saved);
			saved = -1;
		}
	}
	overflowed = 0;
	in_parse = 1;
	rc = clang_parseTranslationUnit2(idx, path, args, nargs, unsaved, n,
					 opts, tu);
	in_parse = 0;
	if (saved >= 0) {
		char buf[4096];
		ssize_t n;

		dup2(saved, 2);
		close(saved);
		/* What libclang said, unless it is its crash dump. */
		if (rc != CXError_Crashed && lseek(cap, 0, SEEK_SET) == 0)
			while ((n = read(cap, buf, sizeof(buf))) > 0)
				if (write(2, buf, n) != n)
					break;
	}
	if (cap >= 0)
		close(cap);
	*overflow = rc == CXError_Crashed && overflowed;
	return rc;
}

const char *bigstack_why(int overflow)
{
	static char why[160];

	if (!overflow)
		return "libclang crashed parsing this file";
	snprintf(why, sizeof(why), "libclang ran out of stack parsing this "
		 "file (%zu MiB): the code nests too deeply",
		 stack_size >> 20);
	return why;
}

char **bigstack_environ(void)
{
	extern char **environ;
	size_t n = 0, k = 0, len = strlen(NOTHREADS);
	char **env;

	while (environ[n])
		n++;
	env = xcalloc(n + 1, sizeof(*env));
	for (size_t i = 0; i < n; i++)
		if (!env_ours || strncmp(environ[i], NOTHREADS, len) ||
		    environ[i][len] != '=')
			env[k++] = environ[i];
	return env;
}
