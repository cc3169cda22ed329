/*
 * manifest.h - the hook manifest: one row per hook of the table, in
 * struct order.  Built from the tree (manifest.c, hooks.c, defaults.c),
 * written and read as TSV (manifest_tsv.c); everything downstream reads
 * this.
 */
#ifndef HOOKWRAP_MANIFEST_H
#define HOOKWRAP_MANIFEST_H

#include <stdio.h>

#include "core/table.h"

enum stub_kind {
	STUB_ZERO,	/* no default found: "return 0;" or "{ }" */
	STUB_NOOP,	/* the default is an empty void function: "{ }" */
	STUB_CONST,	/* the default returns a constant: "return -EPERM;" */
	STUB_CALL,	/* the default does work: call it */
	STUB_INLINE,	/* a static default using only its parameters: its body */
	STUB_CONFIG,	/* stub.HOOK in the table description */
	STUB_TREE,	/* the tree's own CONFIG-off stub (treestubs.c) */
};

struct param {
	char *decl;		/* "struct inode *inode" */
	char *name;		/* "inode" */
	int invented;		/* the struct left it unnamed */
};

struct hook {
	char *member;
	char *wrapper;
	const char *wrapper_from;	/* "header", "tree", "rule", "config" */
	char *wrapper_def;	/* "file:line" of an out-of-line wrapper */
	char *ret;		/* "int", "void", "struct dentry *" */
	int is_void;
	struct param *params;
	int nparams;
	struct strv guard;	/* atoms, outermost first */
	char *stub;		/* stub body: "return 0;", "{ }", ... */
	enum stub_kind stub_kind;
	char *dflt;		/* default implementation, or NULL */
	char *dflt_where;	/* its definition, "file:line" */
	int dflt_static;	/* static, and not a static inline of the
				   stubs' header: a stub cannot call it */
	char *where;		/* the member, "header:line" */
	int policy;		/* enum policy: how the wrapper calls */
	char *list_default;	/* DEFAULT of the X-macro entry, if any */
	char *dispatcher;	/* the tree's function that calls the hook */
	char *dispatcher_where;	/* its definition, "file:line"; not in the
				   TSV (dispatch.c) */
	int dispatcher_static;	/* it is static: no prototype, no stub */
	char *may_sleep;	/* an implementation that may sleep, or NULL */
	/*
	 * When the tree's header has its own stub and it differs from the
	 * one inferred from the defaults: the tree's is "stub", the
	 * inferred one is here (TSV column stub_inferred); else NULL.
	 */
	char *stub_inferred;
	/*
	 * The macros a stub copied from a default uses ("NAME\tFILE": the
	 * include name of the header that defines it, as the default's
	 * file saw it), so that gen-header can include what the wrapper
	 * header does not see (defaults.c); built only.
	 */
	struct strv stub_macros;
	char *tree_stub_at;	/* "path:line" of that stub; built only */
	/*
	 * Why a fact of the hook may be missing: its declaration, a
	 * function that runs it or its default does not type-check (an
	 * unresolved type or name); the first reason found, and the
	 * error's "path:line" (incomplete.c).  NULL for a complete hook;
	 * built only.
	 */
	char *incomplete;
	char *incomplete_at;
	/*
	 * "path:line" of a default whose body does not compile here, so
	 * that the stub calls it rather than copy it (defaults.c): said by
	 * manifest_warn_stubs, where stubs are written; built only.
	 */
	char *dflt_unread_at;
};

struct manifest {
	char *struct_name;
	char *pointer;
	char *header;
	struct hook *hooks;
	int n, cap;
	/*
	 * The files the build read or looked for (absolute paths), empty
	 * for a manifest read from TSV: what a cached copy depends on.
	 */
	struct strv inputs;
	/*
	 * How the tree's dispatchers are written (dispatch.c), for code
	 * that writes one; not in the TSV.  forms: each dispatch macro the
	 * 'wrappers' files expand, with the named parameters of its
	 * definition (call_int_hook: 1 on 6.12, 2 on 6.1: FUNC, IRC).
	 * kernel_doc: at least half of their dispatchers have a kernel-doc
	 * comment.
	 */
	struct manifest_form {
		char *macro;
		int named;
	} *forms;
	int nforms;
	int kernel_doc;
	/* Every macro the table's header defines or sees (hooks.c). */
	struct strv header_macros;
	/* Stubs the header had for hooks (treestubs.c); built only. */
	int tree_stubs;		/* found, taken or equal */
	int tree_stubs_adapted;	/* other parameters: not compared */
	/*
	 * None of the table's default files exists (an out-of-tree module,
	 * a trimmed tree): the files looked for, "'FILE ...'"; the tree;
	 * and how many hooks got the fallback stub for want of a table.
	 * Only the commands that write stubs say so (manifest_warn_stubs).
	 */
	char *no_defaults;
	char *no_defaults_at;
	int stub_fallbacks;
};

struct frontend;

/* Read the struct and the wrappers from the header (hooks.c). */
int hooks_read(struct frontend *fe, struct manifest *m);
/* Fill in stub bodies from the default tables (defaults.c). */
int defaults_infer(struct frontend *fe, struct manifest *m);
/*
 * Take the tree's own CONFIG-off stubs over the inferred ones
 * (treestubs.c); after defaults_infer().
 */
int treestubs_read(struct frontend *fe, struct manifest *m);
/*
 * Warn of the stubs that call a default they cannot reach (static in
 * another file) or whose body does not compile here, and once of the
 * fallback stubs a tree without a default table got: for the commands
 * that write stubs (manifest, gen-header), on a manifest just built,
 * once per run.
 */
void manifest_warn_stubs(const struct manifest *m);
/*
 * Does tree lack every defaults file of t (and t does not require them,
 * as a hookwrap.conf's 'defaults' does)?  Then every stub is the
 * fallback, and nothing can say what a stub should be.
 */
int defaults_absent(const struct table *t, const char *tree);
/* Both, for a tree: the whole manifest.  Returns 0 or -1 (reported). */
int manifest_build(const struct table *t, const char *tree,
		   struct manifest *m);

struct hook *manifest_add(struct manifest *m);
struct hook *manifest_find(const struct manifest *m, const char *member);
/* "struct inode *inode, int mask" or "void". */
char *hook_params_text(const struct hook *h);
/* "inode, mask" */
char *hook_args_text(const struct hook *h);
/* "CONFIG_SECURITY && CONFIG_SECURITY_NETWORK" */
char *hook_guard_text(const struct hook *h);

/* The TSV form (docs/manifest.md; manifest_tsv.c). */
extern const char *const manifest_columns[];
void manifest_write_tsv(const struct manifest *m, FILE *out);
/*
 * Parse a manifest from buf (len bytes, NULs included): the reader's
 * entry point for any source, with no state outside its arguments.
 * Returns 0, or -1 with *line (1-based) and *why (owned by the caller)
 * saying what is wrong, and m empty.
 */
int manifest_parse_tsv(const char *buf, size_t len, struct manifest *m,
		       unsigned *line, char **why);
/* manifest_parse_tsv() on a file; prints "path:line: error: ...". */
int manifest_read_tsv(const char *path, struct manifest *m);
void manifest_free(struct manifest *m);
/* Fill may_sleep from a facts database (maysleep.c); 0 or -1. */
int manifest_may_sleep(struct manifest *m, const char *db_path);

/*
 * The marker lines around the block gen-header writes into the header
 * (header/genheader.c).  Here because the manifest reads the header
 * too: a default defined as a static inline above the block is one a
 * stub may call (defaults.c).
 */
#define GEN_BEGIN "/* hookwrap: begin generated wrappers */"
#define GEN_END "/* hookwrap: end generated wrappers */"
/*
 * markers.c: the start of the first line of text that begins with
 * marker, or NULL; *count says how many lines do, *line is the first's.
 */
const char *markers_find(const char *text, const char *marker, int *count,
			 unsigned *line);
/*
 * How many begin markers text has (0: no region yet); the lines of the
 * first begin and end markers in *begin and *end (0 when missing).
 */
int markers_lines(const char *text, unsigned *begin, unsigned *end);

#endif /* HOOKWRAP_MANIFEST_H */
