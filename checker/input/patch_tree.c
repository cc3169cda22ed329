/*
 * patch_tree.c - review mode: read the patch and find its files in the
 * tree.  A name may not lead through a symbolic link of the tree (git
 * apply's "beyond a symbolic link") nor name a link or anything but a
 * regular file: the tree is read one component at a time with
 * O_NOFOLLOW, so a name that passed the check cannot read (let alone
 * write) outside the tree.  Every file's text after the patch is worked
 * out here, before the shadow directory is made.
 */
#include "checker/input/patch.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * The directory holding rel's last component, opened under dirfd
 * without following links; *base: that component.  -1 with errno
 * (ELOOP: a link on the way, ENOTDIR, ENOENT) and *bad: the length of
 * rel's prefix that failed.
 */
static int open_parent(int dirfd, const char *rel, const char **base,
		       size_t *bad)
{
	int fd = fcntl(dirfd, F_DUPFD_CLOEXEC, 0);
	const char *c = rel;

	while (fd >= 0) {
		const char *slash = strchr(c, '/');
		char *comp;
		int nfd, e;
		struct stat st;

		if (!slash) {
			*base = c;
			return fd;
		}
		comp = xstrndup(c, slash - c);
		nfd = openat(fd, comp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
			     O_CLOEXEC);
		e = errno;
		if (nfd < 0 && !fstatat(fd, comp, &st, AT_SYMLINK_NOFOLLOW))
			e = S_ISLNK(st.st_mode) ? ELOOP :
			    !S_ISDIR(st.st_mode) ? ENOTDIR : e;
		free(comp);
		close(fd);
		if (nfd < 0) {
			*bad = slash - rel;
			errno = e;
			return -1;
		}
		fd = nfd;
		c = slash + 1;
	}
	*bad = 0;
	return -1;
}

/* What rel is in the tree: 0 (absent or a regular file) or an errno. */
static int tree_kind(int tree_fd, const char *rel, size_t *bad)
{
	const char *base;
	struct stat st;
	int dfd = open_parent(tree_fd, rel, &base, bad);
	int e = 0;

	if (dfd < 0)
		return errno == ENOENT ? 0 : errno;
	*bad = strlen(rel);
	if (fstatat(dfd, base, &st, AT_SYMLINK_NOFOLLOW))
		e = errno == ENOENT ? 0 : errno;
	else if (S_ISLNK(st.st_mode))
		e = ELOOP;
	else if (S_ISDIR(st.st_mode))
		e = EISDIR;
	else if (!S_ISREG(st.st_mode))
		e = EINVAL;
	close(dfd);
	return e;
}

int tree_read(int tree_fd, const char *rel, char **text)
{
	struct sbuf sb = { 0 };
	char buf[65536];
	ssize_t n;
	size_t bad;
	int e = tree_kind(tree_fd, rel, &bad), dfd, fd;
	const char *base;
	struct stat st;

	if (e) {
		errno = e;
		return -1;
	}
	dfd = open_parent(tree_fd, rel, &base, &bad);
	if (dfd < 0)
		return -1;
	fd = openat(dfd, base, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	e = errno;
	close(dfd);
	if (fd < 0) {
		errno = e;
		return -1;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		errno = EINVAL;
		return -1;
	}
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		sb_addn(&sb, buf, n);
	e = errno;
	close(fd);
	if (n < 0) {
		sb_free(&sb);
		errno = e;
		return -1;
	}
	*text = sb.buf ? sb_detach(&sb) : xstrdup("");
	return 0;
}

/* The tree-relative path of a patch's name: strip leading directories. */
static char *tree_path(int tree_fd, const char *name)
{
	const char *s = name;
	struct stat st;

	while (s) {
		if (!fstatat(tree_fd, s, &st, 0))
			return xstrdup(s);
		s = strchr(s, '/');
		if (s)
			s++;
	}
	return xstrdup(name);
}

/*
 * The post-patch text of f: the tree's file (the old name's, or the new
 * name's when the tree has the patch already) with the hunks applied,
 * or the file as it is when the tree already has the patch.  NULL after
 * printing why when neither holds.
 */
static char *patch_result(const struct added_lines *p,
			  const struct patch_file *f, int tree_fd,
			  const char *tree)
{
	char *text = NULL, *result;

	/* The old file; or a new file the tree already has; or none. */
	if (f->old_rel && tree_read(tree_fd, f->old_rel, &text) &&
	    tree_read(tree_fd, f->rel, &text))
		text = NULL;
	result = patch_apply(f, text);
	if (!result)
		error_at(p->source, f->nhunks ? f->hunks[0].line : 0,
			 "the patch does not apply to %s/%s and is not "
			 "applied there either; check the tree and the patch's "
			 "base", tree, f->old_rel ? f->old_rel : f->rel);
	free(text);
	return result;
}

/* Refuse rel unless it is absent or a regular file reached by no link. */
static int in_tree(const struct added_lines *p, int tree_fd, const char *tree,
		   const char *rel, unsigned line)
{
	size_t bad;
	int e = tree_kind(tree_fd, rel, &bad);

	if (!e)
		return 0;
	if (e == ELOOP && bad < strlen(rel))
		error_at(p->source, line, "'%s' is beyond a symbolic link "
			 "(%s/%.*s) and may lead out of the tree; a patch names "
			 "files, not paths through links (git apply refuses it "
			 "too)", rel, tree, (int)bad, rel);
	else if (e == ELOOP)
		error_at(p->source, line, "'%s' is a symbolic link in %s; "
			 "review follows no link a patch names (git apply "
			 "refuses it too)", rel, tree);
	else if (e == ENOTDIR)
		error_at(p->source, line, "'%s' cannot be in %s: %.*s is not "
			 "a directory there", rel, tree, (int)bad, rel);
	else if (e == EISDIR || e == EINVAL)
		error_at(p->source, line, "'%s' is not a regular file in %s; "
			 "a patch changes files", rel, tree);
	else
		error_at(p->source, line, "cannot open %s/%s: %s", tree, rel,
			 strerror(e));
	return -1;
}

/* Is a a directory on b's path ("fs" of "fs/x.c")? */
static int dir_of(const char *a, const char *b)
{
	size_t n = strlen(a);

	return !strncmp(a, b, n) && b[n] == '/';
}

/* A name a file of the patch writes, deletes or renames away. */
struct touch {
	const char *name;
	int file;		/* its index in the patch */
	unsigned line;		/* the patch's line naming it */
	int write;		/* written (not deleted nor renamed away) */
};

/*
 * Names in order, '/' before every other character, so that "fs/x.c"
 * and what is below it ("fs/x.c/y") follow each other; then by file.
 */
static int touch_cmp(const void *pa, const void *pb)
{
	const struct touch *ta = pa, *tb = pb;
	const unsigned char *a = (const void *)ta->name;
	const unsigned char *b = (const void *)tb->name;

	for (;; a++, b++) {
		unsigned ca = *a == '/' ? 1 : *a, cb = *b == '/' ? 1 : *b;

		if (ca != cb)
			return ca < cb ? -1 : 1;
		if (!ca)
			return (ta->file > tb->file) - (ta->file < tb->file);
	}
}

/*
 * Two files of the patch that cannot both be: each file's text after
 * the patch is worked out from the tree's, and the shadow is written
 * file by file, so a name two files of the patch change (a series of
 * patches in one file: the first change would be lost; a file renamed
 * away and written again) or a file the patch writes that another of
 * its files needs as a directory is refused.  Sorted, so that a
 * treewide patch costs n log n.  0, or -1 printed.
 */
static int patch_clash(const struct added_lines *p, const char *tree)
{
	struct touch *t = xcalloc(2 * p->n + 1, sizeof(*t));
	int n = 0, ret = 0;

	for (int i = 0; i < p->n; i++) {
		const struct patch_file *f = &p->files[i];

		t[n++] = (struct touch){ f->rel, i, f->line, !f->deleted };
		if (f->renamed && strcmp(f->old_rel, f->rel))
			t[n++] = (struct touch){ f->old_rel, i, f->old_line, 0 };
	}
	qsort(t, n, sizeof(*t), touch_cmp);
	for (int k = 0; k < n && !ret; k++) {
		if (k + 1 < n && !strcmp(t[k].name, t[k + 1].name)) {
			error_at(p->source, t[k + 1].line, "%s/%s is changed "
				 "twice by the patch (lines %u and %u); review "
				 "a patch series one patch at a time, or as one "
				 "diff", tree, t[k].name, t[k].line,
				 t[k + 1].line);
			ret = -1;
			break;
		}
		for (int q = k + 1; t[k].write && q < n &&
		     dir_of(t[k].name, t[q].name); q++) {
			if (!t[q].write)
				continue;
			error_at(p->source, t[k].line > t[q].line ? t[k].line :
				 t[q].line, "'%s' (line %u) and '%s' (line %u): "
				 "the patch makes %s a file and needs it as a "
				 "directory; the patch is damaged", t[k].name,
				 t[k].line, t[q].name, t[q].line, t[k].name);
			ret = -1;
			break;
		}
	}
	free(t);
	return ret;
}

/* Find every file, check every name, work out every result. */
static int patch_locate(struct added_lines *p, const char *tree)
{
	int tree_fd = open(tree, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int ret = 0;

	if (tree_fd < 0) {
		error_at(tree, 0, "cannot open the tree: %s", strerror(errno));
		return -1;
	}
	for (int i = 0; i < p->n && !ret; i++) {
		struct patch_file *f = &p->files[i];

		if (f->old_name)
			f->old_rel = tree_path(tree_fd, f->old_name);
		f->rel = f->old_rel && !strcmp(f->old_name, f->name) ?
			 xstrdup(f->old_rel) : tree_path(tree_fd, f->name);
		if ((f->old_rel && in_tree(p, tree_fd, tree, f->old_rel,
					   f->old_line)) ||
		    in_tree(p, tree_fd, tree, f->rel, f->line))
			ret = -1;
	}
	if (!ret && patch_clash(p, tree))
		ret = -1;
	for (int i = 0; i < p->n && !ret; i++) {
		struct patch_file *f = &p->files[i];

		if (!f->deleted &&
		    !(f->result = patch_result(p, f, tree_fd, tree)))
			ret = -1;
	}
	close(tree_fd);
	return ret;
}

static char *read_stream(FILE *fp, size_t *len)
{
	struct sbuf sb = { 0 };
	char buf[65536];
	size_t n;

	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
		sb_addn(&sb, buf, n);
	*len = sb.len;
	return sb.buf ? sb_detach(&sb) : xstrdup("");
}

int patch_read(const char *path, const char *tree, struct added_lines *p)
{
	const char *source = path;
	size_t len = 0;
	char *text;
	int ret;

	memset(p, 0, sizeof(*p));
	if (!strcmp(path, "-")) {
		text = read_stream(stdin, &len);
		source = "<stdin>";
	} else {
		text = read_file(path, &len);
		if (!text) {
			error_at(path, 0, "cannot read the patch: %s",
				 strerror(errno));
			return -1;
		}
	}
	ret = patch_parse(text, len, source, p);
	free(text);
	if (!ret && tree && patch_locate(p, tree)) {
		patch_free(p);
		ret = -1;
	}
	return ret;
}
