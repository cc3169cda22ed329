/* genheader.h - the wrapper header: inline wrappers and CONFIG-off stubs. */
#ifndef HOOKWRAP_GENHEADER_H
#define HOOKWRAP_GENHEADER_H

#include "manifest/manifest.h"

/* The generated block, both marker lines included. */
char *genheader_block(const struct table *t, const struct manifest *m);
/*
 * Replace the block between the markers in text; NULL with *why set when
 * the markers are missing or repeated (*line says where).
 */
char *genheader_splice(const char *text, const char *block,
		       const char **why, unsigned *line);

/*
 * "STORAGE RET NAME(PARAMS)TAIL" and a newline, the parameters wrapped
 * at 80 columns under the "(".
 */
void genheader_signature(struct sbuf *sb, const char *storage,
			 const struct hook *h, const char *name,
			 const char *tail);
/* A stub's body, one statement a line, each indented by a tab. */
void genheader_statements(struct sbuf *sb, const char *text);

#endif /* HOOKWRAP_GENHEADER_H */
