/*
 * cmd_gen_header.c - "hookwrap gen-header TREE": the wrapper block on
 * stdout, into a file (-o), or spliced into the output header between
 * its markers (--in-place).
 */
#include "core/atomicio.h"
#include "core/kconfig.h"
#include "cmd/commands.h"
#include "header/adopt.h"
#include "header/geninsert.h"
#include "header/genheader.h"
#include "header/place.h"
#include "header/sigparts.h"
#include "manifest/policy.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
	"usage: hookwrap gen-header [--config FILE] [--profile NAME]\n"
	"                           [--guard=none|refcount|rcu|preempt] [--rt]\n"
	"                           [-o FILE | --in-place [--adopt]] TREE\n"
	"\n"
	"Write the wrappers of the tree's ops table: under #ifdef CONFIG_X one\n"
	"static inline wrapper per hook, under #else the stubs.  Prints the\n"
	"generated block, writes it to FILE with -o, or with --in-place\n"
	"replaces the block between the markers\n"
	"  " GEN_BEGIN "\n"
	"  " GEN_END "\n"
	"in the table's output header, atomically.  --guard picks how every\n"
	"wrapper calls (docs/policies.md); guard.HOOK in hookwrap.conf wins.\n"
	"On a tree configured with CONFIG_PREEMPT_RT (its .config or\n"
	"autoconf.h), or with --rt, hooks under guard preempt get a warning:\n"
	"with preemption off their implementations must not take a\n"
	"spinlock_t there (hookwrap check --rt names those that do).\n"
	"\n"
	"A header with no markers gets them on the first --in-place run,\n"
	"after the struct and the table pointer (a note says where).\n"
	"With --adopt, --in-place first removes the header's hand-written\n"
	"wrappers and stubs (each listed), which the block defines again.\n"
	"Up to 2.6.20 it also writes each hook's missing default and the\n"
	"fixup line that installs it (security/dummy.c).\n"
	"On a tree whose header has no markers and whose hooks are\n"
	"dispatched out of line (a hook list, Linux 4.2 on; or the static\n"
	"table pointer of 2.6.21 to 4.1), --in-place writes what each hook\n"
	"lacks, in the tree's style: its dispatcher in the wrappers file\n"
	"(security/security.c), its prototype and CONFIG-off stub in the\n"
	"output header, before 4.2 its default and the fixup line that\n"
	"installs it (security/capability.c), from 4.2 to 5.6 (no hook\n"
	"list) its list head in struct security_hook_heads and up to 4.11\n"
	"that head's initialiser entry.  Such a tree gets no block.\n";

/*
 * Write what geninsert worked out: every file was worked out before any
 * is written; an unchanged file is not written.  0, or 2.
 */
static int write_out(const struct hookparts *hp,
		     const struct geninsert_out *n)
{
	if (n->c && atomic_write(hp->c_path, n->c, strlen(n->c)))
		return 2;
	if (n->h && atomic_write(hp->h_path, n->h, strlen(n->h)))
		return 2;
	if (n->l && atomic_write(hp->l_path, n->l, strlen(n->l)))
		return 2;
	if (n->d && atomic_write(hp->d_path, n->d, strlen(n->d)))
		return 2;
	return 0;
}

/*
 * The tree's hand-maintained files: each hook's missing dispatcher,
 * prototype and stub (and on an out-of-line tree its default and fixup
 * line, on a tree of the written-out heads its list head and its
 * initialiser entry) written in (header/geninsert.c).
 */
static int insert_mode(const struct tree_opts *o, enum parts_era era)
{
	const struct table *t = &o->table;
	const struct manifest *m = &o->manifest;
	struct hookparts hp;
	struct geninsert_out n = { 0 };
	struct sigplan sp = { 0 }, again = { 0 };
	char *sig[3];
	int ret = 0;

	if (hookparts_read(&hp, t, m, o->tree, era)) {
		hookparts_free(&hp);
		return 2;
	}
	/* Hooks whose signature changed: what still follows the old one. */
	sigplan_parts(&sp, t, m, &hp, NULL, 0);
	if (sp.n && sigplan_impls(&sp, t, m, o->tree, NULL, NULL, 0))
		ret = 2;
	sigplan_apply(&sp, sig);
	if (!ret && (sig[0] || sig[1] || sig[2])) {
		/* Read again (hp owns the texts): they must now agree. */
		hookparts_retext(&hp, m, sig[0], sig[1], sig[2]);
		sigplan_parts(&again, t, m, &hp, NULL, 0);
		if (sigplan_rewrites(&again)) {
			error_at(o->tree, 0, "the rewrite of %d pieces of hook "
				 "'%s' would leave them disagreeing with it; "
				 "nothing written", sigplan_rewrites(&again),
				 m->hooks[again.v[0].hook].member);
			ret = 2;
		}
		sigplan_free(&again);
	} else {
		free(sig[0]);
		free(sig[1]);
		free(sig[2]);
		sig[0] = sig[1] = sig[2] = NULL;
	}
	if (ret || geninsert(t, m, &hp, o->tree, &n)) {
		ret = 2;
	} else {
		/* A file only the signature rewrite changed is written too. */
		if (!n.c && sig[0])
			n.c = xstrdup(hp.c_text);
		if (!n.h && sig[1])
			n.h = xstrdup(hp.h_text);
		if (!n.d && sig[2] && hp.d_text)
			n.d = xstrdup(hp.d_text);
		ret = write_out(&hp, &n);
	}
	if (!ret)
		sigplan_notes(&sp, m, o->tree, era);
	sigplan_free(&sp);
	geninsert_out_free(&n);
	hookparts_free(&hp);
	return ret;
}

/*
 * A PREEMPT_RT tree (or --rt): hooks under guard preempt run with
 * preemption off, where a spinlock_t sleeps.  Said once, as a warning:
 * gen-header does not know the implementations, the checker does.
 */
static void rt_warn(const struct tree_opts *o, int rt)
{
	const struct manifest *m = &o->manifest;
	char *file = NULL;
	unsigned line = 0;
	int n = 0, first = -1;

	for (int i = 0; i < m->n; i++)
		if (policy_atomic_rt(m->hooks[i].policy) && n++ == 0)
			first = i;
	if (!n || !(kconfig_on(o->tree, "PREEMPT_RT", &file, &line) || rt))
		return;
	warning_at(file ? file : o->tree, line, "%s: %d hook%s (%s%s) run%s "
		   "under guard 'preempt', with preemption off, where on "
		   "PREEMPT_RT a spinlock_t, rwlock_t or local_lock_t sleeps "
		   "and memory must not be allocated; 'hookwrap check --rt' "
		   "names the implementations that do (sleep-under-guard): "
		   "give those hooks guard 'rcu' or 'refcount' (guard.HOOK "
		   "in hookwrap.conf)", file ? "CONFIG_PREEMPT_RT is on" :
		   "--rt", n, n == 1 ? "" : "s", m->hooks[first].member,
		   n > 1 ? ", ..." : "", n == 1 ? "s" : "");
	free(file);
}

/*
 * Why an out-of-line tree gets no block: "the hooks of struct S are
 * dispatched out of line, in F (N of M hooks), through 'P', which H does
 * not declare".  text: the header's.
 */
static char *ool_why(const struct tree_opts *o, const char *text)
{
	const struct table *t = &o->table;
	const char *rel = t->output ? t->output : t->header;
	char *hidden = text && !hookparts_sees_pointer(t, text) ?
		       xasprintf(", through '%s', which %s does not declare",
				 t->pointer, rel) : xstrdup("");
	char *why = xasprintf("the hooks of struct %s are dispatched out of "
			      "line, in %s (%d of %d hooks)%s",
			      t->struct_name, t->wrappers.v[0],
			      hookparts_out_of_line(t, &o->manifest),
			      o->manifest.n, hidden);

	free(hidden);
	return why;
}

/* The same, for the modes that print or write the block. */
static int no_block(const struct tree_opts *o)
{
	const char *rel = o->table.output ? o->table.output : o->table.header;
	char *path = path_join(o->tree, rel);
	char *text = read_file(path, NULL);
	char *why = ool_why(o, text);

	error_at(o->tree, 0, "%s: a block of inline wrappers does not fit "
		 "this tree; 'hookwrap gen-header --in-place %s' writes the "
		 "pieces its hooks lack (dispatcher, prototype, stub, default) "
		 "where it keeps them", why, o->tree);
	free(why);
	free(text);
	free(path);
	return 2;
}

/*
 * A header with no region yet (or --adopt): the region placed after the
 * struct, the hand-written wrappers cut out when adopting.  The new
 * text, or NULL after one error line.
 */
static char *first_run(const struct tree_opts *o, const char *path,
		       const char *text, const char *block, int adopt)
{
	const struct table *t = &o->table;
	struct frontend fe;
	struct parsed p;
	struct adoption a = { 0 };
	unsigned begin, end, after = 0;
	int has = markers_lines(text, &begin, &end);
	char *how = NULL, *cut = NULL, *out = NULL;
	const char *why;
	unsigned line;

	if (fe_open(&fe, t, o->tree))
		return NULL;
	if (fe_parse(&fe, t->header, &p)) {
		fe_close(&fe);
		return NULL;
	}
	adopt_scan(&p, t, &o->manifest, has ? begin : 0, has ? end : 0, &a);
	if (!adopt && adopt_count(&a)) {
		const struct adopt_fn *f = a.v;

		while (f->kind == ADOPT_KEPT)
			f++;
		error_at(path, f->first, "no generated region, and %d "
			 "hand-written wrappers and stubs (the first: %s()): "
			 "run with --adopt to replace them with the generated "
			 "block, or put the two lines '" GEN_BEGIN "' and '"
			 GEN_END "' where the wrappers belong yourself",
			 adopt_count(&a), f->name);
		goto out;
	}
	if (!has && place_region(&p, t, &after, &how))
		goto out;
	if (adopt_check(&p, &a, block, after))
		goto out;
	cut = adopt_apply(text, &a, &p.conds, after);
	out = genheader_splice(cut, block, &why, &line);
	if (!out) {
		error_at(path, line, "%s", why);
		goto out;
	}
	if (adopt)
		adopt_report(path, &a);
	if (!has) {
		markers_lines(out, &begin, &end);
		fprintf(stderr, "%s:%u: note: placed the generated region %s "
			"(first run)\n", path, begin, how);
	}
out:
	free(cut);
	free(how);
	adopt_free(&a);
	fe_parsed_free(&p);
	fe_close(&fe);
	return out;
}

/*
 * The header with its block (out) written, and the defaults the block's
 * hooks lack: a tree of the block (2.5.43 to 2.6.20) installs each
 * hook's default with a line of security_fixup_ops() in
 * security/dummy.c, and a member left NULL oopses at its first call.
 * Both files are worked out before either is written.  0, or 2.
 */
static int write_block(const struct tree_opts *o, const char *path,
		       const char *text, const char *out)
{
	struct hookparts hp;
	struct geninsert_out n = { 0 };
	int ret = 0;

	if (hookparts_read(&hp, &o->table, &o->manifest, o->tree, ERA_BLOCK) ||
	    geninsert(&o->table, &o->manifest, &hp, o->tree, &n))
		ret = 2;
	else if (strcmp(out, text) && atomic_write(path, out, strlen(out)))
		ret = 2;
	else if (n.d && atomic_write(hp.d_path, n.d, strlen(n.d)))
		ret = 2;
	geninsert_out_free(&n);
	hookparts_free(&hp);
	return ret;
}

static int in_place(const struct tree_opts *o, const char *block, int adopt)
{
	const char *rel = o->table.output ? o->table.output : o->table.header;
	char *path = path_join(o->tree, rel);
	size_t len;
	char *text = read_file(path, &len);
	char *out;
	const char *why;
	unsigned line, begin = 0, end = 0;
	enum parts_era era;
	struct sigplan sp = { 0 };
	int ret = 0;

	if (!text) {
		error_at(path, 0, "cannot read the output header: %s",
			 strerror(errno));
		free(path);
		return 2;
	}
	if (reject_binary(path, text, len)) {
		free(text);
		free(path);
		return 2;
	}
	era = hookparts_era(&o->table, &o->manifest);
	if (!strstr(text, GEN_BEGIN) && !strstr(text, GEN_END) &&
	    !adopt && era != ERA_BLOCK) {
		/* Its pieces go where the tree keeps them: no region. */
		free(text);
		free(path);
		return insert_mode(o, era);
	}
	if (era == ERA_OOL) {
		char *why = ool_why(o, text);

		markers_lines(text, &begin, &end);
		if (adopt)
			error_at(path, 0, "--adopt replaces a header's inline "
				 "wrappers with the generated block, but %s; "
				 "drop --adopt: 'hookwrap gen-header --in-place "
				 "%s' writes the pieces its hooks lack where "
				 "it keeps them", why, o->tree);
		else
			error_at(path, begin ? begin : end, "a generated "
				 "region, but %s: a block of inline wrappers "
				 "does not fit this tree; remove the region "
				 "(from '" GEN_BEGIN "' to '" GEN_END "'), "
				 "then run again", why);
		free(why);
		free(text);
		free(path);
		return 2;
	}
	if (adopt && strcmp(rel, o->table.header)) {
		error_at(path, 0, "--adopt works on the header that defines "
			 "the struct (%s), not on a separate 'output' header; "
			 "drop --adopt", o->table.header);
		ret = 2;
		out = NULL;
	} else if (adopt || (!markers_lines(text, &begin, &end) &&
			     !strcmp(rel, o->table.header))) {
		out = first_run(o, path, text, block, adopt);
		ret = out ? 0 : 2;
	} else {
		/* Hooks whose wrappers the block changes: what else follows. */
		sigplan_block(&sp, &o->table, &o->manifest, rel, text, begin,
			      end);
		if (sp.n && sigplan_impls(&sp, &o->table, &o->manifest,
					  o->tree, NULL, NULL, 0))
			ret = 2;
		out = ret ? NULL : genheader_splice(text, block, &why, &line);
		if (!out && !ret) {
			error_at(path, line, "%s", why);
			ret = 2;
		}
	}
	if (out)
		ret = write_block(o, path, text, out);
	if (!ret)
		sigplan_notes(&sp, &o->manifest, o->tree, ERA_BLOCK);
	sigplan_free(&sp);
	free(out);
	free(text);
	free(path);
	return ret;
}

int cmd_gen_header(int argc, char **argv)
{
	static const struct option opts[] = {
		TREE_OPTIONS,
		{ "in-place", no_argument, NULL, 'i' },
		{ "adopt", no_argument, NULL, 'a' },
		{ "rt", no_argument, NULL, 'r' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct tree_opts o = { 0 };
	const char *output = NULL;
	int inplace = 0, adopt = 0, rt = 0, c, ret;
	char *block;

	while ((c = getopt_long(argc, argv, "ho:", opts, NULL)) != -1) {
		if (tree_option(&o, c, optarg))
			continue;
		switch (c) {
		case 'i':
			inplace = 1;
			break;
		case 'a':
			adopt = 1;
			break;
		case 'r':
			rt = 1;
			break;
		case 'o':
			output = optarg;
			break;
		case 'h':
			fputs(usage_text, stdout);
			return 0;
		default:
			fputs(usage_text, stderr);
			return 2;
		}
	}
	if (optind + 1 != argc || (inplace && output) ||
	    (adopt && !inplace)) {
		fputs(usage_text, stderr);
		return 2;
	}
	o.tree = argv[optind];
	ret = load_tree(&o);
	if (ret)
		goto out;
	manifest_warn_stubs(&o.manifest);
	rt_warn(&o, rt);
	if (!inplace && hookparts_era(&o.table, &o.manifest) == ERA_OOL) {
		ret = no_block(&o);
		goto out;
	}
	block = genheader_block(&o.table, &o.manifest);
	if (inplace)
		ret = in_place(&o, block, adopt);
	else if (output)
		ret = atomic_write(output, block, strlen(block)) ? 2 : 0;
	else if (fputs(block, stdout) == EOF || fflush(stdout))
		ret = 2;
	free(block);
out:
	manifest_free(&o.manifest);
	table_free(&o.table);
	return ret;
}
