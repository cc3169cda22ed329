/*
 * geninsert.c - write the pieces a hook lacks into the files the
 * maintainers keep by hand (geninsert.h).  Each piece goes right after
 * the same piece of the nearest hook before it in the hook list (or the
 * struct) that has the same guard (so a new hook lands in its section,
 * in their order), else right before that of the nearest one after it;
 * a guard no other hook has is a section hookwrap will not invent.  The
 * style is the tree's: kernel-doc above each dispatcher when most of its
 * dispatchers have it; on a hook-list tree the call_int_hook() form its
 * macro takes (6.12: HOOK, args; 6.1: HOOK, IRC, args), on an
 * out-of-line tree a call through the table pointer
 * ("return security_ops->H(args);"), the default a function of the
 * stub's body and its fixup line a copy of its neighbour's.  Nothing
 * else is touched.
 */
#include "header/geninsert.h"
#include "clang/guards.h"
#include "core/kstyle.h"
#include "header/genheader.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

struct ins {
	unsigned before;	/* line it goes before (n + 1: the end) */
	int seq;		/* order among those before the same line */
	char *text;
};

struct edits {
	struct ins *v;
	int n, cap;
};

/* Where a hook's piece of one kind is, or was put. */
struct loc {
	int valid;
	unsigned before;
	int before_next;	/* put before the next hook's piece */
	int src;		/* the hook whose piece in the tree it is
				   beside */
};

struct style {
	int kdoc;		/* kernel-doc above the dispatchers */
	int irc;		/* call_int_hook() takes the default too */
};

struct gen {
	enum parts_era era;
	const struct table *t;
	const struct manifest *m;
	const struct hookparts *hp;
	const char *tree;
	struct style st;
	int seq;
};

static int same_guard(const struct hook *a, const struct hook *b)
{
	if (a->guard.n != b->guard.n)
		return 0;
	for (int i = 0; i < a->guard.n; i++)
		if (strv_find(&b->guard, a->guard.v[i]) < 0)
			return 0;
	return 1;
}

static void dispatcher(struct sbuf *sb, const struct gen *g,
		       const struct hook *h, const char *name)
{
	char **items = xcalloc(h->nparams + 3, sizeof(char *));
	int n = 0;

	if (g->st.kdoc) {
		sb_addf(sb, "/**\n * %s() - Run the %s hook\n", name,
			h->member);
		for (int i = 0; i < h->nparams; i++)
			sb_addf(sb, " * @%s: hook argument\n",
				h->params[i].name);
		if (!h->is_void)
			sb_add(sb, " *\n * Return: Returns 0 if permission is "
				   "granted.\n");
		sb_add(sb, " */\n");
	}
	genheader_signature(sb, "", h, name, ")");
	sb_add(sb, "{\n");
	if (g->era == ERA_OOL) {
		char *head = xasprintf("\t%s%s->%s", h->is_void ? "" :
				       "return ", g->t->pointer, h->member);

		for (int i = 0; i < h->nparams; i++)
			items[n++] = h->params[i].name;
		ks_list(sb, head, items, n, ");");
		free(head);
	} else {
		items[n++] = h->member;
		if (!h->is_void && g->st.irc)
			items[n++] = h->list_default ? h->list_default : "0";
		for (int i = 0; i < h->nparams; i++)
			items[n++] = h->params[i].name;
		ks_list(sb, h->is_void ? "\tcall_void_hook" :
			"\treturn call_int_hook", items, n, ");");
	}
	sb_add(sb, "\n}\n");
	free(items);
}

/*
 * The default a NULL member gets: a function of the CONFIG-off stub's
 * body, static as its neighbour is (a kernel without the option
 * behaves as one whose module does not set the hook).
 */
static void default_fn(struct sbuf *sb, const struct hook *h,
		       const char *name, int is_static, const char *empty)
{
	genheader_signature(sb, is_static ? "static " : "", h, name, ")");
	if (!strcmp(h->stub, "{ }")) {
		sb_add(sb, empty);
		return;
	}
	sb_add(sb, "{\n");
	genheader_statements(sb, h->stub);
	sb_add(sb, "}\n");
}

/*
 * The lines first..last of text (the neighbour nh's piece), with each
 * whole word nh->member in them put as h's: its fixup line, its list
 * head, its initialiser entry, so that their indentation and form are
 * the tree's.  0, or -1 when the lines do not name nh (nothing added).
 */
static int copy_lines(struct sbuf *sb, const char *text, unsigned first,
		      unsigned last, const struct hook *h,
		      const struct hook *nh)
{
	const char *l = text, *e;
	size_t n = strlen(nh->member), at = sb->len;
	int hits = 0;

	for (unsigned i = 1; i < first && l; i++)
		l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL;
	for (e = l; e && first <= last; first++)
		e = strchr(e, '\n') ? strchr(e, '\n') + 1 : NULL;
	if (!l || !e)
		return -1;
	for (const char *p = l; p < e; p++) {
		if (!strncmp(p, nh->member, n) && p + n <= e &&
		    !(p > l && (isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
		    !(isalnum((unsigned char)p[n]) || p[n] == '_')) {
			sb_add(sb, h->member);
			p += n - 1;
			hits++;
			continue;
		}
		sb_addc(sb, *p);
	}
	if (!hits) {
		sb->len = at;
		if (sb->buf)
			sb->buf[at] = '\0';
		return -1;
	}
	return 0;
}

/* The fixup line of h, a copy of its neighbour's (nb, hook nh). */
static void fixup_line(struct sbuf *sb, const struct gen *g,
		       const struct hook *h, const struct hook *nh,
		       const struct cdecl *nb)
{
	if (copy_lines(sb, g->hp->d_text, nb->line, nb->line, h, nh))
		sb_addf(sb, "\t%s(ops, %s);\n", g->hp->fx.macro, h->member);
}

/*
 * The initialiser entry of h's list head, a copy of its neighbour's;
 * one line that the longer name takes past 80 columns is broken after
 * its "=" as 4.2 breaks its long ones.
 */
static void hinit_entry(struct sbuf *sb, const struct gen *g,
			const struct hook *h, const struct hook *nh,
			const struct cdecl *nb)
{
	struct sbuf one = { 0 };
	char *eq;

	if (copy_lines(&one, g->hp->c_text, nb->first, nb->last, h, nh)) {
		sb_addf(sb, "\t.%s = LIST_HEAD_INIT(%s.%s),\n", h->member,
			g->hp->heads_name, h->member);
	} else if (nb->first == nb->last && ks_width(one.buf, 0) > KS_WIDTH + 1 &&
		   (eq = strstr(one.buf, " =")) && eq[2]) {
		size_t indent = strspn(one.buf, " \t");
		char *rest = eq + 2;

		rest += strspn(rest, " \t");
		sb_addn(sb, one.buf, eq + 2 - one.buf);
		sb_addc(sb, '\n');
		sb_addn(sb, one.buf, indent);
		sb_addc(sb, '\t');
		sb_add(sb, rest);
	} else {
		sb_add(sb, one.buf);
	}
	sb_free(&one);
}

static void stub(struct sbuf *sb, const struct hook *h, const char *name,
		 const char *empty)
{
	genheader_signature(sb, "static inline ", h, name, ")");
	if (!strcmp(h->stub, "{ }")) {
		sb_add(sb, empty);
		return;
	}
	sb_add(sb, "{\n");
	genheader_statements(sb, h->stub);
	sb_add(sb, "}\n");
}

static const struct cdecl *have(const struct hookpart *p, int part)
{
	if (p->missing & part)
		return NULL;
	switch (part) {
	case PART_DISP:
		return p->disp;
	case PART_PROTO:
		return p->proto;
	case PART_STUB:
		return p->stub;
	case PART_DFLT:
		return p->dflt;
	case PART_FIXUP:
		return p->fixup;
	case PART_HEAD:
		return p->head;
	default:
		return p->hinit;
	}
}

/*
 * How the function d of text writes an empty body: 1 for "{ }" on one
 * line, 2 for "{" and "}" on lines of their own; 0 when its body is not
 * empty (or not found).
 */
static int empty_form(const char *text, const struct cdecl *d)
{
	const char *l = text, *open, *close;

	for (unsigned i = 1; i < d->line && l; i++)
		l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL;
	if (!l || !(open = strchr(l, '{')))
		return 0;
	for (close = open + 1; *close == ' ' || *close == '\t' ||
			       *close == '\n'; close++)
		;
	if (*close != '}')
		return 0;
	return memchr(open, '\n', close - open) ? 2 : 1;
}

/*
 * An empty body as the tree writes it: the form of the empty-bodied
 * piece of that kind nearest to hook i among those of its guard
 * ("{ }" on 3.19's CONFIG_SECURITY stubs, "{" "}" on its network ones
 * and in capability.c); dflt when there is none.
 */
static const char *empty_body(const struct gen *g, int part, int i,
			      const char *dflt)
{
	const char *text = part == PART_STUB ? g->hp->h_text : g->hp->d_text;

	for (int dist = 1; dist < g->m->n; dist++)
		for (int side = -1; side <= 1; side += 2) {
			int k = i + side * dist, form;
			const struct cdecl *d;

			if (k < 0 || k >= g->m->n ||
			    !same_guard(&g->m->hooks[k], &g->m->hooks[i]) ||
			    !(d = have(&g->hp->v[k], part)))
				continue;
			form = empty_form(text, d);
			if (form)
				return form == 1 ? "{ }\n" : "{\n}\n";
		}
	return dflt;
}

/* The piece of h; nb, nh: the neighbour's piece it goes beside. */
static void piece(struct sbuf *sb, const struct gen *g, int part,
		  const struct hook *h, const struct hookpart *p,
		  const struct hook *nh, const struct cdecl *nb)
{
	if (part == PART_DISP)
		dispatcher(sb, g, h, p->name);
	else if (part == PART_PROTO)
		genheader_signature(sb, "", h, p->name, ");");
	else if (part == PART_STUB)
		stub(sb, h, p->name, empty_body(g, part, p - g->hp->v,
						"{ }\n"));
	else if (part == PART_DFLT)
		default_fn(sb, h, p->dflt_name, nb->is_static,
			   empty_body(g, part, p - g->hp->v, "{\n}\n"));
	else if (part == PART_FIXUP)
		fixup_line(sb, g, h, nh, nb);
	else if (part == PART_HEAD &&
		 copy_lines(sb, g->hp->l_text, nb->first, nb->last, h, nh))
		sb_addf(sb, "\tstruct hlist_head %s;\n", h->member);
	else if (part == PART_HINIT)
		hinit_entry(sb, g, h, nh, nb);
}

static const char *part_name(int part)
{
	switch (part) {
	case PART_DISP:
		return "dispatcher";
	case PART_PROTO:
		return "prototype";
	case PART_STUB:
		return "CONFIG-off stub";
	case PART_DFLT:
		return "default";
	case PART_FIXUP:
		return "fixup line";
	case PART_HEAD:
		return "list head";
	default:
		return "list head's initialiser";
	}
}

static const char *part_file(const struct gen *g, int part)
{
	return part & (PART_DISP | PART_HINIT) ? g->hp->c_rel :
	       part & (PART_PROTO | PART_STUB) ? g->hp->h_rel :
	       part == PART_HEAD ? g->hp->l_rel : g->hp->d_rel;
}

/* "file:line" of h's member, as the messages name it. */
static char *hook_at(const struct gen *g, const struct hook *h,
		     unsigned *line)
{
	const char *colon = strrchr(h->where, ':');
	char *rel = colon ? xstrndup(h->where, colon - h->where) :
		    xstrdup(h->where);
	char *where = path_join(g->tree, rel);

	*line = colon ? (unsigned)atoi(colon + 1) : 0;
	free(rel);
	return where;
}

/* No hook of h's guard has that piece: its section is to be made. */
static void no_section(const struct gen *g, const struct hook *h, int part)
{
	struct strv own = { 0 };
	char *gt = hook_guard_text(h), *dir, *where;
	unsigned line;

	for (int i = 0; i < h->guard.n; i++)
		if (strcmp(h->guard.v[i], g->t->config))
			strv_push(&own, h->guard.v[i]);
	dir = own.n ? guards_directive(&own) : xstrdup("#ifdef CONFIG_...");
	where = hook_at(g, h, &line);
	error_at(where, line, "hook '%s' "
		 "(guard '%s') has no section in %s to put its %s in: no "
		 "other hook of that guard has one there; add a '%s' section "
		 "holding it by hand, then run again", h->member, gt,
		 part_file(g, part), part_name(part), dir);
	strv_clear(&own);
	free(gt);
	free(dir);
	free(where);
}

/* Place the pieces of one kind the hooks lack.  0, or -1 printed. */
static int place(struct gen *g, int part, struct edits *e)
{
	const struct manifest *m = g->m;
	struct loc *loc = xcalloc(m->n + 1, sizeof(*loc));
	const char *sep = part & (PART_PROTO | PART_FIXUP | PART_HEAD |
				  PART_HINIT) ? "" : "\n";
	int ret = 0;

	for (int i = 0; i < m->n; i++) {
		const struct cdecl *d = have(&g->hp->v[i], part);

		if (d)
			loc[i] = (struct loc){ 1, d->last + 1, 0, i };
	}
	for (int i = 0; i < m->n && !ret; i++) {
		const struct hook *h = &m->hooks[i];
		const struct hookpart *p = &g->hp->v[i];
		struct sbuf sb = { 0 };
		int j, k = -1;

		if (!(p->missing & part))
			continue;
		for (j = i - 1; j >= 0; j--)
			if (loc[j].valid && same_guard(&m->hooks[j], h))
				break;
		if (j < 0)
			for (k = i + 1; k < m->n; k++)
				if (have(&g->hp->v[k], part) &&
				    same_guard(&m->hooks[k], h))
					break;
		if (j < 0 && k >= m->n) {
			no_section(g, h, part);
			ret = -1;
			break;
		}
		if (j >= 0)
			loc[i] = (struct loc){ 1, loc[j].before,
					       loc[j].before_next, loc[j].src };
		else
			loc[i] = (struct loc){ 1, have(&g->hp->v[k],
						       part)->first, 1, k };
		if (!loc[i].before_next)
			sb_add(&sb, sep);
		piece(&sb, g, part, h, p, &m->hooks[loc[i].src],
		      have(&g->hp->v[loc[i].src], part));
		if (loc[i].before_next)
			sb_add(&sb, sep);
		ARRAY_GROW(e->v, e->cap, e->n + 1, 16);
		e->v[e->n++] = (struct ins){ loc[i].before, g->seq++,
					     sb_detach(&sb) };
	}
	free(loc);
	return ret;
}

static int ins_cmp(const void *pa, const void *pb)
{
	const struct ins *a = pa, *b = pb;

	if (a->before != b->before)
		return a->before < b->before ? -1 : 1;
	return (a->seq > b->seq) - (a->seq < b->seq);
}

/* text with the insertions made; NULL when there are none. */
static char *apply(const char *text, struct edits *e)
{
	struct sbuf sb = { 0 };
	const char *s = text;
	unsigned line = 1;
	int k = 0;

	if (!e->n)
		return NULL;
	qsort(e->v, e->n, sizeof(*e->v), ins_cmp);
	while (*s) {
		const char *nl = strchr(s, '\n');
		size_t n = nl ? (size_t)(nl + 1 - s) : strlen(s);

		for (; k < e->n && e->v[k].before <= line; k++)
			sb_add(&sb, e->v[k].text);
		sb_addn(&sb, s, n);
		s += n;
		line++;
	}
	if (k < e->n && sb.len && sb.buf[sb.len - 1] != '\n')
		sb_addc(&sb, '\n');
	for (; k < e->n; k++)
		sb_add(&sb, e->v[k].text);
	return sb_detach(&sb);
}

static void edits_free(struct edits *e)
{
	for (int i = 0; i < e->n; i++)
		free(e->v[i].text);
	free(e->v);
}

/* The tree's style, from its dispatchers and its call_int_hook(). */
static int read_style(struct gen *g)
{
	const struct hookparts *hp = g->hp;
	int docs = 0, all = 0, named, need_int = 0;

	for (int i = 0; i < hp->n; i++) {
		const struct cdecl *d = hp->v[i].disp;

		if (d && !d->is_static) {
			all++;
			docs += d->doc;
		}
		need_int |= (hp->v[i].missing & PART_DISP) &&
			    !g->m->hooks[i].is_void && g->era == ERA_LIST;
	}
	g->st.kdoc = all && 2 * docs >= all;
	named = hp->c_text ? cscan_macro_params(hp->c_text, "call_int_hook") :
		-1;
	g->st.irc = named >= 2;
	if (need_int && named < 0) {
		error_at(hp->c_path, 0, "no call_int_hook() macro here: "
			 "hookwrap cannot tell how a dispatcher runs a hook; "
			 "write the new dispatchers by hand");
		return -1;
	}
	return 0;
}

/*
 * The pieces hookwrap can write: a hook-list dispatcher of an int or
 * void hook (call_int_hook, call_void_hook); a default whose body, the
 * stub's, does not call the default itself.
 */
static int writable(const struct gen *g)
{
	for (int i = 0; i < g->m->n; i++) {
		const struct hook *h = &g->m->hooks[i];
		const struct hookpart *p = &g->hp->v[i];
		unsigned line;
		char *where;

		if ((p->missing & PART_DISP) && g->era == ERA_LIST &&
		    !h->is_void && strcmp(h->ret, "int")) {
			where = hook_at(g, h, &line);
			error_at(where, line, "hook '%s' returns '%s': hookwrap "
				 "writes dispatchers of int and void hooks "
				 "only; write %s() by hand", h->member, h->ret,
				 p->name);
			free(where);
			return -1;
		}
		if ((p->missing & PART_DFLT) && strstr(h->stub, p->dflt_name)) {
			where = hook_at(g, h, &line);
			error_at(where, line, "hook '%s' has no default %s() in "
				 "%s, and its stub calls it ('%s'): write %s() "
				 "by hand", h->member, p->dflt_name,
				 g->hp->d_rel, h->stub, p->dflt_name);
			free(where);
			return -1;
		}
	}
	return 0;
}

int geninsert(const struct table *t, const struct manifest *m,
	      const struct hookparts *hp, const char *tree,
	      struct geninsert_out *out)
{
	struct gen g = { hp->era, t, m, hp, tree, { 0, 0 }, 0 };
	struct edits ec = { 0 }, eh = { 0 }, ed = { 0 }, el = { 0 };
	int ret;

	memset(out, 0, sizeof(*out));
	ret = writable(&g) || read_style(&g) ||
	      place(&g, PART_DISP, &ec) || place(&g, PART_PROTO, &eh) ||
	      place(&g, PART_STUB, &eh) || place(&g, PART_DFLT, &ed) ||
	      place(&g, PART_FIXUP, &ed) || place(&g, PART_HEAD, &el) ||
	      place(&g, PART_HINIT, &ec) ? -1 : 0;
	if (!ret) {
		out->c = hp->c_text ? apply(hp->c_text, &ec) : NULL;
		out->h = apply(hp->h_text, &eh);
		out->d = hp->d_text ? apply(hp->d_text, &ed) : NULL;
		out->l = hp->l_text ? apply(hp->l_text, &el) : NULL;
	}
	edits_free(&ec);
	edits_free(&eh);
	edits_free(&ed);
	edits_free(&el);
	return ret;
}

void geninsert_out_free(struct geninsert_out *out)
{
	free(out->c);
	free(out->h);
	free(out->d);
	free(out->l);
	memset(out, 0, sizeof(*out));
}
