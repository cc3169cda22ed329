/*
 * mcache.c - the manifest cache.  Building the manifest parses the
 * table's header and default tables (a few hundred milliseconds on a
 * kernel); kbuild runs the checker once per file, so the manifest is
 * kept as TSV under a name that hashes everything it depends on.
 */
#include "atomicio.h"
#include "setup.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static void key_file(struct sbuf *key, const char *tree, const char *rel)
{
	char *p = rel[0] == '/' ? xstrdup(rel) : path_join(tree, rel);
	struct stat st;

	if (stat(p, &st))
		sb_addf(key, "%s:-|", rel);
	else
		sb_addf(key, "%s:%lld:%lld.%09ld|", rel, (long long)st.st_size,
			(long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
	free(p);
}

static char *cache_key(const struct table *t, const char *tree)
{
	struct sbuf key = { 0 };
	char *abs = realpath(tree, NULL);

	sb_addf(&key, "hookwrap manifest v1|%s|%s|", abs ? abs : tree,
		t->origin);
	free(abs);
	/* This build of hookwrap: a new one may build manifests anew. */
	key_file(&key, "/", "/proc/self/exe");
	if (t->origin[0] != 'p')	/* a config file, not "profile x" */
		key_file(&key, ".", t->origin);
	key_file(&key, tree, t->header);
	if (t->output)
		key_file(&key, tree, t->output);
	for (int i = 0; i < t->defaults.n; i++)
		key_file(&key, tree, t->defaults.v[i]);
	return sb_detach(&key);
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

static int mkdirs(const char *dir)
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

int manifest_cached(const struct table *t, const char *tree,
		    const char *file, const char *cache_dir,
		    struct manifest *m, int verbose)
{
	char *dir, *key, *path;
	uint64_t h = 0xcbf29ce484222325ULL;
	int ret;

	if (file) {
		ret = manifest_read_tsv(file, m);
		fill(t, m);
		return ret;
	}
	dir = cache_dir ? xstrdup(cache_dir) : default_dir();
	if (!dir || !*dir) {
		free(dir);
		return manifest_build(t, tree, m);
	}
	key = cache_key(t, tree);
	for (const char *s = key; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	}
	path = xasprintf("%s/manifest-%016llx.tsv", dir, (unsigned long long)h);
	if (file_exists(path) && !manifest_read_tsv(path, m) && m->n) {
		if (verbose)
			fprintf(stderr, "hookwrap check: manifest from %s\n",
				path);
		fill(t, m);
		ret = 0;
	} else {
		manifest_free(m);
		ret = manifest_build(t, tree, m);
		if (!ret && !mkdirs(dir)) {
			char *tmp = NULL;
			size_t len = 0;
			FILE *fp = open_memstream(&tmp, &len);

			manifest_write_tsv(m, fp);
			fclose(fp);
			if (atomic_write(path, tmp, len) == 0 && verbose)
				fprintf(stderr, "hookwrap check: manifest "
					"cached in %s\n", path);
			free(tmp);
		}
	}
	free(path);
	free(key);
	free(dir);
	return ret;
}
