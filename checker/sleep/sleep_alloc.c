/*
 * sleep_alloc.c - an allocation's GFP argument, as the scan reads it at
 * a primitive of PRIM_ALLOC (sleep_call.c): the argument its table entry
 * names, the one passed for a gfp_t parameter, or (before gfp_t) the
 * one whose text names GFP flags; and whether those flags can block.
 */
#include "checker/sleep/sleep_alloc.h"
#include "clang/pptokens.h"

#include <stdlib.h>
#include <string.h>

/* The argument a call passes for its callee's gfp_t parameter, or -1. */
static int gfp_param(CXCursor call)
{
	CXCursor fn = clang_getCursorReferenced(call);
	int n = clang_Cursor_getNumArguments(fn);

	for (int i = 0; i < n; i++)
		if (sleep_param_gfp(fn, i))
			return i < clang_Cursor_getNumArguments(call) ? i : -1;
	return -1;
}

/* Of several arguments' texts, the one that names GFP flags, or NULL. */
static char *gfp_text_of(struct strv *args)
{
	for (int i = 0; i < args->n; i++)
		if (gfp_blocks(args->v[i]) >= 0)
			return xstrdup(args->v[i]);
	return NULL;
}

int alloc_blocks(struct sleep_scan *s, CXCursor call,
			const struct pmacro *m, const struct prim *p,
			char **flags)
{
	struct strv args = { 0 };
	char *text = NULL;
	int k = p->gfp_arg, r;

	if (m) {
		pp_macro_args(s->tu, m->c, &args);
		if (k == GFP_BY_TYPE)
			text = gfp_text_of(&args);
		else if (k < args.n)
			text = xstrdup(args.v[k]);
	} else {
		int n = clang_Cursor_getNumArguments(call);

		if (k == GFP_BY_TYPE)
			k = gfp_param(call);
		if (k == GFP_BY_TYPE) {
			/* No gfp_t (before 2.6.14): the text that names flags. */
			for (int i = 0; i < n; i++) {
				CXCursor a = clang_Cursor_getArgument(call, i);

				strv_push_owned(&args,
					code_text(s, file_range(s, a)));
			}
			text = gfp_text_of(&args);
		} else if (k < n) {
			CXCursor a = clang_Cursor_getArgument(call, k);

			text = code_text(s, file_range(s, a));
		}
	}
	strv_clear(&args);
	if (!text)
		return 0;
	r = gfp_blocks(text);
	/* Flags that block, or a variable's name: the caller's to judge. */
	if (r != 0)
		*flags = text;
	else
		free(text);
	return r > 0;
}
