/*
 * serve_client.c - hand a command to "hookwrap serve" (serve_client.h;
 * the wire: core/servewire.h).
 */
#include "cmd/serve_client.h"
#include "core/servewire.h"
#include "core/util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

extern char **environ;

/* The signals passed on to the command while it runs. */
static const int forwarded[] = {
	SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM,
};

static int conn = -1;

static void forward(int sig)
{
	unsigned char b = (unsigned char)sig;
	int saved = errno;

	(void)!send(conn, &b, 1, MSG_NOSIGNAL);
	errno = saved;
}

/* The request: this process's state, as exec would pass it on. */
static int fill(struct serve_req *r, const char *full, char **argv)
{
	struct stat st;
	struct sigaction sa;
	sigset_t blocked;
	mode_t m;

	if (stat(full, &st))
		return -1;
	r->full = (char *)full;
	r->dev = st.st_dev;
	r->ino = st.st_ino;
	r->mtime_s = st.st_mtim.tv_sec;
	r->mtime_ns = st.st_mtim.tv_nsec;
	r->argv = argv;
	while (argv[r->argc])
		r->argc++;
	r->envp = environ;
	while (environ && environ[r->envc])
		r->envc++;
	m = umask(022);
	umask(m);
	r->umask = m;
	sigprocmask(SIG_BLOCK, NULL, &blocked);
	for (int s = 1; s <= SERVE_MAXSIG && s < NSIG; s++) {
		if (sigismember(&blocked, s) == 1)
			r->blocked |= serve_sigbit(s);
		if (!sigaction(s, NULL, &sa) && sa.sa_handler == SIG_IGN)
			r->ignored |= serve_sigbit(s);
	}
	for (int i = 0; i < SERVE_NLIMITS; i++)
		if (getrlimit(serve_limits[i], &r->lim[i]))
			return -1;
	return 0;
}

/* Send the request; the server's first answer, or -1. */
static int ask(int s, const char *full, char **argv)
{
	struct serve_req r;
	struct serve_hdr h;
	int fds[SERVE_NFDS] = { 0, 1, 2, -1 };
	unsigned char answer;
	size_t len;
	char *buf;
	int ok;

	memset(&r, 0, sizeof(r));
	if (fill(&r, full, argv))
		return -1;
	fds[3] = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fds[3] < 0)
		return -1;
	buf = serve_req_encode(&r, &len);
	h.magic = SERVE_MAGIC;
	h.len = (uint32_t)len;
	ok = len <= SERVE_MAX_REQ && !serve_send_hdr(s, &h, fds) &&
	     !serve_send_all(s, buf, len) && !serve_read_all(s, &answer, 1);
	free(buf);
	close(fds[3]);
	return ok ? answer : -1;
}

int serve_client_run(const char *full, char **argv)
{
	const char *path = getenv("HOOKWRAP_SERVER");
	unsigned char end[2];
	struct sigaction sa, old;
	int answer;

	/*
	 * A terminal stays with exec: a fork of the server is not in the
	 * terminal's foreground process group, and a read from it (a patch
	 * typed on stdin) would stop it, as would a write with "stty
	 * tostop".  What types at a terminal does not need the speed.
	 */
	if (!path || !*path || isatty(0) || isatty(1) || isatty(2))
		return -1;
	conn = serve_connect(path);
	if (conn < 0)
		return -1;
	answer = ask(conn, full, argv);
	if (answer != SERVE_STARTED) {
		/* Nothing ran: the caller runs it itself. */
		close(conn);
		return -1;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = forward;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < ARRAY_SIZE(forwarded); i++) {
		if (!sigaction(forwarded[i], NULL, &old) &&
		    old.sa_handler != SIG_IGN)
			sigaction(forwarded[i], &sa, NULL);
	}
	if (serve_read_all(conn, end, 2)) {
		fprintf(stderr, "hookwrap: error: the server at %s ended "
			"without the command's exit status; run again "
			"without HOOKWRAP_SERVER\n", path);
		return 2;
	}
	if (end[0] == SERVE_KILLED) {
		sigset_t one;

		signal(end[1], SIG_DFL);
		sigemptyset(&one);
		sigaddset(&one, end[1]);
		sigprocmask(SIG_UNBLOCK, &one, NULL);
		raise(end[1]);
		return 128 + end[1];
	}
	return end[0] == SERVE_EXITED ? end[1] : 2;
}
