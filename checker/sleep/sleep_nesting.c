/*
 * sleep_nesting.c - a section begun on a nesting depth's first level and
 * ended on its last, for the sleep walk (sleep_walk.c).
 *
 * Code that may nest a section keeps a depth and begins the section
 * only at the outermost level, ends it only there:
 *
 *	*pcpu += 1;			*pcpu -= 1;
 *	if (*pcpu == 1)			if (*pcpu <= 0)
 *		kernel_fpu_begin();		kernel_fpu_end();
 *
 * (amdgpu's dc_fpu_begin() and dc_fpu_end() of Linux 6.1).  The path
 * that skips the begin is a nested one: an outer begin opened the
 * section and it is open there as well; the path that skips the end
 * leaves it to an outer end.  So for what the function does to its
 * caller's regions, the arm is taken on both paths.  The test is read
 * as the code writes it: the depth tested is the one the statement just
 * before changed ("d += 1;", "d++;", "++d;"), or the test changes it
 * itself ("++d == 1", "atomic_inc_return(&d) == 1",
 * "atomic_dec_and_test(&d)").
 */
#include "checker/sleep/sleep_nesting.h"
#include "clang/frontend.h"

#include <string.h>

/* Does t end with suffix after something; *len: the length before it. */
static int cut_suffix(const char *t, const char *suffix, size_t *len)
{
	if (!ends_with(t, suffix) || strlen(t) == strlen(suffix))
		return 0;
	*len = strlen(t) - strlen(suffix);
	return 1;
}

/* Is t "NAMEword(...)", a call of a function whose name ends in word? */
static int call_ending(const char *t, const char *word)
{
	const char *p = strchr(t, '(');
	size_t k = strlen(word);

	return p && p - t >= (long)k && !strncmp(p - k, word, k) &&
	       ends_with(t, ")");
}

/*
 * Is prev a statement that changes depth d by one, up (dir 1) or down
 * (dir -1): "d += 1", "d++", "++d"?
 */
static int steps(const char *prev, const char *d, size_t n, int dir)
{
	const char *op = dir > 0 ? "+" : "-";
	char *a = xasprintf("%.*s%s=1", (int)n, d, op);
	char *b = xasprintf("%.*s%s%s", (int)n, d, op, op);
	char *c = xasprintf("%s%s%.*s", op, op, (int)n, d);
	int is = !strcmp(prev, a) || !strcmp(prev, b) || !strcmp(prev, c);

	free(a);
	free(b);
	free(c);
	return is;
}

/*
 * Can c be such a test, by its kind alone: "x == 1", "x <= 0" (a
 * comparison with 0 or 1), "!x", "atomic_dec_and_test(&d)"?  So that
 * most conditions are never tokenized.
 */
static int may_be_test(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor rhs = clang_getNullCursor();
	long long v;
	char *name;
	int is;

	if (k == CXCursor_UnaryOperator)
		return 1;
	if (k == CXCursor_BinaryOperator) {
		clang_visitChildren(c, fe_take_last, &rhs);
		return !clang_Cursor_isNull(rhs) && sleep_value(rhs, &v) &&
		       (v == 0 || v == 1);
	}
	if (k != CXCursor_CallExpr)
		return 0;
	name = fe_spelling(c);
	is = name && strstr(name, "dec_and_test");
	free(name);
	return is;
}

int nesting_test(struct sleep_scan *s, CXCursor cond, CXCursor prev)
{
	char *t, *p = NULL;
	size_t n = 0;
	int dir = 0, r = 0;

	if (!may_be_test(fe_strip(cond)))
		return 0;
	t = code_text(s, file_range(s, cond));
	if (!t || !*t)
		goto out;
	if (cut_suffix(t, "==1", &n))
		dir = 1;
	else if (cut_suffix(t, "==0", &n) || cut_suffix(t, "<=0", &n) ||
		 cut_suffix(t, "<1", &n))
		dir = -1;
	else if (t[0] == '!' && t[1]) {
		memmove(t, t + 1, strlen(t));
		n = strlen(t);
		dir = -1;
	} else if (call_ending(t, "dec_and_test")) {
		r = -1;		/* "atomic_dec_and_test(&d)" */
		goto out;
	} else
		goto out;
	t[n] = '\0';
	/* The test changes the depth itself. */
	if (!strncmp(t, dir > 0 ? "++" : "--", 2) ||
	    call_ending(t, dir > 0 ? "inc_return" : "dec_return")) {
		r = dir;
		goto out;
	}
	if (clang_Cursor_isNull(prev))
		goto out;
	p = code_text(s, file_range(s, prev));
	if (p && steps(p, t, n, dir))
		r = dir;
out:
	free(t);
	free(p);
	return r;
}
