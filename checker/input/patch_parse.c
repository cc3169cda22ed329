/*
 * patch_parse.c - review mode's patch reader: the files of a unified
 * diff (plain diff, git diff, git format-patch mail), their hunks and
 * the lines they add.  No file system here: patch_tree.c finds the
 * files in the tree.
 *
 * Every name the patch gives (the "---" and "+++" lines, the "diff
 * --git" line, "rename from/to", "copy from/to") is checked as git
 * apply checks it: not absolute, no empty, "." or ".." component, no
 * ".git" component.  A hostile name is an error with its line, never
 * a file written somewhere.
 */
#include "checker/input/patch.h"

#include <string.h>

#define MAX_NAME 4095		/* PATH_MAX - 1 */
#define MAX_DEPTH 128		/* directories a name may go down */
#define MAX_LINENO 100000000u	/* a hunk range beyond this is damage */

struct parser {
	const char *src;	/* the patch, as messages name it */
	char *next;		/* the rest of the text */
	unsigned lineno;
	struct added_lines *p;
	struct patch_file *f;	/* the file hunks go to */
	int any_git;		/* a git diff: names have a/ and b/ */
	/* The "diff --git" section being read. */
	int git;
	int in_header;		/* still in its extended header lines */
	int got_file;		/* it had "---"/"+++" lines */
	unsigned git_line;
	char *hdr_old, *hdr_new;	/* the names on its first line */
	char *from, *to;	/* rename/copy from, to */
	unsigned from_line, to_line;
	int rename, created, removed;
};

static char *next_line(struct parser *ps)
{
	char *line = ps->next;

	if (!line || !*line)
		return NULL;
	ps->next = strchr(line, '\n');
	if (ps->next)
		*ps->next++ = '\0';
	ps->lineno++;
	return line;
}

/* A name fit for a message: control characters shown as '?'. */
static char *shown(const char *name)
{
	char *s = xstrdup(name);

	for (char *c = s; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = '?';
	return s;
}

static int bad_name(const struct parser *ps, unsigned line, const char *name,
		    const char *why)
{
	char *s = shown(name);

	error_at(ps->src, line, "unsafe file name '%s': %s; only names "
		 "relative to the tree and staying inside it are reviewed "
		 "(git apply refuses it too)", s, why);
	free(s);
	return -1;
}

/*
 * Check a name as git apply's verify_path() does, after dropping any
 * leading "./" (which "diff -u ./x ./y" writes).  0, or -1 printed.
 */
static int check_name(const struct parser *ps, unsigned line, char **namep)
{
	char *name = *namep;
	const char *c = name;
	int depth = 0;

	while (starts_with(c, "./"))
		c += 2;
	if (c != name) {
		memmove(name, c, strlen(c) + 1);
		c = name;
	}
	if (!*c)
		return bad_name(ps, line, *namep, "it is empty");
	if (*c == '/')
		return bad_name(ps, line, name, "it is absolute");
	if (strlen(c) > MAX_NAME)
		return bad_name(ps, line, "...", "it is longer than PATH_MAX");
	for (const char *s = c; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return bad_name(ps, line, name, "it holds a control "
					"character");
	while (*c) {
		size_t n = strcspn(c, "/");

		if (n == 0)
			return bad_name(ps, line, name, "it has an empty "
					"component ('//' or a trailing '/')");
		if (n == 1 && c[0] == '.')
			return bad_name(ps, line, name, "it has a '.' "
					"component");
		if (n == 2 && c[0] == '.' && c[1] == '.')
			return bad_name(ps, line, name, "it has a '..' "
					"component");
		if (n == 4 && !strncasecmp(c, ".git", 4))
			return bad_name(ps, line, name, "it has a '.git' "
					"component");
		if (++depth > MAX_DEPTH)
			return bad_name(ps, line, "...", "it is more than "
					"128 directories deep");
		c += n;
		if (*c == '/' && !c[1])
			return bad_name(ps, line, name, "it has an empty "
					"component ('//' or a trailing '/')");
		if (*c == '/')
			c++;
	}
	return 0;
}

/*
 * A C-quoted name as git writes one ("a/my\tfile.c"): s at the opening
 * quote.  The name, *end after the closing quote; NULL (*why) if bad.
 */
static char *unquote(const char *s, const char **end, const char **why)
{
	struct sbuf sb = { 0 };
	static const char from[] = "abtnvfr\"\\", to[] = "\a\b\t\n\v\f\r\"\\";

	for (s++; *s && *s != '"'; s++) {
		const char *k;

		if (*s != '\\') {
			sb_addc(&sb, *s);
			continue;
		}
		s++;
		if (*s >= '0' && *s <= '3' && s[1] >= '0' && s[1] <= '7' &&
		    s[2] >= '0' && s[2] <= '7') {
			int v = (s[0] - '0') * 64 + (s[1] - '0') * 8 + s[2] - '0';

			if (!v) {
				*why = "a quoted name holds \\000";
				sb_free(&sb);
				return NULL;
			}
			sb_addc(&sb, (char)v);
			s += 2;
		} else if (*s && (k = strchr(from, *s))) {
			sb_addc(&sb, to[k - from]);
		} else {
			*why = "a quoted name has a bad escape";
			sb_free(&sb);
			return NULL;
		}
	}
	if (*s != '"') {
		*why = "a quoted name has no closing quote";
		sb_free(&sb);
		return NULL;
	}
	*end = s + 1;
	if (!sb.buf)
		return xstrdup("");
	return sb_detach(&sb);
}

/*
 * The name of a "---"/"+++" line: "a/fs/x.c\t2024-01-01" -> "fs/x.c":
 * "a/" or "b/" dropped in a git diff, or when it is side's prefix.
 * NULL after printing why.
 */
static char *diff_name(const struct parser *ps, const char *s, int git,
		       const char *side)
{
	char *name;

	if (*s == '"') {
		const char *why = NULL, *end;

		name = unquote(s, &end, &why);
		if (!name) {
			error_at(ps->src, ps->lineno, "%s; the patch is "
				 "damaged", why);
			return NULL;
		}
	} else {
		const char *e = s + strcspn(s, "\t");

		while (e > s && e[-1] == ' ')
			e--;
		name = xstrndup(s, e - s);
	}
	if ((git || starts_with(name, side)) &&
	    (starts_with(name, "a/") || starts_with(name, "b/")))
		memmove(name, name + 2, strlen(name + 2) + 1);
	return name;
}

/* Drop the first component (git's -p1); NULL when there is none. */
static char *drop_prefix(char *name)
{
	char *slash = name ? strchr(name, '/') : NULL;
	char *rest = slash ? xstrdup(slash + 1) : NULL;

	free(name);
	return rest;
}

/*
 * The names on "diff --git A B", when they can be told apart: quoted,
 * or without blanks, or the same name twice (git's own guess).  Names
 * that cannot be split are left NULL (the "---"/"+++" lines name the
 * file then); names that can are checked.
 */
static int git_header(struct parser *ps, const char *s)
{
	char *old = NULL, *new = NULL;
	const char *why = NULL, *end;

	if (*s == '"') {
		old = unquote(s, &end, &why);
		if (old && *end == ' ')
			new = end[1] == '"' ? unquote(end + 1, &end, &why) :
					      xstrdup(end + 1);
	} else if (strchr(s, '"')) {
		const char *q = strchr(s, '"');

		if (q > s && q[-1] == ' ') {
			old = xstrndup(s, q - 1 - s);
			new = unquote(q, &end, &why);
		}
	} else {
		size_t n = strlen(s);

		for (size_t i = 0; i < n && !new; i++) {
			const char *a, *b;

			if (s[i] != ' ')
				continue;
			a = memchr(s, '/', i);
			b = strchr(s + i + 1, '/');
			if (a && b && (size_t)(a - s) < i &&
			    i - (a - s) == n - (b - s) &&
			    !strncmp(a, b, i - (a - s))) {
				old = xstrndup(s, i);
				new = xstrdup(s + i + 1);
			}
		}
	}
	if (why) {
		free(old);
		error_at(ps->src, ps->lineno, "%s; the patch is damaged", why);
		return -1;
	}
	if (!new) {		/* not two names: leave it to "---"/"+++" */
		free(old);
		return 0;
	}
	ps->hdr_old = drop_prefix(old);
	ps->hdr_new = drop_prefix(new);
	if ((ps->hdr_old && check_name(ps, ps->lineno, &ps->hdr_old)) ||
	    (ps->hdr_new && check_name(ps, ps->lineno, &ps->hdr_new)))
		return -1;
	return 0;
}

static struct patch_file *new_file(struct added_lines *p)
{
	struct patch_file *f;

	/* doubling: a treewide patch is linear */
	ARRAY_GROW(p->files, p->cap, p->n + 1, 16);
	f = &p->files[p->n++];
	memset(f, 0, sizeof(*f));
	return f;
}

static void section_reset(struct parser *ps)
{
	free(ps->hdr_old);
	free(ps->hdr_new);
	free(ps->from);
	free(ps->to);
	ps->hdr_old = ps->hdr_new = ps->from = ps->to = NULL;
	ps->git = ps->in_header = ps->got_file = 0;
	ps->rename = ps->created = ps->removed = 0;
}

/*
 * The end of a "diff --git" section without "---"/"+++" lines: a pure
 * rename or copy, or an empty file created or deleted, is still a file
 * of the patch.  Mode changes and binary files are not reviewed.
 */
static void section_end(struct parser *ps)
{
	struct patch_file *f;

	if (ps->git && !ps->got_file) {
		if (ps->from && ps->to) {
			f = new_file(ps->p);
			f->old_name = xstrdup(ps->from);
			f->name = xstrdup(ps->to);
			f->old_line = ps->from_line;
			f->line = ps->to_line;
			f->renamed = ps->rename;
		} else if (ps->hdr_new && (ps->created || ps->removed)) {
			f = new_file(ps->p);
			f->name = xstrdup(ps->hdr_new);
			f->line = f->old_line = ps->git_line;
			if (ps->removed) {
				f->old_name = xstrdup(ps->hdr_old ?
						      ps->hdr_old : ps->hdr_new);
				f->deleted = 1;
			}
		}
	}
	section_reset(ps);
}

/* "rename from NAME" and the like: the name, checked; 1 when not one. */
static int header_name(struct parser *ps, const char *line, const char *key,
		       char **dst, unsigned *dst_line)
{
	const char *s;
	const char *why = NULL, *end;
	char *name;

	if (!starts_with(line, key))
		return 1;
	s = line + strlen(key);
	if (*s == '"') {
		name = unquote(s, &end, &why);
		if (!name) {
			error_at(ps->src, ps->lineno, "%s; the patch is "
				 "damaged", why);
			return -1;
		}
	} else {
		name = xstrdup(s);
	}
	free(*dst);
	*dst = name;
	*dst_line = ps->lineno;
	return check_name(ps, ps->lineno, dst);
}

/* An extended header line of a git section; 1 when the header ends. */
static int git_ext(struct parser *ps, const char *line)
{
	static const char *const plain[] = {
		"old mode ", "new mode ", "similarity index ",
		"dissimilarity index ", "index ",
	};
	int r;

	for (size_t i = 0; i < ARRAY_SIZE(plain); i++)
		if (starts_with(line, plain[i]))
			return 0;
	if (starts_with(line, "new file mode ")) {
		ps->created = 1;
		return 0;
	}
	if (starts_with(line, "deleted file mode ")) {
		ps->removed = 1;
		return 0;
	}
	if ((r = header_name(ps, line, "rename from ", &ps->from,
			     &ps->from_line)) <= 0 ||
	    (r = header_name(ps, line, "copy from ", &ps->from,
			     &ps->from_line)) <= 0) {
		ps->rename = starts_with(line, "rename");
		return r;
	}
	if ((r = header_name(ps, line, "rename to ", &ps->to,
			     &ps->to_line)) <= 0 ||
	    (r = header_name(ps, line, "copy to ", &ps->to,
			     &ps->to_line)) <= 0)
		return r;
	return 1;
}

/* A "---" line and the "+++" line after it: a new file of the patch. */
static int file_header(struct parser *ps, const char *minus_line)
{
	unsigned mline = ps->lineno;
	char *minus, *plus, *pline;
	struct patch_file *f;
	int del;

	minus = diff_name(ps, minus_line + 4, ps->any_git, "a/");
	if (!minus)
		return -1;
	pline = next_line(ps);
	plus = diff_name(ps, pline + 4, ps->any_git, "b/");
	if (!plus) {
		free(minus);
		return -1;
	}
	del = !strcmp(plus, "/dev/null");
	if (del && !strcmp(minus, "/dev/null")) {
		free(minus);
		free(plus);
		error_at(ps->src, ps->lineno, "both names are /dev/null; the "
			 "patch is damaged");
		return -1;
	}
	f = ps->f = new_file(ps->p);
	f->old_line = mline;
	f->line = del ? mline : ps->lineno;
	f->deleted = del;
	if (strcmp(minus, "/dev/null"))
		f->old_name = minus;
	else
		free(minus);
	if (del) {
		free(plus);
		plus = xstrdup(f->old_name);
	}
	f->name = plus;
	if ((f->old_name && check_name(ps, f->old_line, &f->old_name)) ||
	    check_name(ps, f->line, &f->name))
		return -1;
	if (ps->git) {
		ps->got_file = 1;
		ps->in_header = 0;
		if ((ps->from && f->old_name && strcmp(ps->from, f->old_name)) ||
		    (ps->to && !del && strcmp(ps->to, f->name))) {
			error_at(ps->src, mline, "the '---'/'+++' names differ "
				 "from the rename or copy lines above; the "
				 "patch is damaged");
			return -1;
		}
		f->renamed = ps->rename && f->old_name && !del &&
			     strcmp(f->old_name, f->name);
	}
	return 0;
}

static int parse_num(const char **s, unsigned *out)
{
	unsigned long v = 0;
	const char *c = *s;

	if (*c < '0' || *c > '9')
		return -1;
	while (*c >= '0' && *c <= '9') {
		v = v * 10 + (*c++ - '0');
		if (v > MAX_LINENO)
			return -1;
	}
	*out = v;
	*s = c;
	return 0;
}

static int parse_range(const char *s, unsigned *start, unsigned *len)
{
	*len = 1;
	if (parse_num(&s, start))
		return -1;
	if (*s == ',') {
		s++;
		if (parse_num(&s, len))
			return -1;
	}
	return 0;
}

static void add_line(struct patch_file *f, unsigned line)
{
	ARRAY_GROW(f->added, f->capadded, f->nadded + 1, 32);
	f->added[f->nadded++] = line;
}

/* A hunk: its "@@" line and its body. */
static int hunk(struct parser *ps, char *line)
{
	struct patch_file *f = ps->f;
	struct hunk h = { 0 };
	char *plus = strstr(line, " +");
	unsigned old_left, new_left, newno;
	int ret = 0;

	if (parse_range(line + 4, &h.old_start, &h.old_len) || !plus ||
	    parse_range(plus + 2, &h.new_start, &h.new_len)) {
		char *s = shown(line);

		error_at(ps->src, ps->lineno, "malformed hunk header '%s'", s);
		free(s);
		return -1;
	}
	h.line = ps->lineno;
	old_left = h.old_len;
	new_left = h.new_len;
	newno = h.new_start;
	while ((old_left || new_left) && (line = next_line(ps))) {
		char c = line[0];

		if (c == '\\')
			continue;
		if (c == '\0')
			c = ' ';	/* a mailer ate it */
		if (c == ' ' && old_left && new_left) {
			old_left--;
			new_left--;
			newno++;
		} else if (c == '-' && old_left) {
			old_left--;
		} else if (c == '+' && new_left) {
			new_left--;
			add_line(f, newno++);
		} else {
			error_at(ps->src, ps->lineno, "hunk at line %u ends "
				 "early; the patch is damaged", h.line);
			ret = -1;
			break;
		}
		strv_push(&h.body, line[0] ? line : " ");
	}
	if (!ret && (old_left || new_left)) {
		error_at(ps->src, ps->lineno, "hunk at line %u is cut short; "
			 "the patch is damaged", h.line);
		ret = -1;
	}
	ARRAY_GROW(f->hunks, f->caphunks, f->nhunks + 1, 4);
	f->hunks[f->nhunks++] = h;
	return ret;
}

static int parse_lines(struct parser *ps)
{
	char *line;

	while ((line = next_line(ps))) {
		if (starts_with(line, "diff --git ")) {
			section_end(ps);
			ps->f = NULL;
			ps->git = ps->in_header = ps->any_git = 1;
			ps->git_line = ps->lineno;
			if (git_header(ps, line + 11))
				return -1;
			continue;
		}
		if (starts_with(line, "--- ") && ps->next &&
		    starts_with(ps->next, "+++ ")) {
			if (ps->git && ps->got_file)
				section_end(ps);
			if (file_header(ps, line))
				return -1;
			continue;
		}
		if (ps->in_header) {
			int r = git_ext(ps, line);

			if (r < 0)
				return -1;
			if (r > 0)
				ps->in_header = 0;
			if (!r)
				continue;
		}
		if (starts_with(line, "@@ -") && ps->f && hunk(ps, line))
			return -1;
	}
	section_end(ps);
	return 0;
}

int patch_parse(const char *text, size_t len, const char *source,
		struct added_lines *p)
{
	struct parser ps;
	const char *nul = memchr(text, '\0', len);
	char *copy;
	int ret;

	memset(p, 0, sizeof(*p));
	memset(&ps, 0, sizeof(ps));
	p->source = xstrdup(source);
	ps.src = p->source;
	ps.p = p;
	if (nul) {
		unsigned line = 1;

		for (const char *c = text; c < nul; c++)
			line += *c == '\n';
		error_at(source, line, "a NUL byte: this is not a text patch; "
			 "pass a unified diff or a git format-patch mail");
		patch_free(p);
		return -1;
	}
	copy = xstrndup(text, len);
	ps.next = copy;
	ret = parse_lines(&ps);
	section_reset(&ps);
	free(copy);
	if (!ret && !p->n) {
		error_at(source, 0, "no file changes found; pass a unified "
			 "diff or a git format-patch mail");
		ret = -1;
	}
	if (ret)
		patch_free(p);
	return ret;
}

void patch_free(struct added_lines *p)
{
	for (int i = 0; i < p->n; i++) {
		struct patch_file *f = &p->files[i];

		for (int k = 0; k < f->nhunks; k++)
			strv_clear(&f->hunks[k].body);
		free(f->hunks);
		free(f->added);
		free(f->name);
		free(f->old_name);
		free(f->rel);
		free(f->old_rel);
		free(f->result);
	}
	free(p->files);
	free(p->source);
	memset(p, 0, sizeof(*p));
}
