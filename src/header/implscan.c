/*
 * implscan.c - the functions a tree registers for some hooks
 * (implscan.h), read from the text of its C files.  A file is read only
 * when it holds a hook's name; a registration is taken only in a form
 * that installs a hook of the table (an initializer whose declaration
 * names the struct, a member assignment in a file that names it, the
 * registration macro, the fixup macro), so that a member of the same
 * name in another struct is not one.
 */
#include "header/implscan.h"
#include "core/ctext.h"
#include "header/fixup.h"

#include <ctype.h>
#include <errno.h>
#include <ftw.h>
#include <sys/stat.h>
#include <string.h>

/* The macros that register an implementation: MACRO(HOOK, fn). */
static const char *const reg_macros[] = { "LSM_HOOK_INIT" };

/* nftw has no closure: the walk's state. */
static struct strv *walk_files;
static size_t walk_root_len;

static int walk_one(const char *path, const struct stat *st, int type,
		    struct FTW *ftw)
{
	const char *base = path + ftw->base;

	(void)st;
	if (type == FTW_D && ftw->level > 0 && base[0] == '.')
		return FTW_SKIP_SUBTREE;
	if (type == FTW_F && ends_with(base, ".c"))
		strv_push(walk_files, path + walk_root_len);
	return FTW_CONTINUE;
}

/* The .c files under root, tree-relative, sorted; -1 when unreadable. */
static int list_files(const char *root, struct strv *out)
{
	char *top = xasprintf("%s/", root);
	int r;

	walk_files = out;
	walk_root_len = strlen(top);
	r = nftw(top, walk_one, 32, FTW_PHYS | FTW_ACTIONRETVAL);
	free(top);
	if (r) {
		error_at(root, 0, "cannot list the tree's files: %s",
			 strerror(errno));
		return -1;
	}
	qsort(out->v, out->n, sizeof(*out->v), cmp_strp);
	return 0;
}

static int is_id(int c)
{
	return c == '_' || isalnum((unsigned char)c);
}

struct cfile {
	char *rel;
	char *text, *code;
	struct cscan cs;
	size_t *lines;		/* offset of each line's start */
	unsigned nlines;
	int names_struct;	/* names the table's struct or pointer */
};

static unsigned line_at(const struct cfile *f, size_t off)
{
	unsigned lo = 0, hi = f->nlines;

	while (hi - lo > 1) {
		unsigned mid = (lo + hi) / 2;

		if (f->lines[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return lo + 1;
}

static int has_word(const char *s, const char *w)
{
	size_t n = strlen(w);

	for (const char *p = s; (p = strstr(p, w)); p += n)
		if ((p == s || !is_id(p[-1])) && !is_id(p[n]))
			return 1;
	return 0;
}

/* Does code name "struct NAME" or "union NAME", or the pointer? */
static int names_table(const char *code, const struct table *t)
{
	char *s = squeeze_space(code);
	char *a = xasprintf("struct %s", t->struct_name);
	char *b = xasprintf("union %s", t->struct_name);
	int yes = has_word(s, a) || has_word(s, b) || has_word(s, t->pointer);

	free(a);
	free(b);
	free(s);
	return yes;
}

static void skip_space(const char *s, size_t *i)
{
	while (isspace((unsigned char)s[*i]))
		(*i)++;
}

/* An identifier at *i (after an optional '&'), moved past; else NULL. */
static char *ident_at(const char *s, size_t *i)
{
	size_t b;

	skip_space(s, i);
	if (s[*i] == '&') {
		(*i)++;
		skip_space(s, i);
	}
	b = *i;
	if (!is_id(s[b]) || isdigit((unsigned char)s[b]))
		return NULL;
	while (is_id(s[*i]))
		(*i)++;
	return xstrndup(s + b, *i - b);
}

/*
 * Is the "{" that encloses offset at opened by an initializer whose
 * declaration names the table's struct?
 */
static int in_table_initializer(const char *code, size_t at,
				const struct table *t)
{
	int depth = 0;
	size_t i = at, b;
	char *decl;
	int yes;

	while (i > 0) {
		char c = code[--i];

		if (c == '}')
			depth++;
		else if (c == '{' && !depth--)
			break;
	}
	if (code[i] != '{')
		return 0;
	while (i > 0 && isspace((unsigned char)code[i - 1]))
		i--;
	if (!i || code[i - 1] != '=')
		return 0;
	b = --i;
	while (b > 0 && !strchr(";{}", code[b - 1]))
		b--;
	decl = xstrndup(code + b, i - b);
	yes = names_table(decl, t);
	free(decl);
	return yes;
}

struct scan {
	const struct table *t;
	const struct manifest *m;
	struct impls *out;
	struct cfile *files;
	int nfiles, cap;
};

static void add_impl(struct scan *s, struct cfile *f, int hook,
		     char *fn, const char *how, size_t at)
{
	struct impl *x;

	if (!strcmp(fn, "NULL")) {
		free(fn);
		return;
	}
	ARRAY_GROW(s->out->v, s->out->cap, s->out->n + 1, 16);
	x = &s->out->v[s->out->n++];
	memset(x, 0, sizeof(*x));
	x->hook = hook;
	x->fn = fn;
	x->how = how;
	x->reg_rel = xstrdup(f->rel);
	x->reg_line = line_at(f, at);
}

/* The registrations of hook in f. */
static void registrations(struct scan *s, struct cfile *f, int hook)
{
	const char *name = s->m->hooks[hook].member, *code = f->code;
	size_t n = strlen(name);

	for (const char *p = code; (p = strstr(p, name)); p += n) {
		size_t at = p - code, b = at, i = at + n;
		char *fn;

		if ((at && is_id(p[-1])) || is_id(p[n]))
			continue;
		while (b && isspace((unsigned char)code[b - 1]))
			b--;
		/* MACRO(HOOK, fn) */
		if (b && code[b - 1] == '(') {
			size_t e = b - 1;

			while (e && isspace((unsigned char)code[e - 1]))
				e--;
			for (size_t k = 0; k < ARRAY_SIZE(reg_macros); k++) {
				size_t mn = strlen(reg_macros[k]), j = i;

				if (e < mn || strncmp(code + e - mn,
						      reg_macros[k], mn) ||
				    (e > mn && is_id(code[e - mn - 1])))
					continue;
				skip_space(code, &j);
				if (code[j] != ',')
					continue;
				j++;
				fn = ident_at(code, &j);
				skip_space(code, &j);
				if (fn && code[j] == ')')
					add_impl(s, f, hook, fn, reg_macros[k],
						 at);
				else
					free(fn);
			}
			continue;
		}
		skip_space(code, &i);
		/* ".HOOK = fn," or "HOOK: fn," in an initializer of the
		   struct; "->HOOK = fn;" or ".HOOK = fn;" in a file that
		   names it. */
		if (b && (code[b - 1] == '.' || (code[b - 1] == '>' && b > 1 &&
						 code[b - 2] == '-')) &&
		    code[i] == '=' && code[i + 1] != '=') {
			int member = code[b - 1] == '>';

			i++;
			fn = ident_at(code, &i);
			skip_space(code, &i);
			if (fn && !member && (code[i] == ',' || code[i] == '}') &&
			    in_table_initializer(code, at, s->t))
				add_impl(s, f, hook, fn, "initializer", at);
			else if (fn && code[i] == ';' && f->names_struct)
				add_impl(s, f, hook, fn, "assignment", at);
			else
				free(fn);
		} else if (b && (code[b - 1] == '{' || code[b - 1] == ',') &&
			   code[i] == ':' && code[i + 1] != ':') {
			i++;
			fn = ident_at(code, &i);
			skip_space(code, &i);
			if (fn && (code[i] == ',' || code[i] == '}') &&
			    in_table_initializer(code, at, s->t))
				add_impl(s, f, hook, fn, "initializer", at);
			else
				free(fn);
		}
	}
}

/* The fixup macro's lines ("set_to_cap_if_null(ops, HOOK);") in f. */
static void fixups(struct scan *s, struct cfile *f, const int *want,
		   int nwant)
{
	struct fixup fx;

	if (!fixup_scan(f->text, &fx))
		return;
	for (int i = 0; i < fx.lines.n; i++)
		for (int k = 0; k < nwant; k++) {
			const struct hook *h = &s->m->hooks[want[k]];
			struct impl *x;

			if (strcmp(fx.lines.v[i].name, h->member))
				continue;
			ARRAY_GROW(s->out->v, s->out->cap, s->out->n + 1, 16);
			x = &s->out->v[s->out->n++];
			memset(x, 0, sizeof(*x));
			x->hook = want[k];
			x->fn = xasprintf("%s%s", fx.prefix, h->member);
			x->how = "fixup macro";
			x->reg_rel = xstrdup(f->rel);
			x->reg_line = fx.lines.v[i].line;
		}
	fixup_free(&fx);
}

/* A file read, kept for its registrations and definitions. */
static struct cfile *keep(struct scan *s, const char *rel, char *text,
			  size_t len)
{
	struct cfile *f;

	ARRAY_GROW(s->files, s->cap, s->nfiles + 1, 16);
	f = &s->files[s->nfiles++];
	memset(f, 0, sizeof(*f));
	f->rel = xstrdup(rel);
	f->text = text;
	f->code = ctext_blank_comments(text, len);
	f->names_struct = names_table(f->code, s->t);
	for (size_t i = 0, cap = 0; i <= len; i++)
		if (i == 0 || f->code[i - 1] == '\n') {
			ARRAY_GROW(f->lines, cap, f->nlines + 1, 256);
			f->lines[f->nlines++] = i;
		}
	cscan_text(text, &f->cs);
	return f;
}

/* The path rel is read from: overlay's regular file, else root's. */
static char *source_path(const char *root, const char *overlay,
			 const char *rel)
{
	struct stat st;
	char *path;

	if (overlay) {
		path = path_join(overlay, rel);
		if (!lstat(path, &st) && S_ISREG(st.st_mode))
			return path;
		free(path);
	}
	return path_join(root, rel);
}

/*
 * A function registered in one file and defined in another that does
 * not name the hook (6.12's ima_inode_free_rcu(), registered in IMA's
 * main file, defined in another of its directory): the other C files
 * of the registering directory that name the function, kept.
 */
static void same_dir(struct scan *s, const char *root, const char *overlay,
		     const struct strv *files, const struct impl *x)
{
	const char *slash = strrchr(x->reg_rel, '/');
	size_t dn = slash ? (size_t)(slash - x->reg_rel) + 1 : 0;

	for (int i = 0; i < files->n; i++) {
		const char *rel = files->v[i];
		char *path, *text;
		size_t len;
		int known = 0;

		if (strncmp(rel, x->reg_rel, dn) || strchr(rel + dn, '/'))
			continue;
		for (int k = 0; k < s->nfiles && !known; k++)
			known = !strcmp(s->files[k].rel, rel);
		if (known)
			continue;
		path = source_path(root, overlay, rel);
		text = read_file(path, &len);
		free(path);
		if (text && !memchr(text, '\0', len) &&
		    memmem(text, len, x->fn, strlen(x->fn)))
			keep(s, rel, text, len);
		else
			free(text);
	}
}

/* Read rel (from overlay when it has it as a regular file). */
static int read_one(struct scan *s, const char *root, const char *overlay,
		    const char *rel, const int *want, int nwant)
{
	char *path = source_path(root, overlay, rel), *text;
	size_t len;
	struct cfile *f;
	int hit = 0;

	text = read_file(path, &len);
	if (!text) {
		error_at(path, 0, "cannot read the file: %s", strerror(errno));
		free(path);
		return -1;
	}
	free(path);
	s->out->files++;
	for (int k = 0; k < nwant && !hit; k++)
		hit = memmem(text, len, s->m->hooks[want[k]].member,
			     strlen(s->m->hooks[want[k]].member)) != NULL;
	if (!hit || memchr(text, '\0', len)) {
		free(text);
		return 0;
	}
	s->out->matched++;
	f = keep(s, rel, text, len);
	for (int k = 0; k < nwant; k++)
		registrations(s, f, want[k]);
	fixups(s, f, want, nwant);
	return 0;
}

/* The definitions of x->fn in f: one impl each (the first fills x). */
static int define(struct scan *s, struct impl *x, struct cfile *f,
		  int any_static)
{
	int found = 0;
	int xi = x - s->out->v;

	for (int i = 0; i < f->cs.n; i++) {
		const struct cdecl *d = &f->cs.v[i];
		struct impl *y;

		x = &s->out->v[xi];
		if (d->kind != CD_FUNC || strcmp(d->name, x->fn) ||
		    (d->is_static && !any_static))
			continue;
		if (found) {
			ARRAY_GROW(s->out->v, s->out->cap, s->out->n + 1, 16);
			x = &s->out->v[xi];
			y = &s->out->v[s->out->n++];
			*y = *x;
			y->fn = xstrdup(x->fn);
			y->reg_rel = xstrdup(x->reg_rel);
		} else {
			y = x;
		}
		if (csig_read(f->code, d, &y->sig)) {
			csig_free(&y->sig);
			continue;
		}
		y->def_rel = xstrdup(f->rel);
		y->def_line = d->line;
		found = 1;
	}
	return found;
}

int implscan(const struct table *t, const struct manifest *m,
	     const char *root, const char *overlay, const int *want,
	     int nwant, struct impls *out)
{
	struct strv files = { 0 }, extra = { 0 };
	struct scan s = { t, m, out, NULL, 0, 0 };
	int ret = 0, n;

	memset(out, 0, sizeof(*out));
	if (list_files(root, &files) || (overlay && list_files(overlay,
							      &extra)))
		ret = -1;
	for (int i = 0; !ret && i < extra.n; i++)
		if (strv_find(&files, extra.v[i]) < 0)
			strv_push(&files, extra.v[i]);
	for (int i = 0; !ret && i < files.n; i++)
		ret = read_one(&s, root, overlay, files.v[i], want, nwant);
	n = out->n;
	for (int i = 0; !ret && i < n; i++) {
		struct impl *x = &out->v[i];
		struct cfile *own = NULL;

		for (int k = 0; k < s.nfiles; k++)
			if (!strcmp(s.files[k].rel, x->reg_rel))
				own = &s.files[k];
		int k, nf = s.nfiles;

		if (own && define(&s, x, own, 1))
			continue;
		for (k = 0; k < nf; k++)
			if (&s.files[k] != own && define(&s, &out->v[i],
							 &s.files[k], 0))
				break;
		if (k < nf)
			continue;
		same_dir(&s, root, overlay, &files, &out->v[i]);
		for (k = nf; k < s.nfiles; k++)
			if (define(&s, &out->v[i], &s.files[k], 0))
				break;
	}
	for (int i = 0; i < s.nfiles; i++) {
		free(s.files[i].rel);
		free(s.files[i].text);
		free(s.files[i].code);
		free(s.files[i].lines);
		cscan_free(&s.files[i].cs);
	}
	free(s.files);
	strv_clear(&files);
	strv_clear(&extra);
	return ret;
}

void impls_free(struct impls *out)
{
	for (int i = 0; i < out->n; i++) {
		free(out->v[i].fn);
		free(out->v[i].reg_rel);
		free(out->v[i].def_rel);
		csig_free(&out->v[i].sig);
	}
	free(out->v);
	memset(out, 0, sizeof(*out));
}
