/*
 * mcache.c - the manifest cache.  Building the manifest parses the
 * table's header, its hook list, the wrapper files and the default
 * tables (a few hundred milliseconds on a kernel); kbuild runs the
 * checker once per file, so the manifest is kept between runs.
 *
 * A cache file is named by a hash of what picks the build (this build of
 * hookwrap, the tree, the table description) and holds, before the
 * manifest's TSV, every input the build read or looked for (the
 * manifest's 'inputs', collected by the front end, not listed here)
 * with its stamp.  It is used only while every stamp still holds.
 */
#include "core/atomicio.h"
#include "checker/setup.h"
#include "core/version.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define MAGIC "hookwrap manifest cache 2"

/* What a file is now: "-" missing, "d" a directory, else its identity. */
char *file_stamp(const char *path)
{
	struct stat st;

	if (stat(path, &st))
		return xstrdup("-");
	if (S_ISDIR(st.st_mode))
		return xstrdup("d");
	return xasprintf("%lld:%lld.%09ld:%lld.%09ld:%llu",
			 (long long)st.st_size, (long long)st.st_mtim.tv_sec,
			 st.st_mtim.tv_nsec, (long long)st.st_ctim.tv_sec,
			 st.st_ctim.tv_nsec, (unsigned long long)st.st_ino);
}

/*
 * What picks the build: this hookwrap, the tree, the table description,
 * ARCH in the environment.
 */
/* The program that builds the manifests: this one, unless told. */
static const char *builder = "/proc/self/exe";

void manifest_cache_builder(const char *program)
{
	builder = program;
}

char *cache_key(const struct table *t, const char *tree)
{
	char *abs = realpath(tree, NULL);
	char *conf = starts_with(t->origin, "profile ") ? NULL :
		     realpath(t->origin, NULL);
	char *exe = file_stamp(builder);
	/* ARCH picks the architecture the parses use (src/clang/arch.c). */
	const char *arch = getenv("ARCH");
	char *key = xasprintf("%s|%s|exe %s|tree %s|table %s|ARCH %s", MAGIC,
			      hookwrap_version, exe, abs ? abs : tree,
			      conf ? conf : t->origin, arch ? arch : "");

	free(exe);
	free(conf);
	free(abs);
	return key;
}

static char *default_dir(void)
{
	const char *d = getenv("HOOKWRAP_CACHE_DIR");

	if (d)
		return xstrdup(d);
	d = getenv("XDG_CACHE_HOME");
	if (d && *d)
		return path_join(d, "hookwrap");
	d = getenv("HOME");
	if (d && *d)
		return path_join(d, ".cache/hookwrap");
	return NULL;
}

char *cache_dir_of(const char *cache_dir)
{
	char *dir = cache_dir ? xstrdup(cache_dir) : default_dir();

	if (dir && !*dir) {
		free(dir);
		return NULL;
	}
	return dir;
}

int cache_mkdirs(const char *dir)
{
	char *p = xstrdup(dir);

	for (char *s = p + 1; *s; s++) {
		if (*s == '/') {
			*s = '\0';
			mkdir(p, 0755);
			*s = '/';
		}
	}
	mkdir(p, 0755);
	free(p);
	return file_exists(dir) ? 0 : -1;
}

static void fill(const struct table *t, struct manifest *m)
{
	if (!m->struct_name)
		m->struct_name = xstrdup(t->struct_name);
	if (!m->pointer)
		m->pointer = xstrdup(t->pointer);
	if (!m->header)
		m->header = xstrdup(t->header);
}

/*
 * The cached manifest in text when it is for key and every input's
 * stamp holds: 0, else -1 (*why says which input changed, for
 * --verbose).  Anything amiss in the file is a miss, never an error.
 */
static int cache_read(const char *text, size_t len, const char *key,
		      struct manifest *m, char **why)
{
	struct strv inputs = { 0 };
	const char *s = text, *end = text + len;
	size_t klen = strlen(key);
	unsigned line;
	char *err;

	*why = NULL;
	if (len < klen + 1 || memcmp(text, key, klen) || text[klen] != '\n') {
		*why = xstrdup("written for another build or table");
		return -1;
	}
	for (s += klen + 1; s < end && *s != '\n';) {
		const char *nl = memchr(s, '\n', end - s);
		const char *tab = nl ? memchr(s, '\t', nl - s) : NULL;
		char *want, *path, *now;
		int same;

		if (!tab) {
			*why = xstrdup("damaged");
			strv_clear(&inputs);
			return -1;
		}
		want = xstrndup(s, tab - s);
		path = xstrndup(tab + 1, nl - tab - 1);
		now = file_stamp(path);
		same = !strcmp(want, now);
		if (!same)
			*why = xasprintf("%s changed", path);
		free(want);
		free(now);
		strv_push_owned(&inputs, path);
		if (!same) {
			strv_clear(&inputs);
			return -1;
		}
		s = nl + 1;
	}
	if (s >= end) {
		*why = xstrdup("damaged");
		strv_clear(&inputs);
		return -1;
	}
	s++;	/* the blank line before the manifest */
	if (manifest_parse_tsv(s, end - s, m, &line, &err)) {
		*why = xasprintf("damaged (line %u of its manifest: %s)", line,
				 err);
		free(err);
		strv_clear(&inputs);
		return -1;
	}
	m->inputs = inputs;
	return 0;
}

/* Stamp every input and write the cache; NULL, or why not. */
static char *cache_write(const char *path, const char *key,
			 const struct manifest *m, struct timespec start)
{
	char *data = NULL, *why = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&data, &len);

	fprintf(fp, "%s\n", key);
	for (int i = 0; i < m->inputs.n && !why; i++) {
		const char *in = m->inputs.v[i];
		struct stat st;
		char *st_text;

		if (strpbrk(in, "\t\n")) {
			why = xasprintf("the input '%s' has a tab or newline "
					"in its name", in);
			break;
		}
		/*
		 * A file changed while the build read it may hold a stamp
		 * newer than what the build saw: do not keep that manifest.
		 */
		if (!stat(in, &st) && (st.st_ctim.tv_sec > start.tv_sec ||
				       (st.st_ctim.tv_sec == start.tv_sec &&
					st.st_ctim.tv_nsec >= start.tv_nsec))) {
			why = xasprintf("%s changed during the build", in);
			break;
		}
		st_text = file_stamp(in);
		fprintf(fp, "%s\t%s\n", st_text, in);
		free(st_text);
	}
	fputc('\n', fp);
	manifest_write_tsv(m, fp);
	fclose(fp);
	if (!why && atomic_write(path, data, len))
		why = xstrdup("cannot write it");
	free(data);
	return why;
}

/* The cache file of this build, tree and table: NULL when caching is off. */
static char *cache_path(const struct table *t, const char *tree,
			const char *cache_dir, char **dirp, char **keyp)
{
	char *dir, *key, *path;
	uint64_t h;

	dir = cache_dir_of(cache_dir);
	if (!dir)
		return NULL;
	key = cache_key(t, tree);
	h = fnv64(FNV64_INIT, key, strlen(key));
	path = xasprintf("%s/manifest-%016llx", dir, (unsigned long long)h);
	*dirp = dir;
	*keyp = key;
	return path;
}

int manifest_from_file(const struct table *t, const char *file,
		       struct manifest *m)
{
	int ret = manifest_read_tsv(file, m);

	fill(t, m);
	return ret;
}

int manifest_cache_lookup(const struct table *t, const char *tree,
			  const char *cache_dir, struct manifest *m,
			  char **pathp, char **why)
{
	char *dir, *key, *path, *text;
	size_t len = 0;
	int ret = 1;

	*pathp = NULL;
	*why = NULL;
	path = cache_path(t, tree, cache_dir, &dir, &key);
	if (!path)
		return -1;
	text = file_exists(path) ? read_file(path, &len) : NULL;
	if (text && !cache_read(text, len, key, m, why)) {
		fill(t, m);
		ret = 0;
	}
	*pathp = path;
	free(text);
	free(key);
	free(dir);
	return ret;
}

char *manifest_cache_store(const struct table *t, const char *tree,
			   const char *cache_dir, const struct manifest *m,
			   struct timespec start)
{
	char *dir, *key, *path, *why;

	path = cache_path(t, tree, cache_dir, &dir, &key);
	if (!path)
		return NULL;
	if (cache_mkdirs(dir))
		why = xasprintf("cannot create %s", dir);
	else
		why = cache_write(path, key, m, start);
	free(path);
	free(key);
	free(dir);
	return why;
}
