/*
 * servewire.c - the request of a front to "hookwrap serve", as bytes,
 * and the descriptors sent with it (servewire.h).  Both ends are
 * programs of one build on one machine: numbers go in the machine's own
 * order.  The layout:
 *
 *	u32 argc, u32 envc
 *	argc + envc + 1 strings, each with its '\0': argv, envp, full
 *	u64 dev, ino; i64 mtime_s, mtime_ns; u32 umask;
 *	u64 ignored, blocked; SERVE_NLIMITS x (u64 cur, u64 max)
 */
#include "core/servewire.h"
#include "core/util.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

const int serve_limits[SERVE_NLIMITS] = {
	RLIMIT_CPU, RLIMIT_FSIZE, RLIMIT_DATA, RLIMIT_STACK, RLIMIT_CORE,
	RLIMIT_NOFILE, RLIMIT_AS,
};

/* More strings than this is not a command line. */
#define MAX_STRINGS (1u << 20)

struct out {
	char *p;
	size_t n, cap;
};

static void put(struct out *o, const void *v, size_t n)
{
	ARRAY_GROW(o->p, o->cap, o->n + n, 256);
	memcpy(o->p + o->n, v, n);
	o->n += n;
}

static void put_u32(struct out *o, uint32_t v) { put(o, &v, sizeof(v)); }
static void put_u64(struct out *o, uint64_t v) { put(o, &v, sizeof(v)); }
static void put_str(struct out *o, const char *s) { put(o, s, strlen(s) + 1); }

char *serve_req_encode(const struct serve_req *r, size_t *len)
{
	struct out o = { 0 };

	put_u32(&o, (uint32_t)r->argc);
	put_u32(&o, (uint32_t)r->envc);
	for (int i = 0; i < r->argc; i++)
		put_str(&o, r->argv[i]);
	for (int i = 0; i < r->envc; i++)
		put_str(&o, r->envp[i]);
	put_str(&o, r->full);
	put_u64(&o, r->dev);
	put_u64(&o, r->ino);
	put_u64(&o, (uint64_t)r->mtime_s);
	put_u64(&o, (uint64_t)r->mtime_ns);
	put_u32(&o, r->umask);
	put_u64(&o, r->ignored);
	put_u64(&o, r->blocked);
	for (int i = 0; i < SERVE_NLIMITS; i++) {
		put_u64(&o, (uint64_t)r->lim[i].rlim_cur);
		put_u64(&o, (uint64_t)r->lim[i].rlim_max);
	}
	*len = o.n;
	return o.p;
}

struct in {
	const char *p;
	size_t n, at;
};

static int get(struct in *in, void *v, size_t n)
{
	if (in->n - in->at < n)
		return -1;
	memcpy(v, in->p + in->at, n);
	in->at += n;
	return 0;
}

/* A copy of the string at the cursor; NULL when it has no end. */
static char *get_str(struct in *in)
{
	const char *s = in->p + in->at;
	const char *end = memchr(s, '\0', in->n - in->at);

	if (!end)
		return NULL;
	in->at += (size_t)(end - s) + 1;
	return xstrdup(s);
}

/* n strings into a NULL-ended array; NULL when one has no end. */
static char **get_strs(struct in *in, uint32_t n)
{
	char **v = xcalloc((size_t)n + 1, sizeof(*v));

	for (uint32_t i = 0; i < n; i++) {
		if (!(v[i] = get_str(in))) {
			for (uint32_t k = 0; k < i; k++)
				free(v[k]);
			free(v);
			return NULL;
		}
	}
	return v;
}

int serve_req_decode(const char *buf, size_t len, struct serve_req *r)
{
	struct in in = { buf, len, 0 };
	uint32_t argc, envc;
	uint64_t u = 0;
	int bad = 0;

	memset(r, 0, sizeof(*r));
	if (get(&in, &argc, 4) || get(&in, &envc, 4) || argc < 1 ||
	    argc > MAX_STRINGS || envc > MAX_STRINGS ||
	    /* Each string takes a byte at least. */
	    (size_t)argc + envc + 1 > len - in.at)
		return -1;
	r->argc = (int)argc;
	r->envc = (int)envc;
	if (!(r->argv = get_strs(&in, argc)) ||
	    !(r->envp = get_strs(&in, envc)) || !(r->full = get_str(&in)))
		bad = 1;
	bad = bad || get(&in, &r->dev, 8) || get(&in, &r->ino, 8);
	bad = bad || get(&in, &u, 8);
	r->mtime_s = (int64_t)u;
	bad = bad || get(&in, &u, 8);
	r->mtime_ns = (int64_t)u;
	bad = bad || get(&in, &r->umask, 4) || get(&in, &r->ignored, 8) ||
	      get(&in, &r->blocked, 8);
	for (int i = 0; i < SERVE_NLIMITS && !bad; i++) {
		uint64_t cur = 0, max = 0;

		bad = get(&in, &cur, 8) || get(&in, &max, 8);
		r->lim[i].rlim_cur = (rlim_t)cur;
		r->lim[i].rlim_max = (rlim_t)max;
	}
	if (bad || in.at != len) {
		serve_req_free(r);
		return -1;
	}
	return 0;
}

void serve_req_free(struct serve_req *r)
{
	for (int i = 0; r->argv && r->argv[i]; i++)
		free(r->argv[i]);
	for (int i = 0; r->envp && r->envp[i]; i++)
		free(r->envp[i]);
	free(r->argv);
	free(r->envp);
	free(r->full);
	memset(r, 0, sizeof(*r));
}

int serve_send_all(int sock, const void *buf, size_t n)
{
	const char *p = buf;

	while (n) {
		ssize_t w = send(sock, p, n, MSG_NOSIGNAL);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

int serve_read_all(int sock, void *buf, size_t n)
{
	char *p = buf;

	while (n) {
		ssize_t r = read(sock, p, n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r == 0)
			errno = EPIPE;
		if (r <= 0)
			return -1;
		p += r;
		n -= (size_t)r;
	}
	return 0;
}

int serve_addr(const char *path, struct sockaddr_un *a)
{
	if (strlen(path) >= sizeof(a->sun_path))
		return -1;
	memset(a, 0, sizeof(*a));
	a->sun_family = AF_UNIX;
	strcpy(a->sun_path, path);
	return 0;
}

int serve_connect(const char *path)
{
	struct sockaddr_un a;
	int s;

	if (serve_addr(path, &a))
		return -1;
	s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (s >= 0 && connect(s, (struct sockaddr *)&a, sizeof(a))) {
		close(s);
		s = -1;
	}
	return s;
}

int serve_send_hdr(int sock, const struct serve_hdr *h, const int *fds)
{
	union {
		char buf[CMSG_SPACE(SERVE_NFDS * sizeof(int))];
		struct cmsghdr align;
	} c;
	struct iovec iov = { (void *)h, sizeof(*h) };
	struct msghdr m = { 0 };
	struct cmsghdr *cm;
	ssize_t w;

	memset(&c, 0, sizeof(c));
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	m.msg_control = c.buf;
	m.msg_controllen = sizeof(c.buf);
	cm = CMSG_FIRSTHDR(&m);
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(SERVE_NFDS * sizeof(int));
	memcpy(CMSG_DATA(cm), fds, SERVE_NFDS * sizeof(int));
	do
		w = sendmsg(sock, &m, MSG_NOSIGNAL);
	while (w < 0 && errno == EINTR);
	return w == (ssize_t)sizeof(*h) ? 0 : -1;
}

int serve_recv_hdr(int sock, struct serve_hdr *h, int *fds)
{
	union {
		char buf[CMSG_SPACE(SERVE_NFDS * sizeof(int))];
		struct cmsghdr align;
	} c;
	struct iovec iov = { h, sizeof(*h) };
	struct msghdr m = { 0 };
	struct cmsghdr *cm;
	ssize_t r;
	int got = 0;

	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	m.msg_control = c.buf;
	m.msg_controllen = sizeof(c.buf);
	do
		r = recvmsg(sock, &m, MSG_CMSG_CLOEXEC | MSG_WAITALL);
	while (r < 0 && errno == EINTR);
	for (cm = r > 0 ? CMSG_FIRSTHDR(&m) : NULL; cm;
	     cm = CMSG_NXTHDR(&m, cm)) {
		if (cm->cmsg_level == SOL_SOCKET &&
		    cm->cmsg_type == SCM_RIGHTS && !got &&
		    cm->cmsg_len == CMSG_LEN(SERVE_NFDS * sizeof(int))) {
			memcpy(fds, CMSG_DATA(cm), SERVE_NFDS * sizeof(int));
			got = 1;
		}
	}
	if (r != (ssize_t)sizeof(*h) || !got || (m.msg_flags & MSG_CTRUNC) ||
	    h->magic != SERVE_MAGIC || h->len > SERVE_MAX_REQ) {
		if (got)
			for (int i = 0; i < SERVE_NFDS; i++)
				close(fds[i]);
		return -1;
	}
	return 0;
}
