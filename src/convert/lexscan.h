/*
 * lexscan.h - a lexical pass over one C file: every POINTER->NAME
 * outside comments, string and character literals and #if 0 blocks,
 * and where the file's includes are.
 *
 * "hookwrap convert" takes the meaning of each use from spatch; this
 * pass gives the exact bytes to rewrite and lets convert notice uses
 * that spatch did not see (code it could not parse).
 */
#ifndef HOOKWRAP_LEXSCAN_H
#define HOOKWRAP_LEXSCAN_H

#include <stddef.h>

struct use {
	size_t off;		/* first byte of the pointer name */
	size_t end;		/* just past the member name */
	unsigned line;		/* of the pointer name, from 1 */
	unsigned col;		/* bytes from the line start, from 0 */
	char *member;
	int is_call;		/* next token is "(" (over blanks, comments
				 * and line breaks: a call split over lines) */
	int operand;		/* after "&" or sizeof/typeof/alignof (also
				 * through parentheses): not a plain call */
	char *func;		/* the function whose body holds it (the
				 * name before the top-level "{"), or NULL */
	const char *kind;	/* set by convert: spatch's classification */
	int converted;		/* set by convert: the call was rewritten */
};

struct lex_scan {
	struct use *v;
	int n, cap;
	/* Offset just past the last unconditional #include <linux/...>
	 * line, and past the last unconditional #include of any kind;
	 * 0 when there is none. */
	size_t after_linux_include;
	size_t after_any_include;
	int has_header;		/* #include <incname> or "incname" anywhere */
};

/*
 * Scan text for uses of pointer.  incname is the include name of the
 * wrapper header ("linux/security.h").
 */
void lexscan(const char *text, size_t len, const char *pointer,
	     const char *incname, struct lex_scan *s);
void scan_free(struct lex_scan *s);

#endif /* HOOKWRAP_LEXSCAN_H */
