/*
 * baseline.h - a report saved earlier ("hookwrap report --format=json"
 * or sarif, or the same of "hookwrap check"), read as the baseline of
 * --baseline FILE: the findings a tree already had, so that only new
 * ones are shown.  A finding is known by its rule and its fingerprint
 * (checker/findings.c: finding_fingerprint), which holds no line
 * number: a patch that only moves lines matches its baseline.
 */
#ifndef HOOKWRAP_BASELINE_H
#define HOOKWRAP_BASELINE_H

#include "core/util.h"

struct baseline_entry {
	char *rule;
	char *fingerprint;	/* 16 hex digits */
	char *file, *message;	/* as saved: for an absent finding */
	unsigned line, col;
	int taken;		/* matched by a finding of this run */
};

struct baseline {
	char *source;		/* the file, as messages name it */
	struct baseline_entry *v;	/* sorted by fingerprint, then rule */
	int n;
};

/*
 * Parse text[0..len): a hookwrap JSON report ({"tool": "hookwrap",
 * "findings": [...]}, each with "rule" and "fingerprint") or a SARIF
 * 2.1.0 log of hookwrap's (runs[].results[], each with "ruleId" and
 * partialFingerprints."hookwrapFinding/v2").  No file system, no global
 * state.  Prints "source:line: error: ..." and returns -1 (b is then
 * empty) on anything else.
 */
int baseline_parse(const char *text, size_t len, const char *source,
		   struct baseline *b);
/* Read and parse the file at path. */
int baseline_read(const char *path, struct baseline *b);
void baseline_free(struct baseline *b);

/*
 * A finding of this run with this rule and fingerprint: 1 when the
 * baseline holds one not matched yet (now matched), else 0.  Each entry
 * matches once: two like findings need two in the baseline.
 */
int baseline_take(struct baseline *b, const char *rule,
		  const char *fingerprint);

#endif /* HOOKWRAP_BASELINE_H */
