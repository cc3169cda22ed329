/* util.h - memory, strings and error reporting shared by every part. */
#ifndef HOOKWRAP_UTIL_H
#define HOOKWRAP_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

extern const char *progname;

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t m);
void *xrealloc(void *p, size_t n);

/*
 * Growable arrays, one way for all of them.  ARRAY_GROW(p, cap, need,
 * init) makes room for at least need elements in the array p of
 * capacity cap (any integer type): the capacity doubles, from init when
 * it is 0, until need fits.  Dies like xrealloc when the size overflows
 * size_t or cap's type.  grow_cap() is the capacity arithmetic alone
 * (for a table that is rebuilt rather than realloc'ed).
 */
size_t grow_cap(size_t cap, size_t need, size_t init, size_t elem);
#define ARRAY_GROW(p, cap, need, init)					\
	do {								\
		if ((size_t)(need) > (size_t)(cap)) {			\
			size_t grow_n_ =				\
				grow_cap((cap), (need), (init),		\
					 sizeof(*(p)));			\
			__typeof__(cap) grow_c_ = grow_n_;		\
									\
			if ((size_t)grow_c_ != grow_n_)			\
				die("out of memory");			\
			(p) = xrealloc((p), grow_n_ * sizeof(*(p)));	\
			(cap) = grow_c_;				\
		}							\
	} while (0)

char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *fmt, va_list ap);

/* Print "hookwrap: error: ..." and exit 2.  For internal failures. */
void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/*
 * reports_hold(1): from now on error_at(), warning_at() and diag_at()
 * print nothing and only count (reports_held()): for a caller that tries
 * something and, if anything at all would be said, leaves it to a
 * program that says it (src/cmd/front.c).
 */
void reports_hold(int on);
int reports_held(void);
/* Print "file:line: error: ..." (line 0 omits it) to stderr. */
void error_at(const char *file, unsigned line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void warning_at(const char *file, unsigned line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* A checker finding as gcc prints a warning, with the rule's id. */
void finding_line(FILE *fp, const char *file, unsigned line, unsigned col,
		  const char *message, const char *rule_id);
/* The order findings are printed in: file, line, column, rule id. */
int finding_cmp(const char *file_a, unsigned line_a, unsigned col_a,
		const char *rule_a, const char *file_b, unsigned line_b,
		unsigned col_b, const char *rule_b);
/* Print "file:line:col: kind: ..." (gcc style, col from 1) to stderr. */
void diag_at(const char *file, unsigned line, unsigned col, const char *kind,
	     const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* A growable vector of owned strings. */
struct strv {
	char **v;
	int n, cap;
};
/* For qsort() and bsearch() over an array of char *: strcmp() of the strings. */
int cmp_strp(const void *a, const void *b);
/* FNV-1a, 64 bits: h (FNV64_INIT to start) extended by p[0..n). */
#define FNV64_INIT 0xcbf29ce484222325ULL
unsigned long long fnv64(unsigned long long h, const void *p, size_t n);
/* The same for a string and one separator byte after it. */
unsigned long long fnv64_field(unsigned long long h, const char *s);
void strv_push(struct strv *sv, const char *s);
void strv_push_owned(struct strv *sv, char *s);
int strv_find(const struct strv *sv, const char *s);
void strv_clear(struct strv *sv);
/* Split s at white space and push every word. */
void strv_split(struct strv *sv, const char *s);

/* A growable string buffer; buf is always NUL-terminated. */
struct sbuf {
	char *buf;
	size_t len, cap;
};
void sb_addn(struct sbuf *sb, const char *s, size_t n);
void sb_add(struct sbuf *sb, const char *s);
void sb_addc(struct sbuf *sb, char c);
void sb_addf(struct sbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void sb_reset(struct sbuf *sb);
char *sb_detach(struct sbuf *sb);
void sb_free(struct sbuf *sb);

int starts_with(const char *s, const char *prefix);
/* FNV-1a of string s, for hash tables and keys. */
unsigned str_hash(const char *s);
int ends_with(const char *s, const char *suffix);
/* Collapse runs of white space to one blank and trim both ends. */
char *squeeze_space(const char *s);
char *path_join(const char *a, const char *b);
int file_exists(const char *path);
/* Read a whole file; NULL (errno set) when it cannot be read. */
char *read_file(const char *path, size_t *len);
/*
 * Text read from outside (a C file, header, config, manifest) must not
 * hold a NUL byte: C strings would end there.  Prints
 * "path:LINE: error: ..." at the first one and returns -1; 0 for text.
 */
int reject_binary(const char *path, const char *text, size_t len);

/*
 * Temporary files, one policy: they live in $TMPDIR (/tmp when unset
 * or empty), and every one is registered here, so that it is removed on
 * every way out: a normal exit, die(), and SIGINT, SIGTERM, SIGHUP,
 * SIGQUIT or SIGPIPE (then the signal is raised again).
 */
/* The directory for temporary files: $TMPDIR, else /tmp. */
const char *temp_base(void);
/*
 * mkdtemp(3) of "$TMPDIR/hookwrap-WHAT.XXXXXX" (made absolute) into
 * buf, registered for removal; buf, or NULL with errno set (buf then
 * holds the name that could not be made, for the message).
 */
char *temp_mkdtemp(char *buf, size_t size, const char *what);
/* Register a file or directory this process made, to remove on exit. */
void temp_register(const char *path);
/* Remove a registered file or directory tree now, and forget it. */
void temp_remove(const char *path);
/*
 * Remove path and, if it is a directory, everything below it, following
 * no link; iterative, however deep the tree.
 */
void remove_tree(const char *path);
/* Forget a registered path without removing it (renamed into place). */
void temp_forget(const char *path);

#endif /* HOOKWRAP_UTIL_H */
