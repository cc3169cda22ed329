/* atomicio.c - atomic file replacement: temp file, fsync, rename. */
#include "atomicio.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int atomic_write(const char *path, const char *data, size_t len)
{
	char *tmp = xasprintf("%s.hookwrap-XXXXXX", path);
	struct stat st;
	int fd = mkstemp(tmp);
	size_t off = 0;

	if (fd < 0) {
		error_at(path, 0, "cannot create a temporary file beside it: "
			 "%s", strerror(errno));
		free(tmp);
		return -1;
	}
	if (stat(path, &st) == 0)
		fchmod(fd, st.st_mode & 07777);
	else
		fchmod(fd, 0644);
	while (off < len) {
		ssize_t n = write(fd, data + off, len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			goto fail;
		off += n;
	}
	if (fsync(fd) || close(fd)) {
		fd = -1;
		goto fail;
	}
	if (rename(tmp, path)) {
		fd = -1;
		goto fail;
	}
	free(tmp);
	return 0;
fail:
	error_at(path, 0, "cannot write: %s; the file is unchanged",
		 strerror(errno));
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	free(tmp);
	return -1;
}
