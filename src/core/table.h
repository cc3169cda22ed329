/*
 * table.h - the description of one ops table: what hookwrap needs to
 * know about a tree before it parses anything.  Filled from a built-in
 * profile (profiles.c) or from a hookwrap.conf file (config.c).
 */
#ifndef HOOKWRAP_TABLE_H
#define HOOKWRAP_TABLE_H

#include "core/util.h"

/* A per-hook override: "wrapper.HOOK = name" or "stub.HOOK = text". */
struct override {
	char *hook;
	char *value;
};

struct overrides {
	struct override *v;
	int n, cap;
};

struct table {
	char *origin;		/* "profile lsm" or the config file's path */
	char *struct_name;	/* security_operations */
	char *pointer;		/* security_ops */
	char *header;		/* header that defines the struct, tree-relative */
	char *output;		/* header that holds the wrappers */
	char *prefix;		/* wrapper prefix: security_ */
	char *config;		/* CONFIG symbol that turns the table on */
	struct strv strip_suffix;	/* dropped from a member's end: _security */
	struct strv defaults;	/* files holding default tables, first wins */
	int defaults_strict;	/* every listed defaults file must exist */
	struct strv allow;	/* files that may touch the table directly */
	struct strv internal;	/* its private symbols: NAME or PREFIX* */
	struct strv internal_home;	/* files, and dirs/, that may use them */
	struct strv wrappers;	/* files besides the header with wrappers */
	char *hook_list;	/* X-macro list the struct is built from */
	char *hook_macro;	/* its macro: LSM_HOOK(RET, DEFAULT, NAME, ...) */
	int hook_list_strict;	/* the hook list must exist (a config said) */
	struct strv skip;	/* members that are data, not hooks */
	struct strv data_members;	/* the same, known to the profile:
					   NAME or PREFIX* */
	struct strv dispatch_macro;	/* "NAME:POS": a macro whose argument
					   POS (1-based) names the hook it runs */
	struct strv cflags;	/* extra compiler flags for the parse */
	char *arch;		/* asm directory to use for old trees */
	struct overrides wrapper;	/* member -> wrapper name */
	struct overrides stub;	/* member -> stub body */
	char *guard;		/* guard policy of every wrapper: "none" */
	struct overrides guard_hook;	/* member -> guard policy */
};

/* A built-in profile (profiles.c): its key = value pairs, as data. */
struct table_profile_def {
	const char *name;
	const char *conf[20][2];	/* key, value; as in hookwrap.conf;
					   ends at a NULL key */
};
/* The built-in profile called name, or NULL (profiles.c). */
const struct table_profile_def *table_profile_find(const char *name);
/* Names of the built-in profiles, NULL-terminated (profiles.c). */
extern const char *const table_profile_names[];
/* Fill t from the profile called name; 0 on success, -1 if unknown. */
int table_profile(struct table *t, const char *name);

/* Read a hookwrap.conf file into t; prints file:line errors, -1 on error. */
int table_read_config(struct table *t, const char *path);
/*
 * The same for the text buf[0..len) (no file system, no global state):
 * path names it in messages.  Text with a NUL byte is refused.
 */
int table_parse_config(struct table *t, const char *buf, size_t len,
		       const char *path);

/*
 * Find the table description for a tree: --config FILE when given, else
 * TREE/hookwrap.conf, else the profile whose header the tree has.
 * Prints the error and returns -1 when none applies.
 */
int table_load(struct table *t, const char *tree, const char *config,
	       const char *profile);

const char *override_get(const struct overrides *o, const char *hook);
void override_set(struct overrides *o, const char *hook, const char *value);

/* The wrapper name the naming rule gives a member (no overrides). */
char *table_rule_wrapper(const struct table *t, const char *member);
/* Is tree-relative path on the allow-list? */
int table_allows(const struct table *t, const char *relpath);
/* Is member a data member: under 'skip', or matching 'data-members'? */
int table_is_data_member(const struct table *t, const char *member);
/*
 * The argument (1-based) of macro name that names the hook, when name is
 * a 'dispatch-macro'; else 0.
 */
int table_dispatch_pos(const struct table *t, const char *name);
/* Does name match an 'internal' entry: NAME exactly, or PREFIX* ? */
int table_is_internal(const struct table *t, const char *name);
/*
 * May tree-relative path use the internals?  Entries of 'internal-home'
 * ending in '/' take a whole directory; without that key, the allow-list.
 */
int table_internal_home(const struct table *t, const char *relpath);

void table_free(struct table *t);

#endif /* HOOKWRAP_TABLE_H */
