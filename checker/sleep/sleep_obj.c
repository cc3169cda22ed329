/*
 * sleep_obj.c - objects by name (sleep_obj.h): a global object, or a
 * member reached through a pointer to its struct type, and the members
 * of those.  The scan names the object of a call through a member
 * (sleep_call.c), the object a member is stored in (sleep_regs.c) and
 * the object whose address is passed (sleep_args.c); the link matches
 * the names (docs/facts-db.md, "Objects").
 */
#include "checker/sleep/sleep_obj.h"
#include "checker/sleep/sleep.h"
#include "clang/frontend.h"

#include <stdlib.h>
#include <string.h>

/* Longer names are not followed: no kernel object nests that deep. */
#define MAX_NAME 256
#define MAX_DEPTH 16

static char *name_of(CXCursor e, int depth);

char *obj_tag(CXType t)
{
	CXCursor d;
	char *n;

	t = clang_getCanonicalType(t);
	if (t.kind != CXType_Record)
		return NULL;
	d = clang_getTypeDeclaration(t);
	if (clang_Cursor_isAnonymous(d))
		return NULL;
	n = fe_spelling(d);
	if (n && (!*n || strchr(n, ' ') || strchr(n, '('))) {
		free(n);	/* "struct (unnamed at ...)" */
		return NULL;
	}
	return n;
}

/* Is t an object with members or elements (a struct, union, array)? */
static int aggregate(CXType t)
{
	t = clang_getCanonicalType(t);
	return t.kind == CXType_Record || t.kind == CXType_ConstantArray ||
	       t.kind == CXType_IncompleteArray;
}

int obj_anonymous(CXCursor field)
{
	return clang_getCursorKind(field) == CXCursor_FieldDecl &&
	       clang_Cursor_isAnonymousRecordDecl(
		       clang_getTypeDeclaration(clang_getCursorType(field)));
}

static char *append(char *base, const char *field)
{
	char *s = NULL;

	if (base && field && *field && strlen(base) + strlen(field) < MAX_NAME)
		s = xasprintf("%s.%s", base, field);
	free(base);
	return s;
}

/*
 * Is the operator of c (whose first operand is first) one of ops: the
 * first token after that operand, or for a prefix operator the first
 * token of c?
 */
static int op_is(CXCursor c, CXCursor first, const char *const *ops,
		 size_t n)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	CXSourceRange lhs = clang_getCursorExtent(first);
	unsigned end = 0, ntok = 0;
	CXToken *t = NULL;
	int hit = 0;

	clang_getFileLocation(clang_getRangeEnd(lhs), NULL, NULL, NULL, &end);
	clang_tokenize(tu, clang_getCursorExtent(c), &t, &ntok);
	for (unsigned i = 0; i < ntok; i++) {
		unsigned off = 0;
		CXString cs;

		clang_getFileLocation(clang_getTokenLocation(tu, t[i]), NULL,
				      NULL, NULL, &off);
		if (i && off < end)
			continue;	/* inside the operand */
		cs = clang_getTokenSpelling(tu, t[i]);
		for (size_t k = 0; k < n; k++)
			hit |= !strcmp(clang_getCString(cs), ops[k]);
		clang_disposeString(cs);
		if (i)
			break;
		if (hit)
			break;	/* a prefix operator */
	}
	clang_disposeTokens(tu, t, ntok);
	return hit;
}

/* Where l is in its file (a macro's expansion: where it is expanded). */
static unsigned offset_of(CXSourceLocation l)
{
	unsigned off = 0;

	clang_getFileLocation(l, NULL, NULL, NULL, &off);
	return off;
}

struct changes {
	CXCursor var;
	int n;
	CXCursor value;		/* the right side of "v = value" */
};

/* Does c change the local: "v = ...", "v += ...", "&v", "v++"? */
static enum CXChildVisitResult change_cb(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	static const char *const assign[] = {
		"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=",
		">>=",
	};
	static const char *const unary[] = { "&", "++", "--" };
	struct changes *ch = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor first = clang_getNullCursor();

	(void)parent;
	if (k != CXCursor_BinaryOperator &&
	    k != CXCursor_CompoundAssignOperator &&
	    k != CXCursor_UnaryOperator)
		return CXChildVisit_Recurse;
	clang_visitChildren(c, fe_take_first, &first);
	first = fe_strip(first);
	if (clang_getCursorKind(first) != CXCursor_DeclRefExpr ||
	    !clang_equalCursors(clang_getCursorReferenced(first), ch->var))
		return CXChildVisit_Recurse;
	if (k == CXCursor_UnaryOperator ?
	    op_is(c, first, unary, ARRAY_SIZE(unary)) :
	    op_is(c, first, assign, ARRAY_SIZE(assign))) {
		struct fe_kids kids = fe_kids(c);

		ch->n++;
		ch->value = k == CXCursor_BinaryOperator && kids.n == 2 &&
			    op_is(c, first, assign, 1) ? kids.v[1] :
			    clang_getNullCursor();
		free(kids.v);
	}
	return CXChildVisit_Recurse;
}

int obj_changes(CXCursor fn, CXCursor var)
{
	struct changes ch = { var, 0, clang_getNullCursor() };

	clang_visitChildren(fn, change_cb, &ch);
	return ch.n;
}

/*
 * The variable e (a stripped reference) names when it is a local of a
 * function, that function in *fn; else a null cursor.
 */
static CXCursor local_of(CXCursor e, CXCursor *fn)
{
	CXCursor v;

	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	v = clang_getCursorReferenced(e);
	*fn = clang_getCursorSemanticParent(v);
	if (clang_getCursorKind(v) != CXCursor_VarDecl ||
	    clang_Cursor_hasVarDeclGlobalStorage(v) ||
	    clang_getCursorKind(*fn) != CXCursor_FunctionDecl)
		return clang_getNullCursor();
	return v;
}

/* "s@fn:var" and suffix, the name of a function's local; or NULL. */
static char *local_name(CXCursor fn, CXCursor v, const char *suffix)
{
	char *fname = fe_spelling(fn), *vname = fe_spelling(v), *name = NULL;

	if (*fname && *vname)
		name = xasprintf("s@%s:%s%s", fname, vname, suffix);
	free(fname);
	free(vname);
	return name;
}

CXCursor obj_set_once(CXCursor e)
{
	CXCursor v, fn, init;
	struct changes ch;

	e = fe_strip(e);
	v = local_of(e, &fn);
	if (clang_Cursor_isNull(v))
		return clang_getNullCursor();
	ch.var = v;
	ch.n = 0;
	ch.value = clang_getNullCursor();
	clang_visitChildren(fn, change_cb, &ch);
	init = clang_Cursor_getVarDeclInitializer(v);
	if (!ch.n)
		return init;
	if (ch.n != 1 || !clang_Cursor_isNull(init) ||
	    clang_Cursor_isNull(ch.value) ||
	    offset_of(clang_getCursorLocation(ch.value)) >=
	    offset_of(clang_getCursorLocation(e)))
		return clang_getNullCursor();
	return ch.value;
}

CXCursor obj_member_read(CXCursor c)
{
	CXCursor v = obj_set_once(c);

	return sleep_once_operand(clang_Cursor_isNull(v) ? c : v);
}

char *obj_alias(CXCursor e)
{
	CXCursor v, init, fn;
	struct changes ch;
	char *name;

	e = fe_strip(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return NULL;
	v = clang_getCursorReferenced(e);
	if (clang_getCursorKind(v) != CXCursor_VarDecl ||
	    clang_Cursor_hasVarDeclGlobalStorage(v) ||
	    clang_getCanonicalType(clang_getCursorType(v)).kind !=
	    CXType_Pointer)
		return NULL;
	init = clang_Cursor_getVarDeclInitializer(v);
	if (clang_Cursor_isNull(init) || !(name = obj_address(init)))
		return NULL;
	/* Set where declared, never after, its address never taken. */
	fn = clang_getCursorSemanticParent(v);
	ch.var = v;
	ch.n = 0;
	ch.value = clang_getNullCursor();
	if (clang_getCursorKind(fn) == CXCursor_FunctionDecl)
		clang_visitChildren(fn, change_cb, &ch);
	if (clang_getCursorKind(fn) != CXCursor_FunctionDecl || ch.n) {
		free(name);
		return NULL;
	}
	return name;
}

/* Is call c given GFP flags: a parameter of type gfp_t? */
static int gfp_call(CXCursor c)
{
	CXCursor fn = clang_getCursorReferenced(c);
	int n = clang_Cursor_getNumArguments(fn), hit = 0;

	for (int i = 0; i < n && !hit; i++) {
		CXType t = clang_getCursorType(clang_Cursor_getArgument(fn, i));
		CXString sp = clang_getTypeSpelling(t);
		const char *str = clang_getCString(sp);

		hit = str && (!strcmp(str, "gfp_t") || !strcmp(str,
							       "const gfp_t"));
		clang_disposeString(sp);
	}
	return hit;
}

static enum CXChildVisitResult alloc_cb(CXCursor c, CXCursor parent,
					CXClientData data)
{
	int *hit = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CallExpr && gfp_call(c)) {
		*hit = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/*
 * Is value fresh memory: a call given GFP flags (kcalloc(n, size,
 * GFP_KERNEL), kzalloc()), also inside a statement expression (6.x's
 * alloc_hooks())?
 */
static int allocated(CXCursor value)
{
	int hit = 0;

	value = fe_strip(value);
	if (clang_getCursorKind(value) == CXCursor_CallExpr)
		return gfp_call(value);
	clang_visitChildren(value, alloc_cb, &hit);
	return hit;
}

char *obj_elements(CXCursor e)
{
	CXCursor v, fn;
	CXType t, el;
	char *tag;

	e = fe_strip(e);
	v = local_of(e, &fn);
	if (clang_Cursor_isNull(v))
		return NULL;
	t = clang_getCanonicalType(clang_getCursorType(v));
	if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
		el = clang_getArrayElementType(t);
	else if (t.kind == CXType_Pointer &&
		 allocated(obj_set_once(e)))
		el = clang_getPointeeType(t);
	else
		return NULL;
	tag = obj_tag(el);
	if (!tag)
		return NULL;	/* a struct's only */
	free(tag);
	return local_name(fn, v, "[]");
}

char *obj_param(CXCursor ptr)
{
	CXCursor v, fn;
	char *fname, *name = NULL;
	int n;

	ptr = fe_strip(ptr);
	if (clang_getCursorKind(ptr) != CXCursor_DeclRefExpr)
		return NULL;
	v = clang_getCursorReferenced(ptr);
	fn = clang_getCursorSemanticParent(v);
	if (clang_getCursorKind(v) != CXCursor_ParmDecl ||
	    clang_getCursorKind(fn) != CXCursor_FunctionDecl ||
	    !clang_isCursorDefinition(fn) || obj_changes(fn, v))
		return NULL;
	n = clang_Cursor_getNumArguments(fn);
	for (int i = 0; i < n && !name; i++)
		if (clang_equalCursors(clang_Cursor_getArgument(fn, i), v)) {
			fname = fe_spelling(fn);
			if (*fname)
				name = xasprintf("p@%s:%d", fname, i);
			free(fname);
		}
	return name;
}

static char *member_base(CXCursor m, CXCursor *ptr, int depth)
{
	CXCursor base = clang_getNullCursor();
	CXType bt;

	*ptr = clang_getNullCursor();
	if (clang_getCursorKind(m) != CXCursor_MemberRefExpr)
		return NULL;
	clang_visitChildren(m, fe_take_first, &base);
	if (clang_Cursor_isNull(base))
		return NULL;
	bt = clang_getCanonicalType(clang_getCursorType(base));
	if (bt.kind == CXType_Pointer) {
		/* A local set to "&D" where declared: D's member. */
		char *alias = obj_alias(base);

		if (!alias)	/* p->m of fresh memory: p[0].m */
			alias = obj_elements(base);
		if (alias)
			return alias;
		*ptr = base;
		return NULL;
	}
	return name_of(base, depth + 1);
}

char *obj_of_member(CXCursor m, CXCursor *ptr)
{
	return member_base(m, ptr, 0);
}

char *obj_var(CXCursor v)
{
	char *n, *s;

	if (clang_getCursorKind(v) != CXCursor_VarDecl ||
	    !clang_Cursor_hasVarDeclGlobalStorage(v) ||
	    !aggregate(clang_getCursorType(v)))
		return NULL;
	n = fe_spelling(v);
	s = *n ? xasprintf("%s@%s", clang_getCursorLinkage(v) ==
			   CXLinkage_External ? "" : "s", n) : NULL;
	free(n);
	return s;
}

char *obj_name(CXCursor e)
{
	return name_of(e, 0);
}

static char *name_of(CXCursor e, int depth)
{
	enum CXCursorKind k;

	if (depth > MAX_DEPTH)
		return NULL;
	e = fe_strip(e);
	k = clang_getCursorKind(e);
	if (k == CXCursor_ParenExpr) {
		CXCursor in = clang_getNullCursor();

		clang_visitChildren(e, fe_take_first, &in);
		return name_of(in, depth + 1);
	}
	if (k == CXCursor_DeclRefExpr)
		return obj_var(clang_getCursorReferenced(e));
	if (k == CXCursor_MemberRefExpr) {
		CXCursor ptr, f = clang_getCursorReferenced(e);
		char *field = fe_spelling(f);
		char *name = member_base(e, &ptr, depth);

		if (!name && !clang_Cursor_isNull(ptr)) {
			CXType t = clang_getCanonicalType(
				clang_getCursorType(ptr));

			name = obj_tag(clang_getPointeeType(t));
		}
		/*
		 * An anonymous struct's or union's members are the
		 * enclosing one's (hw_perf_event's hrtimer): no step.
		 */
		if (obj_anonymous(f)) {
			free(field);
			return name;
		}
		name = append(name, field);
		free(field);
		return name;
	}
	if (k == CXCursor_ArraySubscriptExpr) {
		CXCursor arr = clang_getNullCursor();

		clang_visitChildren(e, fe_take_first, &arr);
		arr = fe_strip(arr);
		if (clang_Cursor_isNull(arr))
			return NULL;
		/* a[i] of a global array: the array. */
		if (aggregate(clang_getCursorType(arr))) {
			char *name = name_of(arr, depth + 1);

			if (name)
				return name;
		}
		/* of a local array, or of fresh memory: its elements */
		return obj_elements(arr);
	}
	return NULL;
}

/*
 * Is a (stripped) "&x"?  By its type, a pointer to its operand's: the
 * token at its location is the macro's name when a macro's body writes
 * it ("__init_timer(&(_work)->timer, ...)").
 */
static int is_amp(CXCursor a)
{
	return !clang_Cursor_isNull(sleep_address_operand(a));
}

char *obj_address(CXCursor a)
{
	CXCursor in = clang_getNullCursor();

	a = fe_strip(a);
	if (!is_amp(a))
		return NULL;
	clang_visitChildren(a, fe_take_first, &in);
	return obj_name(in);
}

char *obj_argument(CXCursor a)
{
	CXCursor in = clang_getNullCursor(), v, fn;
	char *name = obj_address(a), *tag;

	a = fe_strip(a);
	if (name || !is_amp(a))
		return name;
	clang_visitChildren(a, fe_take_first, &in);
	v = local_of(fe_strip(in), &fn);
	if (clang_Cursor_isNull(v))
		return NULL;
	tag = obj_tag(clang_getCursorType(v));
	if (!tag)
		return NULL;	/* a struct's only: not an int's address */
	free(tag);
	return local_name(fn, v, "");
}
