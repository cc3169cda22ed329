/*
 * patch.c - review mode's patch: parse a unified diff (plain diff, git
 * diff, git format-patch mail), work out each file's text after the
 * patch, and lay it over the tree in a shadow directory.
 */
#include "patch.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *read_stream(FILE *fp)
{
	struct sbuf sb = { 0 };
	char buf[65536];
	size_t n;

	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
		sb_addn(&sb, buf, n);
	return sb_detach(&sb);
}

/* "a/fs/x.c\t2024-01-01" -> "fs/x.c" (git) or "fs/x.c". */
static char *diff_name(const char *s, int git)
{
	const char *e = s + strcspn(s, "\t");
	char *name;

	while (e > s && e[-1] == ' ')
		e--;
	name = xstrndup(s, e - s);
	if (git && (starts_with(name, "a/") || starts_with(name, "b/"))) {
		char *t = xstrdup(name + 2);

		free(name);
		name = t;
	}
	return name;
}

/* The tree-relative path of a patch's name: strip leading directories. */
static char *tree_path(const char *tree, const char *name, int must_exist)
{
	const char *s = name;

	while (s) {
		char *p = path_join(tree, s);
		int ok = file_exists(p);

		free(p);
		if (ok)
			return xstrdup(s);
		s = strchr(s, '/');
		if (s)
			s++;
	}
	return must_exist ? NULL : xstrdup(name);
}

static void add_line(struct patch_file *f, unsigned line)
{
	if (f->nadded == f->capadded) {
		f->capadded = f->capadded ? 2 * f->capadded : 32;
		f->added = xrealloc(f->added, f->capadded * sizeof(*f->added));
	}
	f->added[f->nadded++] = line;
}

static int parse_range(const char *s, unsigned *start, unsigned *len)
{
	char *end;

	*start = strtoul(s, &end, 10);
	*len = 1;
	if (end == s)
		return -1;
	if (*end == ',')
		*len = strtoul(end + 1, &end, 10);
	return 0;
}

static struct patch_file *new_file(struct added_lines *p)
{
	struct patch_file *f;

	p->files = xrealloc(p->files, (p->n + 1) * sizeof(*p->files));
	f = &p->files[p->n++];
	memset(f, 0, sizeof(*f));
	return f;
}

int patch_read(const char *path, const char *tree, struct added_lines *p)
{
	char *text, *line, *next;
	unsigned lineno = 0;
	int git = 0, ret = 0;
	struct patch_file *f = NULL;
	char *minus = NULL;

	memset(p, 0, sizeof(*p));
	p->source = xstrdup(path);
	if (!strcmp(path, "-")) {
		text = read_stream(stdin);
	} else {
		text = read_file(path, NULL);
		if (!text) {
			error_at(path, 0, "cannot read the patch: %s",
				 strerror(errno));
			return -1;
		}
	}
	for (line = text; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		if (starts_with(line, "diff --git ")) {
			git = 1;
			continue;
		}
		if (starts_with(line, "--- ") && next &&
		    starts_with(next, "+++ ")) {
			free(minus);
			minus = diff_name(line + 4, git ||
					  starts_with(line + 4, "a/"));
			continue;
		}
		if (starts_with(line, "+++ ") && minus) {
			int g = git || starts_with(line + 4, "b/");
			char *plus = diff_name(line + 4, g);

			f = new_file(p);
			if (!strcmp(plus, "/dev/null")) {
				f->deleted = 1;
				free(plus);
				plus = xstrdup(minus);
			}
			f->name = plus;
			if (strcmp(minus, "/dev/null"))
				f->old_rel = tree_path(tree, minus, 0);
			f->rel = f->old_rel && !strcmp(minus, plus) ?
				 xstrdup(f->old_rel) :
				 tree_path(tree, plus, 0);
			free(minus);
			minus = NULL;
			continue;
		}
		if (starts_with(line, "@@ -") && f) {
			struct hunk h = { 0 };
			char *plus = strstr(line, " +");
			unsigned old_left, new_left, newno;

			if (parse_range(line + 4, &h.old_start, &h.old_len) ||
			    !plus || parse_range(plus + 2, &h.new_start,
						 &h.new_len)) {
				error_at(path, lineno, "malformed hunk header "
					 "'%s'", line);
				ret = -1;
				break;
			}
			h.line = lineno;
			old_left = h.old_len;
			new_left = h.new_len;
			newno = h.new_start;
			while ((old_left || new_left) && next && *next) {
				char c;

				line = next;
				next = strchr(line, '\n');
				if (next)
					*next++ = '\0';
				lineno++;
				c = line[0];
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
					error_at(path, lineno, "hunk at "
						 "line %u ends early; the "
						 "patch is damaged", h.line);
					ret = -1;
					break;
				}
				strv_push(&h.body, line[0] ? line : " ");
			}
			if (!ret && (old_left || new_left)) {
				error_at(path, lineno, "hunk at line %u is "
					 "cut short; the patch is damaged",
					 h.line);
				ret = -1;
			}
			f->hunks = xrealloc(f->hunks, (f->nhunks + 1) *
					    sizeof(*f->hunks));
			f->hunks[f->nhunks++] = h;
			if (ret)
				break;
		}
	}
	free(minus);
	free(text);
	if (!ret && !p->n) {
		error_at(path, 0, "no file changes found; pass a unified diff "
			 "or a git format-patch mail");
		ret = -1;
	}
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
		free(f->rel);
		free(f->old_rel);
	}
	free(p->files);
	free(p->source);
	memset(p, 0, sizeof(*p));
}

static const struct patch_file *file_of(const struct added_lines *a,
					const char *rel)
{
	for (int i = 0; i < a->n; i++)
		if (!a->files[i].deleted && !strcmp(a->files[i].rel, rel))
			return &a->files[i];
	return NULL;
}

int added_has(const struct added_lines *a, const char *rel, unsigned line)
{
	const struct patch_file *f = file_of(a, rel);

	if (!f)
		return 0;
	for (int i = 0; i < f->nadded; i++)
		if (f->added[i] == line)
			return 1;
	return 0;
}

const char *added_name(const struct added_lines *a, const char *rel)
{
	const struct patch_file *f = file_of(a, rel);

	return f ? f->name : rel;
}

/* Split text into lines (no newlines); *trailing = ended with one. */
static void split_lines(const char *text, struct strv *out, int *trailing)
{
	const char *s = text;

	*trailing = 1;
	while (*s) {
		const char *e = strchr(s, '\n');

		if (!e) {
			strv_push_owned(out, xstrdup(s));
			*trailing = 0;
			break;
		}
		strv_push_owned(out, xstrndup(s, e - s));
		s = e + 1;
	}
}

/* Do lines[at..] match the hunk's lines whose first char is in keep? */
static int matches_at(const struct strv *lines, int at, const struct hunk *h,
		      const char *keep)
{
	int k = at;

	for (int i = 0; i < h->body.n; i++) {
		const char *l = h->body.v[i];

		if (!strchr(keep, l[0]))
			continue;
		if (k >= lines->n || strcmp(lines->v[k], l + 1))
			return 0;
		k++;
	}
	return 1;
}

/* Where the hunk's side matches near its stated line, or -1. */
static int find_hunk(const struct strv *lines, const struct hunk *h,
		     unsigned start, const char *keep)
{
	int want = start ? (int)start - 1 : 0;

	for (int d = 0; d <= lines->n + 1; d++) {
		if (want - d >= 0 && matches_at(lines, want - d, h, keep))
			return want - d;
		if (d && want + d <= lines->n &&
		    matches_at(lines, want + d, h, keep))
			return want + d;
		if (want - d < 0 && want + d > lines->n)
			break;
	}
	return -1;
}

static char *join_lines(const struct strv *lines, int trailing)
{
	struct sbuf sb = { 0 };

	for (int i = 0; i < lines->n; i++) {
		sb_add(&sb, lines->v[i]);
		if (i + 1 < lines->n || trailing)
			sb_addc(&sb, '\n');
	}
	return sb_detach(&sb);
}

char *patch_result(const struct added_lines *p, const struct patch_file *f,
		   const char *tree)
{
	struct strv lines = { 0 }, out = { 0 };
	char *path, *text = NULL, *result = NULL;
	int trailing = 1, pos = 0, applies = 1;

	if (f->old_rel) {
		path = path_join(tree, f->old_rel);
		text = read_file(path, NULL);
		if (!text) {
			/* A new file the tree already has, or none at all. */
			char *np = path_join(tree, f->rel);

			text = read_file(np, NULL);
			free(np);
		}
		free(path);
	}
	if (text)
		split_lines(text, &lines, &trailing);
	/* Apply: copy, replacing each hunk's old side by its new side. */
	for (int i = 0; i < f->nhunks && applies; i++) {
		const struct hunk *h = &f->hunks[i];
		int at = find_hunk(&lines, h, h->old_start, " -");

		if (at < pos) {
			applies = 0;
			break;
		}
		while (pos < at)
			strv_push(&out, lines.v[pos++]);
		for (int k = 0; k < h->body.n; k++) {
			const char *l = h->body.v[k];

			if (l[0] == ' ' || l[0] == '-')
				pos++;
			if (l[0] == ' ' || l[0] == '+')
				strv_push(&out, l + 1);
		}
	}
	if (applies) {
		while (pos < lines.n)
			strv_push(&out, lines.v[pos++]);
		result = join_lines(&out, trailing);
	} else if (text) {
		/* Already applied?  Every hunk's new side is in place. */
		int all = 1;

		for (int i = 0; i < f->nhunks && all; i++)
			all = find_hunk(&lines, &f->hunks[i],
					f->hunks[i].new_start, " +") >= 0;
		if (all)
			result = xstrdup(text);
	}
	if (!result)
		error_at(p->source, f->nhunks ? f->hunks[0].line : 0,
			 "the patch does not apply to %s/%s and is not "
			 "applied there either; check the tree and the patch's "
			 "base", tree, f->old_rel ? f->old_rel : f->rel);
	strv_clear(&lines);
	strv_clear(&out);
	free(text);
	return result;
}

/* Make dir (tree-relative) a real directory in the shadow. */
static int shadow_dir(const char *shadow, const char *tree, const char *dir)
{
	char *sd = *dir ? path_join(shadow, dir) : xstrdup(shadow);
	char *td = *dir ? path_join(tree, dir) : xstrdup(tree);
	struct stat st;
	DIR *d;
	struct dirent *e;
	int ret = 0;

	if (!lstat(sd, &st) && S_ISDIR(st.st_mode) && *dir)
		goto out;		/* made already */
	if (*dir) {
		unlink(sd);
		if (mkdir(sd, 0700)) {
			error_at(sd, 0, "cannot create: %s", strerror(errno));
			ret = -1;
			goto out;
		}
	}
	d = opendir(td);
	while (d && (e = readdir(d))) {
		char *from, *to;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		from = path_join(td, e->d_name);
		to = path_join(sd, e->d_name);
		if (symlink(from, to) && errno != EEXIST) {
			error_at(to, 0, "cannot link: %s", strerror(errno));
			ret = -1;
		}
		free(from);
		free(to);
	}
	if (d)
		closedir(d);
out:
	free(sd);
	free(td);
	return ret;
}

static int shadow_path(const char *shadow, const char *tree, const char *rel)
{
	char *dir = xstrdup(rel);
	char *slash;
	int ret = 0;

	for (slash = strchr(dir, '/'); slash && !ret;
	     slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		ret = shadow_dir(shadow, tree, dir);
		*slash = '/';
	}
	free(dir);
	return ret;
}

char *shadow_create(const struct added_lines *p, const char *tree)
{
	char tmpl[4096];
	char *root, *tree_abs = realpath(tree, NULL);

	if (!tree_abs) {
		error_at(tree, 0, "cannot resolve: %s", strerror(errno));
		return NULL;
	}
	if (!temp_mkdtemp(tmpl, sizeof(tmpl), "shadow")) {
		error_at(tmpl, 0, "cannot create: %s", strerror(errno));
		free(tree_abs);
		return NULL;
	}
	root = realpath(tmpl, NULL);
	if (shadow_dir(root, tree_abs, ""))
		goto fail;
	for (int i = 0; i < p->n; i++) {
		const struct patch_file *f = &p->files[i];
		char *text, *dst;

		if (shadow_path(root, tree_abs, f->rel))
			goto fail;
		dst = path_join(root, f->rel);
		unlink(dst);
		if (f->deleted) {
			free(dst);
			continue;
		}
		text = patch_result(p, f, tree);
		if (!text) {
			free(dst);
			goto fail;
		}
		{
			FILE *fp = fopen(dst, "w");

			if (!fp || fputs(text, fp) == EOF || fclose(fp)) {
				error_at(dst, 0, "cannot write: %s",
					 strerror(errno));
				free(text);
				free(dst);
				goto fail;
			}
		}
		free(text);
		free(dst);
	}
	free(tree_abs);
	return root;
fail:
	free(tree_abs);
	shadow_remove(root);
	return NULL;
}

static void remove_tree(const char *path)
{
	struct stat st;

	if (lstat(path, &st))
		return;
	if (S_ISDIR(st.st_mode)) {
		DIR *d = opendir(path);
		struct dirent *e;

		while (d && (e = readdir(d))) {
			char *sub;

			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			sub = path_join(path, e->d_name);
			remove_tree(sub);
			free(sub);
		}
		if (d)
			closedir(d);
		rmdir(path);
	} else {
		unlink(path);
	}
}

void shadow_remove(char *root)
{
	if (root && strstr(root, "/hookwrap-shadow."))
		remove_tree(root);
	free(root);
}
