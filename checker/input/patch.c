/*
 * patch.c - review mode's patch once read: the lines it adds (which
 * findings are shown), and the shadow directory it is laid over the
 * tree in.  The shadow is the only place written or removed: every file
 * is made relative to its directory's descriptor with O_NOFOLLOW and
 * O_EXCL, and no link is ever followed when writing or removing.
 */
#include "checker/input/patch.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* Link every entry of the tree's directory dir into dir_fd. */
static int populate(int dir_fd, const char *shadow, const char *tree_abs,
		    const char *dir)
{
	char *td = *dir ? path_join(tree_abs, dir) : xstrdup(tree_abs);
	int fd = open(td, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *e;
	int ret = 0;

	if (!d && fd >= 0)
		close(fd);
	while (d && (e = readdir(d))) {
		char *from;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		from = path_join(td, e->d_name);
		if (symlinkat(from, dir_fd, e->d_name) && errno != EEXIST) {
			error_at(shadow, 0, "cannot link %s there: %s", from,
				 strerror(errno));
			ret = -1;
		}
		free(from);
	}
	if (d)
		closedir(d);
	free(td);
	return ret;
}

/*
 * The shadow's directory dir (tree-relative, "" the top), opened: each
 * component made a real directory holding links to the tree's entries
 * (it was a link to the tree's directory, or nothing).  -1 printed.
 * With absent_ok, a component that is not there or is a regular file (a
 * file to remove that cannot be there) is not made: -2 then, nothing
 * printed.
 */
static int shadow_dirfd(int root_fd, const char *root, const char *tree_abs,
			const char *dir, int absent_ok)
{
	int fd = fcntl(root_fd, F_DUPFD_CLOEXEC, 0);
	char *d = xstrdup(dir), *c = d;

	while (fd >= 0 && *c) {
		char *slash = strchr(c, '/');
		struct stat st;
		int nfd, made = 0;

		if (slash)
			*slash = '\0';
		if (absent_ok) {
			int r = fstatat(fd, c, &st, AT_SYMLINK_NOFOLLOW);

			/* Nothing there, or a file: nothing below it. */
			if ((r && errno == ENOENT) || (!r && S_ISREG(st.st_mode))) {
				close(fd);
				free(d);
				return -2;
			}
		}
		if (fstatat(fd, c, &st, AT_SYMLINK_NOFOLLOW) ||
		    !S_ISDIR(st.st_mode)) {
			if ((unlinkat(fd, c, 0) && errno != ENOENT) ||
			    mkdirat(fd, c, 0700)) {
				error_at(root, 0, "cannot make %s there: %s",
					 d, strerror(errno));
				close(fd);
				fd = -1;
				break;
			}
			made = 1;
		}
		nfd = openat(fd, c, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
			     O_CLOEXEC);
		if (nfd < 0)
			error_at(root, 0, "cannot open %s there: %s", d,
				 strerror(errno));
		close(fd);
		fd = nfd;
		if (fd >= 0 && made && populate(fd, root, tree_abs, d)) {
			close(fd);
			fd = -1;
		}
		if (!slash)
			break;
		*slash = '/';
		c = slash + 1;
	}
	free(d);
	return fd;
}

/* Replace rel in the shadow by text (NULL: remove it). */
static int shadow_file(int root_fd, const char *root, const char *tree_abs,
		       const char *rel, const char *text)
{
	char *dir = xstrdup(rel), *slash = strrchr(dir, '/');
	const char *base = slash ? rel + (slash - dir) + 1 : rel;
	int dir_fd, fd = -1, ret = -1;
	size_t len = text ? strlen(text) : 0, off = 0;

	if (slash)
		*slash = '\0';
	else
		dir[0] = '\0';
	dir_fd = shadow_dirfd(root_fd, root, tree_abs, dir, !text);
	free(dir);
	if (dir_fd == -2)
		return 0;	/* to remove, and not there */
	if (dir_fd < 0)
		return -1;
	if (unlinkat(dir_fd, base, 0) && errno != ENOENT)
		goto out;
	if (!text) {
		ret = 0;
		goto out;
	}
	fd = openat(dir_fd, base, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		    O_CLOEXEC, 0600);
	if (fd < 0)
		goto out;
	while (off < len) {
		ssize_t n = write(fd, text + off, len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			goto out;
		off += n;
	}
	ret = close(fd);
	fd = -1;
out:
	if (ret)
		error_at(root, 0, "cannot write %s there: %s", rel,
			 strerror(errno));
	if (fd >= 0)
		close(fd);
	close(dir_fd);
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
	if (root) {		/* registered under the name shadow_remove gets */
		temp_register(root);
		temp_forget(tmpl);
	}
	int root_fd = root ? open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
				  O_CLOEXEC) : -1;

	if (root_fd < 0) {
		error_at(NULL, 0, "cannot open the shadow directory: %s",
			 strerror(errno));
		goto fail;
	}
	if (populate(root_fd, root, tree_abs, ""))
		goto fail;
	for (int i = 0; i < p->n; i++) {
		const struct patch_file *f = &p->files[i];

		if (!f->deleted && !f->result)
			die("shadow_create: no text for %s (patch_read was "
			    "given no tree)", f->rel);
		if (shadow_file(root_fd, root, tree_abs, f->rel, f->result))
			goto fail;
		if (f->renamed && strcmp(f->old_rel, f->rel) &&
		    shadow_file(root_fd, root, tree_abs, f->old_rel, NULL))
			goto fail;
	}
	close(root_fd);
	free(tree_abs);
	return root;
fail:
	if (root_fd >= 0)
		close(root_fd);
	free(tree_abs);
	shadow_remove(root);
	return NULL;
}

void shadow_remove(char *root)
{
	if (root && strstr(root, "/hookwrap-shadow."))
		temp_remove(root);
	free(root);
}
