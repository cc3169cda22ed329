/*
 * kconfig.c - an option of a kernel tree's configuration, read from its
 * .config ("CONFIG_X=y") or kbuild's autoconf.h ("#define CONFIG_X 1").
 */
#include "core/kconfig.h"
#include "core/util.h"

#include <string.h>

/* The line (from 1) of text that is exactly want, or 0. */
static unsigned line_of(const char *text, const char *want)
{
	size_t n = strlen(want);
	unsigned line = 1;

	for (const char *p = text; *p; line++) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);

		while (len && (p[len - 1] == ' ' || p[len - 1] == '\r'))
			len--;
		if (len == n && !strncmp(p, want, n))
			return line;
		if (!eol)
			break;
		p = eol + 1;
	}
	return 0;
}

int kconfig_on(const char *tree, const char *option, char **file,
	       unsigned *line)
{
	static const char *const where[] = {
		".config", "include/generated/autoconf.h",
	};
	static const char *const form[] = {
		"CONFIG_%s=y", "#define CONFIG_%s 1",
	};

	for (size_t i = 0; i < ARRAY_SIZE(where); i++) {
		char *path = path_join(tree, where[i]);
		size_t len;
		char *text = read_file(path, &len);
		char *want = xasprintf(form[i], option);
		unsigned at = text && !memchr(text, 0, len) ?
			      line_of(text, want) : 0;

		free(want);
		free(text);
		if (at) {
			*file = path;
			*line = at;
			return 1;
		}
		free(path);
	}
	return 0;
}
