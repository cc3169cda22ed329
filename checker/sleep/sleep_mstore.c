/*
 * sleep_mstore.c - the members a path stored a constant in, known at the
 * calls that follow ("bitmap->storage.file = NULL; ...
 * md_bitmap_file_unmap(&bitmap->storage);": the callee's "if (file)",
 * file being store->file, is false there).  A member is named by its
 * access path from a local or a parameter ("b->storage.file"), kept as
 * the hashes of the path's prefixes, so that a write of any of them (an
 * assignment to "b", to the whole "b->storage", a call passed
 * "&b->storage" or "b") forgets it.  A write the walk cannot name (through
 * "*p", an array's element, a macro's store) forgets everything.  As
 * another pointer may be to the same object, a store to the same member
 * of the same struct type by any path, and a call given any pointer to
 * a struct type the path goes through, forget it too.  What a callee
 * reaches by itself (a global list) or another CPU writes is not seen:
 * the narrowest the code shows, as the members set up
 * (docs/facts-db.md).
 */
#include "clang/frontend.h"
#include "checker/sleep/sleep_bitops.h"
#include "checker/sleep/sleep_mstore.h"
#include "checker/sleep/sleep_obj.h"

#include <stdlib.h>
#include <string.h>

/* An access path: its text and the hashes of its prefixes. */
struct mpath {
	struct sbuf text;
	unsigned pre[MSTORE_DEPTH];
	CXCursor field[MSTORE_DEPTH];	/* a member step's field */
	unsigned rec[MSTORE_DEPTH], mem[MSTORE_DEPTH];	/* as mknown's */
	int n;
	int global;		/* it starts at a global variable */
};

static void path_free(struct mpath *p)
{
	sb_free(&p->text);
}

/* A path's or a type's key: never 0 (rec 0 is "no tag"). */
static unsigned text_hash(const char *t)
{
	unsigned h = str_hash(t);

	return h ? h : 1;
}

/* Casts and parentheses off: "(void *)&x" is "&x". */
static CXCursor strip_casts(CXCursor e)
{
	for (int i = 0; i < 8; i++) {
		CXCursor in = clang_getNullCursor();

		e = fe_strip(e);
		if (clang_getCursorKind(e) != CXCursor_CStyleCastExpr)
			return e;
		clang_visitChildren(e, fe_take_last, &in);
		if (clang_Cursor_isNull(in))
			return e;
		e = in;
	}
	return e;
}

/* The fields of a record type, by name, in order. */
static enum CXVisitorResult field_name(CXCursor f, CXClientData data)
{
	strv_push_owned(data, fe_spelling(f));
	return CXVisit_Continue;
}

/* Field f's place among its struct's fields (from 0), or -1. */
static int field_ordinal(CXCursor f)
{
	CXCursor rec = clang_getCursorSemanticParent(f);
	struct strv fields = { 0 };
	char *name;
	int at;

	if (clang_getCursorKind(f) != CXCursor_FieldDecl)
		return -1;
	clang_Type_visitFields(clang_getCursorType(rec), field_name, &fields);
	name = fe_spelling(f);
	at = *name ? strv_find(&fields, name) : -1;
	free(name);
	strv_clear(&fields);
	return at;
}

/* e as an access path ("b->storage.file"), at most MSTORE_DEPTH steps. */
static int path_build(CXCursor e, struct mpath *p)
{
	enum CXCursorKind k;
	CXCursor ref, base = clang_getNullCursor();
	CXType bt;
	char *name, *tag, *text;

	e = fe_strip(e);
	k = clang_getCursorKind(e);
	if (k == CXCursor_DeclRefExpr) {
		ref = clang_getCursorReferenced(e);
		if (clang_getCursorKind(ref) != CXCursor_VarDecl &&
		    clang_getCursorKind(ref) != CXCursor_ParmDecl)
			return 0;
		p->global = clang_getCursorKind(ref) == CXCursor_VarDecl &&
			    clang_Cursor_hasVarDeclGlobalStorage(ref);
		p->field[p->n] = clang_getNullCursor();
		name = fe_spelling(ref);
		sb_add(&p->text, name);
		free(name);
	} else if (k == CXCursor_MemberRefExpr) {
		clang_visitChildren(e, fe_take_first, &base);
		if (clang_Cursor_isNull(base) || !path_build(base, p) ||
		    p->n >= MSTORE_DEPTH)
			return 0;
		bt = clang_getCanonicalType(clang_getCursorType(fe_strip(base)));
		name = fe_spelling(clang_getCursorReferenced(e));
		if (!*name) {
			free(name);
			return 0;
		}
		sb_add(&p->text, bt.kind == CXType_Pointer ? "->" : ".");
		sb_add(&p->text, name);
		p->field[p->n] = clang_getCursorReferenced(e);
		tag = obj_tag(clang_getCursorType(
			clang_getCursorSemanticParent(p->field[p->n])));
		p->rec[p->n - 1] = tag ? text_hash(tag) : 0;
		text = xasprintf("%s.%s", tag ? tag : "", name);
		p->mem[p->n - 1] = text_hash(text);
		free(text);
		free(tag);
		free(name);
	} else {
		return 0;
	}
	if (!p->text.buf || p->n >= MSTORE_DEPTH)
		return 0;
	p->pre[p->n++] = text_hash(p->text.buf);
	return 1;
}

static int path_of(CXCursor e, struct mpath *p)
{
	memset(p, 0, sizeof(*p));
	if (path_build(e, p))
		return 1;
	path_free(p);
	return 0;
}

/* Forget every member whose path goes through (or is) the one hashed h. */
static void forget_under(struct astate *st, unsigned h)
{
	for (int i = 0; i < MSTORE_SLOTS; i++)
		for (int k = 0; k < st->mk[i].n; k++)
			if (st->mk[i].pre[k] == h) {
				st->mk[i].n = 0;
				break;
			}
}

static int any_known(const struct astate *st)
{
	for (int i = 0; i < MSTORE_SLOTS; i++)
		if (st->mk[i].n)
			return 1;
	return 0;
}

/* A free slot; when none, the oldest value's (a zeroed object's last). */
static struct mknown *slot(struct astate *st)
{
	int at = -1;

	for (int i = 0; i < MSTORE_SLOTS && at < 0; i++)
		if (!st->mk[i].n)
			at = i;
	for (int i = 0; i < MSTORE_SLOTS && at < 0; i++)
		if (!st->mk[i].zero)
			at = i;
	if (at < 0)
		at = 0;
	/* What a zeroed object's member held is named there already. */
	memmove(&st->mk[at], &st->mk[at + 1],
		(MSTORE_SLOTS - 1 - at) * sizeof(st->mk[0]));
	memset(&st->mk[MSTORE_SLOTS - 1], 0, sizeof(st->mk[0]));
	return &st->mk[MSTORE_SLOTS - 1];
}

/* Path p holds v (bits: only those bits of it; 0 all). */
static void keep_bits(struct astate *st, const struct mpath *p, long long v,
		      long long bits)
{
	struct mknown *k;

	forget_under(st, p->pre[p->n - 1]);
	k = slot(st);
	memcpy(k->pre, p->pre, sizeof(p->pre));
	memcpy(k->rec, p->rec, sizeof(p->rec));
	memcpy(k->mem, p->mem, sizeof(p->mem));
	k->n = p->n;
	k->v = bits ? v & bits : v;
	k->bits = bits;
}

static void keep(struct astate *st, const struct mpath *p, long long v)
{
	keep_bits(st, p, v, 0);
}

/* What the path knows of member path p: its entry, or NULL. */
static const struct mknown *known_at(const struct astate *st,
				     const struct mpath *p)
{
	for (int i = 0; i < MSTORE_SLOTS; i++) {
		const struct mknown *k = &st->mk[i];

		if (!k->zero && k->n == p->n &&
		    k->pre[k->n - 1] == p->pre[p->n - 1])
			return k;
	}
	return NULL;
}

/* A zeroed object's member i (-1: not known which) is named. */
static void name_member(struct mknown *k, int i)
{
	if (i < 0)
		k->named[0] = k->named[1] = ~0ULL;
	else if (i < 128)
		k->named[i / 64] |= 1ULL << (i % 64);
}

/* Path p is written: a zeroed object it goes through names its member. */
static void name_in_zeroed(struct astate *st, const struct mpath *p)
{
	for (int i = 0; i < MSTORE_SLOTS; i++) {
		struct mknown *k = &st->mk[i];

		if (k->zero && k->n < p->n &&
		    k->pre[k->n - 1] == p->pre[k->n - 1])
			name_member(k, field_ordinal(p->field[k->n]));
	}
}

/*
 * Member "T.m" (hash mem, field f) written through another pointer,
 * which may be an alias: what goes through a T's m is forgotten, and a
 * zeroed T names m.
 */
static void forget_member(struct astate *st, unsigned mem, unsigned rec,
			  CXCursor f)
{
	for (int i = 0; i < MSTORE_SLOTS; i++) {
		struct mknown *k = &st->mk[i];

		if (k->zero && k->rec[0] == rec)
			name_member(k, field_ordinal(f));
		for (int j = 0; !k->zero && j + 1 < k->n; j++)
			if (k->mem[j] == mem)
				k->n = 0;
	}
}

/* A pointer to a struct of type hash rec passed: what holds one goes. */
static void forget_record(struct astate *st, unsigned rec)
{
	for (int i = 0; i < MSTORE_SLOTS; i++) {
		struct mknown *k = &st->mk[i];

		for (int j = 0; j + 1 < k->n || (k->zero && !j); j++)
			if (k->rec[j] == rec) {
				k->n = 0;
				break;
			}
	}
}

/* A constant's value (NULL is 0), or 0 when v is none. */
static int constant(struct sleep_scan *s, CXCursor v, long long *x)
{
	if (clang_Cursor_isNull(v))
		return 0;
	if (sleep_value(v, x))
		return 1;
	*x = 0;
	return params_null(&s->pa, v);
}

/* Does op assign (or may it: a macro's operator, not written here)? */
static int assigning(struct sleep_scan *s, CXCursor op, CXCursor lhs,
		     int *plain)
{
	enum CXCursorKind k = clang_getCursorKind(op);
	char *o;
	size_t n;
	int r;

	*plain = 0;
	if (k == CXCursor_CompoundAssignOperator)
		return 1;
	if (k == CXCursor_UnaryOperator) {
		o = params_token_at(s->tu, clang_getCursorLocation(op));
		r = !o || !strcmp(o, "++") || !strcmp(o, "--");
		free(o);
		if (!r) {	/* "x++": the operator after its operand */
			o = params_binop(&s->pa, op, lhs);
			r = o && (!strcmp(o, "++") || !strcmp(o, "--"));
			free(o);
		}
		return r;
	}
	o = params_binop(&s->pa, op, lhs);
	if (!o)
		return 1;
	n = strlen(o);
	*plain = !strcmp(o, "=");
	r = *plain || (n >= 2 && o[n - 1] == '=' && strcmp(o, "==") &&
		       strcmp(o, "!=") && strcmp(o, "<=") && strcmp(o, ">="));
	free(o);
	return r;
}

/* What a write of lhs (plain: "lhs = v") does to st. */
static void written(struct sleep_scan *s, struct astate *st, CXCursor lhs,
		    CXCursor v, int plain)
{
	struct mpath p;
	long long x;

	if (!path_of(lhs, &p)) {
		memset(st->mk, 0, sizeof(st->mk));	/* "*q = x": anything */
		return;
	}
	forget_under(st, p.pre[p.n - 1]);
	name_in_zeroed(st, &p);
	if (p.n >= 2)
		forget_member(st, p.mem[p.n - 2], p.rec[p.n - 2],
			      p.field[p.n - 1]);
	if (plain && p.n >= 2 && !p.global && constant(s, v, &x))
		keep(st, &p, x);
	path_free(&p);
}

void mstore_write(struct sleep_scan *s, CXCursor lhs, CXCursor v,
		  CXCursor op)
{
	enum CXCursorKind k = clang_getCursorKind(fe_strip(lhs));
	int plain;

	/* A member's store may be kept; other writes matter only then. */
	if (s->st.dead || (k != CXCursor_MemberRefExpr && !any_known(&s->st)))
		return;
	if (!assigning(s, op, lhs, &plain) ||
	    (!plain && !any_known(&s->st)))
		return;
	written(s, &s->st, lhs, v, plain);
}

/* The object an argument lets a callee write: "&X" is X, a pointer p p. */
static int arg_path(struct sleep_scan *s, CXCursor a, struct mpath *p,
		    int *address)
{
	CXCursor in = clang_getNullCursor();
	char *t;

	a = strip_casts(a);
	*address = 0;
	if (clang_getCursorKind(a) == CXCursor_UnaryOperator) {
		t = params_token_at(s->tu, clang_getCursorLocation(a));
		*address = t && !strcmp(t, "&");
		free(t);
		if (!*address)
			return 0;
		clang_visitChildren(a, fe_take_first, &in);
		return !clang_Cursor_isNull(in) && path_of(in, p);
	}
	if (clang_getCanonicalType(clang_getCursorType(a)).kind !=
	    CXType_Pointer)
		return 0;
	return path_of(a, p);
}

/* What call c may write through its arguments, taken out of st. */
static void passed(struct sleep_scan *s, struct astate *st, CXCursor c)
{
	int n = clang_Cursor_getNumArguments(c), address;
	struct mpath p;

	for (int i = 0; i < n; i++) {
		CXCursor a = clang_Cursor_getArgument(c, i);
		CXType t = clang_getCanonicalType(clang_getCursorType(
			strip_casts(a)));
		char *tag;

		if (arg_path(s, a, &p, &address)) {
			forget_under(st, p.pre[p.n - 1]);
			name_in_zeroed(st, &p);
			path_free(&p);
		}
		/* Any pointer to a struct may be another to ours. */
		if (t.kind == CXType_Pointer &&
		    (tag = obj_tag(clang_getPointeeType(t)))) {
			forget_record(st, text_hash(tag));
			free(tag);
		}
	}
}

/*
 * "set_bit(nr, &p->m)", "clear_bit(...)": bit nr of the member is known
 * after, the others as they were.  A test of a bit writes nothing.
 */
static int bitop(struct sleep_scan *s, struct astate *st, CXCursor c)
{
	const struct mknown *was;
	long long bit, v = 0, bits;
	struct mpath p;
	CXCursor addr;
	int kind = bitop_call(c, &bit, &addr), address;

	if (kind == BITOP_TEST)
		return 1;
	if (kind == BITOP_NONE || !arg_path(s, addr, &p, &address))
		return 0;
	if (!address || p.n < 2 || p.global) {
		path_free(&p);
		return 0;
	}
	was = known_at(st, &p);
	bits = was ? (was->bits ? was->bits | bit : 0) : bit;
	if (was)
		v = was->v;
	v = kind == BITOP_SET ? v | bit : v & ~bit;
	/* as a store: the same member through another pointer goes */
	name_in_zeroed(st, &p);
	forget_member(st, p.mem[p.n - 2], p.rec[p.n - 2], p.field[p.n - 1]);
	keep_bits(st, &p, v, bits);
	path_free(&p);
	return 1;
}

void mstore_call(struct sleep_scan *s, CXCursor c)
{
	if (s->st.dead || bitop(s, &s->st, c))
		return;
	if (any_known(&s->st))
		passed(s, &s->st, c);
}

/* The members of the object of argument a known here: "T.m=0;T.n=8". */
struct fields_acc {
	const struct astate *st;
	const struct mpath *p;
	const char *sep, *tag;
	struct sbuf out;
};

static enum CXVisitorResult field_known(CXCursor f, CXClientData data)
{
	struct fields_acc *fa = data;
	char *m = fe_spelling(f), *text;
	unsigned h;

	if (!*m) {
		free(m);
		return CXVisit_Continue;
	}
	text = xasprintf("%s%s%s", fa->p->text.buf, fa->sep, m);
	h = text_hash(text);
	free(text);
	for (int i = 0; i < MSTORE_SLOTS; i++) {
		const struct mknown *k = &fa->st->mk[i];

		if (!k->zero && k->n == fa->p->n + 1 && k->pre[k->n - 1] == h &&
		    k->pre[fa->p->n - 1] == fa->p->pre[fa->p->n - 1]) {
			sb_addf(&fa->out, "%s%s.%s", fa->out.len ? ";" : "",
				fa->tag, m);
			if (k->bits)	/* "T.m&6=2": bits 6 are 2 */
				sb_addf(&fa->out, "&%lld", k->bits);
			sb_addf(&fa->out, "=%lld", k->v);
			break;
		}
	}
	free(m);
	return CXVisit_Continue;
}

static char *arg_known(struct sleep_scan *s, CXCursor a)
{
	struct fields_acc fa = { &s->st, NULL, NULL, NULL, { 0 } };
	struct mpath p;
	CXType t;
	char *tag;
	int address;

	if (!arg_path(s, a, &p, &address))
		return NULL;
	t = clang_getCanonicalType(clang_getCursorType(strip_casts(a)));
	if (t.kind == CXType_Pointer)
		t = clang_getCanonicalType(clang_getPointeeType(t));
	tag = obj_tag(t);
	if (tag && p.n < MSTORE_DEPTH) {
		fa.p = &p;
		fa.sep = address ? "." : "->";
		fa.tag = tag;
		clang_Type_visitFields(t, field_known, &fa);
	}
	/* A zeroed local struct: "T.*=a/b", the members named since. */
	for (int i = 0; tag && address && i < MSTORE_SLOTS; i++) {
		const struct mknown *k = &s->st.mk[i];
		struct strv fields = { 0 };

		if (!k->zero || k->n != p.n ||
		    k->pre[k->n - 1] != p.pre[p.n - 1])
			continue;
		clang_Type_visitFields(t, field_name, &fields);
		sb_addf(&fa.out, "%s%s.*=", fa.out.len ? ";" : "", tag);
		for (int f = 0, first = 1; f < fields.n; f++)
			if (f >= 128 || k->named[f / 64] >> (f % 64) & 1) {
				sb_addf(&fa.out, "%s%s", first ? "" : "/",
					fields.v[f]);
				first = 0;
			}
		strv_clear(&fields);
	}
	free(tag);
	path_free(&p);
	return sb_detach(&fa.out);
}

char *mstore_args(struct sleep_scan *s, CXCursor c)
{
	char *base = params_args(&s->pa, c), *at;
	int n = clang_Cursor_getNumArguments(c), any = 0;
	struct sbuf out = { 0 };
	const char *rest = base ? base : "";

	if (s->st.dead || !any_known(&s->st))
		return base;
	for (int i = 0; i < n; i++) {
		char *k = arg_known(s, clang_Cursor_getArgument(c, i));
		size_t len = strcspn(rest, ",");

		if (i)
			sb_addc(&out, ',');
		if (len)
			sb_addn(&out, rest, len);
		else if (k && *k)
			sb_addc(&out, '?');
		if (k && *k) {
			sb_addf(&out, "{%s}", k);
			any = 1;
		}
		free(k);
		rest += len;
		if (*rest)
			rest++;
	}
	if (!any) {
		sb_free(&out);
		return base;
	}
	/* Trailing unknown arguments are left off, as params_args() does. */
	while (out.len && out.buf[out.len - 1] == '?' &&
	       (out.len == 1 || out.buf[out.len - 2] == ','))
		out.buf[out.len -= out.len == 1 ? 1 : 2] = '\0';
	at = sb_detach(&out);
	free(base);
	return at;
}

void mstore_decl(struct sleep_scan *s, CXCursor var)
{
	CXCursor init;
	CXType t;
	struct fe_kids k;
	struct strv fields = { 0 };
	struct mpath p = { 0 };
	struct mknown z = { .zero = 1, .n = 1 };
	char *name, *tag;

	if (s->st.dead || clang_getCursorKind(var) != CXCursor_VarDecl ||
	    clang_Cursor_hasVarDeclGlobalStorage(var))
		return;
	sb_add(&p.text, name = fe_spelling(var));
	p.pre[p.n++] = text_hash(p.text.buf);
	forget_under(&s->st, p.pre[0]);		/* a new object */
	init = fe_strip(clang_Cursor_getVarDeclInitializer(var));
	t = clang_getCanonicalType(clang_getCursorType(var));
	if (t.kind != CXType_Record ||
	    clang_getCursorKind(init) != CXCursor_InitListExpr) {
		path_free(&p);
		free(name);
		return;
	}
	/*
	 * ".m = K" (one designator), or the i-th value: var.m is K; every
	 * member the list names is named, the others are 0.
	 */
	clang_Type_visitFields(t, field_name, &fields);
	tag = obj_tag(t);
	k = fe_kids(init);
	for (int i = 0; i < k.n; i++) {
		struct fe_kids d = { NULL, 0 };
		CXCursor value = k.v[i];
		char *m = NULL;
		long long x;

		if (clang_getCursorKind(k.v[i]) == CXCursor_UnexposedExpr)
			d = fe_kids(k.v[i]);
		if (d.n >= 2 &&
		    clang_getCursorKind(d.v[0]) == CXCursor_MemberRef) {
			m = fe_spelling(d.v[0]);
			value = d.n == 2 ? d.v[1] : clang_getNullCursor();
		} else if (i < fields.n) {
			m = xstrdup(fields.v[i]);
		}
		free(d.v);
		name_member(&z, m && *m ? strv_find(&fields, m) : -1);
		if (!m || !*m) {
			free(m);
			continue;
		}
		if (!clang_Cursor_isNull(value) && constant(s, value, &x)) {
			struct mpath mp = p;

			mp.text = (struct sbuf){ 0 };
			sb_addf(&mp.text, "%s.%s", tag ? tag : "", m);
			mp.rec[0] = tag ? text_hash(tag) : 0;
			mp.mem[0] = text_hash(mp.text.buf);
			sb_reset(&mp.text);
			sb_addf(&mp.text, "%s.%s", name, m);
			mp.pre[mp.n++] = text_hash(mp.text.buf);
			keep(&s->st, &mp, x);
			sb_free(&mp.text);
		}
		free(m);
	}
	free(k.v);
	strv_clear(&fields);
	if ((~z.named[0] || ~z.named[1]) && tag) {
		memcpy(z.pre, p.pre, sizeof(p.pre));
		z.rec[0] = text_hash(tag);
		*slot(&s->st) = z;
	}
	free(tag);
	path_free(&p);
	free(name);
}

void mstore_merge(struct astate *m, const struct astate *a,
		  const struct astate *b)
{
	struct mknown both[MSTORE_SLOTS];
	int n = 0;

	memset(both, 0, sizeof(both));
	for (int i = 0; i < MSTORE_SLOTS; i++)
		for (int j = 0; a->mk[i].n && j < MSTORE_SLOTS; j++) {
			const struct mknown *x = &a->mk[i], *y = &b->mk[j];

			long long kx = x->bits ? x->bits : -1;
			long long ky = y->bits ? y->bits : -1;
			long long agree = kx & ky & ~(x->v ^ y->v);

			if (y->n != x->n || y->zero != x->zero ||
			    (!x->zero && !agree) ||
			    memcmp(y->pre, x->pre, sizeof(x->pre)))
				continue;
			/* A zeroed object: what either path named is named. */
			both[n] = *x;
			/* Bits both know alike stay known. */
			if (!x->zero && agree != -1) {
				both[n].bits = agree;
				both[n].v = x->v & agree;
			}
			both[n].named[0] |= y->named[0];
			both[n++].named[1] |= y->named[1];
			break;
		}
	memcpy(m->mk, both, sizeof(both));
}

/* What a loop's body may write, taken out of st. */
struct loop_acc {
	struct sleep_scan *s;
	struct astate *st;
};

static enum CXChildVisitResult loop_cb(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	struct loop_acc *la = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct fe_kids kids;
	int plain;

	(void)parent;
	if (!any_known(la->st))
		return CXChildVisit_Break;
	if (k == CXCursor_BinaryOperator ||
	    k == CXCursor_CompoundAssignOperator ||
	    k == CXCursor_UnaryOperator) {
		kids = fe_kids(c);
		if (kids.n && assigning(la->s, c, kids.v[0], &plain))
			written(la->s, la->st, kids.v[0],
				clang_getNullCursor(), 0);
		free(kids.v);
	} else if (k == CXCursor_CallExpr) {
		long long bit;
		CXCursor addr;

		/* test_bit() reads its word; any other call may write */
		if (bitop_call(c, &bit, &addr) != BITOP_TEST)
			passed(la->s, la->st, c);
	} else if (k == CXCursor_VarDecl) {
		char *name = fe_spelling(c);

		forget_under(la->st, text_hash(name));
		free(name);
	}
	return CXChildVisit_Recurse;
}

void mstore_loop(struct sleep_scan *s, struct astate *st,
		 const struct astate *was, CXCursor body)
{
	struct loop_acc la = { s, st };

	memcpy(st->mk, was->mk, sizeof(st->mk));
	if (any_known(st))
		clang_visitChildren(body, loop_cb, &la);
}
