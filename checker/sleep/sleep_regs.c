/*
 * sleep_regs.c - the registrations of hook implementations in one unit:
 * initialisers of the table's struct or union (designated, positional,
 * or nested as LSM_HOOK_INIT makes them) and assignments to its members
 * ("ops->task_kill = f").  Each becomes a hook -> function fact, which
 * the link follows from a hook to every module's implementation.  The
 * same for a function-pointer member of any other struct (a "slot":
 * struct e1000_phy_operations' release), keyed by the member's USR, so
 * that a call through it (hw->phy.ops.release(hw)) is followed to every
 * function the build stores there.
 */
#include "clang/frontend.h"
#include "checker/sleep/sleep.h"
#include "checker/setup.h"

#include <stdlib.h>
#include <string.h>

struct regs {
	struct check_ctx *cx;
	struct facts *f;
};

struct init_ctx {
	struct regs *s;
	CXCursor *fields;
	int nfields, index;
	int table;		/* the table's struct: hooks, not slots */
};


/* A field of the table's struct (or union): its name, else NULL. */
static char *table_field(struct regs *s, CXCursor field)
{
	return fe_is_table_field(field, s->cx->t) ? fe_spelling(field) : NULL;
}

/*
 * The tree-relative path of the file that declares field, or NULL (a
 * header outside the tree).  Malloc'd.
 */
static char *decl_file(const struct check_ctx *cx, CXCursor field)
{
	CXFile file;
	CXString cs;
	char *abs, *rel;

	clang_getExpansionLocation(clang_getCursorLocation(field), &file,
				   NULL, NULL, NULL);
	if (!file)
		return NULL;
	cs = clang_getFileName(file);
	abs = realpath(clang_getCString(cs), NULL);
	clang_disposeString(cs);
	rel = abs ? tree_rel(NULL, cx->tree_abs, abs) : NULL;
	free(abs);
	return rel;
}

char *slot_of(const struct check_ctx *cx, CXCursor field)
{
	CXType t;
	CXString us;
	char *usr, *where, *key;

	if (clang_getCursorKind(field) != CXCursor_FieldDecl)
		return NULL;
	t = clang_getCanonicalType(clang_getCursorType(field));
	if (t.kind != CXType_Pointer)
		return NULL;
	t = clang_getCanonicalType(clang_getPointeeType(t));
	if (t.kind != CXType_FunctionProto && t.kind != CXType_FunctionNoProto)
		return NULL;
	us = clang_getCursorUSR(field);
	usr = *clang_getCString(us) ? xstrdup(clang_getCString(us)) : NULL;
	clang_disposeString(us);
	/*
	 * A USR names a struct by its tag, and drivers copied from one
	 * another define the same tag in their own headers (e1000e's and
	 * igb's struct e1000_phy_operations): the header that declares the
	 * member tells the two apart.
	 */
	where = usr ? decl_file(cx, field) : NULL;
	if (!where)
		return usr;
	key = xasprintf("%s@%s", where, usr);
	free(where);
	free(usr);
	return key;
}

char *slot_type(CXCursor field)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(field));
	CXString ts;
	char *s;

	t = clang_getCanonicalType(clang_getPointeeType(t));
	ts = clang_getTypeSpelling(t);
	s = xstrdup(clang_getCString(ts));
	clang_disposeString(ts);
	return s;
}

static void add_reg(struct regs *s, const char *member, CXCursor field,
		    const char *slot, CXCursor value, const char *how)
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
	r->hook = slot ? slot_name(slot) : xstrdup(member);
	r->slot = slot ? xstrdup(slot) : NULL;
	r->ftype = slot ? slot_type(field) : NULL;
	r->impl = fe_spelling(fn);
	r->file = xstrdup(s->cx->main_shown);
	clang_getExpansionLocation(clang_getCursorLocation(value), NULL,
				   &r->line, &r->col, NULL);
	r->how = xstrdup(how);
}

/* Field f of an initialiser of ic's type holds value. */
static void init_field(struct init_ctx *ic, CXCursor f, CXCursor value)
{
	char *member = ic->table ? table_field(ic->s, f) : NULL;
	char *slot = ic->table ? NULL : slot_of(ic->s->cx, f);

	if (member || slot)
		add_reg(ic->s, member, f, slot, value, "initialiser");
	free(member);
	free(slot);
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

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_UnexposedExpr) {
		int i;

		/* ".ops.release = fn": the designators, then the value. */
		k = fe_kids(c);
		for (i = 0; i < k.n - 1 &&
		     clang_getCursorKind(k.v[i]) == CXCursor_MemberRef; i++)
			;
		if (k.n >= 2 && i == k.n - 1) {
			init_field(ic, clang_getCursorReferenced(k.v[i - 1]),
				   k.v[i]);
			free(k.v);
			return CXChildVisit_Continue;
		}
		free(k.v);
	}
	if (index < ic->nfields)
		init_field(ic, ic->fields[index], c);
	return CXChildVisit_Continue;
}

static void scan_init(struct regs *s, CXCursor list)
{
	CXType type = clang_getCanonicalType(clang_getCursorType(list));
	struct init_ctx ic = { s, NULL, 0, 0, 0 };

	if (type.kind != CXType_Record)
		return;
	ic.table = fe_is_table_type(type, s->cx->t);
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
			CXCursor f = clang_getCursorReferenced(lhs);
			char *member = table_field(s, f);
			char *slot = member ? NULL : slot_of(s->cx, f);

			if (member || slot)
				add_reg(s, member, f, slot, k.v[1],
					"assignment");
			free(member);
			free(slot);
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
