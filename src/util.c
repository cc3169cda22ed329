/* util.c - memory, strings and error reporting. */
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

static void vreport(const char *kind, const char *file, unsigned line,
		    const char *fmt, va_list ap)
{
	if (file && line)
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
	vreport("error", file, line, fmt, ap);
	va_end(ap);
}

void warning_at(const char *file, unsigned line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("warning", file, line, fmt, ap);
	va_end(ap);
}

void strv_push_owned(struct strv *sv, char *s)
{
	if (sv->n + 1 >= sv->cap) {
		sv->cap = sv->cap ? sv->cap * 2 : 8;
		sv->v = xrealloc(sv->v, sv->cap * sizeof(*sv->v));
	}
	sv->v[sv->n++] = s;
	sv->v[sv->n] = NULL;
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
	if (sb->len + n + 1 > sb->cap) {
		while (sb->len + n + 1 > sb->cap)
			sb->cap = sb->cap ? sb->cap * 2 : 64;
		sb->buf = xrealloc(sb->buf, sb->cap);
	}
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
