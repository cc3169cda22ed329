/*
 * prefilter.c - skip units that cannot hold a finding, at the cost of a
 * text scan.  What links a unit to the table is a name in the file or in
 * a header it includes (found through the unit's -I, -iquote and
 * -include flags; system headers are skipped), in a place a rule could
 * see: anywhere in a file outside the table's allow-list, or in a
 * #define of an allowed header (a macro that takes the pointer into its
 * callers).  The table pointer's name or an internal's, or the table's
 * struct named in the unit's own file (it may register implementations),
 * is a link for every rule (PF_TABLE).  A wrapper's name alone is a link
 * only for the sleep rules (PF_WRAPPERS): a wrapper call is a finding
 * only where an implementation registered in the same run may sleep
 * (unit.c decides).  #if is not evaluated, so the answer errs on the
 * side of parsing.
 */
#include "checker/prefilter.h"
#include "checker/walk.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

struct scanned {
	char *path;
	int mention;		/* PF_TABLE: the pointer or an internal;
				   PF_WRAPPERS: only wrappers; PF_SKIP */
	int in_define;		/* the same for its #define lines */
	int names_struct;	/* names the table's struct */
	unsigned long long hash;	/* of its text */
	struct strv incs;	/* "<x.h>" or "\"x.h\"" */
};

static struct scanned *cache;
static int ncache, capcache;
/* Open-addressed index into cache by path: entry + 1, 0 for empty. */
static int *slots;
static unsigned nslots;

static void index_rebuild(void)
{
	free(slots);
	nslots = nslots ? 2 * nslots : 1024;
	slots = xcalloc(nslots, sizeof(*slots));
	for (int i = 0; i < ncache; i++) {
		unsigned k = str_hash(cache[i].path) & (nslots - 1);

		while (slots[k])
			k = (k + 1) & (nslots - 1);
		slots[k] = i + 1;
	}
}

static struct scanned *lookup(const char *path, unsigned *slot)
{
	unsigned k;

	if (!nslots || 2 * (unsigned)ncache >= nslots)
		index_rebuild();
	k = str_hash(path) & (nslots - 1);
	while (slots[k]) {
		if (!strcmp(cache[slots[k] - 1].path, path))
			return &cache[slots[k] - 1];
		k = (k + 1) & (nslots - 1);
	}
	*slot = k;
	return NULL;
}

/* What to look for: the table pointer and internals, the wrappers. */
struct names {
	const struct table *t;
	const char *prefix;	/* every wrapper name starts with it */
	char **wrappers;	/* sorted */
	int nwrappers;
	const struct manifest *m;	/* they were taken from */
};

static struct names names;

static void names_set(const struct table *t, const struct manifest *m)
{
	if (names.m == m && names.t == t)
		return;
	free(names.wrappers);
	names.t = t;
	names.prefix = t->prefix;
	names.m = m;
	names.nwrappers = 0;
	names.wrappers = xcalloc(m ? m->n + 1 : 1, sizeof(char *));
	for (int i = 0; m && i < m->n; i++)
		names.wrappers[names.nwrappers++] = m->hooks[i].wrapper;
	qsort(names.wrappers, names.nwrappers, sizeof(char *), cmp_strp);
}

/* Does text name a wrapper? */
static int names_wrapper(const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	size_t n = names.prefix ? strlen(names.prefix) : 0;

	while (n && names.nwrappers && p + n <= end) {
		const char *hit = memmem(p, end - p, names.prefix, n);
		const char *e;
		char buf[128], *key = buf;

		if (!hit)
			return 0;
		p = hit + 1;
		if (hit > text && ident_char(hit[-1]))
			continue;
		for (e = hit; e < end && ident_char(*e); e++)
			;
		if ((size_t)(e - hit) >= sizeof(buf))
			continue;
		memcpy(buf, hit, e - hit);
		buf[e - hit] = '\0';
		if (bsearch(&key, names.wrappers, names.nwrappers,
			    sizeof(char *), cmp_strp))
			return 1;
	}
	return 0;
}

/* PF_TABLE, PF_WRAPPERS or PF_SKIP: what text names. */
static int names_in(const char *text, size_t len)
{
	if (text_names_table(names.t, text, len))
		return PF_TABLE;
	return names_wrapper(text, len) ? PF_WRAPPERS : PF_SKIP;
}

/*
 * Call fn(line, word, end, data) for each preprocessor directive of text:
 * line is where it starts, word the directive's name (after '#' and any
 * blanks), end the end of the line with its continuation lines.  Stops
 * when fn returns non-zero, and returns that.
 */
static int each_directive(const char *text, size_t len,
			  int (*fn)(const char *line, const char *word,
				    const char *end, void *data),
			  void *data)
{
	const char *s = text, *end = text + len;

	while (s < end) {
		const char *e = memchr(s, '\n', end - s);
		const char *p = s;

		if (!e)
			e = end;
		while (e < end && e > s && e[-1] == '\\') {
			const char *n = memchr(e + 1, '\n', end - e - 1);

			e = n ? n : end;
		}
		while (p < e && (*p == ' ' || *p == '\t'))
			p++;
		if (p < e && *p == '#') {
			int r;

			p++;
			while (p < e && (*p == ' ' || *p == '\t'))
				p++;
			r = fn(s, p, e, data);
			if (r)
				return r;
		}
		s = e + 1;
	}
	return 0;
}

static int is_directive(const char *word, const char *end, const char *name)
{
	size_t n = strlen(name);

	return (size_t)(end - word) > n && !strncmp(word, name, n);
}

/* The most a #define names into *data (PF_TABLE stops the search). */
static int define_names(const char *line, const char *word, const char *end,
			void *data)
{
	int *most = data, link;

	if (!is_directive(word, end, "define"))
		return 0;
	link = names_in(line, end - line);
	if (link > *most)
		*most = link;
	return *most == PF_TABLE;
}

/* #include <x.h> or "x.h": kept with its brackets or quotes. */
static int include_of(const char *line, const char *word, const char *end,
		      void *data)
{
	const char *q = word + 7, *close = NULL;

	(void)line;
	if (!is_directive(word, end, "include"))
		return 0;
	while (q < end && (*q == ' ' || *q == '\t'))
		q++;
	if (q < end && *q == '<')
		close = memchr(q, '>', end - q);
	else if (q < end && *q == '"')
		close = memchr(q + 1, '"', end - q - 1);
	if (close)
		strv_push_owned(data, xstrndup(q, close - q + 1));
	return 0;
}

static struct scanned *scan(const char *path)
{
	struct scanned *sc;
	size_t len;
	char *text;
	unsigned slot;

	sc = lookup(path, &slot);
	if (sc)
		return sc;
	slots[slot] = ncache + 1;
	ARRAY_GROW(cache, capcache, ncache + 1, 256);
	sc = &cache[ncache++];
	memset(sc, 0, sizeof(*sc));
	sc->path = xstrdup(path);
	text = read_file(path, &len);
	if (text) {
		sc->hash = fnv64(FNV64_INIT, text, len);
		sc->mention = names_in(text, len);
		if (sc->mention)
			each_directive(text, len, define_names,
				       &sc->in_define);
		sc->names_struct = names.t->struct_name &&
				   text_has_word(text, len,
						 names.t->struct_name);
		each_directive(text, len, include_of, &sc->incs);
		free(text);
	}
	return sc;
}

static char *resolve(const char *inc, const char *from,
		     const struct strv *quote_dirs, const struct strv *dirs)
{
	char *name = xstrndup(inc + 1, strlen(inc) - 2);
	char *found = NULL;

	if (inc[0] == '"') {
		const char *slash = strrchr(from, '/');
		char *dir = slash ? xstrndup(from, slash - from) : xstrdup(".");
		char *p = path_join(dir, name);

		free(dir);
		if (file_exists(p))
			found = p;
		else
			free(p);
		for (int i = 0; !found && i < quote_dirs->n; i++) {
			p = path_join(quote_dirs->v[i], name);
			if (file_exists(p))
				found = p;
			else
				free(p);
		}
	}
	for (int i = 0; !found && i < dirs->n; i++) {
		char *p = path_join(dirs->v[i], name);

		if (file_exists(p))
			found = p;
		else
			free(p);
	}
	free(name);
	return found;
}

struct pf {
	const struct prefilter_in *in;
	struct strv quote_dirs, dirs;
	struct strv seen;
	char cwd[4096];
	int hit;		/* PF_TABLE: stop looking */
	int wrappers;		/* a wrapper named where a rule sees it */
	struct strv headers;	/* PF_TABLE by their text alone */
	struct strv includes;	/* the -include'd files */
};

/* A file being visited: its path, its cache key, the next include. */
struct pvisit {
	char *path, *key;
	int next;
};

/* Enter path, unless seen: 1 when its includes are to be visited. */
static int enter(struct pf *pf, const char *path, int is_main,
		 struct pvisit *v)
{
	const struct table *t = pf->in->t;
	struct scanned *sc;
	char *rel, *key;

	if (pf->hit || strv_find(&pf->seen, path) >= 0)
		return 0;
	strv_push(&pf->seen, path);
	key = path[0] == '/' ? xstrdup(path) : path_join(pf->cwd, path);
	sc = scan(key);
	if (is_main && sc->names_struct)
		pf->hit = 1;
	if (sc->mention && !pf->hit) {
		int link = sc->in_define;

		rel = pf->in->rel_of ? pf->in->rel_of(path, pf->in->data) :
		      NULL;
		if (is_main || !rel || !table_allows(t, rel))
			link = sc->mention;
		if (link == PF_TABLE && !is_main && pf->in->want_headers &&
		    sc->in_define != PF_TABLE)
			strv_push(&pf->headers, path);	/* and go on */
		else if (link == PF_TABLE)
			pf->hit = 1;
		else if (link == PF_WRAPPERS)
			pf->wrappers = 1;
		free(rel);
		if (pf->hit) {
			free(key);
			return 0;
		}
	}
	v->path = xstrdup(path);
	v->key = key;
	v->next = 0;
	return 1;
}

/*
 * path and what it includes, depth first, until a hit.  A stack of our
 * own: a chain of headers is as deep as the tree makes it.
 */
static void visit(struct pf *pf, const char *path, int is_main)
{
	struct pvisit *st = xmalloc(sizeof(*st));
	int n = 0, cap = 1;

	if (enter(pf, path, is_main, &st[0]))
		n = 1;
	while (n) {
		struct pvisit *v = &st[n - 1];
		struct scanned *sc = scan(v->key);	/* the cache may move */
		char *p;

		if (pf->hit || v->next >= sc->incs.n) {
			free(v->path);
			free(v->key);
			n--;
			continue;
		}
		p = resolve(sc->incs.v[v->next++], v->path, &pf->quote_dirs,
			    &pf->dirs);
		if (!p)
			continue;
		ARRAY_GROW(st, cap, n + 1, 1);
		if (enter(pf, p, 0, &st[n]))
			n++;
		free(p);
	}
	free(st);
}

/*
 * A hash of the files of roots and of every file they include, as the
 * unit's flags resolve them: when none of them changed, neither did
 * what a parse of the unit sees of them.
 */
static unsigned long long closure_hash(struct pf *pf,
				       const struct strv *roots)
{
	struct strv seen = { 0 }, stack = { 0 };
	unsigned long long h = FNV64_INIT;

	for (int i = roots->n - 1; i >= 0; i--)
		strv_push(&stack, roots->v[i]);
	while (stack.n) {
		char *path = stack.v[--stack.n];
		char *key;
		struct scanned *sc;

		if (strv_find(&seen, path) >= 0) {
			free(path);
			continue;
		}
		strv_push(&seen, path);
		key = path[0] == '/' ? xstrdup(path) :
		      path_join(pf->cwd, path);
		sc = scan(key);
		h = fnv64_field(h, key);
		h = fnv64(h, &sc->hash, sizeof(sc->hash));
		for (int i = sc->incs.n - 1; i >= 0; i--) {
			char *p = resolve(sc->incs.v[i], path,
					  &pf->quote_dirs, &pf->dirs);

			if (p)
				strv_push_owned(&stack, p);
		}
		/* scan() may have moved the cache: sc is not used again */
		free(key);
		free(path);
	}
	strv_clear(&seen);
	free(stack.v);
	return h;
}

int prefilter(struct prefilter_in *in)
{
	struct pf pf = { 0 };
	const struct strv *a = in->args;

	pf.in = in;
	names_set(in->t, in->m);
	if (!getcwd(pf.cwd, sizeof(pf.cwd)))
		strcpy(pf.cwd, ".");
	for (int i = 0; a && i < a->n; i++) {
		const char *s = a->v[i];
		const char *val = NULL;
		struct strv *into = NULL;

		if (starts_with(s, "-I")) {
			into = &pf.dirs;
			val = s[2] ? s + 2 : (i + 1 < a->n ? a->v[++i] : NULL);
		} else if (starts_with(s, "-iquote")) {
			into = &pf.quote_dirs;
			val = s[7] ? s + 7 : (i + 1 < a->n ? a->v[++i] : NULL);
		} else if (!strcmp(s, "-isystem") || !strcmp(s, "-idirafter")) {
			i++;		/* system headers: not the tree's */
		}
		if (into && val)
			strv_push(into, val);
	}
	for (int i = 0; a && i < a->n && !pf.hit; i++) {
		if ((!strcmp(a->v[i], "-include") ||
		     !strcmp(a->v[i], "-imacros")) && i + 1 < a->n) {
			char *q = xasprintf("\"%s\"", a->v[++i]);
			char *p = file_exists(a->v[i]) ? xstrdup(a->v[i]) :
				  resolve(q, in->path, &pf.quote_dirs,
					  &pf.dirs);

			if (p) {
				strv_push(&pf.includes, p);
				visit(&pf, p, 0);
			}
			free(p);
			free(q);
		}
	}
	if (!pf.hit)
		visit(&pf, in->path, 1);
	if (!pf.hit && pf.headers.n) {
		unsigned long long inc = closure_hash(&pf, &pf.includes);

		in->hashes = xcalloc(pf.headers.n, sizeof(*in->hashes));
		for (int i = 0; i < pf.headers.n; i++) {
			struct strv one = { 0 };

			strv_push(&one, pf.headers.v[i]);
			in->hashes[i] = closure_hash(&pf, &one) ^ inc;
			strv_push(&in->headers, pf.headers.v[i]);
			strv_clear(&one);
		}
	}
	strv_clear(&pf.quote_dirs);
	strv_clear(&pf.dirs);
	strv_clear(&pf.seen);
	strv_clear(&pf.includes);
	strv_clear(&pf.headers);
	return pf.hit || in->headers.n ? PF_TABLE :
	       pf.wrappers ? PF_WRAPPERS : PF_SKIP;
}

void prefilter_in_free(struct prefilter_in *in)
{
	strv_clear(&in->headers);
	free(in->hashes);
	in->hashes = NULL;
}

void prefilter_say_skipped(const char *path, int link,
			   const struct table *t)
{
	if (link == PF_WRAPPERS)
		fprintf(stderr, "%s: skipped: only wrapper calls link it to "
			"the table, and no unit before it in this run was "
			"parsed for the table (the sleep rules see the "
			"implementations of the whole build with --db)\n",
			path);
	else
		fprintf(stderr, "%s: skipped: neither it nor its headers name "
			"%s, an internal or a wrapper\n", path, t->pointer);
}

void prefilter_reset(void)
{
	for (int i = 0; i < ncache; i++) {
		free(cache[i].path);
		strv_clear(&cache[i].incs);
	}
	free(cache);
	free(slots);
	free(names.wrappers);
	memset(&names, 0, sizeof(names));
	cache = NULL;
	slots = NULL;
	ncache = capcache = 0;
	nslots = 0;
}
