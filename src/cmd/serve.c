/*
 * serve.c - "hookwrap serve SOCKET" (serve.h).
 *
 * Every hookwrap-full process maps libclang and LLVM and relocates
 * them: some 70 ms of CPU before its first line of work, most of a
 * short command's time (docs/performance.md).  The server pays that
 * once.  It listens on a Unix socket; for each connection it forks a
 * monitor, which reads the front's request (core/servewire.h) and
 * forks the command's worker: a process set up as exec would have set
 * up hookwrap-full (the front's descriptors, directory, environment,
 * umask, signal dispositions and mask, limits), which runs the command
 * and exits.  The monitor passes on the signals the front receives and
 * sends back how the worker ended; a front that goes away takes its
 * worker with it (SIGKILL, as a killed process's would be).
 *
 * A request is refused (the front then execs hookwrap-full itself)
 * when it names another hookwrap-full than the server's, or a binary
 * rebuilt since the server started, or limits that a fork cannot take
 * (a smaller address space or stack than the server's: exec would lay
 * the process out under them).  Only the server's own user is served.
 * The server stops on SIGTERM, SIGINT, SIGHUP, within a second of its
 * socket file being removed or replaced, or (--idle=N) after N seconds
 * in which no front connected.
 */
#include "cmd/serve.h"
#include "core/servewire.h"
#include "core/util.h"

#include <errno.h>
#include <stdlib.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static const char usage_text[] =
	"usage: hookwrap serve [--idle=SECONDS] SOCKET\n"
	"\n"
	"Keep hookwrap loaded and run the commands of every hookwrap started\n"
	"with HOOKWRAP_SERVER=SOCKET in its environment, each in a fork of\n"
	"this process, saving each the start of libclang.  Stops on SIGTERM\n"
	"or SIGINT, or when SOCKET is removed.\n"
	"\n"
	"  --idle=SECONDS   also stop after SECONDS without a command\n";

static volatile sig_atomic_t stopping;
static int chld_pipe[2] = { -1, -1 };

static void on_stop(int sig)
{
	(void)sig;
	stopping = 1;
}

static void on_chld(int sig)
{
	int saved = errno;

	(void)sig;
	(void)!write(chld_pipe[1], "c", 1);
	errno = saved;
}

/* The listening socket at path (mode 0700); -1 after the error. */
static int listen_on(const char *path, ino_t *ino)
{
	struct sockaddr_un a;
	struct stat st;
	mode_t old;
	int s, r;

	if (serve_addr(path, &a)) {
		error_at(NULL, 0, "socket path '%s' is longer than %zu bytes, "
			 "the most a Unix socket's name can be; choose a "
			 "shorter one", path, sizeof(a.sun_path) - 1);
		return -1;
	}
	if (!lstat(path, &st)) {
		if (!S_ISSOCK(st.st_mode)) {
			error_at(NULL, 0, "'%s' exists and is not a socket; "
				 "name a path that does not exist", path);
			return -1;
		}
		if ((s = serve_connect(path)) >= 0) {
			close(s);
			error_at(NULL, 0, "a server already answers on '%s'; "
				 "stop it first, or name another path", path);
			return -1;
		}
		unlink(path);	/* a socket left by a server gone */
	}
	s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (s < 0) {
		error_at(NULL, 0, "cannot make a socket: %s", strerror(errno));
		return -1;
	}
	old = umask(077);
	r = bind(s, (struct sockaddr *)&a, sizeof(a));
	umask(old);
	if (r || listen(s, 128) || lstat(path, &st)) {
		error_at(NULL, 0, "cannot listen on '%s': %s", path,
			 strerror(errno));
		close(s);
		return -1;
	}
	*ino = st.st_ino;
	return s;
}

/*
 * Limits a fork cannot take as exec would: exec lays the process out
 * under them (a smaller address space or stack than the server's).
 */
static int laid_out(int which)
{
	return which == RLIMIT_AS || which == RLIMIT_DATA ||
	       which == RLIMIT_STACK;
}

/* Can a fork of this process run the request as exec would have? */
static int acceptable(const struct serve_req *r, const struct stat *self)
{
	if (r->dev != (uint64_t)self->st_dev ||
	    r->ino != (uint64_t)self->st_ino ||
	    r->mtime_s != (int64_t)self->st_mtim.tv_sec ||
	    r->mtime_ns != (int64_t)self->st_mtim.tv_nsec)
		return 0;
	for (int i = 0; i < SERVE_NLIMITS; i++) {
		int which = serve_limits[i];
		struct rlimit mine;

		if (getrlimit(which, &mine))
			return 0;
		if (laid_out(which)) {
			if (r->lim[i].rlim_cur != mine.rlim_cur)
				return 0;
		} else if (r->lim[i].rlim_max > mine.rlim_max ||
			   r->lim[i].rlim_cur > r->lim[i].rlim_max) {
			return 0;
		}
	}
	return 1;
}

/* In the worker: become the process exec would have made. */
static void become(const struct serve_req *r, const int *fds)
{
	struct sigaction sa;
	sigset_t mask;
	int hi[SERVE_NFDS];

	/* Above the three, so that no dup2() below overwrites one. */
	for (int i = 0; i < SERVE_NFDS; i++)
		if ((hi[i] = fcntl(fds[i], F_DUPFD_CLOEXEC, 10)) < 0)
			_exit(127);
	for (int i = 0; i < 3; i++)
		if (dup2(hi[i], i) < 0)
			_exit(127);
	if (fchdir(hi[3]))
		_exit(127);
	close_range(3, ~0u, 0);
	umask((mode_t)r->umask);
	for (int i = 0; i < SERVE_NLIMITS; i++) {
		int which = serve_limits[i];

		if (!laid_out(which))
			setrlimit(which, &r->lim[i]);
	}
	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sigemptyset(&mask);
	for (int s = 1; s <= SERVE_MAXSIG && s < NSIG; s++) {
		if (s == SIGKILL || s == SIGSTOP)
			continue;
		sa.sa_handler = r->ignored & serve_sigbit(s) ? SIG_IGN : SIG_DFL;
		sigaction(s, &sa, NULL);	/* fails for glibc's own */
		if (r->blocked & serve_sigbit(s))
			sigaddset(&mask, s);
	}
	sigprocmask(SIG_SETMASK, &mask, NULL);
	environ = r->envp;
}

/* The worker's end, to the front: 0 when sent. */
static int tell_end(int c, int status)
{
	unsigned char end[2] = { SERVE_EXITED, 2 };

	if (WIFEXITED(status)) {
		end[1] = (unsigned char)WEXITSTATUS(status);
	} else if (WIFSIGNALED(status)) {
		end[0] = SERVE_KILLED;
		end[1] = (unsigned char)WTERMSIG(status);
	}
	return serve_send_all(c, end, 2);
}

/* One front's command, in a process of its own; its exit status. */
static int monitor(int c, const struct stat *self,
		   int (*run)(int, char **))
{
	struct serve_hdr h;
	struct serve_req r;
	struct sigaction sa;
	int fds[SERVE_NFDS], status;
	unsigned char answer = SERVE_REFUSED;
	pid_t me = getpid(), pid;
	char *buf;

	signal(SIGTERM, SIG_DFL);
	signal(SIGINT, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	alarm(30);		/* a front that connects and says nothing */
	if (serve_recv_hdr(c, &h, fds))
		return 1;
	buf = xmalloc(h.len ? h.len : 1);
	if (serve_read_all(c, buf, h.len) ||
	    serve_req_decode(buf, h.len, &r)) {
		free(buf);
		serve_send_all(c, &answer, 1);
		return 1;
	}
	free(buf);
	alarm(0);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_chld;
	sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
	sigemptyset(&sa.sa_mask);
	if (!acceptable(&r, self) || pipe2(chld_pipe, O_CLOEXEC) ||
	    sigaction(SIGCHLD, &sa, NULL) || (pid = fork()) < 0) {
		serve_send_all(c, &answer, 1);
		return 0;
	}
	if (!pid) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != me)
			_exit(127);
		become(&r, fds);
		exit(run(r.argc, r.argv));
	}
	for (int i = 0; i < SERVE_NFDS; i++)
		close(fds[i]);
	answer = SERVE_STARTED;
	serve_send_all(c, &answer, 1);
	for (;;) {
		struct pollfd p[2] = { { c, POLLIN, 0 },
				       { chld_pipe[0], POLLIN, 0 } };
		unsigned char sig[64];
		ssize_t n;

		if (waitpid(pid, &status, WNOHANG) == pid)
			break;
		if (poll(p, 2, -1) < 0)
			continue;
		if (p[1].revents) {
			n = read(chld_pipe[0], sig, sizeof(sig));
			(void)n;
		}
		if (!p[0].revents)
			continue;
		n = read(c, sig, sizeof(sig));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			/* The front is gone: so is its command. */
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			return 0;
		}
		for (ssize_t i = 0; i < n; i++)
			if (sig[i] >= 1 && sig[i] < NSIG && sig[i] != SIGSTOP)
				kill(pid, sig[i]);
	}
	tell_end(c, status);
	return 0;
}

/* Does the peer run as this process's user? */
static int same_user(int c)
{
	struct ucred cr;
	socklen_t n = sizeof(cr);

	return !getsockopt(c, SOL_SOCKET, SO_PEERCRED, &cr, &n) &&
	       cr.uid == geteuid();
}

/* Is the socket file still the one this server made? */
static int still_ours(const char *path, ino_t ino)
{
	struct stat st;

	return !lstat(path, &st) && S_ISSOCK(st.st_mode) && st.st_ino == ino;
}

/* --idle's value: whole seconds, 1 or more; 0 when it is not one. */
static long idle_seconds(const char *v)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(v, &end, 10);
	return !errno && end != v && !*end && n > 0 && n <= 31L * 86400 ? n :
									   0;
}

int serve_main(int argc, char **argv, int (*run)(int, char **))
{
	struct sigaction sa;
	struct stat self;
	const char *path = NULL, *why = NULL;
	long idle = 0, quiet = 0;
	ino_t ino;
	int l;

	for (int i = 1; i < argc && !why; i++) {
		const char *a = argv[i], *v = NULL;

		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			fputs(usage_text, stdout);
			return 0;
		}
		if (!strncmp(a, "--idle=", 7))
			v = a + 7;
		else if (!strcmp(a, "--idle") && i + 1 < argc)
			v = argv[++i];
		else if (!strcmp(a, "--idle"))
			why = "--idle needs a number of seconds";
		if (v && !(idle = idle_seconds(v)))
			why = "--idle wants whole seconds, 1 or more";
		else if (!v && !why && (a[0] == '-' || !a[0]))
			why = a[0] ? "unknown option" : "an empty socket path";
		else if (!v && !why && path)
			why = "one socket, no more arguments";
		else if (!v && !why)
			path = a;
	}
	if (!why && !path)
		why = "name the socket to listen on";
	if (why) {
		fprintf(stderr, "hookwrap serve: error: %s\n%s", why,
			usage_text);
		return 2;
	}
	progname = "hookwrap serve";
	path = argv[1];
	if (stat("/proc/self/exe", &self)) {
		error_at(NULL, 0, "cannot read /proc/self/exe: %s",
			 strerror(errno));
		return 2;
	}
	l = listen_on(path, &ino);
	if (l < 0)
		return 2;
	signal(SIGCHLD, SIG_IGN);	/* the monitors: nobody waits */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;	/* no SA_RESTART: poll() returns */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	while (!stopping) {
		struct pollfd p = { l, POLLIN, 0 };
		int n = poll(&p, 1, 1000), c;
		pid_t pid;

		if (n == 0 && (!still_ours(path, ino) ||
			       (idle && ++quiet >= idle)))
			break;
		if (n <= 0)
			continue;
		quiet = 0;
		c = accept4(l, NULL, NULL, SOCK_CLOEXEC);
		if (c < 0)
			continue;
		if (!same_user(c)) {
			close(c);
			continue;
		}
		pid = fork();
		if (!pid) {
			close(l);
			_exit(monitor(c, &self, run));
		}
		close(c);
	}
	if (still_ours(path, ino))
		unlink(path);
	close(l);
	return 0;
}
