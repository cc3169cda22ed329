/*
 * feinputs.c - the inputs of what is built from a tree's parses: every
 * file the parses read (the translation units' inclusions) and every
 * path looked for, as absolute paths with symbolic links resolved.  The
 * manifest cache (checker/mcache.c) stamps them.
 */
#include "clang/frontend.h"

#include <limits.h>
#include <string.h>
#include <unistd.h>

static int under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return !strncmp(path, dir, n) && (path[n] == '/' || !path[n]);
}

/*
 * path made absolute: resolved when it exists, else its longest existing
 * prefix resolved and the rest appended, "." and "//" dropped.
 */
static char *absolute(const char *path)
{
	char *abs = realpath(path, NULL);
	char *full, *cut;
	struct sbuf sb = { 0 };

	if (abs)
		return abs;
	if (path[0] == '/') {
		full = xstrdup(path);
	} else {
		char *cwd = getcwd(NULL, 0);

		full = cwd ? path_join(cwd, path) : xstrdup(path);
		free(cwd);
	}
	cut = full + strlen(full);
	while ((cut = memrchr(full, '/', cut - full)) && cut > full) {
		char *base;

		*cut = '\0';
		base = realpath(full, NULL);
		*cut = '/';
		if (base) {
			if (strcmp(base, "/"))
				sb_add(&sb, base);
			free(base);
			break;
		}
	}
	if (!cut)
		cut = full;
	for (char *c = cut, *tok; (tok = strsep(&c, "/"));)
		if (*tok && strcmp(tok, "."))
			sb_addf(&sb, "/%s", tok);
	free(full);
	return sb_detach(&sb);
}

void fe_note_input(struct frontend *fe, const char *path)
{
	char *abs, *tmp[2] = { fe->overlay, fe->fallback };

	if (!fe->record)
		return;
	abs = absolute(path);

	/* hookwrap's own temporary files come and go with each run. */
	for (size_t i = 0; i < ARRAY_SIZE(tmp); i++) {
		char *t = tmp[i] ? realpath(tmp[i], NULL) : NULL;
		int inside = t && under(abs, t);

		free(t);
		if (inside) {
			free(abs);
			return;
		}
	}
	if (strv_find(&fe->inputs, abs) >= 0)
		free(abs);
	else
		strv_push_owned(&fe->inputs, abs);
}

int fe_exists(struct frontend *fe, const char *path)
{
	fe_note_input(fe, path);
	return file_exists(path);
}

static void inclusion_cb(CXFile f, CXSourceLocation *stack, unsigned n,
			 CXClientData data)
{
	CXString name = clang_getFileName(f);
	const char *s = clang_getCString(name);

	(void)stack;
	(void)n;
	if (s && *s)
		fe_note_input(data, s);
	clang_disposeString(name);
}

void fe_note_inclusions(struct frontend *fe, CXTranslationUnit tu)
{
	if (fe->record)
		clang_getInclusions(tu, inclusion_cb, fe);
}
