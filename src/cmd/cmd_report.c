/*
 * cmd_report.c - "hookwrap report --db=FILE": link the facts that
 * "hookwrap check --db=FILE" collected over a build (make C=2) and print
 * the sleep rules' findings for the whole build, in the checker's
 * formats.  The database holds everything needed: no tree is parsed.
 */
#include "cmd/check_args.h"
#include "cmd/commands.h"
#include "checker/input/baseline.h"
#include "checker/sleep/facts.h"
#include "checker/check.h"
#include "checker/sleep/sleep.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

static const char usage_text[] =
	"usage: hookwrap report --db FILE [--format gcc|json|sarif]\n"
	"                       [--rule ID]... [--error-exit] [--baseline FILE]\n"
	"                       [--no-group] [--rt] [--fptr object|member|type]\n"
	"       hookwrap report --db FILE --why NAME\n"
	"\n"
	"Link the facts collected by 'hookwrap check --db FILE' (for a whole\n"
	"build: make C=2 CHECK=\"hookwrap check --db FILE\") and print the\n"
	"findings of sleep-in-atomic-hook, sleep-in-atomic,\n"
	"sleep-under-guard and direct-impl-call.  --rule limits the output to those rules.\n"
	"--baseline FILE (a report saved earlier with --format=json or sarif):\n"
	"print only the findings it does not hold, matched by rule, file,\n"
	"function and message, not by line; in SARIF, every result with its\n"
	"baselineState (new, unchanged, absent).\n"
	"--fptr: what a call through a function-pointer member reaches.  object\n"
	"(the default): what the code stores in that member of the object the\n"
	"call is made on, when the facts name the object (docs/facts-db.md,\n"
	"\"Objects\"), else as member; member: every function stored in that\n"
	"member of any object; type: in any member of its function type.  The\n"
	"wider ones measure what the narrower answer saves.\n"
	"--rt adds sleep-in-atomic-rt, what may sleep on PREEMPT_RT only (on by\n"
	"itself when the build has CONFIG_PREEMPT_RT).\n"
	"A sleep reached from several atomic regions is one finding, at the\n"
	"entry point with the shortest chain, naming the others (related\n"
	"locations in JSON and SARIF); --no-group prints one per entry point.\n"
	"--why NAME says whether the hook or function NAME may sleep, and why:\n"
	"one chain per implementation or definition; with --rt (or on a\n"
	"PREEMPT_RT build) whether it may sleep there, \"(on PREEMPT_RT)\" at\n"
	"the step that sleeps on RT only.\n"
	"Exit status: 0 (1 with --error-exit when there are findings), 2 on\n"
	"bad input.  See docs/facts-db.md and docs/rules/.\n";

/*
 * " when its parameter 1 (from 0) is false", " when in_interrupt() is
 * false and irqs_disabled() is false", or "".
 */
/* " when its parameter 1 (from 0) is true" for one condition. */
static void cond_word(struct sbuf *sb, const struct link *lk, int cond)
{
	const struct link_pred *p = link_pred(lk, cond);
	const char *lead = sb->len ? " and" : " when";

	if (p) {
		/* what is tested: the parameter, or a member it points to */
		const char *f = p->field ? lk->preds->fields.v[p->field - 1] :
				NULL;
		const char *m = f && strrchr(f, '.') ? strrchr(f, '.') + 1 : f;

		if (m)
			sb_addf(sb, "%s member %s of what its parameter %d "
				"(from 0) points to", lead, m, p->param);
		else
			sb_addf(sb, "%s its parameter %d (from 0)", lead,
				p->param);
	}
	if (p && p->op == '&')
		sb_addf(sb, " has %s of 0x%llx set",
			cond > 0 ? "a bit" : "no bit",
			(unsigned long long)p->val);
	else if (p && p->op == 'i') {
		const char *sep = "";

		sb_addf(sb, " is %sone of ", cond > 0 ? "" : "not ");
		for (int k = 0; k < 64; k++)
			if (((unsigned long long)p->val >> k) & 1) {
				sb_addf(sb, "%s%d", sep, k);
				sep = ", ";
			}
	} else if (p)
		sb_addf(sb, " is %s%lld", cond > 0 ? "" : "not ", p->val);
	else if (cond > COND_GFP)
		sb_addf(sb, "%s its parameter %d (from 0) is GFP flags that "
			"can block", lead, cond - COND_GFP - 1);
	else if (cond)
		sb_addf(sb, "%s its parameter %d (from 0) is %s", lead,
			(cond > 0 ? cond : -cond) - 1,
			cond > 0 ? "true" : "false");
}

static char *cond_words(const struct link *lk, int cond, int cond2,
			unsigned need)
{
	static const struct {
		unsigned bit;
		const char *words;
	} needs[] = {
		{ NEED_IRQS_ON, "irqs_disabled() is false" },
		{ NEED_IRQS_OFF, "irqs_disabled() is true" },
		{ NEED_NOT_INTR, "in_interrupt() is false" },
		{ NEED_INTR, "in_interrupt() is true" },
		{ NEED_NOT_ATOMIC, "in_atomic() is false" },
		{ NEED_ATOMIC, "in_atomic() is true" },
	};
	struct sbuf sb = { 0 };

	cond_word(&sb, lk, cond);
	cond_word(&sb, lk, cond2);
	for (size_t i = 0; i < ARRAY_SIZE(needs); i++)
		if (need & needs[i].bit)
			sb_addf(&sb, "%s%s", sb.len ? " and " : " when ",
				needs[i].words);
	return sb_detach(&sb);
}

/* Of the unfollowed calls named in --why, how many are listed. */
#define WHY_UNFOLLOWED 5

/*
 * Under "does not sleep": the calls below n that would sleep but for
 * their callee's kernel-doc (link_documented()).
 */
static void why_documented(const struct link *lk, int n)
{
	int *calls, k = link_documented_calls(lk, n, &calls, WHY_UNFOLLOWED);

	for (int i = 0; i < k && i < WHY_UNFOLLOWED; i++) {
		const struct fact_call *c = &lk->f->calls[calls[i]];
		const struct fact_fn *fn =
			&lk->f->fns[lk->nodes[lk->call_target[calls[i]]].fn];

		printf("  %s() at %s:%u would sleep, but its kernel-doc (%s:%u) "
		       "says \"Context: %s\"\n", fn->name,
		       c->file ? c->file : "?", c->line,
		       fn->file ? fn->file : "?", fn->line, fn->ctx_doc);
	}
	if (k > WHY_UNFOLLOWED)
		printf("  ... and %d more such calls\n", k - WHY_UNFOLLOWED);
	free(calls);
}

/*
 * Under "does not sleep": n's own calls made only in early boot, which
 * the link does not follow (calls.boot, checker/sleep/sleep_boot.c).
 */
static void why_boot(const struct link *lk, int n)
{
	int k = 0;

	for (int i = 0; i < lk->f->ncalls; i++) {
		const struct fact_call *c = &lk->f->calls[i];

		if (!c->boot || lk->call_from[i] != n)
			continue;
		if (k++ < WHY_UNFOLLOWED)
			printf("  %s() at %s:%u is made only in early boot, "
			       "where no sleep is judged: not followed\n",
			       *c->callee ? c->callee : c->text ? c->text : "?",
			       c->file ? c->file : "?", c->line);
	}
	if (k > WHY_UNFOLLOWED)
		printf("  ... and %d more such calls\n", k - WHY_UNFOLLOWED);
}

/* One line for node n: may it sleep, and through what. */
static void why_node(const struct link *lk, int n, const char *what)
{
	const struct link_node *x = &lk->nodes[n];
	char *chain, *when;

	if (!x->dist) {
		int *calls, k = link_unfollowed(lk, n, &calls, WHY_UNFOLLOWED);

		/* Not "does not sleep" when a call was not followed. */
		if (!k) {
			printf("%s: does not sleep\n", what);
		} else {
			printf("%s: no sleeping call found; %d indirect "
			       "call%s not followed:", what, k,
			       k == 1 ? "" : "s");
			for (int i = 0; i < k && i < WHY_UNFOLLOWED; i++) {
				const struct fact_call *c =
					&lk->f->calls[calls[i]];

				printf("%s %s at %s:%u", i ? "," : "",
				       c->text ? c->text : "?",
				       c->file ? c->file : "?", c->line);
			}
			printf("%s\n", k > WHY_UNFOLLOWED ? ", ..." : "");
		}
		free(calls);
		why_documented(lk, n);
		why_boot(lk, n);
		return;
	}
	chain = link_chain(lk, n);
	when = cond_words(lk, x->cond, x->cond2, x->need);
	printf("%s: may sleep%s: %s\n", what, when, chain);
	if (link_documented(lk, n))
		printf("  but its kernel-doc says \"Context: %s\": its callers "
		       "are not reported through it (fix the chain, or the "
		       "comment)\n", lk->f->fns[x->fn].ctx_doc);
	free(chain);
	free(when);
}

/* --why NAME: the hook's implementations, or the functions so named. */
static int why(const struct link *lk, const char *name)
{
	const struct facts *f = lk->f;
	int h = link_hook(lk, name), found = 0;

	if (h >= 0) {
		const struct impl_list *il = &lk->impls[h];

		found = 1;
		if (!il->n) {
			int regs = 0;

			/*
			 * Registered, but defined in no unit the facts hold:
			 * named, so that the unit to add can be found.
			 */
			for (int i = 0; i < f->nregs; i++) {
				const struct fact_reg *r = &f->regs[i];

				if (strcmp(r->hook, name))
					continue;
				printf("hook %s: %s (%s:%u): registered; its "
				       "definition is in no unit of the facts, "
				       "check the unit that defines it\n",
				       name, r->impl, r->file, r->line);
				regs++;
			}
			if (!regs)
				printf("hook %s: no implementation registered "
				       "in the facts\n", name);
		}
		for (int i = 0; i < il->n; i++) {
			const struct fact_reg *r = &f->regs[il->reg[i]];
			char *what = xasprintf("hook %s: %s (%s:%u)", name,
					       r->impl, r->file, r->line);

			why_node(lk, il->node[i], what);
			free(what);
		}
	}
	for (int i = 0; i < f->nfns; i++) {
		const struct fact_fn *x = &f->fns[i];
		char *what;

		if (strcmp(x->name, name))
			continue;
		found = 1;
		what = xasprintf("%s() (%s:%u)", name, x->file, x->line);
		why_node(lk, lk->nhooks + i, what);
		free(what);
	}
	if (!found) {
		error_at(NULL, 0, "--why %s: no hook or function of that name "
			 "in the facts; collect the unit that defines it", name);
		return 2;
	}
	return 0;
}

static const struct rule *const sleep_rules[] = {
	&rule_sleep_in_atomic_hook,
	&rule_sleep_in_atomic,
	&rule_sleep_under_guard,
	&rule_direct_impl_call,
};

/* The sleep rules' findings (or only's) over the link, printed. */
static int print_findings(const struct link *lk, const struct facts *f,
			  const struct strv *only, enum out_format format,
			  int error_exit, struct baseline *base, int no_group,
			  int rt, int fptr_mode)
{
	struct findings out = { 0 };
	struct check_ctx cx;
	int ret = 0;

	memset(&cx, 0, sizeof(cx));
	cx.out = &out;
	cx.no_group = no_group;
	for (size_t i = 0; i < ARRAY_SIZE(sleep_rules); i++)
		if (!only->n || strv_find(only, sleep_rules[i]->id) >= 0)
			sleep_report(&cx, lk, -1, sleep_rules[i]);
	if ((rt || f->preempt_rt) &&
	    (!only->n || strv_find(only, rule_sleep_in_atomic_rt.id) >= 0)) {
		struct link lkrt;

		link_build_mode(&lkrt, f, LINK_RT | fptr_mode);
		sleep_report_rt(&cx, lk, &lkrt, -1);
		link_free(&lkrt);
	}
	findings_sort(&out, 0);
	if (base) {
		int fresh = findings_baseline(&out, 0, base);

		fprintf(stderr, "hookwrap report: %d finding%s, %d new; %d of "
			"the baseline %s unchanged, %d gone\n", out.n,
			out.n == 1 ? "" : "s", fresh, out.n - fresh,
			base->source, base->n - (out.n - fresh));
	}
	if (format == OUT_GCC) {
		out_gcc(stdout, &out, 0);
	} else if (format == OUT_JSON) {
		out_json(stdout, &out);
	} else {
		char *uri = f->tree ? xasprintf("file://%s/", f->tree) : NULL;

		out_sarif(stdout, &out, uri, base, 1);
		free(uri);
	}
	if (fflush(stdout) || ferror(stdout)) {
		error_at(NULL, 0, "cannot write the findings to stdout");
		ret = 2;
	} else if (findings_shown(&out) && error_exit) {
		ret = 1;
	}
	findings_free(&out);
	return ret;
}

int cmd_report(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "format", required_argument, NULL, 'f' },
		{ "rule", required_argument, NULL, 'r' },
		{ "error-exit", no_argument, NULL, 'e' },
		{ "why", required_argument, NULL, 'w' },
		{ "baseline", required_argument, NULL, 'b' },
		{ "no-group", no_argument, NULL, 'g' },
		{ "rt", no_argument, NULL, 't' },
		{ "fptr", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *path = NULL, *why_name = NULL, *base_path = NULL;
	struct baseline base = { 0 };
	enum out_format format = OUT_GCC;
	struct strv only = { 0 };
	int c, error_exit = 0, no_group = 0, rt = 0, fptr_mode = 0, ret;
	struct facts f;
	struct link lk;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			path = optarg;
			break;
		case 'f':
			if (out_format_parse(optarg, &format)) {
				error_at(NULL, 0, "--format %s: use gcc, "
					 "json or sarif", optarg);
				strv_clear(&only);
				return 2;
			}
			break;
		case 'r':
			if (!rule_find(optarg)) {
				error_at(NULL, 0, "--rule %s: no such rule; "
					 "see docs/rules/", optarg);
				strv_clear(&only);
				return 2;
			}
			strv_push(&only, optarg);
			break;
		case 'e':
			error_exit = 1;
			break;
		case 'w':
			why_name = optarg;
			break;
		case 'b':
			base_path = optarg;
			break;
		case 'g':
			no_group = 1;
			break;
		case 't':
			rt = 1;
			break;
		case 'p':
			if (strcmp(optarg, "object") &&
			    strcmp(optarg, "member") && strcmp(optarg, "type")) {
				error_at(NULL, 0, "--fptr %s: use object, member "
					 "or type", optarg);
				strv_clear(&only);
				return 2;
			}
			fptr_mode = !strcmp(optarg, "type") ? LINK_BY_TYPE :
				    !strcmp(optarg, "member") ? LINK_BY_MEMBER : 0;
			break;
		case 'h':
			fputs(usage_text, stdout);
			strv_clear(&only);
			return 0;
		default:
			fputs(usage_text, stderr);
			strv_clear(&only);
			return 2;
		}
	}
	if (!path || optind != argc) {
		error_at(NULL, 0, "%s; see 'hookwrap report --help'", !path ?
			 "--db FILE is required" : "unexpected argument");
		strv_clear(&only);
		return 2;
	}
	if (!file_exists(path)) {
		error_at(path, 0, "no such facts database; collect one with "
			 "make C=2 CHECK=\"hookwrap check --db=%s\"", path);
		strv_clear(&only);
		return 2;
	}
	if (base_path && baseline_read(base_path, &base)) {
		strv_clear(&only);
		return 2;
	}
	if (factsdb_read(path, &f)) {
		baseline_free(&base);
		strv_clear(&only);
		return 2;
	}
	/* --why on an RT build (or with --rt) answers for PREEMPT_RT. */
	link_build_mode(&lk, &f, fptr_mode | (why_name && (rt || f.preempt_rt) ?
					      LINK_RT : 0));
	ret = why_name ? why(&lk, why_name) :
	      print_findings(&lk, &f, &only, format, error_exit,
			     base_path ? &base : NULL, no_group, rt, fptr_mode);
	baseline_free(&base);
	link_free(&lk);
	facts_free(&f);
	strv_clear(&only);
	return ret;
}
