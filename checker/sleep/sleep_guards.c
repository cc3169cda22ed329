/*
 * sleep_guards.c - the scopes of cleanup.h guards for the sleep walk
 * (sleep_walk.c): a guard variable of an atomic class
 * ("guard(spinlock)(&l)", "scoped_guard(rcu)") opens a region where its
 * initialiser runs, and its scope's end, or a return from inside it,
 * closes it (the destructor runs).
 */
#include "checker/sleep/sleep_guards.h"
#include "checker/sleep/sleep_ctx.h"

#include <string.h>

/* cleanup.h guards: "class_NAME_t v = class_NAME_constructor(...)". */
static char *guard_name(CXCursor var)
{
	CXCursor init = clang_Cursor_getVarDeclInitializer(var);
	char *callee, *name = NULL;
	size_t n;

	if (clang_Cursor_isNull(init))
		return NULL;
	init = fe_strip(init);
	if (clang_getCursorKind(init) != CXCursor_CallExpr)
		return NULL;
	callee = fe_spelling(init);
	n = strlen(callee);
	if (starts_with(callee, "class_") && ends_with(callee, "_constructor") &&
	    n > 6 + 12)
		name = xstrndup(callee + 6, n - 6 - 12);
	free(callee);
	return name;
}

void open_scope(struct sleep_scan *s)
{
	if (s->ngscope < (int)ARRAY_SIZE(s->gscope))
		s->gscope[s->ngscope] = 0;
	s->ngscope++;
}

/* The scope ends: its guards' destructors run, innermost first. */
void close_scope(struct sleep_scan *s)
{
	int i = --s->ngscope;

	if (i < (int)ARRAY_SIZE(s->gscope))
		for (int k = 0; k < s->gscope[i]; k++)
			release(s, 0);
}

/* return: every open scope's guards are dropped first. */
void unwind_guards(struct sleep_scan *s)
{
	for (int i = 0; i < s->ngscope && i < (int)ARRAY_SIZE(s->gscope); i++)
		for (int k = 0; k < s->gscope[i]; k++)
			release(s, 0);
}

/* What a cleanup.h guard variable opens, once its initialiser ran. */
void guard_var(struct sleep_scan *s, CXCursor c)
{
	char *name = guard_name(c);

	if (name && guard_is_atomic(name) && s->ngscope &&
	    s->ngscope <= (int)ARRAY_SIZE(s->gscope)) {
		unsigned line;
		char *t = code_text(s, file_range(s, c));

		/* "guard(spinlock)(&l)", "scoped_guard(rcu)". */
		if (!t || !(starts_with(t, "guard(") ||
			    starts_with(t, "scoped_guard("))) {
			free(t);
			t = xasprintf("guard(%s)", name);
		}
		where_of(c, &line, NULL);
		acquire(s, t, line, RK_OTHER, region_ctx(name), guard_rt(name));
		s->gscope[s->ngscope - 1]++;
	}
	free(name);
}
