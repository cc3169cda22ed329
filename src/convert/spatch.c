/*
 * spatch.c - a small job pool of spatch processes.
 *
 * The files are cut into batches; each batch is one spatch process
 * with a --file-groups list (one group per file, so files are matched
 * one by one) and its output in a file of its own.  A batch that fails
 * is split into one-file batches, so one file spatch chokes on costs
 * only itself.  The lists are newline-separated: a file name must not
 * hold a newline (the caller refuses such names); spaces and tabs pass.
 */
#include "convert/spatch.h"
#include "core/bigstack.h"
#include "core/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

struct batch {
	int first, n;
};

struct job {
	pid_t pid;
	struct batch b;
	char *list, *out, *err;
};

struct pool {
	const struct spatch_run *r;
	char **files;
	struct batch *queue;
	int head, tail, cap;
	struct job *jobs;
	int running, serial;
};

int spatch_found(const char *prog)
{
	const char *path = getenv("PATH");
	char *dirs, *d, *save = NULL;
	int found = 0;

	if (strchr(prog, '/'))
		return access(prog, X_OK) == 0;
	dirs = xstrdup(path ? path : "/usr/bin:/bin");
	for (d = strtok_r(dirs, ":", &save); d && !found;
	     d = strtok_r(NULL, ":", &save)) {
		char *p = path_join(*d ? d : ".", prog);

		found = access(p, X_OK) == 0;
		free(p);
	}
	free(dirs);
	return found;
}

static void enqueue(struct pool *p, int first, int n)
{
	ARRAY_GROW(p->queue, p->cap, p->tail + 1, 64);
	p->queue[p->tail].first = first;
	p->queue[p->tail].n = n;
	p->tail++;
}

static int write_list(const char *path, char **files, struct batch b)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	for (int i = 0; i < b.n; i++)
		fprintf(f, "%s%s\n", i ? "\n" : "", files[b.first + i]);
	return fclose(f) ? -1 : 0;
}

static void child(const struct spatch_run *r, const struct job *j,
		  char **env)
{
	char timeout[16];
	int out = open(j->out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	int err = open(j->err, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	snprintf(timeout, sizeof(timeout), "%d", r->timeout);
	if (out < 0 || err < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0)
		_exit(126);
	if (chdir(r->dir)) {
		fprintf(stderr, "cannot enter %s: %s\n", r->dir,
			strerror(errno));
		_exit(126);
	}
	{
		char *argv[] = {
			(char *)r->program, "--very-quiet", "--no-includes",
			"--include-headers", "-D", "hookwrap", "--timeout",
			timeout, "--sp-file", (char *)r->rule, "--file-groups",
			j->list, NULL,
		};

		execvpe(r->program, argv, env);
	}
	fprintf(stderr, "cannot run %s: %s\n", r->program, strerror(errno));
	_exit(127);
}

static int start(struct pool *p, struct job *j, struct batch b)
{
	const struct spatch_run *r = p->r;
	int k = p->serial++;
	char **env;

	j->b = b;
	j->list = xasprintf("%s/list-%d", r->tmpdir, k);
	j->out = xasprintf("%s/out-%d", r->tmpdir, k);
	j->err = xasprintf("%s/err-%d", r->tmpdir, k);
	if (write_list(j->list, p->files, b)) {
		error_at(j->list, 0, "cannot write: %s", strerror(errno));
		return -1;
	}
	env = bigstack_environ();
	fflush(NULL);
	j->pid = fork();
	if (!j->pid)
		child(r, j, env);
	free(env);
	if (j->pid < 0) {
		error_at(NULL, 0, "cannot start spatch: %s", strerror(errno));
		return -1;
	}
	p->running++;
	return 0;
}

static void parse_output(const char *path, struct sites *out)
{
	char *text = read_file(path, NULL), *line, *save = NULL;

	if (!text)
		return;
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *f[6], *s;
		struct site *st;
		int k;

		/*
		 * Two fields from the left, three from the right: the file
		 * name between them may hold tabs.
		 */
		if (!starts_with(line, "HOOKWRAP\t"))
			continue;
		f[0] = line;
		f[1] = line + strlen("HOOKWRAP\t");
		f[1][-1] = '\0';
		s = strchr(f[1], '\t');
		if (!s)
			continue;
		*s = '\0';
		f[2] = s + 1;
		for (k = 5; k > 2; k--) {
			s = strrchr(f[2], '\t');
			if (!s)
				break;
			*s = '\0';
			f[k] = s + 1;
		}
		if (k > 2)
			continue;
		ARRAY_GROW(out->v, out->cap, out->n + 1, 64);
		st = &out->v[out->n++];
		st->kind = xstrdup(f[1]);
		st->file = xstrdup(f[2]);
		st->line = strtoul(f[3], NULL, 10);
		st->col = strtoul(f[4], NULL, 10);
		st->name = xstrdup(f[5]);
	}
	free(text);
}

/* The last non-empty line of spatch's stderr, for the report. */
static char *last_words(const char *path, int status)
{
	char *text = read_file(path, NULL), *why = NULL;

	if (text) {
		char *end = text + strlen(text);

		while (end > text && (end[-1] == '\n' || end[-1] == ' '))
			*--end = '\0';
		if (end > text) {
			char *nl = strrchr(text, '\n');

			why = xstrdup(nl ? nl + 1 : text);
		}
		free(text);
	}
	if (!why && WIFSIGNALED(status))
		why = xasprintf("spatch killed by signal %d",
				WTERMSIG(status));
	if (!why)
		why = xasprintf("spatch exited with status %d",
				WEXITSTATUS(status));
	return why;
}

static void finish(struct job *j)
{
	unlink(j->list);
	unlink(j->out);
	unlink(j->err);
	free(j->list);
	free(j->out);
	free(j->err);
	j->pid = 0;
}

int spatch_sites(const struct spatch_run *r, char **files, int n,
		 struct sites *out, char *failed, char **why)
{
	struct pool p = { .r = r, .files = files };
	int jobs = r->jobs > 0 ? r->jobs : 1;
	int size = (n + jobs * 4 - 1) / (jobs * 4), done = 0, ret = 0;

	/* spatch takes a while to start: batches of 8 to 64 files, but
	 * at least one batch per job */
	if (size < 8)
		size = 8;
	if (size > 64)
		size = 64;
	if (size * jobs > n)
		size = (n + jobs - 1) / jobs;
	if (size < 1)
		size = 1;
	for (int i = 0; i < n; i += size)
		enqueue(&p, i, n - i < size ? n - i : size);
	p.jobs = xcalloc(jobs, sizeof(*p.jobs));
	while (p.head < p.tail || p.running) {
		struct job *j = NULL;
		int status;
		pid_t pid;

		for (int k = 0; k < jobs && p.head < p.tail && !ret; k++)
			if (!p.jobs[k].pid &&
			    start(&p, &p.jobs[k], p.queue[p.head++]))
				ret = -1;
		if (!p.running)
			break;
		pid = waitpid(-1, &status, 0);
		if (pid < 0) {
			if (errno == EINTR)
				continue;
			die("waitpid: %s", strerror(errno));
		}
		for (int k = 0; k < jobs; k++)
			if (p.jobs[k].pid == pid)
				j = &p.jobs[k];
		if (!j)
			continue;
		p.running--;
		if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
			error_at(NULL, 0, "cannot run %s; install coccinelle "
				 "or name spatch with --spatch", r->program);
			ret = -1;
		} else if (WIFEXITED(status) && !WEXITSTATUS(status)) {
			parse_output(j->out, out);
			done += j->b.n;
		} else if (j->b.n > 1) {
			for (int i = 0; i < j->b.n; i++)
				enqueue(&p, j->b.first + i, 1);
		} else {
			failed[j->b.first] = 1;
			why[j->b.first] = last_words(j->err, status);
			done++;
		}
		finish(j);
		if (r->progress)
			r->progress(r->arg, done, n);
	}
	free(p.jobs);
	free(p.queue);
	return ret;
}

void sites_free(struct sites *s)
{
	for (int i = 0; i < s->n; i++) {
		free(s->v[i].kind);
		free(s->v[i].file);
		free(s->v[i].name);
	}
	free(s->v);
	memset(s, 0, sizeof(*s));
}
