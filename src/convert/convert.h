/*
 * convert.h - one file's conversion: the uses the lexical scan found,
 * classified by spatch's sites, turned into edits and reports.
 */
#ifndef HOOKWRAP_CONVERT_H
#define HOOKWRAP_CONVERT_H

#include "convert/lexscan.h"
#include "manifest/manifest.h"
#include "convert/spatch.h"
#include "convert/udiff.h"

struct cfile {
	char *rel;		/* tree-relative path */
	char *text;
	size_t len;
	long long mtime_ns;	/* when it was read: to notice a change */
	struct lex_scan scan;
	int spatch_failed;
	char *why;		/* spatch's complaint when it failed */
	/* results */
	struct edits edits;
	int converted;		/* calls rewritten, fallback ones included */
	int fallback;		/* of those, by the lexical fallback */
	int unknown, direct;	/* reported uses */
	int unparsed;		/* unparsed code, not a plain call: reported */
	int why_told;		/* spatch's failure reason was reported */
	int include_added;
};

/* Mark each use of f with the kind of the matching spatch site. */
void convert_classify(struct cfile *f, const struct site *s);

/*
 * Decide f's edits and print its reports to stderr as
 * "file:line:col: warning: message [rule-id]".
 */
void convert_file(struct cfile *f, const struct table *t,
		  const struct manifest *m);

/*
 * Add "#include <incname>" (the wrapper header) to f: after its last
 * unconditional #include <linux/...>, else its last unconditional
 * #include; with none, a [missing-include] warning.  The caller decides
 * whether f needs it (incgraph.h).
 */
void convert_add_include(struct cfile *f, const char *incname);

void cfile_free(struct cfile *f);

#endif /* HOOKWRAP_CONVERT_H */
