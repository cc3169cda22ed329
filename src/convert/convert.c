/*
 * convert.c - from classified uses to edits and reports, one file.
 *
 * spatch says what each use is (a hook call, an unknown member, a use
 * as a value, a use inside a wrapper); the lexical scan says which
 * bytes it occupies.  Only "security_ops->member" is replaced, by the
 * wrapper name: the arguments, spacing and comments are not touched.
 * A use spatch did not classify means spatch could not parse the code
 * around it: an unambiguous call there is converted all the same, from
 * the lexical scan alone, and every such use is reported.
 */
#include "convert/convert.h"

#include <stdio.h>
#include <string.h>

static const char *const kinds[] = { "direct", "unknown", "call", "inwrap" };

/* The static name of kind, NULL if unknown; its rank in *rank. */
static const char *kind_of(const char *kind, int *rank)
{
	for (size_t i = 0; i < ARRAY_SIZE(kinds); i++) {
		if (kind && !strcmp(kind, kinds[i])) {
			*rank = i + 1;
			return kinds[i];
		}
	}
	*rank = 0;
	return NULL;
}

void convert_classify(struct cfile *f, const struct site *s)
{
	struct use *hit = NULL;
	const char *kind;
	int rank, old;

	for (int i = 0; i < f->scan.n && !hit; i++) {
		struct use *u = &f->scan.v[i];

		if (u->line == s->line && u->col == s->col &&
		    !strcmp(u->member, s->name))
			hit = u;
	}
	/* Columns may disagree (multi-byte characters): same line, name. */
	for (int i = 0; i < f->scan.n && !hit; i++) {
		struct use *u = &f->scan.v[i];

		if (u->line == s->line && !u->kind &&
		    !strcmp(u->member, s->name))
			hit = u;
	}
	kind = kind_of(s->kind, &rank);
	if (!hit || !kind)
		return;
	kind_of(hit->kind, &old);
	if (rank > old)
		hit->kind = kind;
}

/* Is name one of the manifest's wrappers? */
static int is_wrapper(const struct manifest *m, const char *name)
{
	for (int i = 0; name && i < m->n; i++)
		if (!strcmp(m->hooks[i].wrapper, name))
			return 1;
	return 0;
}

/*
 * A use spatch did not classify: the code around it is a region spatch
 * could not parse, or spatch failed on the whole file.  An unambiguous
 * call of a known hook gets the same edit as spatch's calls, reported;
 * anything else is reported and left alone, never guessed.
 */
static void fallback(struct cfile *f, struct use *u, const struct table *t,
		     const struct manifest *m)
{
	struct hook *h = manifest_find(m, u->member);
	char *why;

	if (f->spatch_failed && !f->why_told) {
		why = xasprintf("spatch failed on this file (%s)",
				f->why ? f->why : "no message");
		f->why_told = 1;
	} else if (f->spatch_failed) {
		why = xstrdup("spatch failed on this file");
	} else {
		why = xstrdup("spatch could not parse the code around it");
	}
	if (u->is_call && !h && !u->operand) {
		diag_at(f->rel, u->line, u->col + 1, "warning",
			"%s->%s() is not a hook of struct %s; left alone "
			"[unknown-hook]", t->pointer, u->member,
			m->struct_name);
		f->unknown++;
	} else if (u->is_call && !u->operand && !is_wrapper(m, u->func)) {
		edits_add(&f->edits, u->off, u->end, h->wrapper);
		u->converted = 1;
		diag_at(f->rel, u->line, u->col + 1, "warning",
			"%s->%s() converted by the lexical fallback: %s "
			"[converted-by-fallback]", t->pointer, u->member, why);
		f->converted++;
		f->fallback++;
	} else {
		diag_at(f->rel, u->line, u->col + 1, "warning",
			"%s->%s here is not a plain call and %s; left alone, "
			"convert it by hand [unparsed-use]", t->pointer,
			u->member, why);
		f->unparsed++;
	}
	free(why);
}

void convert_add_include(struct cfile *f, const char *incname)
{
	size_t at = f->scan.after_linux_include;
	char *line;

	if (!at)
		at = f->scan.after_any_include;
	if (!at) {
		diag_at(f->rel, 1, 1, "warning", "converted calls need <%s> "
			"and the file has no #include to put it after; add it "
			"by hand [missing-include]", incname);
		return;
	}
	line = xasprintf("%s#include <%s>\n",
			 f->text[at - 1] == '\n' ? "" : "\n", incname);
	edits_add(&f->edits, at, at, line);
	free(line);
	f->include_added = 1;
}

void convert_file(struct cfile *f, const struct table *t,
		  const struct manifest *m)
{
	for (int i = 0; i < f->scan.n; i++) {
		struct use *u = &f->scan.v[i];
		struct hook *h = manifest_find(m, u->member);

		if (!u->kind || f->spatch_failed) {
			fallback(f, u, t, m);
		} else if (!strcmp(u->kind, "call") && h) {
			edits_add(&f->edits, u->off, u->end, h->wrapper);
			u->converted = 1;
			f->converted++;
		} else if (!strcmp(u->kind, "call") ||
			   !strcmp(u->kind, "unknown")) {
			diag_at(f->rel, u->line, u->col + 1, "warning",
				"%s->%s() is not a hook of struct %s; left "
				"alone [unknown-hook]", t->pointer, u->member,
				m->struct_name);
			f->unknown++;
		} else if (!strcmp(u->kind, "direct")) {
			diag_at(f->rel, u->line, u->col + 1, "warning",
				"%s->%s used as a value, not called; not "
				"rewritten [direct-ops-use]", t->pointer,
				u->member);
			f->direct++;
		}
	}
}

void cfile_free(struct cfile *f)
{
	free(f->rel);
	free(f->text);
	free(f->why);
	scan_free(&f->scan);
	edits_free(&f->edits);
}
