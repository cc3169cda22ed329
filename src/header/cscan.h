/*
 * cscan.h - the top-level declarations of a hand-maintained kernel C
 * file (security/security.c, include/linux/security.h), read as text:
 * function definitions and prototypes, where each starts and ends, and
 * whether it sits in a CONFIG-off branch.  A parse sees one branch of
 * each #if; this sees them all.
 */
#ifndef HOOKWRAP_CSCAN_H
#define HOOKWRAP_CSCAN_H

#include "core/util.h"

enum cdecl_kind { CD_FUNC, CD_PROTO };

struct cdecl {
	char *name;
	enum cdecl_kind kind;
	int is_static;
	int off;		/* in the #else of an "#if(def) CONFIG_X", or
				   under "#ifndef CONFIG_X": a CONFIG-off part */
	int doc;		/* a kernel-doc comment right above it */
	unsigned first;		/* first line: that comment's, else its own */
	unsigned line;		/* the declaration's first line */
	unsigned last;		/* its "}" or ";" line, or the line of an
				   EXPORT_SYMBOL*(name); right after it */
};

struct cscan {
	struct cdecl *v;
	int n, cap;
};

void cscan_text(const char *text, struct cscan *out);
/* The first declaration of name of that kind; off: 0, 1 or -1 (any). */
const struct cdecl *cscan_find(const struct cscan *s, const char *name,
			       enum cdecl_kind kind, int off);
void cscan_free(struct cscan *s);
/*
 * The named parameters before "..." of the function-like macro name
 * defined in text ("#define call_int_hook(HOOK, IRC, ...)": 2), or -1
 * when text does not define it.
 */
int cscan_macro_params(const char *text, const char *name);

#endif /* HOOKWRAP_CSCAN_H */
