/*
 * servewire.h - what the front ("hookwrap", src/cmd/front.c) hands to a
 * running "hookwrap serve" (src/cmd/serve.c) instead of exec'ing
 * hookwrap-full, and what it gets back.
 *
 * Over a Unix stream socket the front sends one header (struct
 * serve_hdr) with four descriptors attached (SCM_RIGHTS: its standard
 * input, output and error, and its working directory), then the
 * request's bytes (serve_req_encode()).  The server answers one byte:
 * SERVE_REFUSED (the front then runs hookwrap-full itself, as if no
 * server were there) or SERVE_STARTED.  After SERVE_STARTED the front
 * sends a byte per signal it receives (the server delivers it to the
 * command), and the server sends the end: SERVE_EXITED and the exit
 * status, or SERVE_KILLED and the signal.
 */
#ifndef HOOKWRAP_SERVEWIRE_H
#define HOOKWRAP_SERVEWIRE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/resource.h>

#define SERVE_MAGIC 0x31535748u	/* "HWS1" */
#define SERVE_NFDS 4		/* stdin, stdout, stderr, the cwd */
/* A request longer than this is refused (kbuild's lines are far shorter). */
#define SERVE_MAX_REQ (8u << 20)

enum { SERVE_REFUSED = 'R', SERVE_STARTED = 'S', SERVE_EXITED = 'E',
       SERVE_KILLED = 'K' };

struct serve_hdr {
	uint32_t magic;
	uint32_t len;		/* the request's bytes that follow */
};

/* The resource limits a request carries, in this order. */
#define SERVE_NLIMITS 7
extern const int serve_limits[SERVE_NLIMITS];

/* Signals 1 to SERVE_MAXSIG travel, each as its bit of a mask. */
#define SERVE_MAXSIG 64
static inline uint64_t serve_sigbit(int s)
{
	return 1ull << (s - 1);
}

struct serve_req {
	int argc;
	char **argv;		/* argc strings and a NULL */
	int envc;
	char **envp;		/* envc strings and a NULL */
	char *full;		/* the program the front would exec */
	uint64_t dev, ino;	/* its identity: stat(2) of full */
	int64_t mtime_s, mtime_ns;
	uint32_t umask;
	uint64_t ignored;	/* serve_sigbit(s): signal s is ignored */
	uint64_t blocked;	/* serve_sigbit(s): signal s is blocked */
	struct rlimit lim[SERVE_NLIMITS];
};

/* The request's bytes, malloc'ed; *len their number. */
char *serve_req_encode(const struct serve_req *r, size_t *len);
/*
 * Read a request from len bytes; 0, or -1 when they are not one (a
 * count past the bytes, a string without its end, bytes left over).
 * On success r owns copies of everything; serve_req_free() frees them.
 */
int serve_req_decode(const char *buf, size_t len, struct serve_req *r);
void serve_req_free(struct serve_req *r);

/*
 * Exactly n bytes to or from a socket; 0, or -1 (errno; EOF: EPIPE).
 * A peer gone is an error, never a SIGPIPE.
 */
int serve_send_all(int sock, const void *buf, size_t n);
int serve_read_all(int sock, void *buf, size_t n);
struct sockaddr_un;
/* path as a socket's address; -1 when it is too long for one. */
int serve_addr(const char *path, struct sockaddr_un *a);
/* A connection to the socket at path, close-on-exec; -1 when none. */
int serve_connect(const char *path);

/* The header with SERVE_NFDS descriptors attached: send, receive. */
int serve_send_hdr(int sock, const struct serve_hdr *h, const int *fds);
int serve_recv_hdr(int sock, struct serve_hdr *h, int *fds);

#endif /* HOOKWRAP_SERVEWIRE_H */
