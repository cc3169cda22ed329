/*
 * inctext.c - the include check from text (inctext.h).
 *
 * Each file read is scanned once for its directives, comments and
 * backslash-newlines removed as the preprocessor does, and kept by
 * path: the kernel's headers are read once per run, not once per file.
 * Includes are found as clang finds them with the same flags: a quoted
 * name in the includer's directory first, then -iquote, then -I; an
 * angled one in -I, -isystem, -idirafter.  A name found nowhere is a
 * dead end for libclang too: with -nostdlibinc it looks only there and
 * in its own resource directory, whose freestanding C headers
 * include nothing of the tree.
 */
#include "convert/inctext.h"

#include <string.h>
#include <sys/stat.h>

enum dkind { D_IF, D_IFDEF, D_IFNDEF, D_ELIF, D_ELSE, D_ENDIF, D_INCLUDE };

struct dir {
	enum dkind kind;
	char *arg;		/* normalized condition, or the include's text */
	int next;		/* #include_next */
};

struct tfile;

struct incl {
	char *name;		/* NULL: computed (#include MACRO) */
	int angled, next;
	int cond;		/* under a condition every build need not take */
	int resolved;
	struct tfile *to;	/* NULL: found nowhere */
};

struct tfile {
	char *path;
	int ok;			/* read, and text */
	dev_t dev;
	ino_t ino;
	struct incl *v;
	int n, cap;
	unsigned mark;		/* query generation that visited it */
	struct tfile *chain;	/* hash bucket */
};

#define NBUCKETS 4096

struct inctext {
	char *tree;
	struct strv quote, angle;	/* search directories, in order */
	struct tfile *bucket[NBUCKETS];
	unsigned gen;
};

static int is_id(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/*
 * The text with backslash-newlines removed and every comment turned
 * into one blank (a comment spanning lines continues the directive it
 * is in); string and character literals kept as they are.
 */
static char *clean(const char *t, size_t len)
{
	struct sbuf sb = { 0 };
	size_t i = 0;

	while (i < len) {
		char c = t[i];

		if (c == '\\' && i + 1 < len && t[i + 1] == '\n') {
			i += 2;
		} else if (c == '\\' && i + 2 < len && t[i + 1] == '\r' &&
			   t[i + 2] == '\n') {
			i += 3;
		} else if (c == '/' && i + 1 < len && t[i + 1] == '*') {
			i += 2;
			while (i < len && !(t[i] == '*' && i + 1 < len &&
					    t[i + 1] == '/'))
				i++;
			i += 2;
			sb_addc(&sb, ' ');
		} else if (c == '/' && i + 1 < len && t[i + 1] == '/') {
			while (i < len && t[i] != '\n') {
				if (t[i] == '\\' && i + 1 < len &&
				    t[i + 1] == '\n')
					i++;
				i++;
			}
		} else if (c == '"' || c == '\'') {
			sb_addc(&sb, c);
			for (i++; i < len && t[i] != '\n' && t[i] != c; i++) {
				if (t[i] == '\\' && i + 1 < len &&
				    t[i + 1] != '\n')
					sb_addc(&sb, t[i++]);
				sb_addc(&sb, t[i]);
			}
			if (i < len && t[i] == c)
				sb_addc(&sb, t[i++]);
		} else {
			sb_addc(&sb, c);
			i++;
		}
	}
	return sb_detach(&sb);
}

/* s[0..n) without blanks, but one between two identifier characters. */
static char *normal(const char *s, size_t n)
{
	struct sbuf sb = { 0 };
	int blank = 0;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' ||
		    s[i] == '\f' || s[i] == '\v') {
			blank = 1;
			continue;
		}
		if (blank && sb.len && is_id(sb.buf[sb.len - 1]) && is_id(s[i]))
			sb_addc(&sb, ' ');
		blank = 0;
		sb_addc(&sb, s[i]);
	}
	return sb.buf ? sb_detach(&sb) : xstrdup("");
}

/* The directives of interest of text, in order. */
static void directives(const char *text, size_t len, struct dir **out,
		       int *nout)
{
	static const struct {
		const char *kw;
		enum dkind kind;
	} kw[] = {
		{ "if", D_IF }, { "ifdef", D_IFDEF }, { "ifndef", D_IFNDEF },
		{ "elif", D_ELIF }, { "else", D_ELSE }, { "endif", D_ENDIF },
		{ "include", D_INCLUDE }, { "include_next", D_INCLUDE },
		{ "import", D_INCLUDE },
	};
	char *c = clean(text, len);
	int cap = 0;

	*out = NULL;
	*nout = 0;
	for (char *p = c; *p;) {
		char *eol = strchr(p, '\n'), *w, *a;
		size_t wn;

		if (!eol)
			eol = p + strlen(p);
		while (p < eol && (*p == ' ' || *p == '\t' || *p == '\f' ||
				   *p == '\v' || *p == '\r'))
			p++;
		if (p < eol && *p == '#') {
			for (p++; p < eol && (*p == ' ' || *p == '\t'); p++)
				;
			for (w = p; p < eol && is_id(*p); p++)
				;
			wn = p - w;
			for (size_t k = 0; k < ARRAY_SIZE(kw); k++) {
				struct dir *d;

				if (strlen(kw[k].kw) != wn ||
				    memcmp(kw[k].kw, w, wn))
					continue;
				ARRAY_GROW(*out, cap, *nout + 1, 32);
				d = &(*out)[(*nout)++];
				d->kind = kw[k].kind;
				d->next = !strcmp(kw[k].kw, "include_next");
				a = p;
				while (a < eol && (*a == ' ' || *a == '\t'))
					a++;
				if (d->kind == D_ELSE || d->kind == D_ENDIF)
					d->arg = NULL;
				else if (d->kind == D_INCLUDE)
					d->arg = xstrndup(a, eol - a);
				else
					d->arg = normal(a, eol - a);
				break;
			}
		}
		p = *eol ? eol + 1 : eol;
	}
	free(c);
}

/* incgraph.c's include guard: the first conditional an #ifndef whose
 * #endif is the last one, no #else or #elif of its own. */
static int has_guard(const struct dir *d, int n)
{
	int depth = 0, first = 1;

	for (int i = 0; i < n; i++) {
		enum dkind k = d[i].kind;

		if (k == D_INCLUDE)
			continue;
		if (first && k != D_IFNDEF)
			return 0;
		first = 0;
		if (k == D_IF || k == D_IFDEF || k == D_IFNDEF) {
			depth++;
		} else if (k == D_ENDIF && !--depth) {
			for (int j = i + 1; j < n; j++)
				if (d[j].kind != D_INCLUDE)
					return 0;
			return 1;
		} else if ((k == D_ELSE || k == D_ELIF) && depth == 1) {
			return 0;
		}
	}
	return 0;
}

/* incgraph.c's conditions every kernel build takes. */
static int always_taken(const struct dir *d)
{
	if (!d->arg)
		return 0;
	if (d->kind == D_IFDEF)
		return !strcmp(d->arg, "__KERNEL__");
	if (d->kind == D_IFNDEF)
		return !strcmp(d->arg, "__ASSEMBLY__");
	if (d->kind == D_IF)
		return !strcmp(d->arg, "defined(__KERNEL__)") ||
		       !strcmp(d->arg, "defined __KERNEL__") ||
		       !strcmp(d->arg, "!defined(__ASSEMBLY__)") ||
		       !strcmp(d->arg, "!defined __ASSEMBLY__");
	return 0;
}

/* Turn the directives into f's includes, each marked conditional or not. */
static void includes_of(struct tfile *f, struct dir *d, int n)
{
	int guard = has_guard(d, n), depth = 0, counted = 0, cap = 0;
	int *counts = NULL, seen_cond = 0;

	for (int i = 0; i < n; i++) {
		enum dkind k = d[i].kind;

		if (k == D_IF || k == D_IFDEF || k == D_IFNDEF) {
			int c = !((guard && !seen_cond && !depth) ||
				  always_taken(&d[i]));

			ARRAY_GROW(counts, cap, depth + 1, 8);
			counts[depth++] = c;
			counted += c;
		} else if (depth && (k == D_ELSE || k == D_ELIF)) {
			counted += !counts[depth - 1];
			counts[depth - 1] = 1;
		} else if (depth && k == D_ENDIF) {
			counted -= counts[--depth];
		} else if (k == D_INCLUDE) {
			const char *a = d[i].arg;
			const char *close = NULL;
			struct incl *in;

			ARRAY_GROW(f->v, f->cap, f->n + 1, 16);
			in = &f->v[f->n++];
			memset(in, 0, sizeof(*in));
			in->next = d[i].next;
			in->cond = counted > 0;
			if (a[0] == '<')
				close = strchr(a + 1, '>');
			else if (a[0] == '"')
				close = strchr(a + 1, '"');
			if (close) {
				in->angled = a[0] == '<';
				in->name = xstrndup(a + 1, close - a - 1);
			}
		}
		if (k != D_INCLUDE)
			seen_cond = 1;
	}
	free(counts);
}

/* The file at path, scanned on first use. */
static struct tfile *file_at(struct inctext *it, const char *path)
{
	unsigned b = str_hash(path) % NBUCKETS;
	struct tfile *f;
	struct stat st;
	char *text;
	size_t len;

	for (f = it->bucket[b]; f; f = f->chain)
		if (!strcmp(f->path, path))
			return f;
	f = xcalloc(1, sizeof(*f));
	f->path = xstrdup(path);
	f->chain = it->bucket[b];
	it->bucket[b] = f;
	if (stat(path, &st) || !S_ISREG(st.st_mode))
		return f;
	f->dev = st.st_dev;
	f->ino = st.st_ino;
	text = read_file(path, &len);
	if (text && !memchr(text, '\0', len)) {
		struct dir *d;
		int n;

		directives(text, len, &d, &n);
		includes_of(f, d, n);
		for (int i = 0; i < n; i++)
			free(d[i].arg);
		free(d);
		f->ok = 1;
	}
	free(text);
	return f;
}

static int is_file(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode);
}

/* Where in includes in, as clang would look; NULL when nowhere. */
static struct tfile *resolve(struct inctext *it, struct tfile *from,
			     struct incl *in)
{
	const struct strv *dirs = in->angled ? &it->angle : &it->quote;
	char *p = NULL;

	if (in->resolved)
		return in->to;
	in->resolved = 1;
	if (in->name[0] == '/') {
		p = is_file(in->name) ? xstrdup(in->name) : NULL;
	} else if (!in->angled) {
		const char *slash = strrchr(from->path, '/');
		char *dir = slash ? xstrndup(from->path, slash - from->path) :
				    xstrdup(".");

		p = path_join(dir, in->name);
		free(dir);
		if (!is_file(p)) {
			free(p);
			p = NULL;
		}
	}
	for (int i = 0; !p && i < dirs->n; i++) {
		p = path_join(dirs->v[i], in->name);
		if (!is_file(p)) {
			free(p);
			p = NULL;
		}
	}
	in->to = p ? file_at(it, p) : NULL;
	free(p);
	return in->to;
}

struct inctext *inctext_new(const struct strv *args, const char *tree)
{
	struct inctext *it = xcalloc(1, sizeof(*it));
	struct strv iquote = { 0 }, I = { 0 }, sys = { 0 };

	it->tree = xstrdup(tree);
	for (int i = 0; i < args->n; i++) {
		static const char *const opt[] = { "-iquote", "-isystem",
						   "-idirafter", "-I" };
		struct strv *to[] = { &iquote, &sys, &sys, &I };

		for (size_t k = 0; k < ARRAY_SIZE(opt); k++) {
			size_t n = strlen(opt[k]);

			if (strncmp(args->v[i], opt[k], n))
				continue;
			if (args->v[i][n])
				strv_push(to[k], args->v[i] + n);
			else if (i + 1 < args->n)
				strv_push(to[k], args->v[++i]);
			break;
		}
	}
	for (int i = 0; i < iquote.n; i++)
		strv_push(&it->quote, iquote.v[i]);
	for (int i = 0; i < I.n; i++) {
		strv_push(&it->quote, I.v[i]);
		strv_push(&it->angle, I.v[i]);
	}
	for (int i = 0; i < sys.n; i++) {
		strv_push(&it->quote, sys.v[i]);
		strv_push(&it->angle, sys.v[i]);
	}
	strv_clear(&iquote);
	strv_clear(&I);
	strv_clear(&sys);
	return it;
}

/*
 * Walk from start over the includes (the taken ones only when
 * taken_only); 1 when a file with target's identity is reached, and
 * *unknown set when a line on the way could not be followed.
 */
static int walk(struct inctext *it, struct tfile *start,
		const struct stat *target, int taken_only, int *unknown)
{
	struct tfile **queue = NULL;
	int nq = 0, cap = 0, found = 0;

	it->gen++;
	*unknown = 0;
	ARRAY_GROW(queue, cap, 1, 64);
	queue[nq++] = start;
	start->mark = it->gen;
	for (int head = 0; head < nq && !found; head++) {
		struct tfile *f = queue[head];

		if (!f->ok) {
			*unknown = 1;
			continue;
		}
		for (int i = 0; i < f->n && !found; i++) {
			struct incl *in = &f->v[i];
			struct tfile *to;

			if (taken_only && in->cond)
				continue;
			if (!in->name || in->next) {
				*unknown = 1;
				continue;
			}
			to = resolve(it, f, in);
			if (!to || to->mark == it->gen)
				continue;
			if (to->ok && to->dev == target->st_dev &&
			    to->ino == target->st_ino)
				found = 1;
			to->mark = it->gen;
			ARRAY_GROW(queue, cap, nq + 1, 64);
			queue[nq++] = to;
		}
	}
	free(queue);
	return found;
}

int inctext_reaches(struct inctext *it, const char *rel, const char *header)
{
	char *path = path_join(it->tree, rel);
	char *hpath = path_join(it->tree, header);
	struct tfile *f = file_at(it, path);
	struct stat target;
	int unknown, r;

	if (!f->ok)
		r = -1;			/* the parse reports it */
	else if (stat(hpath, &target))
		r = 0;			/* never read by any parse */
	else if (walk(it, f, &target, 1, &unknown))
		r = 1;
	else if (walk(it, f, &target, 0, &unknown) || unknown)
		r = -1;
	else
		r = 0;
	free(path);
	free(hpath);
	return r;
}

void inctext_free(struct inctext *it)
{
	if (!it)
		return;
	for (int b = 0; b < NBUCKETS; b++) {
		for (struct tfile *f = it->bucket[b], *next; f; f = next) {
			next = f->chain;
			for (int i = 0; i < f->n; i++)
				free(f->v[i].name);
			free(f->v);
			free(f->path);
			free(f);
		}
	}
	strv_clear(&it->quote);
	strv_clear(&it->angle);
	free(it->tree);
	free(it);
}
