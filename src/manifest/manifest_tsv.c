/*
 * manifest_tsv.c - the manifest's TSV form (docs/manifest.md): a header
 * row naming the columns, then one row per hook in struct order.  The
 * reader takes a buffer and keeps no state outside its arguments, so
 * that it can be fed anything (a fuzzer, a cache file); bad input is one
 * error with its line, never a crash and never half a manifest.
 */
#include "manifest/manifest.h"
#include "manifest/policy.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const manifest_columns[] = {
	"member", "wrapper", "return", "params", "args", "guard", "stub",
	"default", "location", "wrapper_def", "policy", "dispatcher", "may_sleep", "stub_inferred", NULL,
};
enum { NCOLS = 14 };

/* No line of a manifest comes near this; no manifest near the size. */
#define TSV_MAX_LINE 65536
#define TSV_MAX_SIZE (64u << 20)

static const char how[] = "make one with 'hookwrap manifest TREE > FILE' "
			  "(and check that it succeeded)";

void manifest_write_tsv(const struct manifest *m, FILE *out)
{
	int inferred = 0;

	/*
	 * stub_inferred only when a tree stub differs: a tree without one
	 * keeps the manifest it always had.
	 */
	for (int i = 0; i < m->n; i++)
		inferred |= m->hooks[i].stub_inferred != NULL;
	for (int i = 0; manifest_columns[i]; i++)
		if (i < NCOLS - 1 || inferred)
			fprintf(out, "%s%s", i ? "\t" : "",
				manifest_columns[i]);
	fputc('\n', out);
	for (int i = 0; i < m->n; i++) {
		const struct hook *h = &m->hooks[i];
		char *params = hook_params_text(h);
		char *args = hook_args_text(h);
		char *guard = hook_guard_text(h);

		fprintf(out, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s"
			"\t%s\t%s",
			h->member, h->wrapper, h->ret, params,
			*args ? args : "-", guard, h->stub,
			h->dflt ? h->dflt : "-", h->where,
			h->wrapper_def ? h->wrapper_def : "-",
			policy_name(h->policy),
			h->dispatcher ? h->dispatcher : "-",
			h->may_sleep ? h->may_sleep : "-");
		if (inferred)
			fprintf(out, "\t%s", h->stub_inferred ?
				h->stub_inferred : "-");
		fputc('\n', out);
		free(params);
		free(args);
		free(guard);
	}
}

/* Split at tabs (or at ", " outside parentheses when comma is set). */
static void split(const char *s, int comma, struct strv *out)
{
	int depth = 0;
	const char *start = s;

	for (;; s++) {
		if (*s == '(')
			depth++;
		else if (*s == ')')
			depth--;
		if (!*s || (!comma && *s == '\t') ||
		    (comma && !depth && *s == ',')) {
			char *raw = xstrndup(start, s - start);
			char *field = squeeze_space(raw);

			free(raw);

			strv_push_owned(out, field);
			if (!*s)
				break;
			start = s + 1;
		}
	}
}

static int is_ident(const char *s)
{
	if (!isalpha((unsigned char)*s) && *s != '_')
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return 0;
	return 1;
}

/* The parse of one buffer: where it is, and the first error. */
struct tsv {
	int col[NCOLS];		/* header position of each column, or -1 */
	int ncols;		/* fields in the header row: in every row */
	unsigned line;
	char *why;
};

static int fail(struct tsv *x, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int fail(struct tsv *x, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	x->why = xvasprintf(fmt, ap);
	va_end(ap);
	return -1;
}

static int header(struct tsv *x, const struct strv *f)
{
	if (strv_find(f, "member") < 0)
		return fail(x, "no header row (the first line names the "
			    "columns: member, wrapper, ...); %s", how);
	for (int i = 0; i < NCOLS; i++) {
		x->col[i] = strv_find(f, manifest_columns[i]);
		/* may_sleep and stub_inferred are newer: optional. */
		if (x->col[i] < 0 && strcmp(manifest_columns[i], "may_sleep") &&
		    strcmp(manifest_columns[i], "stub_inferred"))
			return fail(x, "the header row has no '%s' column; "
				    "this is not a hookwrap manifest; %s",
				    manifest_columns[i], how);
	}
	x->ncols = f->n;
	return 0;
}

/* A name column: a C identifier, or "-" where optional is set. */
static int name_field(struct tsv *x, const struct strv *f, int c,
		      int optional, char **out)
{
	const char *v = f->v[x->col[c]];

	*out = NULL;
	if (optional && !strcmp(v, "-"))
		return 0;
	if (!is_ident(v))
		return fail(x, "%s '%.64s' is not a C identifier%s",
			    manifest_columns[c], v,
			    optional ? " (nor '-')" : "");
	*out = xstrdup(v);
	return 0;
}

static int row(struct tsv *x, const struct strv *f, struct manifest *m)
{
	struct hook *h;
	struct strv params = { 0 }, args = { 0 };
	const char *v;

	if (f->n != x->ncols)
		return fail(x, "%d columns, expected %d (as the header row "
			    "has); fields are separated by one tab", f->n,
			    x->ncols);
	v = f->v[x->col[0]];
	if (is_ident(v) && manifest_find(m, v))
		return fail(x, "hook '%s' has a row already; one row per hook",
			    v);
	h = manifest_add(m);
	h->wrapper_from = "manifest";
	if (name_field(x, f, 0, 0, &h->member) ||
	    name_field(x, f, 1, 0, &h->wrapper) ||
	    name_field(x, f, 7, 1, &h->dflt) ||
	    name_field(x, f, 11, 1, &h->dispatcher) ||
	    (x->col[12] >= 0 && name_field(x, f, 12, 1, &h->may_sleep)))
		return -1;
	if (!*f->v[x->col[2]])
		return fail(x, "hook '%s' has an empty return type", h->member);
	h->ret = xstrdup(f->v[x->col[2]]);
	h->is_void = !strcmp(h->ret, "void");
	if (strcmp(f->v[x->col[3]], "void"))
		split(f->v[x->col[3]], 1, &params);
	if (strcmp(f->v[x->col[4]], "-"))
		split(f->v[x->col[4]], 1, &args);
	for (int i = 0; i < params.n; i++)
		if (!*params.v[i]) {
			strv_clear(&params);
			strv_clear(&args);
			return fail(x, "params of '%s' has an empty parameter",
				    h->member);
		}
	for (int i = 0; i < args.n; i++)
		if (!is_ident(args.v[i])) {
			fail(x, "args of '%s': '%.64s' is not a parameter "
			     "name (a C identifier)", h->member, args.v[i]);
			strv_clear(&params);
			strv_clear(&args);
			return -1;
		}
	h->nparams = params.n < args.n ? params.n : args.n;
	h->params = xcalloc(h->nparams + 1, sizeof(*h->params));
	for (int i = 0; i < h->nparams; i++) {
		h->params[i].decl = xstrdup(params.v[i]);
		h->params[i].name = xstrdup(args.v[i]);
	}
	if (params.n != args.n) {
		strv_clear(&params);
		strv_clear(&args);
		return fail(x, "params and args of '%s' disagree", h->member);
	}
	strv_clear(&params);
	strv_clear(&args);
	{
		const char *g = f->v[x->col[5]], *amp;

		while ((amp = strstr(g, " && "))) {
			strv_push_owned(&h->guard, xstrndup(g, amp - g));
			g = amp + 4;
		}
		if (*g)
			strv_push(&h->guard, g);
	}
	h->stub = xstrdup(f->v[x->col[6]]);
	if (x->col[13] >= 0 && strcmp(f->v[x->col[13]], "-"))
		h->stub_inferred = xstrdup(f->v[x->col[13]]);
	h->where = xstrdup(f->v[x->col[8]]);
	if (strcmp(f->v[x->col[9]], "-"))
		h->wrapper_def = xstrdup(f->v[x->col[9]]);
	h->policy = policy_parse(f->v[x->col[10]]);
	if (h->policy < 0)
		return fail(x, "unknown policy '%.64s'; use one of %s",
			    f->v[x->col[10]], policy_names());
	return 0;
}

int manifest_parse_tsv(const char *buf, size_t len, struct manifest *m,
		       unsigned *line, char **why)
{
	struct tsv x = { .line = 1 };
	const char *nul = memchr(buf, '\0', len);
	size_t pos = 0;
	int ret = 0, nrows = 0;

	memset(m, 0, sizeof(*m));
	if (!len) {
		ret = fail(&x, "empty manifest; %s", how);
	} else if (nul) {
		for (const char *s = buf; s < nul; s++)
			x.line += *s == '\n';
		ret = fail(&x, "a NUL byte: this is binary data, not a "
			   "manifest; %s", how);
	}
	for (unsigned next = 1; !ret && pos < len;) {
		const char *nl = memchr(buf + pos, '\n', len - pos);
		size_t n = (nl ? (size_t)(nl - buf) : len) - pos;
		struct strv f = { 0 };
		char *text;

		x.line = next++;
		if (n > TSV_MAX_LINE) {
			ret = fail(&x, "a line of %zu bytes (at most %d): not "
				   "a manifest; %s", n, TSV_MAX_LINE, how);
			break;
		}
		text = xstrndup(buf + pos, n);
		pos += n + 1;
		if (n && text[n - 1] == '\r')
			text[--n] = '\0';
		if (x.line == 1) {
			split(text, 0, &f);
			ret = header(&x, &f);
		} else if (n) {
			split(text, 0, &f);
			ret = row(&x, &f, m);
			nrows++;
		}
		strv_clear(&f);
		free(text);
	}
	if (!ret && !nrows) {
		x.line = 1;
		ret = fail(&x, "a header row and no hooks; %s", how);
	}
	if (ret) {
		manifest_free(m);
		*line = x.line;
		*why = x.why;
		return -1;
	}
	*line = 0;
	*why = NULL;
	return 0;
}

/* path, whole, when it is no larger than a manifest can be. */
static char *read_bounded(const char *path, size_t *len, int *too_big)
{
	FILE *fp = fopen(path, "rb");
	struct sbuf sb = { 0 };
	char chunk[65536];
	size_t n;

	*too_big = 0;
	if (!fp)
		return NULL;
	while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0) {
		if (sb.len + n > TSV_MAX_SIZE) {
			*too_big = 1;
			break;
		}
		sb_addn(&sb, chunk, n);
	}
	if (ferror(fp) && !*too_big) {
		int e = errno;

		fclose(fp);
		sb_free(&sb);
		errno = e;
		return NULL;
	}
	fclose(fp);
	*len = sb.len;
	return sb.buf ? sb_detach(&sb) : xstrdup("");
}

int manifest_read_tsv(const char *path, struct manifest *m)
{
	size_t len = 0;
	int too_big;
	char *text = read_bounded(path, &len, &too_big);
	char *why;
	unsigned line;
	int ret;

	memset(m, 0, sizeof(*m));
	if (!text) {
		error_at(path, 0, "cannot read the manifest: %s; %s",
			 strerror(errno), how);
		return -1;
	}
	if (too_big) {
		error_at(path, 0, "larger than %u MiB: not a manifest; %s",
			 TSV_MAX_SIZE >> 20, how);
		free(text);
		return -1;
	}
	ret = manifest_parse_tsv(text, len, m, &line, &why);
	if (ret) {
		error_at(path, line, "%s", why);
		free(why);
	}
	free(text);
	return ret;
}
