/*
 * fuzz_patch_tree.c - review mode end to end on a small tree: the
 * fuzzer's bytes as the patch file, patch_read() against a tree made
 * once (checker/input/patch_tree.c, patch.c), then the shadow directory made
 * and removed.  What review mode promises is checked after each input:
 *   - every file of the shadow has the text patch_read worked out, and
 *     a deleted file is gone from it;
 *   - the tree and the file beside it (reached by the tree's symbolic
 *     links) are unchanged, and nothing is left in TMPDIR.
 * The tree: Makefile, fs/a.c, fs/sub/b.h, and two links out of it
 * (out -> ../outside, fs/secret.c -> ../../outside/secret).
 */
#include "fuzz.h"
#include "checker/input/patch.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static char base[4096], tree[4200], tmp[4200], patch[4200];

static const struct {
	const char *path, *text;
} files[] = {
	{ "tree/Makefile", "obj-y += fs/\n" },
	{ "tree/fs/a.c", "#include \"sub/b.h\"\n\nint a(void)\n{\n\treturn b();\n}\n" },
	{ "tree/fs/sub/b.h", "static inline int b(void)\n{\n\treturn 0;\n}\n" },
	{ "outside/secret", "not to be touched\n" },
};

static void put(const char *rel, const char *text)
{
	char path[8192];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", base, rel);
	f = fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fclose(f))
		abort();
}

static char *get(const char *path)
{
	size_t len;

	return read_file(path, &len);
}

static int empty_dir(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	int n = 0;

	if (!d)
		return 0;
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return !n;
}

static void cleanup(void)
{
	remove_tree(base);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *t = getenv("TMPDIR");
	char path[8192];

	(void)argc;
	(void)argv;
	fuzz_quiet();
	snprintf(base, sizeof(base), "%s/hookwrap-fuzz-tree.XXXXXX",
		 t && *t ? t : "/tmp");
	if (!mkdtemp(base))
		abort();
	atexit(cleanup);
	snprintf(tree, sizeof(tree), "%s/tree", base);
	snprintf(tmp, sizeof(tmp), "%s/tmp", base);
	snprintf(patch, sizeof(patch), "%s/in.patch", base);
	for (const char *d = "tree\0tree/fs\0tree/fs/sub\0outside\0tmp\0";
	     *d; d += strlen(d) + 1) {
		snprintf(path, sizeof(path), "%s/%s", base, d);
		if (mkdir(path, 0700))
			abort();
	}
	for (size_t i = 0; i < ARRAY_SIZE(files); i++)
		put(files[i].path, files[i].text);
	snprintf(path, sizeof(path), "%s/out", tree);
	if (symlink("../outside", path))
		abort();
	snprintf(path, sizeof(path), "%s/fs/secret.c", tree);
	if (symlink("../../outside/secret", path))
		abort();
	/* The shadows go to a directory of ours, checked empty each time. */
	setenv("TMPDIR", tmp, 1);
	return 0;
}

/* Is a a directory on b's path ("fs" of "fs/x.c")? */
static int dir_of(const char *a, const char *b)
{
	size_t n = strlen(a);

	return !strncmp(a, b, n) && b[n] == '/';
}

/* Is the shadow's rel what the patch made of it (text NULL: absent)? */
static int shadow_has(const char *root, const char *rel, const char *text)
{
	char *path = path_join(root, rel), *got;
	struct stat st;
	int ok;

	if (!text) {		/* gone, or below a file: not there */
		ok = lstat(path, &st) && (errno == ENOENT || errno == ENOTDIR);
	} else {
		got = lstat(path, &st) || !S_ISREG(st.st_mode) ? NULL :
		      get(path);
		ok = got && !strcmp(got, text);
		free(got);
	}
	free(path);
	return ok;
}

static void check_shadow(const struct added_lines *p, const char *root)
{
	for (int i = 0; i < p->n; i++) {
		const struct patch_file *f = &p->files[i];
		const char *want = f->deleted ? NULL : f->result;
		int later = 0;

		/*
		 * Only the last word on a name counts, and a file written
		 * below it makes it a directory.
		 */
		for (int k = i + 1; k < p->n; k++)
			later |= !strcmp(p->files[k].rel, f->rel) ||
				 (p->files[k].renamed &&
				  !strcmp(p->files[k].old_rel, f->rel)) ||
				 (!p->files[k].deleted &&
				  dir_of(f->rel, p->files[k].rel));
		if (!later)
			FUZZ_CHECK(shadow_has(root, f->rel, want));
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct added_lines p;
	FILE *f = fopen(patch, "w");

	if (!f || fwrite(data, 1, size, f) != size || fclose(f))
		abort();
	if (!patch_read(patch, tree, &p)) {
		char *root = shadow_create(&p, tree);

		for (int i = 0; i < p.n; i++) {
			FUZZ_CHECK(fuzz_safe_name(p.files[i].rel));
			FUZZ_CHECK(!p.files[i].old_rel ||
				   fuzz_safe_name(p.files[i].old_rel));
		}
		if (root)
			check_shadow(&p, root);
		shadow_remove(root);
		patch_free(&p);
	}
	FUZZ_CHECK(empty_dir(tmp));
	for (size_t i = 0; i < ARRAY_SIZE(files); i++) {
		char path[8192], *text;

		snprintf(path, sizeof(path), "%s/%s", base, files[i].path);
		text = get(path);
		FUZZ_CHECK(text && !strcmp(text, files[i].text));
		free(text);
	}
	return 0;
}
