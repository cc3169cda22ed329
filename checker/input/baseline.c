/*
 * baseline.c - a saved report read as a baseline (baseline.h): hookwrap's
 * JSON or its SARIF, each finding's rule and fingerprint (and, for the
 * SARIF of a later run, where it was and what it said).  json-c parses;
 * this file takes the findings out and matches them.
 */
#include "checker/input/baseline.h"
#include "checker/input/jsonin.h"

#include <errno.h>
#include <string.h>

#define MAX_DEPTH 32		/* SARIF's results nest 8 deep */
#define FP_KEY "hookwrapFinding/v2"

static int is_fingerprint(const char *s)
{
	size_t n = strlen(s);

	return n == 16 && strspn(s, "0123456789abcdef") == n;
}

/* An unsigned member (line, column), 0 when absent or not a number. */
static unsigned get_uint(json_object *o, const char *key)
{
	json_object *v;
	int64_t n;

	if (!o || !json_object_object_get_ex(o, key, &v) ||
	    !json_object_is_type(v, json_type_int))
		return 0;
	n = json_object_get_int64(v);
	return n > 0 && n < 1000000000 ? (unsigned)n : 0;
}

static const char *get_str(json_object *o, const char *key)
{
	const char *s;

	return o && json_member_string(o, key, &s) == 1 ? s : NULL;
}

static json_object *get(json_object *o, const char *key, json_type type)
{
	json_object *v;

	if (!o || !json_object_object_get_ex(o, key, &v) ||
	    !json_object_is_type(v, type))
		return NULL;
	return v;
}

static void add(struct baseline *b, int *cap, const char *rule,
		const char *fp, const char *file, unsigned line, unsigned col,
		const char *message)
{
	struct baseline_entry *e;

	ARRAY_GROW(b->v, *cap, b->n + 1, 16);
	e = &b->v[b->n++];
	memset(e, 0, sizeof(*e));
	e->rule = xstrdup(rule);
	e->fingerprint = xstrdup(fp);
	e->file = xstrdup(file ? file : "");
	e->message = xstrdup(message ? message : "");
	e->line = line;
	e->col = col;
}

/* hookwrap's JSON: findings[], each {rule, file, line, ..., fingerprint}. */
static const char *from_json(json_object *top, struct baseline *b, int *cap,
			     size_t *bad)
{
	json_object *list = get(top, "findings", json_type_array);
	size_t n;

	if (!list)
		return "a hookwrap JSON report has a \"findings\" list";
	n = json_object_array_length(list);
	for (size_t i = 0; i < n; i++) {
		json_object *x = json_object_array_get_idx(list, i);
		const char *rule = get_str(x, "rule");
		const char *fp = get_str(x, "fingerprint");

		*bad = i + 1;
		if (!json_object_is_type(x, json_type_object) || !rule)
			return "a finding without its \"rule\"";
		if (!fp)
			return "a finding without its \"fingerprint\" (saved "
			       "by a hookwrap without baselines?): save the "
			       "baseline again with this hookwrap";
		if (!is_fingerprint(fp))
			return "a \"fingerprint\" is 16 hex digits";
		add(b, cap, rule, fp, get_str(x, "file"), get_uint(x, "line"),
		    get_uint(x, "column"), get_str(x, "message"));
	}
	return NULL;
}

/* SARIF: runs[].results[], each {ruleId, partialFingerprints, ...}. */
static const char *from_sarif(json_object *top, struct baseline *b,
			      int *cap, size_t *bad)
{
	json_object *runs = get(top, "runs", json_type_array);
	size_t nr;

	if (!runs)
		return "a SARIF log has a \"runs\" list";
	nr = json_object_array_length(runs);
	for (size_t r = 0; r < nr; r++) {
		json_object *run = json_object_array_get_idx(runs, r);
		json_object *res = get(run, "results", json_type_array);
		size_t n = res ? json_object_array_length(res) : 0;

		for (size_t i = 0; i < n; i++) {
			json_object *x = json_object_array_get_idx(res, i);
			json_object *fps = get(x, "partialFingerprints",
					       json_type_object);
			json_object *loc = get(x, "locations",
					       json_type_array);
			json_object *pl = NULL, *region, *art;
			const char *rule = get_str(x, "ruleId");
			const char *fp = get_str(fps, FP_KEY);
			const char *state = get_str(x, "baselineState");

			*bad = i + 1;
			if (!rule)
				return "a result without its \"ruleId\"";
			if (!fp)
				return "a result without the fingerprint "
				       "partialFingerprints.\"" FP_KEY "\" (not "
				       "hookwrap's, or saved by a hookwrap "
				       "without baselines): save the baseline "
				       "again with this hookwrap";
			if (!is_fingerprint(fp))
				return "a fingerprint is 16 hex digits";
			/* A baseline run's own "absent" results are gone. */
			if (state && !strcmp(state, "absent"))
				continue;
			if (loc && json_object_array_length(loc))
				pl = get(json_object_array_get_idx(loc, 0),
					 "physicalLocation", json_type_object);
			region = get(pl, "region", json_type_object);
			art = get(pl, "artifactLocation", json_type_object);
			add(b, cap, rule, fp, get_str(art, "uri"),
			    get_uint(region, "startLine"),
			    get_uint(region, "startColumn"),
			    get_str(get(x, "message", json_type_object),
				    "text"));
		}
	}
	return NULL;
}

static int cmp_entry(const void *pa, const void *pb)
{
	const struct baseline_entry *a = pa, *b = pb;
	int c = strcmp(a->fingerprint, b->fingerprint);

	return c ? c : strcmp(a->rule, b->rule);
}

int baseline_parse(const char *text, size_t len, const char *source,
		   struct baseline *b)
{
	json_object *top;
	const char *why;
	size_t bad = 0;
	int cap = 0;

	memset(b, 0, sizeof(*b));
	top = json_parse_strict(text, len, source, "report", MAX_DEPTH);
	if (!top)
		return -1;
	if (!json_object_is_type(top, json_type_object))
		why = "expected hookwrap's JSON report or a SARIF log "
		      "(an object)";
	else if (get(top, "runs", json_type_array))
		why = from_sarif(top, b, &cap, &bad);
	else if (get_str(top, "tool") && !strcmp(get_str(top, "tool"),
						 "hookwrap"))
		why = from_json(top, b, &cap, &bad);
	else
		why = "neither hookwrap's JSON report (\"tool\": \"hookwrap\") "
		      "nor a SARIF log (\"runs\"): save one with "
		      "--format=json or --format=sarif";
	json_object_put(top);
	if (why) {
		if (bad)
			error_at(source, 0, "not a baseline: finding %zu: %s",
				 bad, why);
		else
			error_at(source, 0, "not a baseline: %s", why);
		baseline_free(b);
		return -1;
	}
	b->source = xstrdup(source);
	if (b->n > 1)
		qsort(b->v, b->n, sizeof(*b->v), cmp_entry);
	return 0;
}

int baseline_read(const char *path, struct baseline *b)
{
	size_t len = 0;
	char *text = read_file(path, &len);
	int ret;

	memset(b, 0, sizeof(*b));
	if (!text) {
		error_at(path, 0, "cannot read the baseline: %s; save one with "
			 "'hookwrap report --format=json ... > FILE'",
			 strerror(errno));
		return -1;
	}
	ret = baseline_parse(text, len, path, b);
	free(text);
	return ret;
}

void baseline_free(struct baseline *b)
{
	for (int i = 0; i < b->n; i++) {
		free(b->v[i].rule);
		free(b->v[i].fingerprint);
		free(b->v[i].file);
		free(b->v[i].message);
	}
	free(b->v);
	free(b->source);
	memset(b, 0, sizeof(*b));
}

int baseline_take(struct baseline *b, const char *rule,
		  const char *fingerprint)
{
	struct baseline_entry key = { .rule = (char *)rule,
				      .fingerprint = (char *)fingerprint };
	struct baseline_entry *e = bsearch(&key, b->v, b->n, sizeof(*b->v),
					   cmp_entry);

	if (!e)
		return 0;
	/* The first of its equals, then the first not taken. */
	while (e > b->v && !cmp_entry(e - 1, &key))
		e--;
	for (; e < b->v + b->n && !cmp_entry(e, &key); e++) {
		if (!e->taken) {
			e->taken = 1;
			return 1;
		}
	}
	return 0;
}
