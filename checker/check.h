/*
 * check.h - "hookwrap check": the checker's shared types.
 *
 * The checker is laid out the way smatch is: a front end that takes a
 * compiler's command line one translation unit at a time
 * (src/cmd/cmd_check.c; checker/input/: flags.c, compdb.c, patch.c;
 * checker/run.c, unit.c), an engine that parses the unit with libclang
 * and walks it (walk.c, where.c, text.c), one file per rule
 * (checker/rules/check_*.c, listed once in rules.c), and an output layer
 * (output.c: gcc, JSON and SARIF).
 *
 * A rule sees the unit through hooks: every use of the table pointer,
 * or of a symbol the table description calls internal, arrives as a
 * struct table_ref, every diagnostic libclang gave as a
 * CXDiagnostic, and tree-level rules get one call per run.  A rule
 * reports with report().
 */
#ifndef HOOKWRAP_CHECK_H
#define HOOKWRAP_CHECK_H

#include <clang-c/Index.h>
#include <stdio.h>

#include "manifest/manifest.h"
#include "core/table.h"
#include "core/util.h"

struct check_ctx;

/* What a use of the table pointer is. */
enum ref_kind {
	REF_CALL,	/* security_ops->x(...) or (*security_ops->x)(...) */
	REF_MEMBER,	/* security_ops->x, not called */
	REF_POINTER,	/* the pointer itself: assigned, compared, passed */
	REF_INTERNAL,	/* a symbol of the table's home ('internal') */
};

/* Where something is, as the user will read it. */
struct where {
	char *file;		/* path to print */
	char *rel;		/* tree-relative path */
	unsigned line, col;
	char *macro;		/* the macro it came from, or NULL */
	char *macro_def;	/* "file:line" of that macro, or NULL */
};

struct table_ref {
	enum ref_kind kind;
	const char *member;	/* REF_CALL, REF_MEMBER: the member named */
	const char *symbol;	/* REF_INTERNAL: the symbol named */
	const char *op;		/* "->" (a pointer) or "." (a struct) */
	const struct hook *hook;	/* its hook, NULL if it is not one */
	int data_member;	/* a member the table lists under skip */
	const char *context;	/* "assigned", "compared", "read", ... */
	const char *function;	/* enclosing function, or "" */
	struct where at;
	/* The text a fix-it replaces (the callee), when not in a macro. */
	int has_fix;
	unsigned fix_line, fix_col, fix_end_line, fix_end_col;
	CXCursor cursor;
};

struct rule {
	const char *id;		/* stable: "direct-ops-call" */
	const char *name;	/* SARIF rule name: "DirectOpsCall" */
	const char *summary;	/* one line */
	const char *help;	/* a paragraph: why, and what to do */
	/* Per use of the table pointer outside the allow-list. */
	void (*on_ref)(struct check_ctx *cx, const struct table_ref *r);
	/* Per error diagnostic in a file the checker reports on. */
	void (*on_diag)(struct check_ctx *cx, CXDiagnostic d,
			const struct where *at);
	/* Once per run for rules about the tree, not one unit. */
	void (*on_tree)(struct check_ctx *cx);
	/* Once per unit, after its walk (cx->tu is the unit). */
	void (*on_unit)(struct check_ctx *cx);
};

/* rules.c: every rule, NULL-terminated; a new rule is one line there. */
extern const struct rule *const rules[];
const struct rule *rule_find(const char *id);

struct finding {
	const struct rule *rule;
	char *file;		/* as printed */
	char *rel;		/* tree-relative, or NULL: not in the tree */
	unsigned line, col;
	char *message;
	char *function;		/* for fingerprints; may be "" */
	char *key;		/* what it is about, for fingerprints */
	char *fix;		/* replacement text, or NULL */
	unsigned fix_line, fix_col, fix_end_line, fix_end_col;
	enum { FINDING_PLAIN, FINDING_NEW, FINDING_UNCHANGED } state;
				/* against a baseline (--baseline) */
	/*
	 * The other places of the same root cause (a sleep reached from
	 * several atomic regions: one finding, its entry points here).
	 */
	struct related {
		char *file;
		unsigned line, col;
		char *message;
	} *related;
	int nrelated;
};

struct findings {
	struct finding *v;
	int n, cap;
};

/* Lines a patch adds, per tree-relative file (patch.c). */
struct added_lines;

struct check_ctx {
	const struct table *t;
	const struct manifest *m;
	const char *tree;	/* as given or found */
	char *tree_abs;		/* realpath of the tree */
	const char *tree_shown;	/* the tree in messages */
	struct findings *out;
	/* The unit being checked. */
	CXTranslationUnit tu;
	CXFile main_file;
	const char *main_shown;	/* main file as given */
	char *main_rel;		/* main file, tree-relative, or NULL */
	/* Path rewriting: a shadow tree prints as the real one. */
	const char *shadow;	/* absolute shadow root, or NULL */
	const struct added_lines *only;	/* report only these lines */
	/* Per-unit caches (walk.c, where.c). */
	void *walk;
	const char *db;		/* --db: the facts database, or NULL */
	int header_linked;	/* only headers link the unit: no sleep rules */
	int all_stubs;		/* --all-stubs: every stub that differs */
	int no_group;		/* --no-group: a sleep finding per entry */
	int rt;			/* --rt: a PREEMPT_RT review */
	int failed;		/* a rule could not do its job (exit 2) */
};

/* findings.c */
void report(struct check_ctx *cx, const struct rule *rule,
	    const struct where *at, const char *key, const char *function,
	    const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* A finding without the checks report() makes (message taken). */
struct finding *finding_add(struct findings *out, const struct rule *rule,
			    const char *file, unsigned line, unsigned col,
			    char *message);
/* The last finding reported, to attach a fix-it to. */
struct finding *last_finding(struct check_ctx *cx);
/* Add a related place to finding x (file and message copied). */
void finding_relate(struct finding *x, const char *file, unsigned line,
		    unsigned col, const char *message);
void findings_sort(struct findings *f, int from);
void findings_free(struct findings *f);
/*
 * What a finding is, whatever line it sits on: its rule, file, function,
 * key, and its message with every ":LINE" and ":LINE:COL" taken out (a
 * chain's steps stay, their lines go).  16 hex digits into buf[17].
 * SARIF's partialFingerprints."hookwrapFinding/v2", JSON's
 * "fingerprint": what --baseline matches.
 */
void finding_fingerprint(const struct finding *x, char buf[17]);
/*
 * Findings [from, n) against the baseline: each state set to NEW or
 * UNCHANGED (a baseline entry matches one finding).  Returns how many
 * are new.
 */
struct baseline;
int findings_baseline(struct findings *f, int from, struct baseline *b);
/* How many are shown: all but those a baseline holds. */
int findings_shown(const struct findings *f);
void where_free(struct where *w);


/*
 * suppress.c: does a "hookwrap: ignore [RULE...]" comment on the line or
 * the line above silence rule there?
 */
int suppressed(const struct check_ctx *cx, const struct where *at,
	       const char *rule);
/* The same for text [s, end): the finding's line and the one above. */
int suppressed_span(const char *s, const char *end, const char *rule);

/* output.c */
enum out_format { OUT_GCC, OUT_JSON, OUT_SARIF };
/* gcc format: one line per finding, as they come; JSON the same.  Both
   leave out the findings a baseline holds (FINDING_UNCHANGED). */
void out_gcc(FILE *fp, const struct findings *f, int from);
void out_json(FILE *fp, const struct findings *f);
/*
 * With b (a --baseline), each result says its baselineState, "new" or
 * "unchanged"; with absent too, the baseline's findings no finding
 * matched follow as "absent" (report: the whole build's facts).
 */
void out_sarif(FILE *fp, const struct findings *f, const char *tree_uri,
	       const struct baseline *b, int absent);
/* JSON string, quoted and escaped. */
void json_str(FILE *fp, const char *s);

/* findings.c: note on stderr: "file:line:col: note: ..." (gcc style). */
void note_at(const char *file, unsigned line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* findings.c: edit distance, for "did you mean". */
int edit_distance(const char *a, const char *b);

#endif /* HOOKWRAP_CHECK_H */
