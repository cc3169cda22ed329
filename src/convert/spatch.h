/*
 * spatch.h - run Coccinelle's spatch over many files, several processes
 * at a time, and collect what a rule prints in "hookwrap" mode:
 *
 *	HOOKWRAP <tab> kind <tab> file <tab> line <tab> column <tab> name
 *
 * (column from 0, file as passed to spatch).
 */
#ifndef HOOKWRAP_SPATCH_H
#define HOOKWRAP_SPATCH_H

struct site {
	char *kind;		/* call, unknown, direct, inwrap */
	char *file;
	unsigned line, col;
	char *name;
};

struct sites {
	struct site *v;
	int n, cap;
};

struct spatch_run {
	const char *program;	/* "spatch" or $SPATCH */
	const char *rule;	/* path of the .cocci file */
	const char *dir;	/* spatch runs here; files are relative to it */
	const char *tmpdir;	/* for group lists and output */
	int jobs;		/* spatch processes at once */
	int timeout;		/* seconds per file, 0 for none */
	/* Called after each finished batch with files done so far. */
	void (*progress)(void *arg, int done, int total);
	void *arg;
};

/*
 * Run r->rule with -D hookwrap over files[0..n).  A batch whose spatch
 * fails is run again one file at a time; a file that still fails gets
 * failed[i] = 1 and its spatch error text in why[i] (malloc'd).
 * Returns 0, or -1 (reported) when spatch cannot be run at all.
 */
int spatch_sites(const struct spatch_run *r, char **files, int n,
		 struct sites *out, char *failed, char **why);

/* Is prog runnable (a path, or found on $PATH)? */
int spatch_found(const char *prog);

void sites_free(struct sites *s);

#endif /* HOOKWRAP_SPATCH_H */
