/*
 * csig.h - a function's signature and the calls in its body, read from
 * the text of a hand-maintained C file (security/security.c,
 * include/linux/security.h, a module): where its parameter list is,
 * each parameter as written, its name and its type as the tree spells it
 * (layout squeezed); the calls that run a hook (a dispatch macro naming
 * it, or "->HOOK(" / ".HOOK("), with their arguments; and the rewrite of
 * a parameter or argument list that keeps the tree's layout: the lines
 * before the first change as they were, the rest wrapped at 80 columns
 * under the "(" (or as the list's own continuation lines are indented).
 */
#ifndef HOOKWRAP_CSIG_H
#define HOOKWRAP_CSIG_H

#include "core/table.h"
#include "header/cscan.h"
#include "manifest/manifest.h"

struct cparam {
	char *decl;		/* as written, white space squeezed */
	char *name;		/* "" when unnamed */
	char *type;		/* the declaration less the name, normalised */
	size_t start, end;	/* in the text, blanks trimmed */
};

struct csig {
	size_t decl;		/* start of the declaration's first line */
	size_t name, open, close;	/* the name, its "(" and ")" */
	size_t body, body_end;	/* "{" and "}" of a definition, else 0 */
	char *ret;		/* return type, storage and attributes
				   dropped, normalised */
	struct cparam *p;
	int n;			/* "(void)" and "()": 0 */
};

/*
 * The signature of the declaration d of text (code: the same text with
 * its comments blanked).  0, or -1 when its name and list are not
 * where cscan put them.
 */
int csig_read(const char *code, const struct cdecl *d, struct csig *s);
void csig_free(struct csig *s);
/* The parameters of a list, code[open + 1 .. close). */
void csig_params(const char *code, size_t open, size_t close,
		 struct cparam **out, int *n);
void cparams_free(struct cparam *p, int n);
/* One parameter's name ("" unnamed) and normalised type. */
void csig_split(const char *decl, char **name, char **type);
/* A type as csig_split spells one ("struct file*"). */
char *csig_type(const char *text);
/*
 * Are two types the same for C (normalised spellings, "unsigned" being
 * "unsigned int", "long int" "long", and so on)?
 */
int csig_same_type(const char *a, const char *b);
/*
 * May a value of type arg be passed where param is taken, without a
 * cast or a warning: the same type, a pointer to void, a pointer to
 * const of the same type?
 */
int csig_arg_fits(const char *arg, const char *param);
/* "(struct file *file, int mask)": a list as written, "(void)" empty. */
char *csig_list_text(const struct cparam *p, int n);
/* The hook's parameters as cparams (decl, name, type; no offsets). */
void csig_hook_params(const struct hook *h, struct cparam **out, int *n);

/* A call that runs a hook, in a function's body. */
struct ccall {
	size_t start;		/* the macro's name, or the expression
				   before "->HOOK" */
	size_t open, close;	/* its "(" and ")" */
	int named;		/* leading macro arguments that are not the
				   hook's (the hook's name, 6.1's IRC) */
	struct cparam *a;	/* every argument (decl: the text) */
	int n;
};

struct ccalls {
	struct ccall *v;
	int n, cap;
};

/*
 * The calls of code[from, to) that run hook: an expansion of one of the
 * table's dispatch macros naming it whose definition (found in macros,
 * the file's text; else assumed) takes the hook's arguments after its
 * named parameters, or a member call "->hook(" or ".hook(".
 */
void csig_calls(const char *code, size_t from, size_t to,
		const struct table *t, const char *macros, const char *hook,
		struct ccalls *out);
void ccalls_free(struct ccalls *c);

/*
 * The text that replaces text[from, close] (from: the start of the line
 * of the list's head; close: its ")") so that the list holds items:
 * the leading items equal to old's are kept with their lines, the rest
 * laid out at 80 columns (the tail that follows ")" on its line
 * counted), continuation lines indented as old's were, else aligned
 * after the "(".
 */
char *csig_layout(const char *text, size_t from, size_t open, size_t close,
		  const struct cparam *old, int nold, char *const *items,
		  int n);

#endif /* HOOKWRAP_CSIG_H */
