/*
 * sleep_members.c - a member of what a parameter points to, as the
 * scan's conditions and stores name it ("p0->sg_mapping_iter.__flags"):
 * which parameter and member an access is, whether the body writes the
 * member (then a test of it is the body's, not the caller's), and the
 * tests of one (its truth, a bit of it: test_bit(nr, &p->m)).
 */
#include "clang/frontend.h"
#include "checker/sleep/sleep.h"
#include "checker/sleep/sleep_bitops.h"
#include "checker/sleep/sleep_obj.h"

#include <string.h>

int params_member_of(struct params *pa, CXCursor c, char **key)
{
	CXCursor base = clang_getNullCursor();
	CXType t;
	char *tag, *m;
	int i;

	*key = NULL;
	c = fe_strip(c);
	if (clang_getCursorKind(c) != CXCursor_MemberRefExpr)
		return -1;
	clang_visitChildren(c, fe_take_first, &base);
	/* "p->m" with m in an anonymous union of *p: p's member */
	for (int d = 0; d < 8 && clang_getCursorKind(fe_strip(base)) ==
				     CXCursor_MemberRefExpr &&
			obj_anonymous(clang_getCursorReferenced(fe_strip(base)));
	     d++) {
		CXCursor in = clang_getNullCursor();

		clang_visitChildren(fe_strip(base), fe_take_first, &in);
		base = in;
	}
	t = clang_getCanonicalType(clang_getCursorType(fe_strip(base)));
	if (t.kind != CXType_Pointer || (i = params_index(pa, base)) < 0)
		return -1;
	tag = obj_tag(clang_getPointeeType(t));
	m = fe_spelling(clang_getCursorReferenced(c));
	if (tag && *m)
		*key = xasprintf("%s.%s", tag, m);
	free(tag);
	free(m);
	return *key ? i : -1;
}

/*
 * Is token j (an "&") inside the arguments of a bit test,
 * "test_bit(nr, &x->m)", which only reads the word?
 */
static int in_bit_test(struct params *pa, unsigned j)
{
	int depth = 0;

	for (unsigned k = j; k-- > 0;) {
		const char *w = params_spelling(pa, k);

		if (!strcmp(w, ")")) {
			depth++;
		} else if (!strcmp(w, "(")) {
			if (!depth)
				return k > 0 && bitop_kind(params_spelling(pa, k - 1)) ==
						BITOP_TEST;
			depth--;
		} else if (!strcmp(w, ";") || !strcmp(w, "{") ||
			   !strcmp(w, "}")) {
			return 0;
		}
	}
	return 0;
}

/*
 * Does the body write a member named m: "x->m = v", "s.m |= v",
 * "x->m++", "++x->m", "&x->m" (an "&" three tokens before, but for
 * test_bit()'s), "WRITE_ONCE(x->m, v)"?
 */
static int member_written(struct params *pa, const char *m)
{
	static const char *const stores[] = {
		"WRITE_ONCE", "__WRITE_ONCE", "smp_store_release",
		"smp_store_mb",
	};

	params_tokens(pa);
	for (unsigned i = 1; i < pa->ntok; i++) {
		const char *prev = params_spelling(pa, i - 1);
		const char *next = params_spelling(pa, i + 1);
		const char *far = i >= 3 ? params_spelling(pa, i - 3) : "";

		if (strcmp(params_spelling(pa, i), m) ||
		    (strcmp(prev, "->") && strcmp(prev, ".")))
			continue;
		if (params_assigns(next) || !strcmp(far, "++") || !strcmp(far, "--") ||
		    (!strcmp(far, "&") && !in_bit_test(pa, i - 3)))
			return 1;
		for (size_t k = 0; i >= 4 && !strcmp(far, "(") &&
				   k < ARRAY_SIZE(stores); k++)
			if (!strcmp(params_spelling(pa, i - 4), stores[k]))
				return 1;
	}
	return 0;
}

int params_member_written(struct params *pa, const char *m)
{
	return member_written(pa, m);
}

int params_field(struct params *pa, CXCursor c, char **key)
{
	int i = params_member_of(pa, obj_member_read(c), key);
	char *m;

	if (i < 0)
		return -1;
	m = strrchr(*key, '.') + 1;
	if (member_written(pa, m)) {
		free(*key);
		*key = NULL;
		return -1;
	}
	return i;
}

/*
 * "test_bit(nr, &p->m)" (sleep_bitops.h): a test of the bit's mask in
 * a member of what a parameter points to, which the body never writes;
 * 0 when c is none.
 */
int params_bit_test(struct params *pa, CXCursor c)
{
	CXCursor addr, in = clang_getNullCursor();
	long long bit;
	char *key;
	int i, a;

	if (bitop_call(c, &bit, &addr) != BITOP_TEST)
		return 0;
	addr = fe_strip(addr);
	while (clang_getCursorKind(addr) == CXCursor_CStyleCastExpr) {
		clang_visitChildren(addr, fe_take_last, &in);
		addr = fe_strip(in);
	}
	in = sleep_address_operand(addr);	/* "&p->m" */
	if (clang_Cursor_isNull(in) || (i = params_field(pa, in, &key)) < 0)
		return 0;
	a = params_pred_field(pa, i, key, PRED_MASK, bit);
	free(key);
	return a;
}

/*
 * "if (p->m)", or "file = store->file; ... if (file)": the truth of a
 * member of what a parameter points to, which the body never writes, as
 * "!p0->T.m=0"; 0 when c is none.
 */
int params_member_truth(struct params *pa, CXCursor c)
{
	char *key;
	int i = params_field(pa, c, &key), a;

	if (i < 0)
		return 0;
	a = params_pred_field(pa, i, key, PRED_EQ, 0);
	free(key);
	return -a;
}
