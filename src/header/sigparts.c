/*
 * sigparts.c - the functions that still follow a hook's old signature,
 * and the rewrites gen-header makes of those it owns (sigparts.h).
 * Everything is read from the files' text, every #if branch: the
 * dispatchers and the calls in their bodies (csig.h), the prototypes
 * and stubs of the header, the defaults file.  An edit changes the
 * parameter list (and a dispatcher's call and kernel-doc), nothing else.
 */
#include "header/sigparts.h"
#include "header/sigedit.h"
#include "core/ctext.h"

#include <string.h>

struct src {
	int fi;			/* index in sp->f */
	const char *text;
	char *code;
	struct cscan cs;
};

struct ctx {
	struct sigplan *sp;
	const struct table *t;
	const struct manifest *m;
	const char *macros;	/* the text that defines the dispatch macros */
	struct cparam **hp;	/* each hook's parameters */
	int *hn;
	char **hret;		/* each hook's return type, normalised */
	const int *touched;	/* hooks a patch changes (review) */
	int ntouched;
};

struct sp_hook *sigplan_hook(struct sigplan *sp, const struct manifest *m,
			     int hook, int make)
{
	struct sp_hook *sh;
	struct cparam *p;
	int n;

	for (int i = 0; i < sp->n; i++)
		if (sp->v[i].hook == hook)
			return &sp->v[i];
	if (!make)
		return NULL;
	ARRAY_GROW(sp->v, sp->cap, sp->n + 1, 8);
	sh = &sp->v[sp->n++];
	memset(sh, 0, sizeof(*sh));
	sh->hook = hook;
	csig_hook_params(&m->hooks[hook], &p, &n);
	sh->want = csig_list_text(p, n);
	cparams_free(p, n);
	return sh;
}

static struct sp_item *add_item(struct sigplan *sp, const struct manifest *m,
				int hook, enum sp_role role, const char *name,
				const char *rel, unsigned line, char *old)
{
	struct sp_hook *sh = sigplan_hook(sp, m, hook, 1);
	struct sp_item *it;

	ARRAY_GROW(sh->v, sh->cap, sh->n + 1, 4);
	it = &sh->v[sh->n++];
	memset(it, 0, sizeof(*it));
	it->role = role;
	it->name = xstrdup(name);
	it->rel = xstrdup(rel);
	it->line = line;
	it->old = old;
	return it;
}

/* Do two lists and return types agree, type for type? */
static int agree(const struct cparam *a, int na, const char *ra,
		 const struct cparam *b, int nb, const char *rb)
{
	if (na != nb || (ra && rb && !csig_same_type(ra, rb)))
		return 0;
	for (int i = 0; i < na; i++)
		if (!csig_same_type(a[i].type, b[i].type))
			return 0;
	return 1;
}

static char *sq(const char *code, size_t from, size_t to)
{
	char *raw = xstrndup(code + from, to - from);
	char *s = squeeze_space(raw);

	free(raw);
	return s;
}

/*
 * Does the body of sig only pass its parameters to the hook: one
 * statement, "return CALL;" (1) or "CALL;" (2), the call's arguments
 * after its named ones being the function's parameters in order?  0
 * when it does more.
 */
static int plain(const char *code, const struct csig *sig,
		 const struct ccall *c)
{
	char *body = sq(code, sig->body + 1, sig->body_end);
	char *call = sq(code, c->start, c->close + 1);
	char *ret = xasprintf("return %s;", call);
	char *alone = xasprintf("%s;", call);
	int shape = !strcmp(body, ret) ? 1 : !strcmp(body, alone) ? 2 : 0;

	if (c->n - c->named != sig->n)
		shape = 0;
	for (int i = 0; shape && i < sig->n; i++)
		if (!*sig->p[i].name ||
		    strcmp(c->a[c->named + i].decl, sig->p[i].name))
			shape = 0;
	free(body);
	free(call);
	free(ret);
	free(alone);
	return shape;
}

/*
 * Does the call pass what the hook takes: as many arguments, and each
 * one that is a parameter of the function of the hook's type?
 */
static int call_agrees(const struct ctx *cx, int hook, const struct csig *sig,
		       const struct ccall *c)
{
	const struct cparam *hp = cx->hp[hook];

	if (c->n - c->named != cx->hn[hook])
		return 0;
	for (int i = 0; i < cx->hn[hook]; i++)
		for (int k = 0; k < sig->n; k++)
			if (*sig->p[k].name &&
			    !strcmp(c->a[c->named + i].decl, sig->p[k].name) &&
			    !csig_arg_fits(sig->p[k].type, hp[i].type))
				return 0;
	return 1;
}

/* A function of the wrappers file or the header and what it runs. */
struct fnstate {
	struct src *s;
	const struct cdecl *d;
	struct csig sig;
	int hook;		/* the hook it is checked against, or -1 */
	struct cparam *fin;	/* its parameters once rewritten */
	int nfin;
	const char *hand;	/* never rewritten, and why */
	int changed;		/* its prototype differs from it */
};

static void caller(struct ctx *cx, struct fnstate *fs)
{
	const struct manifest *m = cx->m;
	struct sp_file *f = &cx->sp->f[fs->s->fi];
	const char *code = fs->s->code;

	for (int h = 0; h < m->n; h++) {
		const struct hook *hk = &m->hooks[h];
		struct ccalls calls = { 0 };
		struct sp_item *it;
		char **items, **args;
		int *kept, bad = 0, shape;

		if (!memmem(code + fs->sig.body, fs->sig.body_end - fs->sig.body,
			    hk->member, strlen(hk->member)))
			continue;
		csig_calls(code, fs->sig.body, fs->sig.body_end + 1, cx->t,
			   cx->macros, hk->member, &calls);
		if (calls.n && (fs->hook < 0 || (hk->dispatcher &&
		    !strcmp(hk->dispatcher, fs->d->name))))
			fs->hook = h;
		for (int k = 0; k < calls.n; k++)
			bad |= !call_agrees(cx, h, &fs->sig, &calls.v[k]);
		/*
		 * One that only passes its parameters takes the hook's, and
		 * returns what it returns.
		 */
		shape = calls.n == 1 ? plain(code, &fs->sig, &calls.v[0]) : 0;
		if (shape && !agree(fs->sig.p, fs->sig.n, fs->sig.ret,
					 cx->hp[h], cx->hn[h], cx->hret[h]))
			bad = 1;
		if (!bad || fs->fin) {
			ccalls_free(&calls);
			continue;
		}
		fs->hook = h;
		it = add_item(cx->sp, m, h, SP_CALLER, fs->d->name, f->rel,
			      fs->d->line, csig_list_text(fs->sig.p,
							  fs->sig.n));
		if (!shape) {
			it->hand = 1;
			it->why = xstrdup("does more than pass its parameters "
					  "to the hook");
		} else if (fs->hand) {
			it->hand = 1;
			it->why = xstrdup(fs->hand);
		} else if (!csig_same_type(fs->sig.ret, cx->hret[h])) {
			it->hand = 1;
			it->why = xstrdup("returns another type than the "
					  "hook");
		}
		if (it->hand) {
			ccalls_free(&calls);
			continue;
		}
		kept = xcalloc(fs->sig.n + 1, sizeof(int));
		items = sp_realign(fs->sig.p, fs->sig.n, cx->hp[h], cx->hn[h],
				kept);
		fs->nfin = cx->hn[h];
		sp_items_params(items, fs->nfin, &fs->fin);
		sp_edit_list(f, &fs->sig, items, fs->nfin);
		/* The call: its named arguments, then the parameters. */
		args = xcalloc(calls.v[0].named + fs->nfin + 1, sizeof(char *));
		for (int k = 0; k < calls.v[0].named; k++)
			args[k] = xstrdup(calls.v[0].a[k].decl);
		for (int k = 0; k < fs->nfin; k++)
			args[calls.v[0].named + k] = xstrdup(fs->fin[k].name);
		sp_add_edit(f, sp_line_start(f->text, calls.v[0].open),
			 calls.v[0].close + 1,
			 csig_layout(f->text, sp_line_start(f->text,
							 calls.v[0].open),
				     calls.v[0].open, calls.v[0].close,
				     calls.v[0].a, calls.v[0].n, args,
				     calls.v[0].named + fs->nfin));
		sp_edit_doc(f, fs->d, fs->sig.p, fs->sig.n, items, fs->nfin);
		sp_items_free(args, calls.v[0].named + fs->nfin);
		sp_items_free(items, fs->nfin);
		free(kept);
		ccalls_free(&calls);
	}
}

/*
 * A declaration of what fs declares (a prototype, a stub) in s, against
 * its parameters (the rewritten ones when fs was rewritten).
 */
static void follower(struct ctx *cx, struct fnstate *fs, struct src *s,
		     const struct cdecl *d, enum sp_role role)
{
	struct sp_file *f = &cx->sp->f[s->fi];
	const struct cparam *want = fs->fin ? fs->fin : fs->sig.p;
	int nwant = fs->fin ? fs->nfin : fs->sig.n, *kept;
	struct csig sig;
	struct sp_item *it;
	const char *lost;
	char **items;

	int touched = 0;

	if (!d || d == fs->d || fs->hook < 0 || csig_read(s->code, d, &sig))
		return;
	for (int i = 0; i < cx->ntouched; i++)
		touched |= cx->touched[i] == fs->hook;
	/*
	 * A prototype is held to its function: one that differs is a
	 * build error ("conflicting types"), or the function was changed
	 * by hand (none differs on 6.12, 6.1, 4.2, 3.19 or 2.6.32).  A
	 * CONFIG-off stub is held to it when the function was just
	 * rewritten or its prototype differs, when a patch changes the
	 * hook, or when the number of parameters differs: a tree's own
	 * spellings (6.12's stub of security_inode_mkdir() takes 'int
	 * mode', the function 'umode_t mode') are not this change.
	 */
	if (agree(sig.p, sig.n, sig.ret, want, nwant, fs->sig.ret) ||
	    (role == SP_STUB && !fs->fin && !fs->changed && !touched &&
	     sig.n == nwant)) {
		csig_free(&sig);
		return;
	}
	it = add_item(cx->sp, cx->m, fs->hook, role, fs->d->name, f->rel,
		      d->line, csig_list_text(sig.p, sig.n));
	fs->changed |= role == SP_PROTO;
	kept = xcalloc(sig.n + 1, sizeof(int));
	items = sp_realign(sig.p, sig.n, want, nwant, kept);
	lost = role == SP_STUB ? sp_uses_lost(s->code, sig.body, sig.body_end,
					   sig.p, sig.n, kept) : NULL;
	if (!csig_same_type(sig.ret, fs->sig.ret)) {
		it->hand = 1;
		it->why = xstrdup("returns another type than its function");
	} else if (lost) {
		it->hand = 1;
		it->why = xasprintf("its body uses '%s', which the new "
				    "parameters do not keep", lost);
	} else {
		sp_edit_list(f, &sig, items, nwant);
	}
	sp_items_free(items, nwant);
	free(kept);
	csig_free(&sig);
}

/* The default the fixup macro installs (out of line): against the hook. */
static void default_of(struct ctx *cx, struct src *s, const char *prefix,
		       int h)
{
	struct sp_file *f = &cx->sp->f[s->fi];
	char *name = xasprintf("%s%s", prefix, cx->m->hooks[h].member);
	const struct cdecl *d = cscan_find(&s->cs, name, CD_FUNC, -1);
	struct csig sig;
	struct sp_item *it;
	const char *lost;
	char **items;
	int *kept, touched = 0;

	if (!d || csig_read(s->code, d, &sig)) {
		free(name);
		return;
	}
	for (int i = 0; i < cx->ntouched; i++)
		touched |= cx->touched[i] == h;
	/*
	 * As a prototype is held to its function: when the hook's
	 * dispatcher changed with it, a patch changes it, or the number of
	 * parameters differs.  2.6.32's cap_sysctl() takes 'ctl_table
	 * *table', the hook 'struct ctl_table *table': the same type.
	 */
	if (agree(sig.p, sig.n, sig.ret, cx->hp[h], cx->hn[h], cx->hret[h]) ||
	    (!touched && sig.n == cx->hn[h] &&
	     !sigplan_hook(cx->sp, cx->m, h, 0))) {
		csig_free(&sig);
		free(name);
		return;
	}
	it = add_item(cx->sp, cx->m, h, SP_DEFAULT, name, f->rel, d->line,
		      csig_list_text(sig.p, sig.n));
	kept = xcalloc(sig.n + 1, sizeof(int));
	items = sp_realign(sig.p, sig.n, cx->hp[h], cx->hn[h], kept);
	if (!csig_same_type(sig.ret, cx->hret[h])) {
		it->hand = 1;
		it->why = xstrdup("returns another type than the hook");
	} else if ((lost = sp_uses_lost(s->code, sig.body, sig.body_end, sig.p,
				     sig.n, kept))) {
		it->hand = 1;
		it->why = xasprintf("its body uses '%s', which the new "
				    "parameters do not keep", lost);
	} else {
		sp_edit_list(f, &sig, items, cx->hn[h]);
	}
	sp_items_free(items, cx->hn[h]);
	free(kept);
	csig_free(&sig);
	free(name);
}

static void src_init(struct src *s, struct sigplan *sp, int fi,
		     const char *rel, const char *text)
{
	memset(s, 0, sizeof(*s));
	s->fi = fi;
	s->text = text;
	sp->f[fi].rel = rel;
	sp->f[fi].text = text;
	if (!text)
		return;
	s->code = ctext_blank_comments(text, strlen(text));
	cscan_text(text, &s->cs);
}

static void src_free(struct src *s)
{
	free(s->code);
	cscan_free(&s->cs);
}

static void ctx_init(struct ctx *cx, struct sigplan *sp,
		     const struct table *t, const struct manifest *m,
		     const char *macros)
{
	cx->sp = sp;
	cx->t = t;
	cx->m = m;
	cx->macros = macros;
	cx->hp = xcalloc(m->n + 1, sizeof(*cx->hp));
	cx->hn = xcalloc(m->n + 1, sizeof(int));
	cx->hret = xcalloc(m->n + 1, sizeof(char *));
	cx->touched = NULL;
	cx->ntouched = 0;
	for (int i = 0; i < m->n; i++) {
		csig_hook_params(&m->hooks[i], &cx->hp[i], &cx->hn[i]);
		cx->hret[i] = csig_type(m->hooks[i].ret);
	}
}

static void ctx_free(struct ctx *cx)
{
	for (int i = 0; i < cx->m->n; i++) {
		cparams_free(cx->hp[i], cx->hn[i]);
		free(cx->hret[i]);
	}
	free(cx->hp);
	free(cx->hn);
	free(cx->hret);
}

/* The functions of s that run hooks (with bodies; not CONFIG-off). */
static int read_fns(struct src *s, struct fnstate **out, int n)
{
	for (int i = 0; i < s->cs.n; i++) {
		const struct cdecl *d = &s->cs.v[i];
		struct fnstate *fs;

		if (d->kind != CD_FUNC || d->off)
			continue;
		*out = xrealloc(*out, (n + 1) * sizeof(**out));
		fs = &(*out)[n];
		memset(fs, 0, sizeof(*fs));
		fs->s = s;
		fs->d = d;
		fs->hook = -1;
		if (csig_read(s->code, d, &fs->sig)) {
			csig_free(&fs->sig);
			continue;
		}
		n++;
	}
	return n;
}

static void fns_free(struct fnstate *fns, int n)
{
	for (int i = 0; i < n; i++) {
		csig_free(&fns[i].sig);
		cparams_free(fns[i].fin, fns[i].nfin);
	}
	free(fns);
}

void sigplan_parts(struct sigplan *sp, const struct table *t,
		   const struct manifest *m, const struct hookparts *hp,
		   const int *touched, int ntouched)
{
	struct src c, h, d;
	struct ctx cx;
	struct fnstate *fns = NULL;
	int n = 0;

	memset(sp, 0, sizeof(*sp));
	src_init(&c, sp, 0, hp->c_rel, hp->c_text);
	src_init(&h, sp, 1, hp->h_rel, hp->h_text);
	src_init(&d, sp, 2, hp->d_rel, hp->d_text);
	ctx_init(&cx, sp, t, m, hp->c_text);
	cx.touched = touched;
	cx.ntouched = ntouched;
	n = read_fns(&c, &fns, n);
	n = read_fns(&h, &fns, n);
	for (int i = 0; i < n; i++)
		caller(&cx, &fns[i]);
	for (int i = 0; i < n; i++) {
		if (fns[i].s != &c || fns[i].d->is_static || fns[i].hook < 0)
			continue;
		follower(&cx, &fns[i], &h, cscan_find(&h.cs, fns[i].d->name,
						      CD_PROTO, 0), SP_PROTO);
		follower(&cx, &fns[i], &h, cscan_find(&h.cs, fns[i].d->name,
						      CD_FUNC, 1), SP_STUB);
	}
	for (int i = 0; i < n; i++)
		if (fns[i].s == &h && fns[i].hook >= 0)
			follower(&cx, &fns[i], &h,
				 cscan_find(&h.cs, fns[i].d->name, CD_FUNC, 1),
				 SP_STUB);
	if (hp->d_text && hp->fx.prefix)
		for (int i = 0; i < m->n; i++)
			default_of(&cx, &d, hp->fx.prefix, i);
	fns_free(fns, n);
	ctx_free(&cx);
	src_free(&c);
	src_free(&h);
	src_free(&d);
}

void sigplan_block(struct sigplan *sp, const struct table *t,
		   const struct manifest *m, const char *h_rel,
		   const char *h_text, unsigned begin, unsigned end)
{
	struct src h;
	struct ctx cx;
	struct fnstate *fns = NULL;
	int n;

	memset(sp, 0, sizeof(*sp));
	src_init(&h, sp, 1, h_rel, h_text);
	ctx_init(&cx, sp, t, m, h_text);
	for (int i = 0; i < m->n; i++)
		for (int k = 0; k < h.cs.n; k++) {
			const struct cdecl *d = &h.cs.v[k];
			struct csig sig;

			if (d->kind != CD_FUNC || d->line < begin ||
			    d->line > end || strcmp(d->name,
						    m->hooks[i].wrapper) ||
			    csig_read(h.code, d, &sig))
				continue;
			if (!agree(sig.p, sig.n, sig.ret, cx.hp[i], cx.hn[i],
				   cx.hret[i]))
				add_item(sp, m, i, d->off ? SP_RSTUB :
					 SP_WRAPPER, d->name, h_rel, d->line,
					 csig_list_text(sig.p, sig.n));
			csig_free(&sig);
		}
	n = read_fns(&h, &fns, 0);
	for (int i = 0; i < n; i++) {
		/* A hand-written function that runs a hook: never rewritten. */
		if (begin && fns[i].d->line >= begin && fns[i].d->line <= end)
			continue;
		fns[i].hand = begin ? "is outside the generated region" :
			      "is hand-written (no generated region)";
		caller(&cx, &fns[i]);
	}
	fns_free(fns, n);
	ctx_free(&cx);
	src_free(&h);
}

int sigplan_rewrites(const struct sigplan *sp)
{
	int n = 0;

	for (int i = 0; i < sp->n; i++)
		for (int k = 0; k < sp->v[i].n; k++)
			n += !sp->v[i].v[k].hand &&
			     sp->v[i].v[k].role != SP_IMPL;
	return n;
}

void sigplan_free(struct sigplan *sp)
{
	for (int i = 0; i < sp->n; i++) {
		struct sp_hook *sh = &sp->v[i];

		for (int k = 0; k < sh->n; k++) {
			free(sh->v[k].name);
			free(sh->v[k].rel);
			free(sh->v[k].old);
			free(sh->v[k].reg);
			free(sh->v[k].why);
		}
		free(sh->v);
		free(sh->want);
	}
	free(sp->v);
	for (int i = 0; i < 3; i++) {
		for (int k = 0; k < sp->f[i].n; k++)
			free(sp->f[i].v[k].text);
		free(sp->f[i].v);
	}
	memset(sp, 0, sizeof(*sp));
}
