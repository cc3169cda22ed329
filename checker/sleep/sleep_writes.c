/*
 * sleep_writes.c - how an expression writes a variable: an assignment,
 * "|=", its address passed to a call, another write, or a read, also
 * where a macro's argument writes the operator ("WARN_ON_ONCE(flags &
 * M)").  For the walks that follow one variable through a body
 * (sleep_outarg.c, sleep_setbits.c).
 */
#include "clang/frontend.h"
#include "checker/sleep/sleep.h"

#include <stdlib.h>
#include <string.h>

/*
 * The operator after variable ref where the function's text writes it,
 * for an expression in a macro's argument ("WARN_ON_ONCE(flags & M)"),
 * whose operator params_binop() cannot place: "&", "|=".  NULL where
 * the token after it is none (")", ","): a macro's body may assign it.
 */
static char *op_after(struct params *pa, CXCursor ref)
{
	unsigned at = params_file_offset(clang_getCursorLocation(
						 fe_strip(ref)));

	params_tokens(pa);
	for (unsigned i = 0; i + 1 < pa->ntok; i++) {
		const char *w;

		if (params_file_offset(clang_getTokenLocation(pa->tu,
							      pa->tok[i])) != at)
			continue;
		w = params_spelling(pa, i + 1);
		return params_assigns(w) || sleep_binary_op(w) ||
		       !strcmp(w, "?") ? xstrdup(w) : NULL;
	}
	return NULL;
}

int sleep_is_ref(CXCursor e, CXCursor var)
{
	e = fe_strip(e);
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(e), var);
}

int sleep_write_of(struct params *pa, CXCursor c, CXCursor parent,
		   CXCursor var, CXCursor *rhs)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	int how = 0;

	if (k == CXCursor_BinaryOperator ||
	    k == CXCursor_CompoundAssignOperator) {
		struct fe_kids kids = fe_kids(c);

		if (kids.n == 2 && sleep_is_ref(kids.v[0], var)) {
			char *op = params_binop(pa, c, kids.v[0]);

			/* in a macro's argument: "WARN_ON(v & M)" */
			if (!op)
				op = op_after(pa, kids.v[0]);
			*rhs = kids.v[1];
			if (!op)	/* a macro's body writes it */
				how = 'x';
			else if (k == CXCursor_CompoundAssignOperator)
				how = strcmp(op, "|=") ? 'x' : '|';
			else if (!strcmp(op, "="))
				how = '=';
			else if (params_assigns(op))
				how = 'x';
			free(op);
		}
		free(kids.v);
	} else if (k == CXCursor_UnaryOperator) {
		CXCursor in = clang_getNullCursor();

		clang_visitChildren(c, fe_take_first, &in);
		if (sleep_is_ref(in, var)) {
			/* "v++" begins with v; "!v", "-v", "~v" read it */
			char *op = params_token_at(pa->tu,
						   clang_getCursorLocation(c));

			if (op && !strcmp(op, "&"))
				how = clang_getCursorKind(parent) ==
				      CXCursor_CallExpr ? 'a' : 'x';
			else if (!op || (strcmp(op, "!") && strcmp(op, "-") &&
					 strcmp(op, "~") && strcmp(op, "+")))
				how = 'x';
			free(op);
		}
	}
	return how;
}
