/*
 * hookparts.c - each hook's dispatcher, prototype and stub in the files
 * a hook-list tree's maintainers write by hand (hookparts.h).  A hook
 * whose dispatcher the manifest found has one, wherever it is and
 * whatever it is called; one the manifest missed has one when a
 * function of the rule's name is defined (so that nothing is written
 * twice).  A static dispatcher is private to its file: it needs no
 * prototype and no stub.
 */
#include "header/hookparts.h"

#include <errno.h>
#include <string.h>

int hookparts_apply(const struct table *t)
{
	return t->hook_macro && t->wrappers.n && t->output;
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
	if (!h->dispatcher && !p->disp && !in_header)
		p->missing |= PART_DISP;
	if (p->disp && p->disp->is_static && !in_header)
		return;
	if (!p->proto)
		p->missing |= PART_PROTO;
	if (!p->stub)
		p->missing |= PART_STUB;
}

int hookparts_read(struct hookparts *hp, const struct table *t,
		   const struct manifest *m, const char *root)
{
	memset(hp, 0, sizeof(*hp));
	hp->c_rel = xstrdup(t->wrappers.v[0]);
	hp->h_rel = xstrdup(t->output);
	hp->c_path = path_join(root, hp->c_rel);
	hp->h_path = path_join(root, hp->h_rel);
	hp->c_text = read_text(hp->c_path);
	hp->h_text = hp->c_text ? read_text(hp->h_path) : NULL;
	if (!hp->h_text)
		return -1;
	cscan_text(hp->c_text, &hp->c);
	cscan_text(hp->h_text, &hp->h);
	hp->n = m->n;
	hp->v = xcalloc(m->n + 1, sizeof(*hp->v));
	for (int i = 0; i < m->n; i++)
		find_parts(hp, &m->hooks[i], &hp->v[i]);
	return 0;
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
	return sb_detach(&sb);
}
