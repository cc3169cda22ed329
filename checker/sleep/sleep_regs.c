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
#include "checker/sleep/sleep_obj.h"
#include "checker/setup.h"

#include <stdlib.h>
#include <string.h>

/* An initialiser list of a global object, and the object's name. */
struct named_list {
	CXCursor list;
	char *name;
};

/* How often a function is named, and how often called by its name. */
struct use {
	char *name;
	int refs, calls;
};

struct regs {
	struct check_ctx *cx;
	struct facts *f;
	struct named_list *named;	/* globals' lists, in order */
	int nnamed, capnamed, next;
	struct use *use;
	int nuse, capuse;
};

struct init_ctx {
	struct regs *s;
	CXCursor *fields;
	int nfields, index;
	int table;		/* the table's struct: hooks, not slots */
	const char *obj;	/* the object initialised, by name, or NULL */
	char *consts;		/* its integer members' constants (list_consts()) */
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

static void add_ref(struct regs *s, const char *kind, const char *name)
{
	struct fact_ref *r = facts_add_ref(s->f, 0);

	r->kind = xstrdup(kind);
	r->name = xstrdup(name);
}

static void add_reg(struct regs *s, const char *member, CXCursor field,
		    const char *slot, CXCursor value, const char *how,
		    const char *obj, const char *consts)
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
	r->obj = slot && obj ? xstrdup(obj) : NULL;
	r->consts = slot && consts ? xstrdup(consts) : NULL;
}

/*
 * Field f of an initialiser of ic's type holds value; path: the members
 * between ("ops" of ".ops.release = fn"), or NULL.
 */
static void init_field(struct init_ctx *ic, CXCursor f, CXCursor value,
		       const char *path, int unnamed)
{
	char *member = ic->table ? table_field(ic->s, f) : NULL;
	char *slot = ic->table ? NULL : slot_of(ic->s->cx, f);
	char *obj = ic->obj && path ? xasprintf("%s.%s", ic->obj, path) :
		    NULL;

	if (member || slot)
		add_reg(ic->s, member, f, slot, value, "initialiser",
			unnamed ? NULL : path ? obj : ic->obj,
			path ? "*" : ic->consts);
	free(member);
	free(slot);
	free(obj);
}

/* "a.b" for designators ".a.b.m = fn" (k[0], k[1]), NULL if unnamed. */
static char *designators(const CXCursor *k, int n)
{
	struct sbuf sb = { 0 };

	for (int i = 0; i < n; i++) {
		char *f = fe_spelling(clang_getCursorReferenced(k[i]));

		if (!*f) {
			free(f);
			free(sb.buf);
			return NULL;
		}
		sb_addf(&sb, "%s%s", i ? "." : "", f);
		free(f);
	}
	return sb.buf ? sb_detach(&sb) : NULL;
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
			char *path = designators(k.v, i - 1);

			init_field(ic, clang_getCursorReferenced(k.v[i - 1]),
				   k.v[i], path, i - 1 > 0 && !path);
			free(path);
			free(k.v);
			return CXChildVisit_Continue;
		}
		free(k.v);
	}
	if (index < ic->nfields)
		init_field(ic, ic->fields[index], c, NULL, 0);
	return CXChildVisit_Continue;
}

/* The name of the object list initialises, when it is a global's. */
static const char *list_name(struct regs *s, CXCursor list)
{
	for (int i = s->next; i < s->nnamed; i++)
		if (clang_equalCursors(s->named[i].list, list)) {
			s->next = i + 1;
			return s->named[i].name;
		}
	return NULL;
}

/* Is field of an integer or enum type (a value a switch can test)? */
static int integer_field(CXCursor field)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(field));

	return t.kind == CXType_Enum ||
	       (t.kind >= CXType_Bool && t.kind <= CXType_Int128);
}

/*
 * "T.m=V" of member field, V the constant value folds to, or "?" (a
 * value the compiler does not fold is still not 0); "*" after 8.
 */
static void add_const(struct sbuf *sb, const char *tag, CXCursor field,
		      CXCursor value, int *n)
{
	long long v;
	char *m;

	if (!integer_field(field))
		return;
	if (*n == 8)
		sb_addf(sb, ";*");
	m = fe_spelling(field);
	if (*n < 8 && *m && sleep_value(value, &v))
		sb_addf(sb, "%s%s.%s=%lld", *n ? ";" : "", tag, m, v);
	else if (*n < 8 && *m)
		sb_addf(sb, "%s%s.%s=?", *n ? ";" : "", tag, m);
	(*n)++;
	free(m);
}

/* A designator ".m = v" (one member): 1 with d's kids, else 0. */
static int designated(CXCursor item, struct fe_kids *d)
{
	d->v = NULL;
	d->n = 0;
	if (clang_getCursorKind(item) != CXCursor_UnexposedExpr)
		return 0;
	*d = fe_kids(item);
	return d->n >= 2 && clang_getCursorKind(d->v[0]) == CXCursor_MemberRef;
}

/*
 * The constants list gives its struct's integer members, "T.m=V" with ";"
 * between ("nfnl_callback.type=2" of "{ .call = f, .type = NFNL_CB_RCU
 * }"), "T.m=?" one not folded, ";*" when the list may set more than it
 * says (more than 8; positional values after a designator); NULL when it
 * names none.  A member it does not name is 0, so a switch on the member
 * (sleep_case.c) tells which of the stores a call reaches.
 */
static char *list_consts(const struct init_ctx *ic, CXCursor list,
			 const char *tag)
{
	struct fe_kids k = fe_kids(list), d;
	struct sbuf sb = { 0 };
	int n = 0, any_designator = 0, more = 0;

	for (int i = 0; i < k.n; i++) {
		any_designator |= designated(k.v[i], &d);
		free(d.v);
	}
	for (int i = 0; tag && i < k.n; i++) {
		if (designated(k.v[i], &d)) {
			if (d.n == 2)	/* ".m = v"; ".a.b = v" is a's */
				add_const(&sb, tag,
					  clang_getCursorReferenced(d.v[0]),
					  d.v[1], &n);
		} else if (any_designator) {
			more = 1;	/* where a positional value goes: unsure */
		} else if (i < ic->nfields) {
			add_const(&sb, tag, ic->fields[i], k.v[i], &n);
		}
		free(d.v);
	}
	if (more && n <= 8)
		sb_addf(&sb, "%s*", sb.buf ? ";" : "");
	free(k.v);
	return sb.buf ? sb_detach(&sb) : NULL;
}

static void scan_init(struct regs *s, CXCursor list)
{
	CXType type = clang_getCanonicalType(clang_getCursorType(list));
	struct init_ctx ic = { s, NULL, 0, 0, 0, NULL, NULL };
	char *tag;

	ic.obj = list_name(s, list);

	if (type.kind != CXType_Record)
		return;
	ic.table = fe_is_table_type(type, s->cx->t);
	clang_Type_visitFields(type, field_cb, &ic);
	if (!ic.table) {
		tag = obj_tag(type);
		ic.consts = list_consts(&ic, list, tag);
		free(tag);
	}
	clang_visitChildren(list, init_cb, &ic);
	free(ic.fields);
	free(ic.consts);
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

			if (member || slot) {
				CXCursor ptr;
				char *obj = obj_of_member(lhs, &ptr);

				if (!obj && !clang_Cursor_isNull(ptr))
					obj = obj_param(ptr);	/* p@fn:K */
				add_reg(s, member, f, slot, k.v[1],
					"assignment", obj, NULL);
				free(obj);
			}
			free(member);
			free(slot);
		}
	} else if (k.n == 2 && type.kind == CXType_Record) {
		/* "D = x;": whatever x holds, D's members now hold. */
		char *obj = obj_name(k.v[0]);

		if (obj)
			add_ref(s, "copy", obj);
		free(obj);
	}
	free(k.v);
}

/*
 * The names of the initialiser lists of global object v, in the order
 * the unit's walk meets them: "@x" for its own, "@x.ops" for that of its
 * member ops, "@x" for each element of an array x.
 */
static void name_lists(struct regs *s, CXCursor list, const char *name,
		       int depth);

static void name_value(struct regs *s, CXCursor value, const char *name,
		       int depth)
{
	value = fe_strip(value);
	if (name && clang_getCursorKind(value) == CXCursor_InitListExpr)
		name_lists(s, value, name, depth + 1);
}

static void name_lists(struct regs *s, CXCursor list, const char *name,
		       int depth)
{
	CXType type = clang_getCanonicalType(clang_getCursorType(list));
	struct init_ctx ic = { s, NULL, 0, 0, 0, NULL, NULL };
	struct fe_kids k = fe_kids(list);

	if (depth > 8)
		goto out;
	ARRAY_GROW(s->named, s->capnamed, s->nnamed + 1, 16);
	s->named[s->nnamed].list = list;
	s->named[s->nnamed++].name = xstrdup(name);
	if (type.kind == CXType_Record)
		clang_Type_visitFields(type, field_cb, &ic);
	for (int i = 0; i < k.n; i++) {
		struct fe_kids d = { NULL, 0 };
		char *sub = NULL;
		int j = 0;

		if (clang_getCursorKind(k.v[i]) == CXCursor_UnexposedExpr) {
			d = fe_kids(k.v[i]);
			while (j < d.n - 1 &&
			       clang_getCursorKind(d.v[j]) == CXCursor_MemberRef)
				j++;
		}
		if (type.kind != CXType_Record) {	/* an array's element */
			name_value(s, d.n ? d.v[d.n - 1] : k.v[i], name, depth);
		} else if (d.n >= 2 && j == d.n - 1) {	/* ".a.b = {...}" */
			char *path = designators(d.v, j);

			sub = path ? xasprintf("%s.%s", name, path) : NULL;
			name_value(s, d.v[j], sub, depth);
			free(path);
		} else if (i < ic.nfields) {
			char *f = fe_spelling(ic.fields[i]);

			sub = *f ? xasprintf("%s.%s", name, f) : NULL;
			name_value(s, k.v[i], sub, depth);
			free(f);
		}
		free(sub);
		free(d.v);
	}
out:
	free(ic.fields);
	free(k.v);
}

/* A global object with an initialiser: name its lists, first. */
static void global_object(struct regs *s, CXCursor v)
{
	CXCursor init;
	char *name;

	if (!clang_Cursor_hasVarDeclGlobalStorage(v))
		return;
	init = fe_strip(clang_Cursor_getVarDeclInitializer(v));
	if (clang_getCursorKind(init) != CXCursor_InitListExpr)
		return;
	name = obj_var(v);
	if (name)
		name_lists(s, init, name, 0);
	free(name);
}

/* memcpy(&D, ...), memmove(&D, ...): D's members hold anything. */
static void scan_copy(struct regs *s, CXCursor call)
{
	static const char *const copy[] = {
		"memcpy", "memmove", "__builtin_memcpy", "__builtin_memmove",
	};
	CXCursor fn = clang_getCursorReferenced(call);
	char *name, *obj = NULL;
	int hit = 0;

	if (clang_getCursorKind(fn) != CXCursor_FunctionDecl ||
	    clang_Cursor_getNumArguments(call) < 1)
		return;
	name = fe_spelling(fn);
	for (size_t i = 0; i < ARRAY_SIZE(copy); i++)
		hit |= !strcmp(name, copy[i]);
	free(name);
	if (hit)
		obj = obj_address(clang_Cursor_getArgument(call, 0));
	if (obj)
		add_ref(s, "copy", obj);
	free(obj);
}

/* One more use of function fn: called by name (call), or not. */
static void count_use(struct regs *s, CXCursor fn, int call)
{
	char *name = fe_spelling(fn);
	int i;

	for (i = 0; i < s->nuse; i++)
		if (!strcmp(s->use[i].name, name))
			break;
	if (i == s->nuse) {
		ARRAY_GROW(s->use, s->capuse, s->nuse + 1, 16);
		s->use[i] = (struct use){ name, 0, 0 };
		s->nuse++;
	} else {
		free(name);
	}
	if (call)
		s->use[i].calls++;
	else
		s->use[i].refs++;
}

static enum CXChildVisitResult regs_cb(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	struct regs *s = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_VarDecl)
		global_object(s, c);
	if (k == CXCursor_InitListExpr) {
		scan_init(s, c);
	} else if (k == CXCursor_BinaryOperator) {
		scan_assign(s, c);
	} else if (k == CXCursor_CallExpr) {
		CXCursor callee = clang_getNullCursor();
		CXCursor fn = clang_getCursorReferenced(c);

		clang_visitChildren(c, fe_take_first, &callee);
		callee = fe_strip(callee);
		if (clang_getCursorKind(callee) == CXCursor_DeclRefExpr &&
		    clang_getCursorKind(fn) == CXCursor_FunctionDecl)
			count_use(s, fn, 1);
		scan_copy(s, c);
	} else if (k == CXCursor_DeclRefExpr) {
		CXCursor fn = clang_getCursorReferenced(c);

		if (clang_getCursorKind(fn) == CXCursor_FunctionDecl)
			count_use(s, fn, 0);
	}
	return CXChildVisit_Recurse;
}

/*
 * A declaration that only keeps a symbol alive or exports it
 * (__ADDRESSABLE(), EXPORT_SYMBOL()'s __ksymtab_ entry): its "&fn" is no
 * caller.
 */
static int symbol_keeper(CXCursor decl)
{
	char *n = fe_spelling(decl);
	int keep = strstr(n, "__addressable_") || !strncmp(n, "__ksymtab_", 10) ||
		   !strncmp(n, "__kstrtab_", 10);

	free(n);
	return keep;
}

void sleep_regs(struct check_ctx *cx, struct facts *f, CXCursor decl)
{
	struct regs r = { 0 };

	r.cx = cx;
	r.f = f;
	if (clang_getCursorKind(decl) == CXCursor_VarDecl)
		global_object(&r, decl);	/* not its own child */
	clang_visitChildren(decl, regs_cb, &r);
	for (int i = 0; i < r.nuse; i++) {
		/* Named more often than called: its address is taken. */
		if (r.use[i].refs > r.use[i].calls && !symbol_keeper(decl))
			add_ref(&r, "address", r.use[i].name);
		free(r.use[i].name);
	}
	for (int i = 0; i < r.nnamed; i++)
		free(r.named[i].name);
	free(r.named);
	free(r.use);
}
