/*
 * sleep_boot.c - the phases of the kernel's life where no sleep is
 * judged (sleep_boot.h).  __might_resched() keeps silent while
 * system_state is SYSTEM_BOOTING (start_kernel() until rest_init(): one
 * task, no scheduler, nothing contends) and past SYSTEM_RUNNING
 * (suspend, hibernation, halt, restart: one CPU, tasks frozen).  The
 * walk enters such a phase where the code says so (boot_mark()), and in
 * the arm of a test that holds only in early boot (boot_test()):
 *
 *	if (after_bootmem)
 *		ptr = (void *)get_zeroed_page(GFP_ATOMIC);
 *	else
 *		ptr = memblock_alloc(PAGE_SIZE, PAGE_SIZE);	(boot only)
 *
 * x86's after_bootmem is set once the page allocator takes over from
 * memblock (mem_init()), slab_is_available() once the slab allocator
 * runs (kmem_cache_init()); both long before the scheduler.
 */
#include "checker/sleep/sleep_boot.h"

#include <string.h>

/*
 * "system_state = SYSTEM_SUSPEND;": is the state assigned one where the
 * scheduler does not judge sleeps (__might_resched() returns early for
 * SYSTEM_BOOTING and every state past SYSTEM_RUNNING: suspend and
 * hibernation with one CPU and frozen tasks, halt, restart)?
 * BOOT_EARLY for SYSTEM_BOOTING, BOOT_PHASE for the others, 0 for the
 * running ones, -1 when not an enumerator.
 */
static int state_exempt(CXCursor v)
{
	static const char *const exempt[] = {
		"SYSTEM_BOOTING", "SYSTEM_HALT", "SYSTEM_POWER_OFF",
		"SYSTEM_RESTART", "SYSTEM_SUSPEND",
	};
	CXCursor ref = clang_getCursorReferenced(fe_strip(v));
	char *name;
	int r = 0;

	if (clang_getCursorKind(ref) != CXCursor_EnumConstantDecl)
		return -1;
	name = fe_spelling(ref);
	for (size_t i = 0; i < ARRAY_SIZE(exempt); i++)
		r |= !strcmp(name, exempt[i]);
	if (r && !strcmp(name, "SYSTEM_BOOTING"))
		r = BOOT_EARLY;
	free(name);
	return r;
}

/*
 * "early_boot_irqs_disabled = true;": start_kernel() says the kernel is
 * in early boot, interrupts off before the scheduler runs (the kernel's
 * init, 2.6.38 on): nothing can sleep or contend yet, and might_sleep() keeps
 * silent while system_state is SYSTEM_BOOTING.  Calls from there until
 * it says "= false" are no sleep in atomic context.  The same from
 * "system_state = SYSTEM_SUSPEND;" (hibernation's create_image(), with
 * interrupts off, one CPU, tasks frozen) until "= SYSTEM_RUNNING;".
 */
void boot_mark(struct sleep_scan *s, CXCursor op, const struct fe_kids *k)
{
	CXToken *t;
	unsigned n;
	char *name;
	int v, assign = 0, state;

	if (k->n != 2 || clang_getCursorKind(fe_strip(k->v[0])) !=
	    CXCursor_DeclRefExpr)
		return;
	name = fe_spelling(fe_strip(k->v[0]));
	state = !strcmp(name, "system_state");
	if (strcmp(name, "early_boot_irqs_disabled") && !state) {
		free(name);
		return;
	}
	free(name);
	/* "x = v", not "x == v": the token after the name. */
	clang_tokenize(s->tu, clang_getCursorExtent(op), &t, &n);
	if (n > 1) {
		CXString cs = clang_getTokenSpelling(s->tu, t[1]);

		assign = !strcmp(clang_getCString(cs), "=");
		clang_disposeString(cs);
	}
	clang_disposeTokens(s->tu, t, n);
	v = !assign ? -1 : state ? state_exempt(k->v[1]) :
	    sleep_constant(k->v[1]);
	if (v >= 0)
		s->st.boot = !state && v ? BOOT_EARLY : v;
}


/*
 * Globals whose value is 0 only in early boot: their falsehood is boot
 * ("system_state == SYSTEM_BOOTING" is "system_state == 0").
 */
static const char *const booted[] = {
	"after_bootmem",	/* x86, powerpc: the page allocator runs */
	"system_state",		/* SYSTEM_BOOTING, the first enumerator */
};

/* Calls that return false only in early boot. */
static const char *const booted_calls[] = {
	"slab_is_available",
};

static int named(CXCursor ref, const char *const *names, size_t n)
{
	char *name = fe_spelling(ref);
	int hit = 0;

	for (size_t i = 0; i < n; i++)
		hit |= !strcmp(name, names[i]);
	free(name);
	return hit;
}

static void test_of(CXCursor c, int *t, int *f, int depth)
{
	enum CXCursorKind k;

	*t = *f = 0;
	if (depth > COND_DEPTH)
		return;
	c = fe_strip(c);
	k = clang_getCursorKind(c);
	if (k == CXCursor_UnaryOperator) {
		CXCursor in = sleep_not_operand(c);

		if (!clang_Cursor_isNull(in))
			test_of(in, f, t, depth + 1);
	} else if (k == CXCursor_DeclRefExpr) {
		CXCursor v = clang_getCursorReferenced(c);

		if (clang_getCursorKind(v) == CXCursor_VarDecl &&
		    clang_Cursor_hasVarDeclGlobalStorage(v)) {
			*f = named(v, booted, ARRAY_SIZE(booted));
			*t = named(v, (const char *const[]){
					      "early_boot_irqs_disabled" }, 1);
		}
	} else if (k == CXCursor_CallExpr) {
		char *name = fe_spelling(c);

		/* likely(x): __builtin_expect(!!(x), 1), or a helper of that name */
		if ((!strcmp(name, "__builtin_expect") ||
		     !strcmp(name, "likely") || !strcmp(name, "unlikely")) &&
		    clang_Cursor_getNumArguments(c) >= 1)
			test_of(clang_Cursor_getArgument(c, 0), t, f,
				depth + 1);
		else
			*f = named(clang_getCursorReferenced(c), booted_calls,
				   ARRAY_SIZE(booted_calls));
		free(name);
	} else if (k == CXCursor_BinaryOperator) {
		struct fe_kids kids = fe_kids(c);
		int lt, lf, rt, rf;
		long long v;
		char *op = NULL;

		if (kids.n == 2) {
			struct params pa = { .tu =
				clang_Cursor_getTranslationUnit(c) };

			op = params_binop(&pa, c, kids.v[0]);
		}
		if (op && (!strcmp(op, "==") || !strcmp(op, "!=")) &&
		    sleep_value(kids.v[1], &v)) {
			/*
			 * "x == 0", "x != 0", "x == true" and "x != true"
			 * of a bool (1 is its only truth), "x == K" of
			 * another (K != 0: x is true) of a boot test.
			 */
			int eq = op[0] == '=', one = v == 1 &&
				clang_getCanonicalType(clang_getCursorType(
					fe_strip(kids.v[0]))).kind ==
					CXType_Bool;

			test_of(kids.v[0], &lt, &lf, depth + 1);
			if (!v) {
				*t = eq ? lf : lt;
				*f = eq ? lt : lf;
			} else {
				*t = eq ? lt : one ? lf : 0;
				*f = eq ? (one ? lf : 0) : lt;
			}
		} else if (op && (!strcmp(op, "&&") || !strcmp(op, "||"))) {
			test_of(kids.v[0], &lt, &lf, depth + 1);
			test_of(kids.v[1], &rt, &rf, depth + 1);
			if (*op == '&') {	/* true: both hold */
				*t = lt || rt;
				*f = lf && rf;
			} else {		/* false: neither holds */
				*t = lt && rt;
				*f = lf || rf;
			}
		}
		free(op);
		free(kids.v);
	}
}

void boot_test(CXCursor c, int *t, int *f)
{
	test_of(c, t, f, 0);
}
