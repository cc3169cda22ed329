/*
 * hookparts.c - each hook's dispatcher, prototype and stub in the files
 * a tree's maintainers write by hand (hookparts.h), and on a tree of the
 * out-of-line era its default and fixup line.  A hook whose dispatcher
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

int hookparts_read(struct hookparts *hp, const struct table *t,
		   const struct manifest *m, const char *root,
		   enum parts_era era)
{
	memset(hp, 0, sizeof(*hp));
	hp->era = era;
	hp->c_rel = xstrdup(t->wrappers.v[0]);
	hp->h_rel = xstrdup(t->output ? t->output : t->header);
	hp->c_path = path_join(root, hp->c_rel);
	hp->h_path = path_join(root, hp->h_rel);
	hp->c_text = read_text(hp->c_path);
	hp->h_text = hp->c_text ? read_text(hp->h_path) : NULL;
	if (!hp->h_text)
		return -1;
	if (era == ERA_OOL && read_defaults(hp, t, root))
		return -1;
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
	for (int i = 0; hp->v && i < hp->n; i++)
		free(hp->v[i].dflt_name);
	free(hp->v);
	memset(hp, 0, sizeof(*hp));
}

char *hookparts_message(const struct hookparts *hp, const struct hook *h,
			const struct hookpart *p)
{
	struct sbuf sb = { 0 };
	int m = p->missing;

	sb_addf(&sb, "hook '%s' has ", h->member);
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
	return sb_detach(&sb);
}
