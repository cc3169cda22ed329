/*
 * unconfig.c - the tree's own configuration kept out of the all-yes
 * parse.  A configured tree's autoconf.h says "#undef CONFIG_SECURITY"
 * for an option that is off; included through <linux/config.h> (or
 * forced in by kbuild, 2.6.33+), it comes after the command
 * line's -DCONFIG_SECURITY=1 and wins, and the table's struct vanishes.
 * The parses read instead a copy of each autoconf.h whose "#undef
 * CONFIG_*" lines are blank: line numbers stay, and so do the values the
 * tree sets ("#define CONFIG_HZ 250").  The file on disk is still what
 * the manifest cache records (fe_note_inclusions()): a reconfigured tree
 * is noticed, and gives the same manifest.
 */
#include "clang/frontend.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Is the line at s (up to its newline) "# undef CONFIG_..."? */
static int undef_config(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s++ != '#')
		return 0;
	while (*s == ' ' || *s == '\t')
		s++;
	if (strncmp(s, "undef", 5) || (s[5] != ' ' && s[5] != '\t'))
		return 0;
	s += 5;
	while (*s == ' ' || *s == '\t')
		s++;
	return !strncmp(s, "CONFIG_", 7);
}

/* text with every "#undef CONFIG_*" line emptied; 1 if one was. */
static int blank_undefs(char *text, size_t len)
{
	int any = 0;

	for (char *line = text; line < text + len;) {
		char *nl = memchr(line, '\n', text + len - line);
		char *end = nl ? nl : text + len;

		if (undef_config(line)) {
			/* Spaces keep the size; a blank line is all it is. */
			memset(line, ' ', end - line);
			any = 1;
		}
		line = nl ? nl + 1 : text + len;
	}
	return any;
}

void fe_unconfig(struct frontend *fe)
{
	const char *where[] = { "include/linux/autoconf.h",
				"include/generated/autoconf.h" };

	for (size_t i = 0; i < ARRAY_SIZE(where); i++) {
		char *path = path_join(fe->tree, where[i]);
		size_t len;
		char *text = fe_exists(fe, path) ? read_file(path, &len) : NULL;

		if (!text || memchr(text, '\0', len) ||
		    !blank_undefs(text, len)) {
			free(text);
			free(path);
			continue;
		}
		fe->unsaved = xrealloc(fe->unsaved, (fe->nunsaved + 1) *
				       sizeof(*fe->unsaved));
		fe->unsaved[fe->nunsaved].Filename = path;
		fe->unsaved[fe->nunsaved].Contents = text;
		fe->unsaved[fe->nunsaved].Length = len;
		fe->nunsaved++;
	}
}

void fe_unconfig_free(struct frontend *fe)
{
	for (unsigned i = 0; i < fe->nunsaved; i++) {
		free((char *)fe->unsaved[i].Filename);
		free((char *)fe->unsaved[i].Contents);
	}
	free(fe->unsaved);
	fe->unsaved = NULL;
	fe->nunsaved = 0;
}
