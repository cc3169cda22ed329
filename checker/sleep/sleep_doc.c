/*
 * sleep_doc.c - what a function's kernel-doc says of its context: the
 * "Context:" section of the comment above it (Documentation/doc-guide/
 * kernel-doc.rst), when it promises that the function may be called in
 * atomic context.  folio_put()'s "Context: May be called in process or
 * interrupt context, but not in NMI context.  May be called while
 * holding a spinlock." is the kernel's contract with every caller: a
 * call of it under a lock is no sleep of the caller's, whatever chain
 * the analysis finds below it (docs/rules/sleep-in-atomic.md,
 * "Documented context").  Read from the tree's own comments; no list of
 * names.  The comment is outside input (a tree's text): bounded, every
 * byte read once (tests/fuzz/fuzz_doc.c).
 */
#include "checker/sleep/sleep.h"

#include <ctype.h>
#include <string.h>

/* Longest section kept: longer ones are cut (never a promise then). */
#define DOC_MAX 400

/*
 * The text of line [p, end) after the comment's decoration: leading
 * blanks, "/" "**" or one "*", blanks; *len its length without the
 * closing star-slash and trailing blanks.
 */
static const char *undecorate(const char *p, const char *end, size_t *len)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (end - p >= 3 && !strncmp(p, "/**", 3))
		p += 3;
	else if (end - p >= 2 && !strncmp(p, "//", 2))
		p += 2 + (end - p >= 3 && p[2] == '/');
	else if (p < end && *p == '*' && !(end - p >= 2 && p[1] == '/'))
		p++;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	while (end > p && (end[-1] == ' ' || end[-1] == '\t' ||
			   end[-1] == '\r'))
		end--;
	if (end - p >= 2 && end[-2] == '*' && end[-1] == '/') {
		end -= 2;
		while (end > p && (end[-1] == ' ' || end[-1] == '\t' ||
				   end[-1] == '*'))
			end--;
	}
	*len = end - p;
	return p;
}

/* Does line [p, p+n) open a kernel-doc section ("Return:", "Note:")? */
static int section_head(const char *p, size_t n)
{
	size_t i = 0;

	if (!n || !isupper((unsigned char)p[0]))
		return 0;
	while (i < n && i < 24 && (isalpha((unsigned char)p[i]) || p[i] == ' '))
		i++;
	return i < n && p[i] == ':';
}

/*
 * The "Context:" section of comment text, whitespace made single
 * spaces, malloc'd; NULL when it has none (or an empty one).
 */
char *doc_context_section(const char *comment)
{
	struct sbuf sb = { 0 };
	const char *p = comment;
	int in = 0, cut = 0;

	while (p && *p) {
		const char *nl = strchr(p, '\n');
		const char *end = nl ? nl : p + strlen(p);
		size_t n;
		const char *t = undecorate(p, end, &n);

		if (!in && n >= 8 && !strncmp(t, "Context:", 8)) {
			in = 1;
			t += 8;
			n -= 8;
		} else if (in && (!n || section_head(t, n))) {
			break;
		}
		for (size_t i = 0; in && i < n; i++) {
			int sp = t[i] == ' ' || t[i] == '\t';

			if (sb.len >= DOC_MAX) {
				cut = 1;
				break;
			}
			if (sp && (!sb.len || sb.buf[sb.len - 1] == ' '))
				continue;
			sb_addc(&sb, sp ? ' ' : t[i]);
		}
		if (cut)
			break;
		if (in && sb.len && sb.buf[sb.len - 1] != ' ')
			sb_addc(&sb, ' ');
		p = nl ? nl + 1 : NULL;
	}
	while (sb.len && sb.buf[sb.len - 1] == ' ')
		sb.buf[--sb.len] = '\0';
	if (!sb.len || cut) {
		sb_free(&sb);
		return NULL;
	}
	return sb_detach(&sb);
}

/* Is word w at l[i] (lower case), not inside another word? */
static int word_at(const char *l, size_t i, const char *w)
{
	size_t n = strlen(w);

	return !strncmp(l + i, w, n) && (i == 0 || !isalpha((unsigned char)l[i - 1])) &&
	       !isalpha((unsigned char)l[i + n]);
}

/* The word before l[i] (lower case): is it one of "not", "never"? */
static int negated(const char *l, size_t i)
{
	size_t e = i, b;

	while (e > 0 && l[e - 1] == ' ')
		e--;
	b = e;
	while (b > 0 && isalpha((unsigned char)l[b - 1]))
		b--;
	return (e - b == 3 && !strncmp(l + b, "not", 3)) ||
	       (e - b == 5 && !strncmp(l + b, "never", 5)) ||
	       (e - b == 6 && !strncmp(l + b, "cannot", 6));
}

/*
 * Does the section (lower case) say the function may sleep, or make
 * its promise depend on something (GFP flags, a condition)?  Any
 * "sleep" or "block" word not after "not"/"never", "mutex", "if",
 * "unless", "provided", "as long as".
 */
static int may_sleep_or_depends(const char *l)
{
	static const char *const cond[] = {
		"if", "unless", "provided", "providing", "gfp", "mutex",
		"semaphore", "only",
	};

	for (size_t i = 0; l[i]; i++) {
		if ((!strncmp(l + i, "sleep", 5) || !strncmp(l + i, "block", 5) ||
		     !strncmp(l + i, "schedul", 7)) &&
		    (i == 0 || !isalpha((unsigned char)l[i - 1])) && !negated(l, i))
			return 1;
		for (size_t k = 0; k < ARRAY_SIZE(cond); k++)
			if (word_at(l, i, cond[k]))
				return 1;
		if (!strncmp(l + i, "as long as", 10))
			return 1;
	}
	return 0;
}

/*
 * Does a sentence deny some atomic context after "not", "never" or
 * "cannot" ("the last reference must not be dropped from atomic
 * context", "not ... while holding a raw spinlock")?  "but not in NMI
 * context" denies none the analysis knows.
 */
static int denies_atomic(const char *l)
{
	static const char *const ctx[] = {
		"atomic", "interrupt", "irq", "spinlock", "spin lock",
		"preempt", "lock held", "locks held",
	};

	for (size_t i = 0; l[i]; i++) {
		const char *end;
		char *sentence;
		int yes = 0;

		if (!word_at(l, i, "not") && !word_at(l, i, "never") &&
		    !word_at(l, i, "cannot"))
			continue;
		end = strchr(l + i, '.');
		sentence = end ? xstrndup(l + i, end - (l + i)) : xstrdup(l + i);
		for (size_t k = 0; k < ARRAY_SIZE(ctx) && !yes; k++)
			yes = strstr(sentence, ctx[k]) != NULL;
		free(sentence);
		if (yes)
			return 1;
	}
	return 0;
}

/*
 * "be called from/in X context" where X names interrupts, softirqs or
 * atomic context (not after "not"/"never"/"cannot").
 */
static int called_in_atomic(const char *l)
{
	static const char *const how[] = {
		"be called from ", "be called in ", "be used from ",
		"be used in ", "be invoked from ", "be invoked in ",
		"safe to call from ", "safe to call in ",
	};

	for (size_t k = 0; k < ARRAY_SIZE(how); k++) {
		for (const char *s = strstr(l, how[k]); s;
		     s = strstr(s + 1, how[k])) {
			const char *x = s + strlen(how[k]);
			const char *end = strstr(x, "context");
			size_t n;
			char *span;
			int yes;

			if (!end || negated(l, s - l))
				continue;
			n = end - x;
			span = xstrndup(x, n);
			yes = strstr(span, "any ") == span ||
			      strstr(span, "interrupt") || strstr(span, "irq") ||
			      strstr(span, "softirq") || strstr(span, "atomic");
			yes = yes && !strstr(span, "not ");
			free(span);
			if (yes)
				return 1;
		}
	}
	return 0;
}

char *doc_atomic_context(const char *comment)
{
	char *sec = doc_context_section(comment);
	char *l;
	int yes;

	if (!sec)
		return NULL;
	l = xstrdup(sec);
	for (char *c = l; *c; c++)
		*c = tolower((unsigned char)*c);
	yes = !may_sleep_or_depends(l) && !denies_atomic(l) &&
	      ((!strncmp(l, "any context", 11) && !isalpha((unsigned char)l[11])) ||
	       strstr(l, "while holding a spinlock") ||
	       strstr(l, "while holding a spin lock") ||
	       strstr(l, "while holding a normal spinlock") ||
	       called_in_atomic(l) ||
	       strstr(l, "does not sleep") || strstr(l, "will not sleep") ||
	       strstr(l, "never sleeps"));
	free(l);
	if (!yes) {
		free(sec);
		return NULL;
	}
	return sec;
}

/*
 * Does fn take GFP flags?  Then "Any context" is said of callers that
 * pass flags their context allows (ida_alloc_range()'s "Context: Any
 * context.", which allocates with the caller's gfp): the flags decide,
 * as they do for any allocation (sleep_alloc.c), not the comment.
 */
static int takes_gfp(CXCursor fn)
{
	int n = clang_Cursor_getNumArguments(fn);

	for (int i = 0; i < n; i++)
		if (sleep_param_gfp(fn, i))
			return 1;
	return 0;
}

char *doc_function_context(CXCursor fn)
{
	CXString s;
	const char *t;
	char *r;

	if (takes_gfp(fn))
		return NULL;
	s = clang_Cursor_getRawCommentText(fn);
	t = clang_getCString(s);
	r = t ? doc_atomic_context(t) : NULL;
	clang_disposeString(s);
	return r;
}
