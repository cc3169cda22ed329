/*
 * arch.c - the architecture a tree's parses use, and the include paths
 * that follow from it: arch/ARCH/include (with its generated headers
 * when the tree is configured), include/asm-ARCH behind an asm link on
 * old trees, asm-generic for a modern tree never built.
 *
 * Which architecture, the first that applies: 'arch' in the table
 * description; ARCH in the environment, as kbuild takes it (i386 and
 * x86_64 are x86, sparc64 is sparc, ...); the one the tree is configured
 * for (the target of its include/asm link, or the only architecture
 * with generated headers); x86 when the tree has it; the tree's one
 * architecture; of several, the first by name.  A tree with several
 * that is parsed with another than x86 gets a note saying which, once.
 */
#include "clang/frontend.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* fe_exists() for a directory: noted as an input either way. */
static int fe_dir(struct frontend *fe, const char *path)
{
	fe_note_input(fe, path);
	return is_dir(path);
}

static int tree_dir(struct frontend *fe, const char *fmt, const char *name)
{
	char *rel = xasprintf(fmt, name);
	char *path = path_join(fe->tree, rel);
	int ok = fe_dir(fe, path);

	free(path);
	free(rel);
	return ok;
}

/* kbuild's SRCARCH for an ARCH: the directory under arch/. */
static const char *srcarch(const char *arch)
{
	static const char *const map[][2] = {
		{ "i386", "x86" }, { "x86_64", "x86" },
		{ "sparc32", "sparc" }, { "sparc64", "sparc" },
		{ "sh64", "sh" }, { "tilepro", "tile" }, { "tilegx", "tile" },
		{ "parisc64", "parisc" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(map); i++)
		if (!strcmp(arch, map[i][0]))
			return map[i][1];
	return arch;
}

/* Names of dir's entries that are directories matching pre*suf, sorted. */
static void list_arches(const char *dir, const char *pre, const char *suf,
			struct strv *out)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name), np = strlen(pre);
		char *name, *path;

		if (e->d_name[0] == '.' || n <= np || strncmp(e->d_name, pre, np))
			continue;
		name = xstrndup(e->d_name + np, n - np);
		if (!strcmp(name, "generic")) {	/* include/asm-generic */
			free(name);
			continue;
		}
		path = xasprintf("%s/%s%s", dir, e->d_name, suf);
		if (is_dir(path) && strv_find(out, name) < 0)
			strv_push_owned(out, name);
		else
			free(name);
		free(path);
	}
	closedir(d);
}

/* The architectures the tree has: arch/NAME/include, include/asm-NAME. */
static void tree_arches(const struct frontend *fe, struct strv *names)
{
	char *arch_dir = path_join(fe->tree, "arch");
	char *inc_dir = path_join(fe->tree, "include");

	list_arches(arch_dir, "", "/include", names);
	list_arches(inc_dir, "asm-", "", names);
	qsort(names->v, names->n, sizeof(*names->v), cmp_strp);
	free(arch_dir);
	free(inc_dir);
}

/* "arm arm64 mips", the first ten of them. */
static char *joined(const struct strv *names)
{
	struct sbuf sb = { 0 };

	for (int i = 0; i < names->n && i < 10; i++)
		sb_addf(&sb, "%s%s", i ? " " : "", names->v[i]);
	if (names->n > 10)
		sb_add(&sb, " ...");
	return sb.buf ? sb_detach(&sb) : xstrdup("none");
}

/* The X of an include/asm link to asm-X (a configured old tree), or NULL. */
static char *asm_link(const struct frontend *fe)
{
	char *link = path_join(fe->tree, "include/asm");
	char buf[PATH_MAX];
	ssize_t n = readlink(link, buf, sizeof(buf) - 1);
	const char *base;

	free(link);
	if (n <= 0)
		return NULL;
	buf[n] = '\0';
	base = strrchr(buf, '/') ? strrchr(buf, '/') + 1 : buf;
	return starts_with(base, "asm-") ? xstrdup(base + 4) : NULL;
}

/* Set fe->arch and fe->asm_old for name, where the tree has them. */
static void pick_as(struct frontend *fe, const char *name)
{
	const char *cands[2] = { name, srcarch(name) };

	for (int i = 0; i < 2 && !fe->arch; i++)
		if (tree_dir(fe, "arch/%s/include", cands[i]))
			fe->arch = xstrdup(cands[i]);
	for (int i = 0; i < 2 && !fe->asm_old; i++)
		if (tree_dir(fe, "include/asm-%s", cands[i]))
			fe->asm_old = xstrdup(cands[i]);
}

/*
 * Set fe->arch (arch/NAME/include) and fe->asm_old (include/asm-NAME)
 * for the architecture named explicitly; -1 (reported) when the tree
 * has neither.
 */
static int pick_named(struct frontend *fe, const char *name, const char *from)
{
	struct strv names = { 0 };
	char *list;

	pick_as(fe, name);
	if (fe->arch || fe->asm_old)
		return 0;
	tree_arches(fe, &names);
	list = joined(&names);
	if (from)
		error_at(from, 0, "arch = %s: %s has neither arch/%s/include "
			 "nor include/asm-%s; name one of the architectures "
			 "it has: %s", name, fe->tree, srcarch(name), name,
			 list);
	else
		error_at(NULL, 0, "ARCH=%s (the environment): %s has neither "
			 "arch/%s/include nor include/asm-%s; unset ARCH or "
			 "name one of the architectures it has: %s", name,
			 fe->tree, srcarch(name), name, list);
	free(list);
	strv_clear(&names);
	return -1;
}

/*
 * No name given: the architecture the tree is configured for, else x86
 * when the tree has it, else the tree's one, else the first by name.
 */
static void pick_tree(struct frontend *fe)
{
	static int said;
	const char *x86_old[] = { "x86_64", "i386", "x86" };
	struct strv names = { 0 }, generated = { 0 };
	char *linked = asm_link(fe);
	const char *pick = NULL, *why = NULL;
	int x86 = 0;

	tree_arches(fe, &names);
	for (int i = 0; i < names.n; i++) {
		x86 |= !strcmp(srcarch(names.v[i]), "x86");
		if (tree_dir(fe, "arch/%s/include/generated", names.v[i]))
			strv_push(&generated, names.v[i]);
	}
	if (linked && strv_find(&names, linked) >= 0) {
		pick = linked;
		why = "include/asm links to it: the one the tree is "
		      "configured for";
	} else if (generated.n == 1) {
		pick = generated.v[0];
		why = "the only one with generated headers (arch/*/include/"
		      "generated): the one the tree is configured for";
	}
	if (pick) {
		pick_as(fe, pick);
		goto out;
	}
	if (tree_dir(fe, "arch/%s/include", "x86"))
		fe->arch = xstrdup("x86");
	for (size_t i = 0; i < ARRAY_SIZE(x86_old) && !fe->asm_old; i++)
		if (tree_dir(fe, "include/asm-%s", x86_old[i]))
			fe->asm_old = xstrdup(x86_old[i]);
	if (fe->arch || fe->asm_old)
		goto out;
	if (names.n) {
		pick = names.v[0];
		why = names.n > 1 ? "the first by name" : NULL;
		pick_as(fe, pick);
	}
out:
	/* Said when the tree has several and the choice is not x86. */
	if (why && names.n > 1 && strcmp(srcarch(pick), "x86") && !said++) {
		char *list = joined(&names);

		diag_at(fe->tree, 0, 0, "note", "the tree has %d architectures"
			"%s (%s); the parses use %s, %s; set 'arch' in "
			"hookwrap.conf or ARCH= in the environment to use "
			"another [arch]", names.n, x86 ? "" : " and no x86",
			list, pick, why);
		free(list);
	}
	strv_clear(&names);
	strv_clear(&generated);
	free(linked);
}

/*
 * Old trees keep asm headers in include/asm-ARCH behind a build-time
 * link include/asm.  Where the tree has no such link, or a named
 * architecture is another than the link's, a temporary directory holds
 * one, searched first.
 */
static void asm_overlay(struct frontend *fe, int named)
{
	char *asmdir = path_join(fe->tree, "include/asm");
	char *linked = asm_link(fe);
	int have = fe_exists(fe, asmdir);
	char tmpl[PATH_MAX];

	free(asmdir);
	if (!fe->asm_old || (have && !(named && linked &&
				       strcmp(linked, fe->asm_old)))) {
		free(linked);
		return;
	}
	free(linked);
	if (!temp_mkdtemp(tmpl, sizeof(tmpl), "asm"))
		die("%s: cannot create a temporary directory: %s; set TMPDIR "
		    "to a writable directory", tmpl, strerror(errno));
	fe->overlay = xstrdup(tmpl);
	{
		char *target = xasprintf("%s/include/asm-%s", fe->tree,
					 fe->asm_old);
		char *link = path_join(fe->overlay, "asm");
		char *abs = realpath(target, NULL);

		if (!abs || symlink(abs, link))
			die("cannot link %s: %s", link, strerror(errno));
		free(abs);
		free(link);
		free(target);
	}
}

/* Make dir/asm a link to target; dir is created. */
static void link_asm(const char *dir, const char *target)
{
	char *link = path_join(dir, "asm");
	char *abs = realpath(target, NULL);

	if (mkdir(dir, 0700) && errno != EEXIST)
		die("cannot create %s: %s", dir, strerror(errno));
	if (!abs || symlink(abs, link))
		die("cannot link %s: %s", link, strerror(errno));
	free(abs);
	free(link);
}

/*
 * A modern tree that was never built lacks arch/ARCH/include/generated:
 * the asm headers kbuild would generate as one-line wrappers around
 * asm-generic, and generated/autoconf.h.  Fall back to asm-generic, after
 * the real include paths, and to an empty autoconf.h.
 */
static void unbuilt_fallbacks(struct frontend *fe)
{
	const char *generic[] = { "include/asm-generic",
				  "include/uapi/asm-generic" };
	char tmpl[PATH_MAX];

	if (!fe->arch || tree_dir(fe, "arch/%s/include/generated", fe->arch))
		return;
	if (!temp_mkdtemp(tmpl, sizeof(tmpl), "gen"))
		die("%s: cannot create a temporary directory: %s; set TMPDIR "
		    "to a writable directory", tmpl, strerror(errno));
	fe->fallback = xstrdup(tmpl);
	for (size_t i = 0; i < ARRAY_SIZE(generic); i++) {
		char *target = path_join(fe->tree, generic[i]);
		char *dir = xasprintf("%s/%zu", fe->fallback, i);

		if (fe_exists(fe, target)) {
			link_asm(dir, target);
			strv_push_owned(&fe->args, xasprintf("-I%s", dir));
		}
		free(dir);
		free(target);
	}
	{
		char *d = xasprintf("%s/generated", fe->fallback);
		char *f = xasprintf("%s/autoconf.h", d);
		FILE *fp;

		mkdir(d, 0700);
		fp = fopen(f, "w");
		if (fp)
			fclose(fp);
		strv_push_owned(&fe->args, xasprintf("-I%s", fe->fallback));
		free(f);
		free(d);
	}
}

int fe_include_paths(struct frontend *fe)
{
	const char *incs[] = {
		"include", "arch/%s/include", "arch/%s/include/generated",
		"include/uapi", "arch/%s/include/uapi",
		"arch/%s/include/generated/uapi",
	};
	const char *env = getenv("ARCH");
	int named = 1;

	if (fe->t->arch) {
		if (pick_named(fe, fe->t->arch, fe->t->origin))
			return -1;
	} else if (env && *env) {
		if (pick_named(fe, env, NULL))
			return -1;
	} else {
		named = 0;
		pick_tree(fe);
	}
	asm_overlay(fe, named);
	if (fe->overlay)
		strv_push_owned(&fe->args, xasprintf("-I%s", fe->overlay));
	for (size_t i = 0; i < ARRAY_SIZE(incs); i++) {
		char *rel, *d;

		if (strstr(incs[i], "%s") && !fe->arch)
			continue;
		rel = xasprintf(incs[i], fe->arch);
		d = path_join(fe->tree, rel);
		if (fe_exists(fe, d))
			strv_push_owned(&fe->args, xasprintf("-I%s", d));
		free(d);
		free(rel);
	}
	unbuilt_fallbacks(fe);
	return 0;
}
