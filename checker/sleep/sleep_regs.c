/*
 * sleep_regs.c - the registrations of hook implementations in one unit:
 * initialisers of the table's struct or union (designated, positional,
 * or nested as LSM_HOOK_INIT makes them) and assignments to its members
 * ("ops->task_kill = f").  Each becomes a hook -> function fact, which
 * the link follows from a hook to every module's implementation.
 */
#include "clang/frontend.h"
#include "checker/sleep/sleep.h"

#include <string.h>

struct regs {
	struct check_ctx *cx;
	struct facts *f;
};

struct init_ctx {
	struct regs *s;
	CXCursor *fields;
	int nfields, index;
};

/* A field of the table's struct (or union): its name, else NULL. */
static char *table_field(struct regs *s, CXCursor field)
{
	return fe_is_table_field(field, s->cx->t) ? fe_spelling(field) : NULL;
}

static void add_reg(struct regs *s, const char *member, CXCursor value,
		    const char *how)
{
	CXCursor fn;
	struct fact_reg *r;

	value = fe_strip(value);
	if (clang_getCursorKind(value) == CXCursor_UnaryOperator) {
		CXCursor in = clang_getNullCursor();

		clang_visitChildren(value, fe_take_first, &in);
		value = fe_strip(in);
	}
	if (clang_getCursorKind(value) != CXCursor_DeclRefExpr)
		return;
	fn = clang_getCursorReferenced(value);
	if (clang_getCursorKind(fn) != CXCursor_FunctionDecl)
		return;
	r = facts_add_reg(s->f, 0);
	r->hook = xstrdup(member);
	r->impl = fe_spelling(fn);
	r->file = xstrdup(s->cx->main_shown);
	clang_getExpansionLocation(clang_getCursorLocation(value), NULL,
				   &r->line, &r->col, NULL);
	r->how = xstrdup(how);
}

static enum CXVisitorResult field_cb(CXCursor c, CXClientData data)
{
	struct init_ctx *ic = data;

	ic->fields = xrealloc(ic->fields, (ic->nfields + 1) * sizeof(CXCursor));
	ic->fields[ic->nfields++] = c;
	return CXVisit_Continue;
}

static enum CXChildVisitResult init_cb(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	struct init_ctx *ic = data;
	int index = ic->index++;
	struct fe_kids k = { NULL, 0 };
	char *member = NULL;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_UnexposedExpr) {
		k = fe_kids(c);
		if (k.n == 2 && clang_getCursorKind(k.v[0]) ==
				CXCursor_MemberRef) {
			member = table_field(ic->s,
				clang_getCursorReferenced(k.v[0]));
			if (member)
				add_reg(ic->s, member, k.v[1], "initialiser");
			free(member);
			free(k.v);
			return CXChildVisit_Continue;
		}
		free(k.v);
	}
	if (index < ic->nfields) {
		member = table_field(ic->s, ic->fields[index]);
		if (member)
			add_reg(ic->s, member, c, "initialiser");
		free(member);
	}
	return CXChildVisit_Continue;
}

static void scan_init(struct regs *s, CXCursor list)
{
	CXType type = clang_getCanonicalType(clang_getCursorType(list));
	struct init_ctx ic = { s, NULL, 0, 0 };

	if (!fe_is_table_type(type, s->cx->t))
		return;
	clang_Type_visitFields(type, field_cb, &ic);
	clang_visitChildren(list, init_cb, &ic);
	free(ic.fields);
}

static void scan_assign(struct regs *s, CXCursor op)
{
	struct fe_kids k = fe_kids(op);
	CXType type = clang_getCanonicalType(clang_getCursorType(op));

	if (k.n == 2 && type.kind == CXType_Pointer) {
		CXCursor lhs = fe_strip(k.v[0]);

		if (clang_getCursorKind(lhs) == CXCursor_MemberRefExpr) {
			char *member = table_field(s,
				clang_getCursorReferenced(lhs));

			if (member)
				add_reg(s, member, k.v[1], "assignment");
			free(member);
		}
	}
	free(k.v);
}

static enum CXChildVisitResult regs_cb(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	struct regs *s = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_InitListExpr)
		scan_init(s, c);
	else if (k == CXCursor_BinaryOperator)
		scan_assign(s, c);
	return CXChildVisit_Recurse;
}

void sleep_regs(struct check_ctx *cx, struct facts *f, CXCursor decl)
{
	struct regs r = { cx, f };

	clang_visitChildren(decl, regs_cb, &r);
}
