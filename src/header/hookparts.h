/*
 * hookparts.h - a tree whose wrapper header has no markers and whose
 * hooks are dispatched out of line keeps each hook's pieces in files its
 * maintainers write by hand: its dispatcher in the wrappers file
 * (security/security.c), a prototype of it in the output header's
 * CONFIG_SECURITY part and a stub in its CONFIG-off part.  So do the
 * hook-list trees (Linux 4.2 on) and the trees of a static table pointer
 * (2.6.21 to 4.1), where each hook also needs its default in the
 * defaults file and the line of security_fixup_ops() that installs it
 * (header/fixup.h), and the hook-list trees of 4.2 to 5.6 (the union
 * written out, no lsm_hook_defs.h), where each hook also needs its list
 * head in struct security_hook_heads and, up to 4.11, that head's entry
 * in the variable's initialiser (header/heads.h).  The trees whose
 * inline wrappers are gen-header's block (2.5.43 to 2.6.20) keep the
 * block's pieces between its markers, and each hook's default and fixup
 * line in security/dummy.c.  Which pieces each hook has, and where:
 * what stale-wrapper reports and gen-header --in-place writes.
 */
#ifndef HOOKWRAP_HOOKPARTS_H
#define HOOKWRAP_HOOKPARTS_H

#include "header/cscan.h"
#include "header/fixup.h"
#include "manifest/manifest.h"

enum {
	PART_DISP = 1, PART_PROTO = 2, PART_STUB = 4,
	PART_DFLT = 8,		/* the default, cap_H(), in the defaults file */
	PART_FIXUP = 16,	/* its "set_to_cap_if_null(ops, H);" line */
	PART_HEAD = 32,		/* its list head in struct security_hook_heads
				   (written out: 4.2 to 5.6) */
	PART_HINIT = 64,	/* that head's entry in the initialiser of
				   security_hook_heads (4.2 to 4.11) */
};

/* How a tree without markers keeps its hooks' pieces. */
enum parts_era {
	ERA_BLOCK,		/* it does not: gen-header's block, inline */
	ERA_LIST,		/* a hook list (Linux 4.2 on) */
	ERA_OOL,		/* one struct, dispatched out of line through
				   the table pointer (2.6.21 to 4.1) */
};

struct hookpart {
	const char *name;	/* the dispatcher: the manifest's, else the
				   name the wrapper rule gives */
	const struct cdecl *disp;	/* its definition, if found as text */
	const struct cdecl *proto;	/* a prototype, or a static inline
					   dispatcher in the header */
	const struct cdecl *stub;
	char *dflt_name;	/* ERA_OOL with a fixup macro: PREFIX + hook */
	const struct cdecl *dflt;	/* its definition in the defaults file */
	const struct cdecl *fixup;	/* its line in the fixup function */
	const struct cdecl *head;	/* its member of the heads struct */
	const struct cdecl *hinit;	/* its entry in their initialiser */
	int missing;		/* PART_*: a static dispatcher needs no
				   prototype and no stub */
};

struct hookparts {
	enum parts_era era;
	char *c_rel, *h_rel;	/* tree-relative */
	char *c_path, *h_path;	/* as read (under the root given) */
	char *c_text, *h_text;
	struct cscan c, h;
	/* ERA_OOL: the defaults file that has the fixup macro, or NULL. */
	char *d_rel, *d_path, *d_text;
	struct cscan d;
	struct fixup fx;
	/*
	 * ERA_LIST with the heads written out: the table's header (the
	 * union's) that holds them, or NULL; each head; each entry of the
	 * initialiser in the wrappers file, when it has one (hinit_kept).
	 */
	char *l_rel, *l_path, *l_text;
	char *heads_name;	/* the struct's tag and the variable's name */
	struct cscan heads, hinits;
	int hinit_kept;
	struct hookpart *v;	/* one per hook of the manifest */
	int n;
};

/*
 * Does the tree keep its pieces in hand-maintained files, and which?  A
 * hook list with a wrappers file and an output header: ERA_LIST.  No
 * hook list, and at least half of the hooks wrapped out of line in the
 * first 'wrappers' file (the manifest's wrapper_def): ERA_OOL.  Else
 * ERA_BLOCK.  A property of what the tree holds, not of its version.
 */
enum parts_era hookparts_era(const struct table *t, const struct manifest *m);
/* How many hooks the wrappers file wraps out of line (wrapper_def). */
int hookparts_out_of_line(const struct table *t, const struct manifest *m);
/*
 * Does text (a header) name the table's pointer outside comments: can
 * what it defines call through the table?
 */
int hookparts_sees_pointer(const struct table *t, const char *text);
/*
 * Read the wrappers file and the output header under root (for ERA_OOL
 * also the defaults file with the fixup macro, for ERA_LIST the heads
 * written out) and find each hook's pieces.  ERA_BLOCK: only the
 * default and the fixup line, where a defaults file has the macro (the
 * block has the rest).  0, or -1 with the error printed.
 */
int hookparts_read(struct hookparts *hp, const struct table *t,
		   const struct manifest *m, const char *root,
		   enum parts_era era);
/*
 * The same files with new texts (each taken over when not NULL), their
 * pieces found again: after gen-header's rewrites, before it inserts.
 */
void hookparts_retext(struct hookparts *hp, const struct manifest *m,
		      char *c_text, char *h_text, char *d_text);
void hookparts_free(struct hookparts *hp);
/* "hook 'H' has no dispatcher in F, no prototype ... in G" */
char *hookparts_message(const struct hookparts *hp, const struct hook *h,
			const struct hookpart *p);
/* The same without "hook 'H' has ": "no dispatcher in F, ..." */
char *hookparts_missing(const struct hookparts *hp, const struct hookpart *p);

#endif /* HOOKWRAP_HOOKPARTS_H */
