/*
 * hookparts.c - each hook's dispatcher, prototype and stub in the files
 * a tree's maintainers write by hand (hookparts.h), on a tree of the
 * out-of-line era its default and fixup line, on a tree whose hook
 * heads are written out (4.2 to 5.6) its list head and that head's
 * initialiser entry; on a tree of the block (2.5.43 to 2.6.20) only its
 * default and fixup line.  A hook whose dispatcher
 * the manifest found has one, wherever it is and whatever it is called
 * (3.19's sk_getsecid: security_sk_classify_flow()); one the manifest
 * missed has one when a function of the rule's name is defined, with
 * any parameters (3.19's security_capable(cred, ns, cap) for the
 * four-parameter hook), so that nothing is written twice.  A static
 * dispatcher is private to its file: it needs no prototype and no stub.
 * A default is there when the defaults file defines it, the header
 * declares it, or the manifest found it elsewhere (commoncap.c).
 */
#include "core/ctext.h"
#include "header/heads.h"
#include "header/hookparts.h"

#include <ctype.h>
#include <errno.h>
#include <string.h>

int hookparts_out_of_line(const struct table *t, const struct manifest *m)
{
	size_t n = t->wrappers.n ? strlen(t->wrappers.v[0]) : 0;
	int count = 0;

	for (int i = 0; n && i < m->n; i++) {
		const char *w = m->hooks[i].wrapper_def;

		count += w && !strncmp(w, t->wrappers.v[0], n) && w[n] == ':';
	}
	return count;
}

enum parts_era hookparts_era(const struct table *t, const struct manifest *m)
{
	if (!t->wrappers.n)
		return ERA_BLOCK;
	if (t->hook_macro)
		return t->output ? ERA_LIST : ERA_BLOCK;
	return m->n && 2 * hookparts_out_of_line(t, m) >= m->n ? ERA_OOL :
	       ERA_BLOCK;
}

int hookparts_sees_pointer(const struct table *t, const char *text)
{
	char *code = ctext_blank_comments(text, strlen(text));
	size_t n = strlen(t->pointer);
	int seen = 0;

	for (const char *p = strstr(code, t->pointer); p && !seen;
	     p = strstr(p + 1, t->pointer))
		seen = (p == code || !(isalnum((unsigned char)p[-1]) ||
				       p[-1] == '_')) &&
		       !(isalnum((unsigned char)p[n]) || p[n] == '_');
	free(code);
	return seen;
}

static char *read_text(const char *path)
{
	size_t len;
	char *text = read_file(path, &len);

	if (!text) {
		error_at(path, 0, "cannot read the file: %s", strerror(errno));
		return NULL;
	}
	if (reject_binary(path, text, len)) {
		free(text);
		return NULL;
	}
	return text;
}

/* The default and its fixup line (ERA_OOL, a fixup macro found). */
static void find_default(struct hookparts *hp, const struct hook *h,
			 struct hookpart *p)
{
	const char *d;

	p->dflt_name = xasprintf("%s%s", hp->fx.prefix, h->member);
	d = p->dflt_name;
	p->dflt = cscan_find(&hp->d, d, CD_FUNC, -1);
	p->fixup = cscan_find(&hp->fx.lines, h->member, CD_PROTO, -1);
	if (!p->dflt && !(h->dflt && !strcmp(h->dflt, d)) &&
	    !cscan_find(&hp->h, d, CD_PROTO, -1) &&
	    !cscan_find(&hp->h, d, CD_FUNC, -1))
		p->missing |= PART_DFLT;
	if (!p->fixup)
		p->missing |= PART_FIXUP;
}

/* Its list head and that head's initialiser entry (ERA_LIST, 4.2-5.6). */
static void find_heads(struct hookparts *hp, const struct hook *h,
		       struct hookpart *p)
{
	p->head = cscan_find(&hp->heads, h->member, CD_PROTO, -1);
	if (!p->head)
		p->missing |= PART_HEAD;
	if (!hp->hinit_kept)
		return;
	p->hinit = cscan_find(&hp->hinits, h->member, CD_PROTO, -1);
	if (!p->hinit)
		p->missing |= PART_HINIT;
}

static void find_parts(struct hookparts *hp, const struct hook *h,
		       struct hookpart *p)
{
	const struct cdecl *in_header;

	p->name = h->dispatcher ? h->dispatcher : h->wrapper;
	p->disp = cscan_find(&hp->c, p->name, CD_FUNC, -1);
	in_header = cscan_find(&hp->h, p->name, CD_FUNC, 0);
	p->proto = cscan_find(&hp->h, p->name, CD_PROTO, 0);
	if (!p->proto)
		p->proto = in_header;
	p->stub = cscan_find(&hp->h, p->name, CD_FUNC, 1);
	p->missing = 0;
	if (hp->d_text)
		find_default(hp, h, p);
	if (hp->l_text)
		find_heads(hp, h, p);
	if (hp->era == ERA_BLOCK)
		return;		/* the block has the rest */
	if (!h->dispatcher && !p->disp && !in_header)
		p->missing |= PART_DISP;
	if (p->disp && p->disp->is_static && !in_header)
		return;
	if (!p->proto)
		p->missing |= PART_PROTO;
	if (!p->stub)
		p->missing |= PART_STUB;
}

/*
 * The first of the table's defaults files under root that defines a
 * fixup macro (2.6.28 on: capability.c; before: dummy.c, capability.c
 * being the capability module then).  0, also when there is none; -1
 * when one cannot be read (printed).
 */
static int read_defaults(struct hookparts *hp, const struct table *t,
			 const char *root)
{
	for (int i = 0; i < t->defaults.n; i++) {
		char *path = path_join(root, t->defaults.v[i]);
		char *text;

		if (!file_exists(path)) {
			free(path);
			continue;
		}
		text = read_text(path);
		if (!text) {
			free(path);
			return -1;
		}
		if (fixup_scan(text, &hp->fx)) {
			hp->d_rel = xstrdup(t->defaults.v[i]);
			hp->d_path = path;
			hp->d_text = text;
			cscan_text(text, &hp->d);
			return 0;
		}
		free(text);
		free(path);
	}
	return 0;
}

/* How many hooks of m a scan names. */
static int named(const struct cscan *s, const struct manifest *m)
{
	int n = 0;

	for (int i = 0; i < m->n; i++)
		n += cscan_find(s, m->hooks[i].member, CD_PROTO, -1) != NULL;
	return n;
}

/*
 * ERA_LIST: the heads written out in the table's header (a separate
 * one from the output header), when they name at least half of the
 * hooks, and their initialiser in the wrappers file, likewise.  0, also
 * when there are none (5.7 on); -1 when the header cannot be read.
 */
static int read_heads(struct hookparts *hp, const struct table *t,
		      const struct manifest *m, const char *root)
{
	char *path, *text;

	if (!strcmp(t->header, hp->h_rel))
		return 0;
	path = path_join(root, t->header);
	text = read_text(path);
	if (!text) {
		free(path);
		return -1;
	}
	if (heads_members(text, t->pointer, &hp->heads) ||
	    !m->n || 2 * named(&hp->heads, m) < m->n) {
		cscan_free(&hp->heads);
		free(text);
		free(path);
		return 0;
	}
	hp->l_rel = xstrdup(t->header);
	hp->l_path = path;
	hp->l_text = text;
	hp->heads_name = xstrdup(t->pointer);
	if (!heads_inits(hp->c_text, t->pointer, &hp->hinits) &&
	    2 * named(&hp->hinits, m) >= m->n)
		hp->hinit_kept = 1;
	else
		cscan_free(&hp->hinits);
	return 0;
}

int hookparts_read(struct hookparts *hp, const struct table *t,
		   const struct manifest *m, const char *root,
		   enum parts_era era)
{
	memset(hp, 0, sizeof(*hp));
	hp->era = era;
	hp->h_rel = xstrdup(t->output ? t->output : t->header);
	hp->h_path = path_join(root, hp->h_rel);
	if (era != ERA_BLOCK) {
		hp->c_rel = xstrdup(t->wrappers.v[0]);
		hp->c_path = path_join(root, hp->c_rel);
		hp->c_text = read_text(hp->c_path);
		if (!hp->c_text)
			return -1;
	}
	hp->h_text = read_text(hp->h_path);
	if (!hp->h_text)
		return -1;
	if (era != ERA_LIST && read_defaults(hp, t, root))
		return -1;
	if (era == ERA_LIST && read_heads(hp, t, m, root))
		return -1;
	if (hp->c_text)
		cscan_text(hp->c_text, &hp->c);
	cscan_text(hp->h_text, &hp->h);
	hp->n = m->n;
	hp->v = xcalloc(m->n + 1, sizeof(*hp->v));
	for (int i = 0; i < m->n; i++)
		find_parts(hp, &m->hooks[i], &hp->v[i]);
	return 0;
}

void hookparts_retext(struct hookparts *hp, const struct manifest *m,
		      char *c_text, char *h_text, char *d_text)
{
	if (c_text) {
		free(hp->c_text);
		hp->c_text = c_text;
	}
	if (h_text) {
		free(hp->h_text);
		hp->h_text = h_text;
	}
	if (d_text && hp->d_text) {
		free(hp->d_text);
		hp->d_text = d_text;
		fixup_free(&hp->fx);
		fixup_scan(d_text, &hp->fx);
		cscan_free(&hp->d);
		cscan_text(d_text, &hp->d);
	} else {
		free(d_text);
	}
	cscan_free(&hp->c);
	cscan_free(&hp->h);
	cscan_text(hp->c_text, &hp->c);
	cscan_text(hp->h_text, &hp->h);
	if (hp->hinit_kept) {
		/* The heads' initialiser is in the rewritten wrappers file. */
		cscan_free(&hp->hinits);
		if (heads_inits(hp->c_text, hp->heads_name, &hp->hinits))
			hp->hinit_kept = 0;
	}
	for (int i = 0; i < hp->n; i++) {
		free(hp->v[i].dflt_name);
		memset(&hp->v[i], 0, sizeof(hp->v[i]));
		find_parts(hp, &m->hooks[i], &hp->v[i]);
	}
}

void hookparts_free(struct hookparts *hp)
{
	cscan_free(&hp->c);
	cscan_free(&hp->h);
	free(hp->c_rel);
	free(hp->h_rel);
	free(hp->c_path);
	free(hp->h_path);
	free(hp->c_text);
	free(hp->h_text);
	free(hp->d_rel);
	free(hp->d_path);
	free(hp->d_text);
	cscan_free(&hp->d);
	fixup_free(&hp->fx);
	free(hp->l_rel);
	free(hp->l_path);
	free(hp->l_text);
	free(hp->heads_name);
	cscan_free(&hp->heads);
	cscan_free(&hp->hinits);
	for (int i = 0; hp->v && i < hp->n; i++)
		free(hp->v[i].dflt_name);
	free(hp->v);
	memset(hp, 0, sizeof(*hp));
}

char *hookparts_message(const struct hookparts *hp, const struct hook *h,
			const struct hookpart *p)
{
	char *what = hookparts_missing(hp, p);
	char *msg = xasprintf("hook '%s' has %s", h->member, what);

	free(what);
	return msg;
}

char *hookparts_missing(const struct hookparts *hp, const struct hookpart *p)
{
	struct sbuf sb = { 0 };
	int m = p->missing;

	if (m & PART_DISP)
		sb_addf(&sb, "no dispatcher in %s%s", hp->c_rel,
			m & (PART_PROTO | PART_STUB) ? ", " : "");
	if (m & PART_PROTO)
		sb_addf(&sb, "no prototype%s", m & PART_STUB ? " and " : "");
	if (m & PART_STUB)
		sb_add(&sb, "no CONFIG-off stub");
	if (m & (PART_PROTO | PART_STUB)) {
		if (!(m & PART_DISP))
			sb_addf(&sb, " of %s()", p->name);
		sb_addf(&sb, " in %s", hp->h_rel);
	}
	if (m & (PART_DFLT | PART_FIXUP)) {
		if (m & (PART_DISP | PART_PROTO | PART_STUB))
			sb_add(&sb, ", ");
		if (m & PART_DFLT)
			sb_addf(&sb, "no default %s()%s", p->dflt_name,
				m & PART_FIXUP ? " and " : "");
		if (m & PART_FIXUP)
			sb_addf(&sb, "no %s() line", hp->fx.macro);
		sb_addf(&sb, " in %s", hp->d_rel);
	}
	if (m & (PART_HEAD | PART_HINIT)) {
		if (m & (PART_DISP | PART_PROTO | PART_STUB))
			sb_add(&sb, ", ");
		if (m & PART_HEAD)
			sb_addf(&sb, "no member of struct %s in %s%s",
				hp->heads_name, hp->l_rel,
				m & PART_HINIT ? " and " : "");
		if (m & PART_HINIT)
			sb_addf(&sb, "no entry in the initialiser of %s in %s",
				hp->heads_name, hp->c_rel);
	}
	return sb_detach(&sb);
}
