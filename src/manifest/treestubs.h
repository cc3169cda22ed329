/*
 * treestubs.h - the CONFIG-off stubs a tree's wrapper header already
 * has, written by its maintainers (treestubs.c).  A text scan, not a
 * parse: the "#else" branch that holds them is the one a parse with the
 * table configured in does not see.  The generated region (GEN_BEGIN ..
 * GEN_END) is hookwrap's own output and is left out.
 */
#ifndef HOOKWRAP_TREESTUBS_H
#define HOOKWRAP_TREESTUBS_H

#include "manifest/manifest.h"

struct tree_stub {
	char *name;		/* security_inode_setxattr */
	struct strv params;	/* its parameter names, in order */
	struct strv types;	/* their declarations less the names */
	char *body;		/* the statements, white space squeezed */
	unsigned line;		/* of "static inline" */
	struct strv atoms;	/* the conditions in force (guards_at()) */
};

struct tree_stubs {
	struct tree_stub *v;
	int n, cap;
};

/*
 * The parameters of a list (the text between a function's parentheses,
 * comments blanked): each one's name (the identifier after "(*", else
 * the last one) and type (the declaration less the name, a blank only
 * between two words: "struct file*").  None for "" or "void".
 */
void treestubs_params(const char *p, size_t n, struct strv *names,
		      struct strv *types);
/* Every static inline function of text (len bytes), outside the region. */
void treestubs_scan(const char *text, size_t len, struct tree_stubs *out);
/*
 * The stub of h in s: a function named h's wrapper, else its dispatcher,
 * in a branch where config (the table's CONFIG symbol) or one of h's
 * guard symbols is off.  NULL when the header has none.
 */
const struct tree_stub *treestubs_find(const struct tree_stubs *s,
				       const struct hook *h,
				       const char *config);
/*
 * The stub's body for h: its parameters renamed to h's by position,
 * "{ }" for an empty body, as the manifest's stub column writes it.
 * NULL when the parameters differ in number or type (a function that
 * adapts them: 6.12's security_inode_init_security()).
 */
char *treestub_body_for(const struct tree_stub *ts, const struct hook *h);
/* Do two stub bodies say the same, token for token? */
int treestub_same(const char *a, const char *b);
void treestubs_free(struct tree_stubs *s);

#endif /* HOOKWRAP_TREESTUBS_H */
