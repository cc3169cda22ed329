/*
 * output.c - findings as gcc prints warnings (the default: editors,
 * kbuild logs and grep read it), as JSON, and as SARIF 2.1.0 for code
 * review tools.  The SARIF shape is described in docs/checker.md.
 */
#include "checker/check.h"
#include "checker/input/baseline.h"
#include "core/version.h"

#include <stdint.h>
#include <string.h>

void out_gcc(FILE *fp, const struct findings *f, int from)
{
	for (int i = from; i < f->n; i++) {
		const struct finding *x = &f->v[i];

		if (x->state == FINDING_UNCHANGED)
			continue;
		finding_line(fp, x->file, x->line, x->col, x->message,
			     x->rule->id);
	}
	fflush(fp);
}

void json_str(FILE *fp, const char *s)
{
	fputc('"', fp);
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			fprintf(fp, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", fp);
		else if (c == '\t')
			fputs("\\t", fp);
		else if (c < 0x20)
			fprintf(fp, "\\u%04x", c);
		else
			fputc(c, fp);
	}
	fputc('"', fp);
}

static void json_fix(FILE *fp, const struct finding *x)
{
	fprintf(fp, ", \"fix\": {\"replacement\": ");
	json_str(fp, x->fix);
	fprintf(fp, ", \"line\": %u, \"column\": %u, \"endLine\": %u, "
		"\"endColumn\": %u}", x->fix_line, x->fix_col,
		x->fix_end_line, x->fix_end_col);
}

void out_json(FILE *fp, const struct findings *f)
{
	int shown = 0;

	fprintf(fp, "{\n  \"tool\": \"hookwrap\",\n  \"version\": ");
	json_str(fp, hookwrap_version);
	fprintf(fp, ",\n  \"findings\": [");
	for (int i = 0; i < f->n; i++) {
		const struct finding *x = &f->v[i];
		char print[17];

		if (x->state == FINDING_UNCHANGED)
			continue;
		finding_fingerprint(x, print);
		fprintf(fp, "%s\n    {\"rule\": ", shown++ ? "," : "");
		json_str(fp, x->rule->id);
		fprintf(fp, ", \"file\": ");
		json_str(fp, x->file);
		fprintf(fp, ", \"line\": %u, \"column\": %u, \"message\": ",
			x->line, x->col);
		json_str(fp, x->message);
		fprintf(fp, ", \"function\": ");
		json_str(fp, x->function);
		fprintf(fp, ", \"fingerprint\": \"%s\"", print);
		if (x->fix)
			json_fix(fp, x);
		if (x->nrelated) {
			fprintf(fp, ", \"related\": [");
			for (int k = 0; k < x->nrelated; k++) {
				const struct related *r = &x->related[k];

				fprintf(fp, "%s{\"file\": ", k ? ", " : "");
				json_str(fp, r->file);
				fprintf(fp, ", \"line\": %u, \"column\": %u, "
					"\"message\": ", r->line, r->col);
				json_str(fp, r->message);
				fputc('}', fp);
			}
			fputc(']', fp);
		}
		fputc('}', fp);
	}
	fprintf(fp, "%s]\n}\n", shown ? "\n  " : "");
	fflush(fp);
}

/*
 * A fingerprint that survives lines moving: the rule, the file, the
 * function, what the finding is about, and how many such came before.
 */
static uint64_t fingerprint(const struct findings *f, int i)
{
	const struct finding *x = &f->v[i];
	const char *file = x->rel ? x->rel : x->file;
	int nth = 0;
	uint64_t h = FNV64_INIT;
	char buf[16];

	for (int k = 0; k < i; k++) {
		const struct finding *y = &f->v[k];

		nth += y->rule == x->rule &&
		       !strcmp(y->rel ? y->rel : y->file, file) &&
		       !strcmp(y->function, x->function) &&
		       !strcmp(y->key, x->key);
	}
	snprintf(buf, sizeof(buf), "%d", nth);
	h = fnv64_field(h, x->rule->id);
	h = fnv64_field(h, file);
	h = fnv64_field(h, x->function);
	h = fnv64_field(h, x->key);
	return fnv64_field(h, buf);
}

/* A path as a URI reference: percent-encode what a URI may not hold. */
static void json_uri(FILE *fp, const char *path)
{
	struct sbuf sb = { 0 };

	for (const char *s = path; *s; s++) {
		unsigned char c = *s;

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || strchr("-._~/!$&'()*+,;=:@", c))
			sb_addc(&sb, c);
		else
			sb_addf(&sb, "%%%02X", c);
	}
	json_str(fp, sb.buf ? sb.buf : "");
	sb_free(&sb);
}

static void sarif_location(FILE *fp, const struct finding *x)
{
	fprintf(fp, "{\"uri\": ");
	json_uri(fp, x->rel ? x->rel : x->file);
	if (x->rel)
		fprintf(fp, ", \"uriBaseId\": \"SRCROOT\"");
	fputc('}', fp);
}

static void sarif_rules(FILE *fp)
{
	for (int i = 0; rules[i]; i++) {
		const struct rule *r = rules[i];

		fprintf(fp, "%s\n            {\"id\": ", i ? "," : "");
		json_str(fp, r->id);
		fprintf(fp, ", \"name\": ");
		json_str(fp, r->name);
		fprintf(fp, ",\n             \"shortDescription\": "
			"{\"text\": ");
		json_str(fp, r->summary);
		fprintf(fp, "},\n             \"fullDescription\": "
			"{\"text\": ");
		json_str(fp, r->help);
		fprintf(fp, "},\n             \"help\": {\"text\": ");
		{
			char *h = xasprintf("%s See docs/rules/%s.md.",
					    r->help, r->id);

			json_str(fp, h);
			free(h);
		}
		fprintf(fp, "},\n             \"defaultConfiguration\": "
			"{\"level\": \"warning\"}}");
	}
}

static int rule_index(const struct rule *r)
{
	for (int i = 0; rules[i]; i++)
		if (rules[i] == r)
			return i;
	return 0;
}

/* The other places of the same root cause, as SARIF relatedLocations. */
static void sarif_related(FILE *fp, const struct finding *x)
{
	fprintf(fp, ",\n         \"relatedLocations\": [");
	for (int k = 0; k < x->nrelated; k++) {
		const struct related *r = &x->related[k];

		fprintf(fp, "%s{\"id\": %d, \"physicalLocation\": "
			"{\"artifactLocation\": {\"uri\": ", k ? ", " : "",
			k + 1);
		json_uri(fp, r->file);
		if (r->file[0] != '/')
			fprintf(fp, ", \"uriBaseId\": \"SRCROOT\"");
		fprintf(fp, "}, \"region\": {\"startLine\": %u, "
			"\"startColumn\": %u}}, \"message\": {\"text\": ",
			r->line, r->col ? r->col : 1);
		json_str(fp, r->message);
		fprintf(fp, "}}");
	}
	fputc(']', fp);
}

/* The baseline's findings no finding of this run matched: "absent". */
static int sarif_absent(FILE *fp, const struct baseline *b, int comma)
{
	int n = 0;

	for (int i = 0; i < b->n; i++) {
		const struct baseline_entry *e = &b->v[i];
		const struct rule *r = rule_find(e->rule);

		if (e->taken)
			continue;
		fprintf(fp, "%s\n        {\"ruleId\": ", comma + n ? "," : "");
		json_str(fp, e->rule);
		if (r)
			fprintf(fp, ", \"ruleIndex\": %d", rule_index(r));
		fprintf(fp, ", \"level\": \"warning\", \"baselineState\": "
			"\"absent\",\n         \"message\": {\"text\": ");
		json_str(fp, e->message);
		fprintf(fp, "}");
		if (*e->file) {
			fprintf(fp, ",\n         \"locations\": "
				"[{\"physicalLocation\": {\"artifactLocation\": "
				"{\"uri\": ");
			json_str(fp, e->file);
			fprintf(fp, "}");
			if (e->line)
				fprintf(fp, ", \"region\": {\"startLine\": %u, "
					"\"startColumn\": %u}", e->line,
					e->col ? e->col : 1);
			fprintf(fp, "}}]");
		}
		fprintf(fp, ",\n         \"partialFingerprints\": "
			"{\"hookwrapFinding/v2\": \"%s\"}}", e->fingerprint);
		n++;
	}
	return n;
}

void out_sarif(FILE *fp, const struct findings *f, const char *tree_uri,
	       const struct baseline *b, int absent)
{
	int n = f->n;

	fprintf(fp, "{\n  \"$schema\": "
		"\"https://json.schemastore.org/sarif-2.1.0.json\",\n"
		"  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n"
		"      \"tool\": {\n        \"driver\": {\n"
		"          \"name\": \"hookwrap\",\n"
		"          \"version\": ");
	json_str(fp, hookwrap_version);
	fprintf(fp, ",\n          \"rules\": [");
	sarif_rules(fp);
	fprintf(fp, "\n          ]\n        }\n      },\n");
	if (tree_uri) {
		fprintf(fp, "      \"originalUriBaseIds\": {\"SRCROOT\": "
			"{\"uri\": ");
		json_uri(fp, tree_uri);
		fprintf(fp, "}},\n");
	}
	fprintf(fp, "      \"results\": [");
	for (int i = 0; i < f->n; i++) {
		const struct finding *x = &f->v[i];
		char print[17];

		fprintf(fp, "%s\n        {\"ruleId\": ", i ? "," : "");
		json_str(fp, x->rule->id);
		fprintf(fp, ", \"ruleIndex\": %d, \"level\": \"warning\",\n"
			"         \"message\": {\"text\": ",
			rule_index(x->rule));
		json_str(fp, x->message);
		fprintf(fp, "},\n         \"locations\": "
			"[{\"physicalLocation\": {\"artifactLocation\": ");
		sarif_location(fp, x);
		fprintf(fp, ", \"region\": {\"startLine\": %u, "
			"\"startColumn\": %u}}", x->line, x->col ? x->col : 1);
		if (*x->function) {
			fprintf(fp, ", \"logicalLocations\": [{\"name\": ");
			json_str(fp, x->function);
			fprintf(fp, ", \"kind\": \"function\"}]");
		}
		finding_fingerprint(x, print);
		fprintf(fp, "}],\n         \"partialFingerprints\": "
			"{\"hookwrapFinding/v1\": \"%016llx\", "
			"\"hookwrapFinding/v2\": \"%s\"}",
			(unsigned long long)fingerprint(f, i), print);
		if (b)
			fprintf(fp, ",\n         \"baselineState\": \"%s\"",
				x->state == FINDING_UNCHANGED ? "unchanged" :
				"new");
		if (x->nrelated)
			sarif_related(fp, x);
		if (x->fix) {
			fprintf(fp, ",\n         \"fixes\": [{\"description\": "
				"{\"text\": ");
			{
				char *d = xasprintf("Call %s()", x->fix);

				json_str(fp, d);
				free(d);
			}
			fprintf(fp, "}, \"artifactChanges\": [{"
				"\"artifactLocation\": ");
			sarif_location(fp, x);
			fprintf(fp, ", \"replacements\": [{\"deletedRegion\": "
				"{\"startLine\": %u, \"startColumn\": %u, "
				"\"endLine\": %u, \"endColumn\": %u}, "
				"\"insertedContent\": {\"text\": ",
				x->fix_line, x->fix_col, x->fix_end_line,
				x->fix_end_col);
			json_str(fp, x->fix);
			fprintf(fp, "}}]}]}]");
		}
		fputc('}', fp);
	}
	if (b && absent)
		n += sarif_absent(fp, b, n);
	fprintf(fp, "%s]\n    }\n  ]\n}\n", n ? "\n      " : "");
	fflush(fp);
}
