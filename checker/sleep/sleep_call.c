/*
 * sleep_call.c - what a call does, for the sleep scan: a call by name
 * is recorded with the state of the regions (add_call()) and its
 * callee's effect on them applied (its annotations, or what its body
 * was seen to do: callee_annotation()); a primitive opens or closes a
 * region, or sleeps (an allocation by its GFP argument); a call through
 * a member of the table, a wrapper's or dispatcher's call, or a
 * dispatch macro's expansion is a hook call.  walk_function() walks a
 * function (the unit's, or a header's inline helper to summarise it)
 * with these as the walker's hooks (sleep_walk.h).
 */
#include "checker/sleep/sleep_call.h"
#include "checker/sleep/sleep_walk.h"
#include "checker/sleep/sleep_annot.h"
#include "checker/sleep/sleep_fnptr.h"
#include "checker/sleep/sleep_obj.h"
#include "checker/sleep/sleep_alloc.h"
#include "checker/sleep/sleep_case.h"
#include "checker/sleep/sleep_ctx.h"
#include "checker/sleep/sleep_mstore.h"
#include "checker/setup.h"

#include <stdlib.h>
#include <string.h>

/* Does the release end interrupts-off (or BH-off) as well as a lock? */
static int releases_irq(const char *name)
{
	return !starts_with(name, "local_") &&
	       (strstr(name, "unlock_irq") || strstr(name, "unlock_bh"));
}

/* Does line (or the one above) say "hookwrap: sleep-ok" or ignore? */
static int silenced(struct sleep_scan *s, unsigned line)
{
	static const char mark[] = "hookwrap: sleep-ok";
	unsigned a, b;

	if (!s->lines) {
		s->lines = xcalloc(2, sizeof(*s->lines));
		s->nlines = 1;
		for (size_t i = 0; s->text && i < s->size; i++)
			if (s->text[i] == '\n') {
				s->lines = xrealloc(s->lines, (s->nlines + 2) *
						    sizeof(*s->lines));
				s->lines[++s->nlines] = i + 1;
			}
		s->lines[1] = 0;
	}
	if (!s->text || !line || line > s->nlines)
		return 0;
	a = s->lines[line > 1 ? line - 1 : 1];
	b = line < s->nlines ? s->lines[line + 1] : s->size;
	if (b <= a)
		return 0;
	if (memmem(s->text + a, b - a, mark, sizeof(mark) - 1))
		return 1;
	/* hookwrap: ignore [sleep-in-atomic[-hook]] (suppress.c) too. */
	return suppressed_span(s->text + a, s->text + b, "sleep-in-atomic") ||
	       suppressed_span(s->text + a, s->text + b,
			       "sleep-in-atomic-hook");
}

static struct fact_call *add_call(struct sleep_scan *s, CXCursor at,
				  const char *callee)
{
	struct fact_call *c = facts_add_call(s->f, s->unit);

	c->caller = xstrdup(s->fn);
	c->callee = xstrdup(callee);
	c->file = xstrdup(s->shown);
	where_of(at, &c->line, &c->col);
	c->released = s->st.dead ? 0 : s->st.released;
	c->ways = calls_ways(&s->st);
	c->boot = !s->st.dead && s->st.boot == BOOT_EARLY;
	c->cond = s->st.dead ? NULL :
		  params_conds_text(&s->pa, s->st.cond, s->st.cond2);
	if (!s->st.dead && s->st.depth > s->st.opt) {
		/* Only the regions open on every path that reaches here. */
		unsigned m = depth_mask(s->st.depth - s->st.opt);

		c->ctx = (s->st.cx_irq & m ? CTX_IRQS_OFF : 0) |
			 (s->st.cx_bh & m ? CTX_IN_INTR : 0) |
			 (s->preempt_count && s->st.cx_pc & m ?
			  CTX_ATOMIC : 0);
		m &= ~s->st.rtok;	/* on RT: the atomic regions only */
		c->rt_ctx = (s->st.cx_irq & m ? CTX_IRQS_OFF : 0) |
			    (s->st.cx_bh & m ? CTX_IN_INTR : 0) |
			    (s->st.cx_pc & m ? CTX_ATOMIC : 0);
	}
	if (!s->st.dead && !s->st.boot && s->st.rt_region >= 0 &&
	    (~s->st.rtok & depth_mask(s->st.depth)) &&
	    (s->unit || !silenced(s, c->line))) {
		c->rt |= RT_CALL_ATOMIC;
		c->rt_region = xstrdup(s->rg[s->st.rt_region].text);
		c->rt_region_line = s->rg[s->st.rt_region].line;
	}
	if (s->st.depth && !s->st.dead && s->st.region >= 0 && !s->st.boot &&
	    (s->unit || !silenced(s, c->line))) {
		c->atomic = 1;
		c->depth = s->st.depth;
		c->own = s->st.depth - caller_regions_open(s);
		if (c->own < 0)
			c->own = 0;
		c->region = xstrdup(s->rg[s->st.region].text);
		c->region_file = xstrdup(s->shown);
		c->region_line = s->rg[s->st.region].line;
	}
	return c;
}

/* A primitive at c (a macro's expansion m, or a call when m is NULL). */
static void do_prim(struct sleep_scan *s, CXCursor c, const struct pmacro *m,
		    const struct prim *p)
{
	CXCursor shown = m ? m->c : c;
	unsigned line, col;
	struct fact_call *fc;
	char *flags = NULL;

	where_of(shown, &line, &col);
	if (p->effect == PRIM_ACQUIRE || p->effect == PRIM_RELEASE ||
	    p->effect == PRIM_TRYLOCK)
		s->lockprims++;
	if (s->st.dead)
		return;		/* no path reaches it (do_call()) */
	switch (p->effect) {
	case PRIM_ACQUIRE:
		/* A lock that sleeps on RT: a call there, before its region. */
		if (prim_rt(p->name) & RT_SLEEPS) {
			fc = add_call(s, shown, p->name);
			fc->prim = 1;
			fc->rt |= RT_CALL_SLEEPS;
			fc->text = text_of(s, shown, p->name);
		}
		acquire_lock(s, text_of(s, shown, p->name),
			     code_lock_hash(s, shown), line,
			     region_kind(p->name), region_ctx(p->name),
			     prim_rt(p->name));
		return;
	case PRIM_RELEASE:
		if (release_maybe(s, p->name))
			return;
		release_lock(s, code_lock_hash(s, shown),
			     releases_irq(p->name), prim_rt_release(p->name));
		return;
	case PRIM_TRYLOCK:
		return;		/* only its test opens a region */
	case PRIM_NOSLEEP:
		fc = add_call(s, shown, p->name);
		fc->prim = 1;
		return;
	case PRIM_SLEEP:
		fc = add_call(s, shown, p->name);
		fc->prim = 1;
		if (!s->st.pf || !ctx_uaccess(p->name))	/* faults off: -EFAULT */
			fc->sleep = xasprintf("%s()", p->name);
		if (fc->sleep && ctx_uaccess(p->name) &&
		    ctx_faults_off_where_atomic(&s->st))
			ctx_not_atomic(fc);
		return;
	case PRIM_ALLOC:
		fc = add_call(s, shown, p->name);
		fc->prim = 1;
		fc->rt |= RT_CALL_SLEEPS;	/* the allocator, on RT */
		fc->text = text_of(s, shown, p->name);
		if (alloc_blocks(s, c, m, p, &flags)) {
			fc->sleep = xasprintf("%s(%s)", p->name, flags);
		} else if (flags) {
			/*
			 * The flags are the function's own gfp_t parameter:
			 * it sleeps when its callers' flags can block.  That
			 * comes first ("if (node == NUMA_NO_NODE)
			 * alloc_pages(flags, ...)"), the path's first beside
			 * it: most callers decide the flags.
			 */
			int k = params_named(&s->pa, flags);
			char *own = fc->cond;

			if (k >= 0) {
				fc->sleep = xasprintf("%s(%s)", p->name, flags);
				if (own)	/* the path's first */
					own[strcspn(own, ";")] = 0;
				fc->cond = own ? xasprintf("g%d;%s", k, own) :
						 xasprintf("g%d", k);
				free(own);
			}
		}
		free(flags);
		return;
	}
}

/* How deep inline helpers are summarised through each other. */
#define MAX_NESTED 3

/* How many lock primitives def's tokens name, called or not. */
static int lock_names(struct sleep_scan *s, CXCursor def)
{
	CXToken *t;
	unsigned n;
	int count = 0;

	clang_tokenize(s->tu, clang_getCursorExtent(def), &t, &n);
	for (unsigned i = 0; i < n; i++) {
		CXString cs;
		const struct prim *p;

		if (clang_getTokenKind(t[i]) != CXToken_Identifier)
			continue;
		cs = clang_getTokenSpelling(s->tu, t[i]);
		p = prim_find(clang_getCString(cs));
		count += p && (p->effect == PRIM_ACQUIRE ||
			       p->effect == PRIM_RELEASE ||
			       p->effect == PRIM_TRYLOCK);
		clang_disposeString(cs);
	}
	clang_disposeTokens(s->tu, t, n);
	return count;
}

/*
 * How the facts name a header: its path in the tree when it is in the
 * tree ("include/linux/fs.h"), else as libclang opened it (a generated
 * header of an O= build, a compiler's).
 */
static char *header_shown(struct sleep_scan *s, CXFile f)
{
	CXString cs = clang_getFileName(f);
	char *abs = realpath(clang_getCString(cs), NULL);
	char *rel = abs ? tree_rel(NULL, s->cx->tree_abs, abs) : NULL;

	if (!rel)
		rel = xstrdup(abs ? abs : clang_getCString(cs));
	free(abs);
	clang_disposeString(cs);
	return rel;
}

/* The facts unit of header path (added when new). */
static int header_unit(struct facts *f, const char *path)
{
	int u;

	for (int i = 1; i < f->nunits; i++)
		if (!strcmp(f->units[i].path, path))
			return i;
	u = facts_add_unit(f, path);
	f->units[u].header = 1;
	return u;
}

/* The queue's entry for name, added (not walked yet) when new. */
static int enqueue(struct sleep_scan *s, CXCursor def, const char *name)
{
	for (int i = 0; i < s->nhq; i++)
		if (!strcmp(s->hq[i].name, name))
			return i;
	ARRAY_GROW(s->hq, s->caphq, s->nhq + 1, 32);
	s->hq[s->nhq].def = def;
	s->hq[s->nhq].name = xstrdup(name);
	s->hq[s->nhq].walked = 0;
	return s->nhq++;
}

/* After a walk in a scan of its own: the shared tables it grew are s's. */
static void take_tables(struct sleep_scan *s, const struct sleep_scan *sub)
{
	s->an = sub->an;
	s->nan = sub->nan;
	s->capan = sub->capan;
	s->hq = sub->hq;
	s->nhq = sub->nhq;
	s->caphq = sub->caphq;
	s->pfiles = sub->pfiles;
	s->npfiles = sub->npfiles;
	s->cappfiles = sub->cappfiles;
}

/*
 * Walk header helper qi of the queue into its header's facts, in a scan
 * of its own that shares the unit's tables (the caller's walk may be
 * half done): its summary lands in s->an for the callers, its calls
 * queue the helpers it calls.
 */
static void walk_header(struct sleep_scan *s, int qi)
{
	struct sleep_scan sub;
	CXCursor def = s->hq[qi].def;
	struct annot *an;
	CXFile f;
	char *shown;

	s->hq[qi].walked = 1;
	offset_of(clang_getCursorLocation(def), &f);
	if (!f)
		return;
	memset(&sub, 0, sizeof(sub));
	sub.cx = s->cx;
	sub.db = s->db;	/* another unit's effects, as the unit's own walk */
	sub.f = s->f;
	sub.tu = s->tu;
	sub.text = s->text;
	sub.size = s->size;
	sub.allpm = s->allpm;
	sub.nallpm = s->nallpm;
	sub.pfiles = s->pfiles;
	sub.npfiles = s->npfiles;
	sub.cappfiles = s->cappfiles;
	sub.gv = s->gv;
	sub.ngv = s->ngv;
	sub.an = s->an;
	sub.nan = s->nan;
	sub.capan = s->capan;
	sub.hq = s->hq;
	sub.nhq = s->nhq;
	sub.caphq = s->caphq;
	sub.nested = s->nested + 1;
	shown = header_shown(s, f);
	scan_file(&sub, f, shown, header_unit(s->f, shown));
	walk_function(&sub, def);
	take_tables(s, &sub);
	/*
	 * A lock primitive the walk did not see (written as a macro it
	 * did not find): half a summary would be worse than none.
	 */
	an = annot_find(s, s->hq[qi].name);
	if (an && an->walked && sub.lockprims != lock_names(s, def)) {
		an->acquire = an->release = an->rel_irq = an->may = 0;
		an->acq_irq = an->acq_lock = an->acq_rt = 0;
		an->acq_cx_irq = an->acq_cx_bh = 0;
	}
	free(shown);
}

/*
 * Walk function qi of the queue, which the unit defines below the
 * function being walked, now: a copy of the scan (whose walk is half
 * done) walks it into the unit's facts, its summary lands in s->an for
 * its callers above (__neigh_ifdown() calls pneigh_ifdown_and_unlock(),
 * defined below it, which drops the lock it took).  top_cb() does not
 * walk it again (walked_early()).
 */
static void walk_below(struct sleep_scan *s, int qi)
{
	struct sleep_scan sub = *s;

	s->hq[qi].walked = 1;
	sub.nested = s->nested + 1;
	sub.lockprims = 0;
	scan_file(&sub, s->cx->main_file, s->cx->main_shown, 0);
	walk_function(&sub, s->hq[qi].def);
	take_tables(s, &sub);
	s->lines = sub.lines;
	s->nlines = sub.nlines;
}

int walked_early(const struct sleep_scan *s, CXCursor def)
{
	for (int i = 0; i < s->nhq; i++)
		if (s->hq[i].walked && clang_equalCursors(s->hq[i].def, def))
			return 1;
	return 0;
}

/*
 * Is def a function of the main file, below the one being walked and
 * not walked yet (so not summarised for its callers)?
 */
static int defined_below(struct sleep_scan *s, CXCursor def, const char *name)
{
	CXFile f;

	if (clang_Cursor_isNull(def) || !clang_isCursorDefinition(def) ||
	    s->unit || (s->fn && !strcmp(s->fn, name)))
		return 0;
	offset_of(clang_getCursorLocation(def), &f);
	return f && clang_File_isEqual(f, s->cx->main_file);
}

void walk_headers(struct sleep_scan *s)
{
	for (int i = 0; i < s->nhq; i++)
		if (!s->hq[i].walked)
			walk_header(s, i);
	for (int i = 0; i < s->nhq; i++)
		free(s->hq[i].name);
	free(s->hq);
	s->hq = NULL;
	s->nhq = s->caphq = 0;
}

/*
 * Is def an inline function a header (not the unit itself) defines?  Not
 * cleanup.h's class_*_constructor/destructor: the destructor runs at the
 * end of the scope, which the walk does not see.
 */
static int header_inline(struct sleep_scan *s, CXCursor def, const char *name)
{
	CXFile f;

	if (clang_Cursor_isNull(def) || !clang_Cursor_isFunctionInlined(def) ||
	    starts_with(name, "class_"))
		return 0;
	offset_of(clang_getCursorLocation(def), &f);
	return f && !clang_File_isEqual(f, s->cx->main_file);
}

/*
 * What calling fn does: its annotations (declaration or definition); for
 * a function defined above in this unit, what its body was seen to do on
 * every path (walk_function() records that after the walk); for an
 * inline helper of a header, the same from a walk of its body, now (the
 * walk that records its facts: walk_header()).  A header's helper is
 * queued for its facts in any case.
 */
static const struct annot *callee_annotation(struct sleep_scan *s,
					     CXCursor fn, const char *name)
{
	struct annot *an = annot_find(s, name);
	CXCursor def;
	int ai, qi, below;

	if (an)
		return an;
	an = annot_add(s, name);
	annotation(s, fn, an);
	def = clang_getCursorDefinition(fn);
	if (!an->acquire && !an->release && !an->hold &&
	    !clang_Cursor_isNull(def) && !clang_equalCursors(def, fn))
		annotation(s, def, an);
	if (an->acquire && !an->release && !an->cond_acq &&
	    !clang_Cursor_isNull(def))
		an->cond_acq = annot_cond_acquirer(s, def);
	/*
	 * _raw_spin_unlock_irqrestore(), which a macro of a header calls
	 * (kernel/rcu's raw_spin_unlock_irqrestore_rcu_node()): __releases()
	 * says the lock, its name the interrupts as well.
	 */
	if (an->release && releases_irq(name))
		an->rel_irq = 1;
	if (clang_Cursor_isNull(def) && s->db && !an->acquire &&
	    !an->release && !an->hold && !an->noreturn)
		annot_from_facts(s, an, name);	/* another unit's */
	below = defined_below(s, def, name);
	if (!below && !header_inline(s, def, name))
		return an;
	ai = an - s->an;	/* the walk may move the table */
	if (below && (an->acquire || an->release || an->hold ||
		      an->noreturn || s->nested >= MAX_NESTED))
		return an;	/* its own walk, in turn, will do */
	qi = enqueue(s, def, name);
	if (an->acquire || an->release || an->hold || an->noreturn ||
	    s->nested >= MAX_NESTED || s->hq[qi].walked)
		return an;
	if (below)
		walk_below(s, qi);
	else
		walk_header(s, qi);
	return &s->an[ai];
}

/* The manifest's hook whose wrapper or dispatcher is called name. */
static const char *wrapper_hook(struct sleep_scan *s, const char *name)
{
	const struct manifest *m = s->cx->m;

	for (int i = 0; m && i < m->n; i++) {
		const struct hook *h = &m->hooks[i];

		if ((h->wrapper && !strcmp(h->wrapper, name)) ||
		    (h->dispatcher && !strcmp(h->dispatcher, name)))
			return h->member;
	}
	return NULL;
}

/* Does the expression below c call through a member of the table? */
static enum CXChildVisitResult member_call_cb(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	struct sleep_scan *s = data;
	CXCursor callee = clang_getNullCursor();

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	clang_visitChildren(c, fe_take_first, &callee);
	callee = fe_strip(callee);
	if (clang_getCursorKind(callee) == CXCursor_MemberRefExpr &&
	    fe_is_table_field(clang_getCursorReferenced(callee), s->cx->t)) {
		s->found_member_call = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/*
 * Is c (of span a..b in the main file) the expansion of a dispatch
 * macro that calls its hook with arguments of its own (6.12's
 * call_int_hook(HOOK, args), whose static calls access no member of the
 * table)?  Then record that hook call and return 1: the walk does not
 * enter the expansion.  0 when the expansion calls through a member of
 * the table itself (6.1's P->hook.FUNC(...)): the walk records that.
 */
static int do_dispatch(struct sleep_scan *s, CXCursor c, unsigned a,
		       unsigned b)
{
	int i = fe_macro_first(&s->dm, a);
	const struct fe_macro_use *u;
	struct fact_call *fc;

	if (i >= s->dm.n || s->dm.v[i].off != a)
		return 0;
	u = &s->dm.v[i];
	/* The node is the expansion, nothing after it. */
	if (b > u->end || !u->has_args || !s->cx->m ||
	    !manifest_find(s->cx->m, u->hook))
		return 0;
	s->found_member_call = 0;
	clang_visitChildren(c, member_call_cb, s);
	if (s->found_member_call || s->st.dead)
		return !s->found_member_call;
	fc = add_call(s, c, "");
	fc->hook = xstrdup(u->hook);
	fc->args = params_macro_args(&s->pa, &u->args);
	fc->text = xasprintf("%s.%s", s->cx->t->struct_name, u->hook);
	return 1;
}

/*
 * The object a call through member expression m is made on: the
 * caller's parameter k as "pk" ("nb->notifier_call(nb, ...)", nb never
 * assigned), or the object's name (sleep_obj.h), or NULL; and what a
 * switch on its member says (sleep_case.h).
 */
static char *recv_of(struct sleep_scan *s, CXCursor m, struct fact_call *fc)
{
	CXCursor ptr;
	char *name = obj_of_member(m, &ptr);
	int k;

	fc->recv_test = case_recv_test(s, m);
	if (name || clang_Cursor_isNull(ptr))
		return name;
	k = params_index(&s->pa, fe_strip(ptr));
	return k >= 0 ? xasprintf("p%d", k) : NULL;
}

/*
 * A call: recorded with the state, its callee's effect applied; none
 * where no path reaches ("bool remap = false; ... if (remap) vmap();").
 */
static void do_call(struct sleep_scan *s, CXCursor c)
{
	CXCursor callee = clang_getNullCursor(), ref;
	struct fact_call *fc;
	char *name;

	if (s->st.dead)
		return;
	clang_visitChildren(c, fe_take_first, &callee);
	callee = fe_strip(callee);
	while (clang_getCursorKind(callee) == CXCursor_UnaryOperator ||
	       clang_getCursorKind(callee) == CXCursor_ParenExpr) {
		CXCursor in = clang_getNullCursor();

		clang_visitChildren(callee, fe_take_first, &in);
		callee = fe_strip(in);
	}
	if (clang_getCursorKind(callee) == CXCursor_MemberRefExpr) {
		CXCursor field = clang_getCursorReferenced(callee);
		/* A field of the table's struct (or union): a hook. */
		char *member = fe_is_table_field(field, s->cx->t) ?
			       fe_spelling(field) : NULL;
		char *raw;

		if (!member) {
			/* A slot: followed to what the build stores in it. */
			char *slot = slot_of(s->cx, field);

			if (!slot)
				return;
			fc = add_call(s, c, "");
			fc->slot = slot;
			fc->ftype = slot_type(field);
			fc->recv = recv_of(s, callee, fc);
			fc->args = mstore_args(s, c);
			fc->text = code_text(s, file_range(s, callee));
			return;
		}
		fc = add_call(s, c, "");
		fc->hook = member;
		fc->args = mstore_args(s, c);
		raw = fe_table_member(callee, s->cx->t);
		if (raw && !s->cx->t->hook_list)
			fc->text = xasprintf("%s->%s", s->cx->t->pointer,
					     member);
		else
			fc->text = xasprintf("%s.%s", s->cx->t->struct_name,
					     member);
		free(raw);
		return;
	}
	ref = clang_getCursorKind(callee) == CXCursor_DeclRefExpr ?
	      clang_getCursorReferenced(callee) : clang_getNullCursor();
	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl) {
		struct strv to = { 0 };

		/* A local set once from functions' names: a call to each. */
		if (fnptr_targets(s, callee, &to)) {
			for (int i = 0; i < to.n; i++) {
				fc = add_call(s, c, to.v[i]);
				fc->text = code_text(s, file_range(s, callee));
				fc->args = mstore_args(s, c);
			}
			strv_clear(&to);
			return;
		}
		/*
		 * Through a pointer that is no member (a variable, a
		 * parameter, a call's result): not followed, but known, so
		 * that --why says so rather than "does not sleep".
		 */
		if (!clang_Cursor_isNull(callee)) {
			fc = add_call(s, c, "");
			fc->indirect = 1;
			fc->text = code_text(s, file_range(s, callee));
		}
		return;
	}
	name = fe_spelling(ref);
	ctx_pagefault(&s->st, name);
	{
		const struct prim *p = prim_find(name);
		const char *hook;

		if (p) {
			do_prim(s, c, NULL, p);
		} else {
			const struct annot *an;
			unsigned line, col;

			an = callee_annotation(s, ref, name);
			fc = add_call(s, c, name);
			fc->text = xstrdup(name);
			fc->args = mstore_args(s, c);
			hook = wrapper_hook(s, name);
			if (hook)
				fc->hook = xstrdup(hook);
			where_of(c, &line, &col);
			annot_apply(s, an, name, c, line);
		}
	}
	free(name);
}

/* Does call c's callee acquire only when it returns true? */
static int do_cond_acquire(struct sleep_scan *s, CXCursor c)
{
	CXCursor callee = clang_getNullCursor(), ref;
	char *name;
	int yes;

	clang_visitChildren(c, fe_take_first, &callee);
	callee = fe_strip(callee);
	if (clang_getCursorKind(callee) != CXCursor_DeclRefExpr)
		return 0;
	ref = clang_getCursorReferenced(callee);
	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
		return 0;
	name = fe_spelling(ref);
	yes = callee_annotation(s, ref, name)->cond_acq;
	free(name);
	return yes;
}

/* What the walk of a body hands to this file (sleep_walk.h). */
static const struct walk_hooks hooks = {
	.call = do_call,
	.prim = do_prim,
	.dispatch = do_dispatch,
	.cond_acquire = do_cond_acquire,
};

void walk_function(struct sleep_scan *s, CXCursor fn)
{
	struct fact_fn *ff = facts_add_fn(s->f, s->unit);
	int fi = ff - s->f->fns;	/* the walk may move the array */
	CXCursor body = clang_getNullCursor();
	CXCursor first = clang_getCanonicalCursor(fn);
	struct annot *an;
	int entry, ai;

	s->fn = fe_spelling(fn);
	params_begin(&s->pa, s->tu, fn);
	/*
	 * Nothing of the function walked before: its tracked locals' values
	 * (kv: atoms are numbered per function), page faults, early boot.
	 */
	s->st = (struct astate){ .region = -1, .rt_region = -1 };
	s->ngscope = 0;
	ff->name = xstrdup(s->fn);
	/* A header's inline helper: one definition for every unit. */
	ff->is_static = s->unit ? FN_HEADER :
			clang_Cursor_getStorageClass(fn) == CX_SC_Static;
	ff->file = xstrdup(s->shown);
	where_of(fn, &ff->line, NULL);
	ff->ctx_doc = doc_function_context(fn);
	ff->fields = fields_stored(&s->pa, fn, s->f->preempt_rt);
	s->entry = 0;
	s->nrg = s->caprg = 0;
	s->rg = NULL;
	s->nlb = 0;
	s->lb = NULL;
	s->ntg = s->nift = 0;
	s->nexit = 0;
	an = annot_find(s, s->fn);
	if (!an) {
		an = annot_add(s, s->fn);
		annotation(s, fn, an);
		if (!clang_equalCursors(first, fn) && !an->acquire &&
		    !an->release && !an->hold)
			annotation(s, first, an);
		if (an->acquire && !an->release && !an->cond_acq)
			an->cond_acq = annot_cond_acquirer(s, fn);
	}
	/* The walk adds callees' entries, which may move the array. */
	ai = an - s->an;
	/* Entered with the lock held: __releases(x), __must_hold(x). */
	entry = an->release + an->hold;
	/*
	 * An annotation's lock is taken for preemptible on RT (a
	 * spinlock_t, as most are): no RT finding rests on it.
	 */
	for (int i = 0; i < entry; i++)
		acquire(s, xstrdup(an->text ? an->text : s->fn), ff->line,
			RK_OTHER, 0, RT_PREEMPTIBLE);
	s->entry = entry;
	s->hooks = &hooks;
	clang_visitChildren(fn, fe_take_last, &body);
	if (clang_getCursorKind(body) == CXCursor_CompoundStmt)
		walk_body(s, body);
	note_exit(s);
	an = &s->an[ai];
	/* Not annotated: callers below see what every path did. */
	if (!an->acquire && !an->release && !an->may && !an->hold &&
	    s->nexit) {
		unsigned mask = s->exit_depth >= 32 ? ~0u :
				(1u << s->exit_depth) - 1;
		int shift = entry < 32 ? entry : 31;

		an->walked = 1;
		an->acquire = s->exit_depth;
		an->release = s->exit_released;
		an->may = s->exit_maxdepth - s->exit_depth + s->exit_maybe;
		if (an->may > 31)
			an->may = 31;
		an->rel_irq = s->exit_rel_irq;
		an->acq_irq = (s->exit_irq >> shift) & mask;
		an->acq_lock = (s->exit_lock >> shift) & mask;
		an->acq_rt = (s->exit_rtok >> shift) & mask;
		an->acq_cx_irq = (s->exit_cx_irq >> shift) & mask;
		an->acq_cx_bh = (s->exit_cx_bh >> shift) & mask;
		if (an->acquire && !an->text)
			an->text = xasprintf("%s()", s->fn);
		/*
		 * For units that see only its declaration: a begin that
		 * leaves regions open and closes none of its caller's, an
		 * end that closes and leaves none (regions it opens and
		 * closes itself, get_cpu()/put_cpu() around the begin,
		 * count for neither).  One that does both (a lock dropped
		 * and taken again) keeps its effect for its own unit's.
		 */
		if (!s->unit && !s->f->fns[fi].is_static &&
		    !(an->acquire && an->release))
			s->f->fns[fi].effect = annot_effect_text(an);
	}
	for (int i = 0; i < s->nrg; i++)
		free(s->rg[i].text);
	for (int i = 0; i < s->nlb; i++)
		free(s->lb[i].name);
	free(s->rg);
	free(s->lb);
	free(s->fn);
	params_end(&s->pa);
	s->fn = NULL;
}
