/*
 * atomicio.c - atomic file replacement: temp file, fsync, rename, fsync
 * of the directory.
 *
 * A symbolic link is written through: the temporary file goes beside
 * the link's final target and replaces the target, so the link stays a
 * link and readers of either name see the new text.  The new file gets
 * the old one's mode and, where the rules allow, its owner.
 */
#include "core/atomicio.h"
#include "core/util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * The file a write to path replaces: path itself, or the end of the
 * chain of symbolic links it names (which need not exist yet: a dangling
 * link gets its target created).  NULL with errno set on a loop.
 */
static char *final_target(const char *path)
{
	char *cur = xstrdup(path);

	for (int hops = 0;; hops++) {
		char buf[PATH_MAX], *slash, *dir, *next;
		struct stat st;
		ssize_t n;

		if (lstat(cur, &st) || !S_ISLNK(st.st_mode))
			return cur;
		n = hops < 40 ? readlink(cur, buf, sizeof(buf) - 1) : -1;
		if (n < 0) {
			if (hops >= 40)
				errno = ELOOP;
			free(cur);
			return NULL;
		}
		buf[n] = '\0';
		slash = strrchr(cur, '/');
		dir = slash ? xstrndup(cur, slash - cur + 1) : xstrdup("");
		next = path_join(dir, buf);
		free(dir);
		free(cur);
		cur = next;
	}
}

/* fsync the directory that holds path. */
static int sync_dir(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, slash == path ? 1 : slash - path)
			  : xstrdup(".");
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), ret = 0;

	free(dir);
	if (fd < 0)
		return -1;
	/* A file system that cannot sync directories has nothing to do. */
	if (fsync(fd) && errno != EINVAL && errno != EROFS)
		ret = -1;
	close(fd);
	return ret;
}

/* Owner and mode of the file replaced (st), or the defaults for a new one. */
static int copy_owner_mode(int fd, const struct stat *st)
{
	mode_t mask;

	if (!st) {
		mask = umask(0);
		umask(mask);
		return fchmod(fd, 0666 & ~mask);
	}
	/*
	 * root keeps anyone's file theirs; another user can keep the group
	 * when a member of it, and otherwise the file becomes theirs.
	 */
	if (fchown(fd, st->st_uid, st->st_gid)) {
		if (errno != EPERM)
			return -1;
		if (fchown(fd, (uid_t)-1, st->st_gid) && errno != EPERM)
			return -1;
	}
	/* after fchown, which may clear the set-id bits */
	return fchmod(fd, st->st_mode & 07777);
}

static int write_all(int fd, const char *data, size_t len)
{
	size_t off = 0;

	while (off < len) {
		ssize_t n = write(fd, data + off, len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0) {
			errno = EIO;
			return -1;
		}
		off += n;
	}
	return 0;
}

/* A device or a pipe (-o /dev/stdout): written as it is. */
static int write_special(const char *path, const char *data, size_t len)
{
	int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);

	if (fd < 0 || write_all(fd, data, len)) {
		error_at(path, 0, "cannot write: %s", strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (close(fd)) {
		error_at(path, 0, "cannot write: %s", strerror(errno));
		return -1;
	}
	return 0;
}

int atomic_write(const char *path, const char *data, size_t len)
{
	char *target, *tmp;
	struct stat st;
	int fd, have, e;

	if (!stat(path, &st) && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
		return write_special(path, data, len);
	target = final_target(path);
	if (!target) {
		error_at(path, 0, "cannot follow the symbolic link: %s; the "
			 "file is unchanged", strerror(errno));
		return -1;
	}
	have = !stat(target, &st);
	if (have && S_ISDIR(st.st_mode)) {
		error_at(path, 0, "is a directory; name a file");
		free(target);
		return -1;
	}
	tmp = xasprintf("%s.hookwrap-XXXXXX", target);
	fd = mkstemp(tmp);
	if (fd < 0) {
		error_at(path, 0, "cannot create a temporary file beside %s: "
			 "%s; the file is unchanged", target, strerror(errno));
		free(tmp);
		free(target);
		return -1;
	}
	temp_register(tmp);
	if (copy_owner_mode(fd, have ? &st : NULL) ||
	    write_all(fd, data, len) || fsync(fd))
		goto fail;
	e = close(fd);
	fd = -1;
	if (e || rename(tmp, target))
		goto fail;
	temp_forget(tmp);
	free(tmp);
	if (sync_dir(target)) {
		error_at(path, 0, "written, but cannot sync its directory: %s; "
			 "the new text may not survive a crash", strerror(errno));
		free(target);
		return -1;
	}
	free(target);
	return 0;
fail:
	e = errno;
	if (fd >= 0)
		close(fd);
	temp_remove(tmp);
	error_at(path, 0, "cannot write: %s; the file is unchanged",
		 strerror(e));
	free(tmp);
	free(target);
	return -1;
}
