/* util.c - memory, strings and error reporting. */
#include "core/util.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

const char *progname = "hookwrap";

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		die("out of memory");
	return p;
}

void *xcalloc(size_t n, size_t m)
{
	void *p = calloc(n ? n : 1, m ? m : 1);

	if (!p)
		die("out of memory");
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory");
	return p;
}

size_t grow_cap(size_t cap, size_t need, size_t init, size_t elem)
{
	if (!cap)
		cap = init ? init : 1;
	while (cap < need) {
		if (cap > SIZE_MAX / 2)
			die("out of memory");
		cap *= 2;
	}
	if (elem && cap > SIZE_MAX / elem)
		die("out of memory");
	return cap;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xvasprintf(const char *fmt, va_list ap)
{
	char *s;

	if (vasprintf(&s, fmt, ap) < 0)
		die("out of memory");
	return s;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}

void die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: error: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static int held, nheld;

void reports_hold(int on)
{
	held = on;
}

int reports_held(void)
{
	return nheld;
}

static void vreport(const char *kind, const char *file, unsigned line,
		    unsigned col, const char *fmt, va_list ap)
{
	if (held) {
		nheld++;
		return;
	}
	if (file && col)
		fprintf(stderr, "%s:%u:%u: %s: ", file, line, col, kind);
	else if (file && line)
		fprintf(stderr, "%s:%u: %s: ", file, line, kind);
	else if (file)
		fprintf(stderr, "%s: %s: ", file, kind);
	else
		fprintf(stderr, "%s: %s: ", progname, kind);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void error_at(const char *file, unsigned line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("error", file, line, 0, fmt, ap);
	va_end(ap);
}

void warning_at(const char *file, unsigned line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("warning", file, line, 0, fmt, ap);
	va_end(ap);
}

void diag_at(const char *file, unsigned line, unsigned col, const char *kind,
	     const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(kind, file, line, col, fmt, ap);
	va_end(ap);
}

void finding_line(FILE *fp, const char *file, unsigned line, unsigned col,
		  const char *message, const char *rule_id)
{
	fprintf(fp, "%s:%u:%u: warning: %s [%s]\n", file, line, col, message,
		rule_id);
}

int finding_cmp(const char *file_a, unsigned line_a, unsigned col_a,
		const char *rule_a, const char *file_b, unsigned line_b,
		unsigned col_b, const char *rule_b)
{
	int c = strcmp(file_a, file_b);

	if (c)
		return c;
	if (line_a != line_b)
		return line_a < line_b ? -1 : 1;
	if (col_a != col_b)
		return col_a < col_b ? -1 : 1;
	return strcmp(rule_a, rule_b);
}

void strv_push_owned(struct strv *sv, char *s)
{
	ARRAY_GROW(sv->v, sv->cap, sv->n + 2, 8);	/* and the NULL */
	sv->v[sv->n++] = s;
	sv->v[sv->n] = NULL;
}

unsigned long long fnv64(unsigned long long h, const void *p, size_t n)
{
	const unsigned char *s = p;

	for (size_t i = 0; i < n; i++) {
		h ^= s[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

unsigned long long fnv64_field(unsigned long long h, const char *s)
{
	static const unsigned char sep = 0xff;

	return fnv64(fnv64(h, s, strlen(s)), &sep, 1);
}

int cmp_strp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void strv_push(struct strv *sv, const char *s)
{
	strv_push_owned(sv, xstrdup(s));
}

int strv_find(const struct strv *sv, const char *s)
{
	for (int i = 0; i < sv->n; i++)
		if (!strcmp(sv->v[i], s))
			return i;
	return -1;
}

void strv_clear(struct strv *sv)
{
	for (int i = 0; i < sv->n; i++)
		free(sv->v[i]);
	free(sv->v);
	sv->v = NULL;
	sv->n = sv->cap = 0;
}

void strv_split(struct strv *sv, const char *s)
{
	while (*s) {
		const char *e;

		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		e = s;
		while (*e && !isspace((unsigned char)*e))
			e++;
		strv_push_owned(sv, xstrndup(s, e - s));
		s = e;
	}
}

void sb_addn(struct sbuf *sb, const char *s, size_t n)
{
	ARRAY_GROW(sb->buf, sb->cap, sb->len + n + 1, 64);
	memcpy(sb->buf + sb->len, s, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void sb_add(struct sbuf *sb, const char *s)
{
	sb_addn(sb, s, strlen(s));
}

void sb_addc(struct sbuf *sb, char c)
{
	sb_addn(sb, &c, 1);
}

void sb_addf(struct sbuf *sb, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	sb_add(sb, s);
	free(s);
}

void sb_reset(struct sbuf *sb)
{
	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
}

char *sb_detach(struct sbuf *sb)
{
	char *s = sb->buf ? sb->buf : xstrdup("");

	sb->buf = NULL;
	sb->len = sb->cap = 0;
	return s;
}

void sb_free(struct sbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->cap = 0;
}

unsigned str_hash(const char *s)
{
	unsigned h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

int starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && !strcmp(s + n - m, suffix);
}

char *squeeze_space(const char *s)
{
	struct sbuf sb = { 0 };
	int space = 0;

	while (isspace((unsigned char)*s))
		s++;
	for (; *s; s++) {
		if (isspace((unsigned char)*s)) {
			space = 1;
			continue;
		}
		if (space)
			sb_addc(&sb, ' ');
		space = 0;
		sb_addc(&sb, *s);
	}
	return sb_detach(&sb);
}

char *path_join(const char *a, const char *b)
{
	if (!a || !*a || b[0] == '/')
		return xstrdup(b);
	if (ends_with(a, "/"))
		return xasprintf("%s%s", a, b);
	return xasprintf("%s/%s", a, b);
}

int file_exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct sbuf sb = { 0 };
	char buf[65536];
	size_t n;

	if (!f)
		return NULL;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		sb_addn(&sb, buf, n);
	if (ferror(f)) {
		int e = errno;

		fclose(f);
		sb_free(&sb);
		errno = e;
		return NULL;
	}
	fclose(f);
	if (len)
		*len = sb.len;
	if (!sb.buf)
		return xstrdup("");
	return sb_detach(&sb);
}

int reject_binary(const char *path, const char *text, size_t len)
{
	const char *nul = memchr(text, '\0', len);
	unsigned line = 1;

	if (!nul)
		return 0;
	for (const char *s = text; s < nul; s++)
		line += *s == '\n';
	error_at(path, line, "a NUL byte: this is a binary file, not text; "
		 "remove the byte or name the right file");
	return -1;
}

/*
 * The temporary files.  A slot holds an absolute path and the identity
 * (device, inode) of what this process made there: what is gone, or was
 * replaced by someone else's, is left alone.  The signal handler reads
 * the slots, so they change only with the fatal signals blocked, and
 * removal uses only async-signal-safe calls (no malloc, no opendir).
 */
#define MAX_TEMPS 64

static struct temp {
	char *path;
	dev_t dev;
	ino_t ino;
} temps[MAX_TEMPS];
static pid_t temp_owner;
static const int fatal_signals[] = { SIGHUP, SIGINT, SIGQUIT, SIGPIPE,
				     SIGTERM };
static struct sigaction saved_actions[ARRAY_SIZE(fatal_signals)];

/*
 * Remove name (under dirfd) and, if it is a directory, everything below
 * it, following no link.  No recursion, however deep the directories
 * go, and no malloc (the signal handler calls it): go down from the top
 * to a directory that holds no directory, removing the files met on the
 * way; remove that directory; start again from the top, which goes
 * last.  Three descriptors at most are open.  What cannot be removed
 * (eight failures in a row) is left.
 */
static void remove_at(int dirfd, const char *name)
{
	char buf[2048] __attribute__((aligned(8)));
	char leaf[256];		/* NAME_MAX + 1 */
	int failures = 0;

	if (!unlinkat(dirfd, name, 0) || errno == ENOENT)
		return;
	if (errno != EISDIR && errno != EPERM)
		return;
	while (failures < 8) {
		int parent = -1, r;
		int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY |
				O_NOFOLLOW | O_CLOEXEC);

		if (fd < 0)
			return;
		for (;;) {	/* down to a directory with none below */
			int sub = -1;
			long n;

			while (sub < 0 && (n = syscall(SYS_getdents64, fd, buf,
						       sizeof(buf))) > 0) {
				for (long off = 0; off < n && sub < 0; ) {
					struct dirent64 *d = (void *)(buf + off);

					off += d->d_reclen;
					if (!strcmp(d->d_name, ".") ||
					    !strcmp(d->d_name, ".."))
						continue;
					if (!unlinkat(fd, d->d_name, 0) ||
					    (errno != EISDIR && errno != EPERM))
						continue;
					sub = openat(fd, d->d_name, O_RDONLY |
						     O_DIRECTORY | O_NOFOLLOW |
						     O_CLOEXEC);
					if (sub >= 0)
						memcpy(leaf, d->d_name,
						       strlen(d->d_name) + 1);
				}
			}
			if (sub < 0)
				break;
			if (parent >= 0)
				close(parent);
			parent = fd;
			fd = sub;
		}
		close(fd);
		if (parent < 0)
			r = unlinkat(dirfd, name, AT_REMOVEDIR);
		else
			r = unlinkat(parent, leaf, AT_REMOVEDIR);
		if (!r || errno == ENOENT)
			failures = 0;
		else
			failures++;	/* entries hidden by removals, or stuck */
		if (parent >= 0)
			close(parent);
		else if (!failures)
			return;
	}
}

void remove_tree(const char *path)
{
	remove_at(AT_FDCWD, path);
}

/* Is slot i still what this process made? */
static int temp_ours(int i)
{
	struct stat st;

	return temps[i].path && !lstat(temps[i].path, &st) &&
	       st.st_dev == temps[i].dev && st.st_ino == temps[i].ino;
}

static void temp_cleanup(void)
{
	if (getpid() != temp_owner)
		return;		/* a forked child: not its files */
	for (int i = 0; i < MAX_TEMPS; i++)
		if (temp_ours(i))
			remove_at(AT_FDCWD, temps[i].path);
}

static void temp_signal(int sig)
{
	temp_cleanup();
	/* The handler there was before, or the default: it ends us. */
	for (size_t i = 0; i < ARRAY_SIZE(fatal_signals); i++)
		if (fatal_signals[i] == sig)
			sigaction(sig, &saved_actions[i], NULL);
	raise(sig);
}

static void temp_block(sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	for (size_t i = 0; i < ARRAY_SIZE(fatal_signals); i++)
		sigaddset(&set, fatal_signals[i]);
	sigprocmask(SIG_BLOCK, &set, old);
}

static void temp_init(void)
{
	struct sigaction sa;

	if (temp_owner)
		return;
	temp_owner = getpid();
	atexit(temp_cleanup);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = temp_signal;
	for (size_t i = 0; i < ARRAY_SIZE(fatal_signals); i++)
		sigaddset(&sa.sa_mask, fatal_signals[i]);
	for (size_t i = 0; i < ARRAY_SIZE(fatal_signals); i++) {
		sigaction(fatal_signals[i], NULL, &saved_actions[i]);
		/* Ignored (nohup, a pipe the caller ignores): stays so. */
		if (saved_actions[i].sa_handler != SIG_IGN)
			sigaction(fatal_signals[i], &sa, NULL);
	}
}

/* path made absolute (malloc'd): a later chdir must not move it. */
static char *absolute(const char *path)
{
	char *cwd, *abs;

	if (path[0] == '/')
		return xstrdup(path);
	cwd = getcwd(NULL, 0);
	if (!cwd)
		die("cannot find the current directory: %s", strerror(errno));
	abs = path_join(cwd, path);
	free(cwd);
	return abs;
}

static int temp_find(const char *abs)
{
	for (int i = 0; i < MAX_TEMPS; i++)
		if (temps[i].path && !strcmp(temps[i].path, abs))
			return i;
	return -1;
}

void temp_register(const char *path)
{
	char *abs = absolute(path);
	struct stat st;
	sigset_t old;
	int i;

	if (lstat(abs, &st)) {
		free(abs);	/* nothing there to remove */
		return;
	}
	temp_init();
	temp_block(&old);
	for (i = 0; i < MAX_TEMPS && temps[i].path; i++)
		;
	if (i == MAX_TEMPS)
		die("more than %d temporary files at once", MAX_TEMPS);
	temps[i].dev = st.st_dev;
	temps[i].ino = st.st_ino;
	temps[i].path = abs;
	sigprocmask(SIG_SETMASK, &old, NULL);
}

void temp_remove(const char *path)
{
	char *abs = absolute(path);
	sigset_t old;
	int i, ours = 0;

	temp_block(&old);
	i = temp_find(abs);
	if (i >= 0)
		ours = temp_ours(i);
	if (ours)
		remove_at(AT_FDCWD, abs);
	if (i >= 0) {
		free(temps[i].path);
		temps[i].path = NULL;
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	free(abs);
}

void temp_forget(const char *path)
{
	char *abs = absolute(path);
	sigset_t old;
	int i;

	temp_block(&old);
	i = temp_find(abs);
	if (i >= 0) {
		free(temps[i].path);
		temps[i].path = NULL;
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	free(abs);
}

const char *temp_base(void)
{
	const char *d = getenv("TMPDIR");

	return d && *d ? d : "/tmp";
}

char *temp_mkdtemp(char *buf, size_t size, const char *what)
{
	char *base = absolute(temp_base());
	size_t n = strlen(base);
	int len;

	while (n > 1 && base[n - 1] == '/')
		base[--n] = '\0';
	len = snprintf(buf, size, "%s/hookwrap-%s.XXXXXX",
		       n > 1 ? base : "", what);
	free(base);
	if (len < 0 || (size_t)len >= size) {
		errno = ENAMETOOLONG;
		return NULL;
	}
	if (!mkdtemp(buf))
		return NULL;
	temp_register(buf);
	return buf;
}
