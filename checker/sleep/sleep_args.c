/*
 * sleep_args.c - what a call passes, for sleeps that depend on an
 * argument (docs/facts-db.md: args): a constant the compiler folds, bits
 * known set, an object's address (never NULL), GFP flags that can or
 * cannot block, the caller's own parameter passed on, or unknown.
 * sleep_call.c records the column with each call; sleep_params.c reads
 * the callee's tests of the same parameters.
 */
#include "clang/frontend.h"
#include "checker/sleep/sleep.h"
#include "checker/sleep/sleep_obj.h"
#include "checker/walk.h"

#include <string.h>

/*
 * The function type a callee expression of type t calls, its
 * parameters' types as written: through the pointer, and through the
 * typedefs a member is declared with ("blkcg_pol_alloc_pd_fn
 * *pd_alloc_fn;", "typedef struct blkg_policy_data
 * *(blkcg_pol_alloc_pd_fn)(..., gfp_t gfp);"), which the canonical type
 * would flatten to "unsigned int".
 */
static CXType fn_type_of(CXType t)
{
	for (int guard = 0; guard < 16; guard++) {
		if (t.kind == CXType_Pointer)
			t = clang_getPointeeType(t);
		else if (t.kind == CXType_Elaborated)
			t = clang_Type_getNamedType(t);
		else if (t.kind == CXType_Typedef)
			t = clang_getTypedefDeclUnderlyingType(
				clang_getTypeDeclaration(t));
		else
			break;
	}
	return t;
}

/*
 * Is parameter i of the function call calls a gfp_t?  Of a function it
 * names, or of the function type it calls through ("convert->func(...,
 * GFP_ATOMIC)").
 */
static int gfp_typed(CXCursor call, int i)
{
	CXCursor fn = clang_getCursorReferenced(call);
	CXType t;
	CXString ts;
	int is;

	if (clang_getCursorKind(fn) == CXCursor_FunctionDecl) {
		if (i >= clang_Cursor_getNumArguments(fn))
			return 0;
		t = clang_getCursorType(clang_Cursor_getArgument(fn, i));
	} else {
		CXCursor callee = clang_getNullCursor();

		clang_visitChildren(call, fe_take_first, &callee);
		t = fn_type_of(clang_getCursorType(callee));
		if (t.kind != CXType_FunctionProto ||
		    i >= clang_getNumArgTypes(t))
			return 0;
		t = clang_getArgType(t, i);
	}
	ts = clang_getTypeSpelling(t);
	is = !strcmp(clang_getCString(ts), "gfp_t");
	clang_disposeString(ts);
	return is;
}

/*
 * A local set once where it is declared and never changed ("const
 * gfp_t gfp = GFP_ATOMIC | __GFP_NOWARN;" in i915's capture_regs()):
 * its initializer; a itself otherwise.
 */
static CXCursor set_once_value(struct params *pa, CXCursor a)
{
	CXCursor init;

	if (clang_getCursorKind(a) != CXCursor_DeclRefExpr)
		return a;
	init = params_initializer(pa, clang_getCursorReferenced(a), a);
	return clang_Cursor_isNull(init) ? a : fe_strip(init);
}

/*
 * A GFP argument, as a condition: 1 when its flags can block
 * (GFP_KERNEL), 0 when they cannot (GFP_ATOMIC), -1 unknown: an
 * allocator's caller that passes its own gfp_t on sleeps when its
 * caller's flags do (docs/facts-db.md, args).
 */
static int gfp_arg(struct params *pa, CXCursor a)
{
	char *text = params_text(pa, a);
	int r = text ? gfp_blocks(text) : -1;

	free(text);
	return r;
}

/*
 * Is c "&x", "&p->m" or "&a[i]": the address of an object, which is
 * never NULL (locks_delete_lock_ctx(fl, &dispose) puts the lock on the
 * list it is given instead of freeing it)?
 */
static int address_of(struct params *pa, CXCursor c)
{
	/* By its type: a macro's body may write the "&" (sleep_obj.c). */
	CXCursor in = sleep_address_operand(c);
	enum CXCursorKind k;

	(void)pa;
	if (clang_Cursor_isNull(in))
		return 0;
	k = clang_getCursorKind(fe_strip(in));
	return k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr ||
	       k == CXCursor_ArraySubscriptExpr;
}

/*
 * A helper's test of bits ("!gfpflags_allow_blocking(gfp_mask)", passed
 * as netlink_unicast()'s nonblock): "0" or "1" when its argument folds,
 * "tN&M" ("!tN&M") when it is the caller's parameter N, whose test of
 * bits M it is (its negation), "tgN&M" when that test is "the flags
 * can block" (gfpflags_allow_blocking()); NULL else.
 */
static char *test_arg(struct params *pa, CXCursor a)
{
	int neg = 0, s, i, blocks;
	CXCursor x;
	long long m, v;

	for (int d = 0; d < 4 && clang_getCursorKind(a) ==
				     CXCursor_UnaryOperator; d++) {
		CXCursor in = sleep_not_operand(a);

		if (clang_Cursor_isNull(in))
			return NULL;
		a = fe_strip(in);
		neg = !neg;
	}
	s = bittest_call(a, &x, &m, &blocks);
	if (!s)
		return NULL;
	if (s < 0)
		neg = !neg;
	if (sleep_value(x, &v))
		return xstrdup(((v & m) != 0) != neg ? "1" : "0");
	i = params_index(pa, x);
	/* "tg3&1024": the test is "the flags can block" (a gfp_t's). */
	return i >= 0 ? xasprintf("%st%s%d&%lld", neg ? "!" : "",
				  blocks ? "g" : "", i, m) : NULL;
}

/*
 * mop: the operator of a when a macro's body writes a whole, read from
 * the macro's definition (sleep_macrobody.c), or NULL.
 */
static char *arg_value(struct params *pa, CXCursor a, int depth,
		       const char *mop)
{
	enum CXCursorKind k = clang_getCursorKind(a);
	long long v;

	/* A string, or the address of an object: never NULL. */
	if (k == CXCursor_StringLiteral)
		return xstrdup("nz");
	if (address_of(pa, a)) {
		/* One the link can tell apart: its name (sleep_obj.h). */
		char *name = obj_argument(a);
		char *r = name ? xasprintf("&%s", name) : NULL;

		/* "&timeo": a value not 0 only where !p3 (sleep_deref.c) */
		if (!r)
			r = params_deref_arg(pa, a);
		if (!r)
			r = xstrdup("nz");

		free(name);
		return r;
	}
	/* A local set once to "&D": D's address, by name. */
	if (k == CXCursor_DeclRefExpr) {
		char *name = obj_alias(a);
		CXCursor var = clang_getCursorReferenced(a);

		if (!name)	/* set once to fresh memory: its elements */
			name = obj_elements(a);
		if (name) {
			char *r = xasprintf("&%s", name);

			free(name);
			return r;
		}
		/* sg_copy_buffer()'s sg_flags: bits set, only more after */
		if (clang_getCursorKind(var) == CXCursor_VarDecl &&
		    !sleep_value(a, &v) && params_local_bits(pa, var, &v))
			return xasprintf("m%lld", v);
		/* gup_flags after is_valid_gup_args(..., &gup_flags, K) */
		if ((name = params_setbits_arg(pa, a)))
			return name;
	}
	/*
	 * A statement expression: its last statement's value
	 * (MAKE_SEND_FLAGS(len): "({ ...; FIELD_PREP(M, len) | NB; })").
	 */
	if (k == CXCursor_StmtExpr && depth < COND_DEPTH) {
		CXCursor body = clang_getNullCursor();
		struct fe_kids kids;
		char *r = NULL;

		clang_visitChildren(a, fe_take_first, &body);
		kids = fe_kids(body);
		if (clang_getCursorKind(body) == CXCursor_CompoundStmt &&
		    kids.n && clang_isExpression(clang_getCursorKind(
				  fe_strip(kids.v[kids.n - 1])))) {
			/* its "|" as the macro's definition writes it */
			char *last = sleep_macro_top_op(pa->tu, a);

			r = arg_value(pa, fe_strip(kids.v[kids.n - 1]),
				      depth + 1, last);
			free(last);
		}
		free(kids.v);
		return r;
	}
	if (k == CXCursor_CallExpr || k == CXCursor_UnaryOperator) {
		char *t = test_arg(pa, a);

		if (t)
			return t;
	}
	/* Only what may fold: not every call's every argument. */
	if (k != CXCursor_IntegerLiteral && k != CXCursor_CharacterLiteral &&
	    k != CXCursor_DeclRefExpr && k != CXCursor_UnaryOperator &&
	    k != CXCursor_BinaryOperator && k != CXCursor_CStyleCastExpr &&
	    k != CXCursor_CXXBoolLiteralExpr)
		return NULL;
	if (sleep_value(a, &v))
		return xasprintf("%lld", v);
	if (params_null(pa, a))
		return xstrdup("0");
	if (k == CXCursor_BinaryOperator && depth < COND_DEPTH) {
		struct fe_kids kids = fe_kids(a);
		char *op = kids.n == 2 ? params_binop(pa, a, kids.v[0]) : NULL;
		char *r = NULL;

		/* "#define F(x) ((x) | NB)": in the macro's definition */
		if (!op && kids.n == 2)
			op = mop ? xstrdup(mop) :
			     depth ? NULL : sleep_macro_top_op(pa->tu, a);
		if (op && !strcmp(op, "|")) {
			for (int i = 0; i < 2 && !r; i++) {
				CXCursor x = fe_strip(kids.v[i]);
				int o;

				if (!sleep_value(x, &v) || !v)
					continue;
				/*
				 * "rpmflags | RPM_AUTO": the caller's own
				 * parameter with bits set ("p1|8"), else only
				 * the bits known ("m8").
				 */
				o = params_index(pa, fe_strip(kids.v[1 - i]));
				r = o >= 0 ? xasprintf("p%d|%lld", o, v) :
					     xasprintf("m%lld", v);
			}
		} else if (op && !strcmp(op, "&")) {
			/*
			 * "flags & MSG_DONTWAIT" passed as sock_alloc_send_skb()'s
			 * noblock: the truth of the caller's own bit test.
			 */
			for (int i = 0; i < 2 && !r; i++) {
				int o;

				if (!sleep_value(fe_strip(kids.v[i]), &v) || !v)
					continue;
				/* writes of other bits leave these the caller's */
				o = params_index_bits(pa, fe_strip(kids.v[1 - i]),
						      v);
				if (o >= 0)
					r = xasprintf("t%d&%lld", o, v);
			}
		}
		free(op);
		free(kids.v);
		return r;
	}
	return NULL;
}

/*
 * Argument i of an args column (docs/facts-db.md) is v (NULL: "?",
 * unknown); v is freed.  *known: the column's length up to its last
 * known argument.
 */
/*
 * A member of what the caller's parameter points to, which the caller
 * never writes ("ctx->flags": "p1->affinity_context.flags"), or NULL.
 */
static char *member_arg(struct params *pa, CXCursor a)
{
	char *key, *v;
	int i = params_field(pa, a, &key);

	if (i < 0)
		return NULL;
	v = xasprintf("p%d->%s", i, key);
	free(key);
	return v;
}

static void args_put(struct sbuf *sb, size_t *known, int i, char *v)
{
	sb_addf(sb, "%s%s", i ? "," : "", v ? v : "?");
	if (v)
		*known = sb->len;
	free(v);
}

/* The column, its trailing "?" left off; NULL when none is known. */
static char *args_end(struct sbuf *sb, size_t known)
{
	if (!known) {
		sb_free(sb);
		return NULL;
	}
	sb->buf[known] = '\0';
	sb->len = known;
	return sb_detach(sb);
}

char *params_args(struct params *pa, CXCursor call)
{
	int n = clang_Cursor_getNumArguments(call);
	size_t known = 0;
	struct sbuf sb = { 0 };

	for (int i = 0; i < n; i++) {
		CXCursor a = fe_strip(clang_Cursor_getArgument(call, i));
		int p = params_index(pa, a), c;
		char *v = NULL;

		if (p >= 0) {
			v = xasprintf("p%d", p);
		} else if (gfp_typed(call, i)) {
			/*
			 * Flags, by what they allow, and by value where it
			 * folds ("flags == GFP_KERNEL"): "gb3264", "gn2080".
			 */
			long long x;
			int known;

			a = set_once_value(pa, a);
			known = sleep_value(a, &x);

			c = gfp_arg(pa, a);
			if (c >= 0 && known)
				v = xasprintf("g%c%lld", c ? 'b' : 'n', x);
			else if (c >= 0)
				v = xasprintf("g%c", c ? 'b' : 'n');
			else if (known)
				v = xasprintf("%lld", x);
		} else {
			v = arg_value(pa, a, 0, NULL);
		}
		if (!v)
			v = member_arg(pa, a);
		args_put(&sb, &known, i, v);
	}
	return args_end(&sb, known);
}

char *params_macro_args(struct params *pa, const struct strv *args)
{
	struct sbuf sb = { 0 };
	size_t known = 0;

	for (int i = 0; i < args->n; i++) {
		const char *a = args->v[i];
		int p = params_named(pa, a);
		char *v;

		if (p >= 0)
			v = xasprintf("p%d", p);
		else if (!strcmp(a, "0") || !strcmp(a, "false"))
			v = xstrdup("0");
		else if (!strcmp(a, "1") || !strcmp(a, "true"))
			v = xstrdup("1");
		else
			v = NULL;
		args_put(&sb, &known, i, v);
	}
	return args_end(&sb, known);
}
