/*
 * treescan.c - list the tree's .c and .h files and find those whose
 * text names the table's pointer, reading on --jobs threads.  Each
 * file is read whole into the thread's own buffer with read(2) and
 * searched with memmem: no stdio, no copy.  A file that cannot be
 * opened or read counts as named, so that the caller, which reads the
 * named ones again, reports it.
 */
#include "convert/treescan.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* nftw has no closure: the walk's state. */
static struct strv *walk_files;
static size_t walk_root_len;

static int walk_one(const char *path, const struct stat *st, int type,
		    struct FTW *ftw)
{
	const char *base = path + ftw->base;

	(void)st;
	if (type == FTW_D && ftw->level > 0 && base[0] == '.')
		return FTW_SKIP_SUBTREE;
	if (type == FTW_F && (ends_with(base, ".c") || ends_with(base, ".h")))
		strv_push(walk_files, path + walk_root_len);
	return FTW_CONTINUE;
}

struct scan_job {
	const char *tree;
	const char *pointer;
	struct treescan *ts;
	int next;		/* the next file to take (atomic) */
};

/* Does the file at path name the pointer?  1 also when unreadable. */
static int names_pointer(const char *path, const char *pointer,
			 char **buf, size_t *cap)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t len = 0;
	struct stat st;
	int r = 1;

	if (fd < 0)
		return 1;
	if (fstat(fd, &st))
		goto out;
	for (;;) {
		ssize_t n;

		/* One byte more than the size, to see the end at once. */
		if (*cap < len + (size_t)st.st_size + 1) {
			*cap = grow_cap(*cap, len + st.st_size + 1, 65536, 1);
			*buf = xrealloc(*buf, *cap);
		}
		n = read(fd, *buf + len, *cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			goto out;
		if (n == 0)
			break;
		len += n;
	}
	r = memmem(*buf, len, pointer, strlen(pointer)) != NULL;
out:
	close(fd);
	return r;
}

static void *scan_thread(void *arg)
{
	struct scan_job *j = arg;
	char *buf = NULL;
	size_t cap = 0;
	int i;

	while ((i = __atomic_fetch_add(&j->next, 1, __ATOMIC_RELAXED)) <
	       j->ts->files.n) {
		char *path = path_join(j->tree, j->ts->files.v[i]);

		j->ts->named[i] = names_pointer(path, j->pointer, &buf, &cap);
		free(path);
	}
	free(buf);
	return NULL;
}

int treescan(const char *tree, const char *pointer, int jobs,
	     struct treescan *ts)
{
	char *root = xstrdup(tree);
	size_t n = strlen(root);
	struct scan_job j = { tree, pointer, ts, 0 };
	pthread_t *th;
	int started = 0;

	memset(ts, 0, sizeof(*ts));
	while (n > 1 && root[n - 1] == '/')
		root[--n] = '\0';
	walk_root_len = n + (root[n - 1] != '/');
	walk_files = &ts->files;
	if (nftw(root, walk_one, 32, FTW_PHYS | FTW_ACTIONRETVAL)) {
		error_at(root, 0, "cannot walk the tree: %s", strerror(errno));
		free(root);
		return -1;
	}
	free(root);
	qsort(ts->files.v, ts->files.n, sizeof(char *), cmp_strp);
	ts->named = xcalloc(ts->files.n + 1, 1);
	if (jobs < 1)
		jobs = 1;
	th = xcalloc(jobs, sizeof(*th));
	/* The calling thread is one of the jobs. */
	for (int k = 1; k < jobs; k++) {
		if (pthread_create(&th[started], NULL, scan_thread, &j))
			break;	/* fewer threads: those running read it all */
		started++;
	}
	scan_thread(&j);
	for (int k = 0; k < started; k++)
		pthread_join(th[k], NULL);
	free(th);
	return 0;
}

void treescan_free(struct treescan *ts)
{
	strv_clear(&ts->files);
	free(ts->named);
	memset(ts, 0, sizeof(*ts));
}
