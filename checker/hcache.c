/*
 * hcache.c - the header-findings cache.  kbuild runs the checker once
 * per unit, and every unit that includes a header with a raw call in a
 * static inline (2.6's include/net/sock.h: most of net/) used to be
 * parsed to report that header's findings again.  Those findings are
 * the header's, the same in every unit that sees the header the same
 * way: unit.c parses the first such unit, writes the findings each of
 * its linking headers holds (none is an answer too), and answers the
 * next units from here without a parse.
 *
 * A file is named by a hash of what decides those findings: what picks
 * the manifest (this build of hookwrap, the tree, the table description)
 * and the description file's identity, the manifest itself, the
 * directory the checker runs in, the unit's compiler flags less the
 * ones kbuild varies per unit (dependency file, KBUILD_BASENAME and the
 * like), the header as resolved, and a hash of the text of the header,
 * of the -include'd files and of every file they include (the
 * prefilter's, prefilter.h).  What it cannot see: a macro a unit
 * defines before including the header, which #if in the header reads.
 *
 * The file: a magic line, the count and a hash of the rest, then one
 * finding per line ("LINE\tCOL\tRULE\tMESSAGE", the file being the
 * header).  A file that is not exactly that is no entry: the unit is
 * parsed.
 */
#include "core/atomicio.h"
#include "checker/hcache.h"
#include "checker/prefilter.h"
#include "checker/setup.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAGIC "hookwrap header findings 1"

/*
 * Flags kbuild gives each unit its own value of, with no effect on a
 * header's findings (the dependency file and the outputs are gone
 * already: flags_filter() drops them).
 */
static int per_unit_flag(const char *s)
{
	static const char *const prefix[] = {
		"-DKBUILD_BASENAME=", "-DKBUILD_MODNAME=",
		"-D__KBUILD_MODNAME=", "-DKBUILD_MODFILE=", NULL,
	};

	for (int i = 0; prefix[i]; i++)
		if (starts_with(s, prefix[i]))
			return 1;
	return 0;
}

static unsigned long long manifest_hash(const struct manifest *m)
{
	char *text = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&text, &len);
	unsigned long long h;

	if (!fp)
		die("out of memory");
	manifest_write_tsv(m, fp);
	fclose(fp);
	h = fnv64(FNV64_INIT, text, len);
	free(text);
	return h;
}

void hcache_key_init(struct hcache_key *k, const struct table *t,
		     const char *tree, const char *cache_dir,
		     const struct manifest *m, const struct strv *args)
{
	char *key, *conf;
	char cwd[PATH_MAX];
	unsigned long long h;

	k->dir = cache_dir_of(cache_dir);
	k->base = 0;
	if (!k->dir)
		return;
	key = cache_key(t, tree);
	conf = starts_with(t->origin, "profile ") ? xstrdup("-") :
	       file_stamp(t->origin);
	h = fnv64_field(FNV64_INIT, MAGIC);
	h = fnv64_field(h, key);
	h = fnv64_field(h, conf);
	h ^= manifest_hash(m);
	h = fnv64_field(h, getcwd(cwd, sizeof(cwd)) ? cwd : "?");
	for (int i = 0; i < args->n; i++)
		if (!per_unit_flag(args->v[i]))
			h = fnv64_field(h, args->v[i]);
	k->base = h;
	free(conf);
	free(key);
}

void hcache_key_free(struct hcache_key *k)
{
	free(k->dir);
	k->dir = NULL;
}

char *hcache_path(const struct hcache_key *k, const char *header,
		  unsigned long long closure)
{
	char *abs, *path;
	unsigned long long h;

	if (!k->dir)
		return NULL;
	abs = realpath(header, NULL);
	h = fnv64_field(k->base, abs ? abs : header);
	h = fnv64(h, &closure, sizeof(closure));
	path = xasprintf("%s/header-%016llx", k->dir, h);
	free(abs);
	return path;
}

/* Is s "LINE\tCOL\tRULE\tMESSAGE" with numbers and a rule id? */
static int good_line(const char *s)
{
	char *end;
	const char *rule;

	for (int i = 0; i < 2; i++) {
		if (*s < '1' || *s > '9')
			return 0;
		if (strtoul(s, &end, 10) > UINT_MAX || *end != '\t')
			return 0;
		s = end + 1;
	}
	rule = s;
	while (*s == '-' || (*s >= 'a' && *s <= 'z'))
		s++;
	return s > rule && *s == '\t' && s[1];
}

/* The findings' lines are checked whole: a damaged entry is none. */
static unsigned long long body_sum(const char *s, size_t n)
{
	return n ? fnv64(FNV64_INIT, s, n) : FNV64_INIT;
}

int hcache_parse(const char *data, size_t len, struct strv *lines)
{
	char *text = xstrndup(data, len);
	char *s, *nl, *end;
	unsigned long long sum;
	long n;

	if (memchr(data, '\0', len) || !starts_with(text, MAGIC "\n"))
		goto bad;
	s = text + strlen(MAGIC) + 1;
	/* exactly as hcache_format() writes them: "%d %016llx" */
	if (*s < '0' || *s > '9' || (*s == '0' && s[1] != ' '))
		goto bad;
	n = strtol(s, &end, 10);
	if (*end != ' ' || n > 100000)
		goto bad;
	s = end + 1;
	if (strspn(s, "0123456789abcdef") != 16)
		goto bad;
	sum = strtoull(s, &end, 16);
	if (*end != '\n' ||
	    sum != body_sum(end + 1, text + len - (end + 1)))
		goto bad;
	s = end + 1;
	for (long i = 0; i < n; i++) {
		nl = strchr(s, '\n');
		if (!nl)
			goto bad;
		*nl = '\0';
		if (!good_line(s))
			goto bad;
		strv_push(lines, s);
		s = nl + 1;
	}
	if (*s)
		goto bad;
	free(text);
	return 0;
bad:
	strv_clear(lines);
	free(text);
	return 1;
}

int hcache_read(const char *path, struct strv *lines)
{
	size_t len;
	char *text = file_exists(path) ? read_file(path, &len) : NULL;
	int r;

	if (!text)
		return 1;
	r = hcache_parse(text, len, lines);
	free(text);
	return r;
}

char *hcache_format(const struct strv *lines, size_t *len)
{
	struct sbuf sb = { 0 }, body = { 0 };

	for (int i = 0; i < lines->n; i++)
		sb_addf(&body, "%s\n", lines->v[i]);
	sb_addf(&sb, "%s\n%d %016llx\n", MAGIC, lines->n,
		body_sum(body.buf, body.len));
	if (body.len)
		sb_addf(&sb, "%s", body.buf);
	free(body.buf);
	*len = sb.len;
	return sb_detach(&sb);
}

int hcache_write(const char *path, const struct strv *lines)
{
	char *dir = xstrdup(path);
	char *slash = strrchr(dir, '/');
	char *text;
	size_t len;
	int r;

	if (slash)
		*slash = '\0';
	if (slash && cache_mkdirs(dir)) {
		free(dir);
		return -1;
	}
	free(dir);
	text = hcache_format(lines, &len);
	r = atomic_write(path, text, len);
	free(text);
	return r ? -1 : 0;
}

char *hcache_line(unsigned line, unsigned col, const char *rule,
		  const char *message)
{
	char *s;

	if (!line || !col || strpbrk(message, "\t\n") || !*message)
		return NULL;
	s = xasprintf("%u\t%u\t%s\t%s", line, col, rule, message);
	if (!good_line(s)) {
		free(s);
		return NULL;
	}
	return s;
}

static int cmp_hit(const void *a, const void *b)
{
	const struct hcache_hit *x = a, *y = b;

	/* findings.c's order: the answer is printed as a parse's would be */
	return finding_cmp(x->file, x->line, x->col, x->rule, y->file,
			   y->line, y->col, y->rule);
}

int hcache_lookup(const struct hcache_key *k, const struct prefilter_in *in,
		  struct hcache_hits *h)
{
	memset(h, 0, sizeof(*h));
	for (int i = 0; i < in->headers.n; i++) {
		char *path = hcache_path(k, in->headers.v[i], in->hashes[i]);
		struct strv lines = { 0 };
		int r = path ? hcache_read(path, &lines) : 1;

		free(path);
		if (r) {
			hcache_hits_free(h);
			return 1;
		}
		for (int j = 0; j < lines.n; j++) {
			struct hcache_hit *x;
			char *s = lines.v[j], *t1, *t2, *t3;

			/* good_line() vouched for the three tabs */
			t1 = strchr(s, '\t');
			t2 = strchr(t1 + 1, '\t');
			t3 = strchr(t2 + 1, '\t');
			ARRAY_GROW(h->v, h->cap, h->n + 1, 16);
			x = &h->v[h->n++];
			x->file = in->headers.v[i];
			x->line = strtoul(s, NULL, 10);
			x->col = strtoul(t1 + 1, NULL, 10);
			x->rule = xstrndup(t2 + 1, t3 - t2 - 1);
			x->message = xstrdup(t3 + 1);
		}
		strv_clear(&lines);
	}
	if (h->n > 1)
		qsort(h->v, h->n, sizeof(*h->v), cmp_hit);
	return 0;
}

void hcache_hits_free(struct hcache_hits *h)
{
	for (int i = 0; i < h->n; i++) {
		free(h->v[i].rule);
		free(h->v[i].message);
	}
	free(h->v);
	memset(h, 0, sizeof(*h));
}

void hcache_print(FILE *fp, const struct hcache_hits *h)
{
	for (int i = 0; i < h->n; i++)
		finding_line(fp, h->v[i].file, h->v[i].line, h->v[i].col,
			     h->v[i].message, h->v[i].rule);
	fflush(fp);
}

void hcache_say_answered(const char *path, int n)
{
	fprintf(stderr, "%s: not parsed: only headers link it to the table, "
		"and their %d finding%s came from the header cache\n", path, n,
		n == 1 ? "" : "s");
}
