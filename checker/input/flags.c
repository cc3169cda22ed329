/*
 * flags.c - the compiler flags kbuild passes, sorted for libclang.
 *
 * Everything gcc accepts is accepted.  Flags that only make outputs
 * (-o, -c, dependency files) are dropped so that the checker never
 * writes a file; gcc-only flags clang rejects are dropped from the table
 * below, which tests/t-check-kbuild.sh runs through.  A flag clang does
 * not know and the table lacks costs nothing either: libclang reports it
 * as a driver error with no location, which the engine ignores.
 */
#include "checker/input/flags.h"

#include <string.h>

const struct flag_rule flag_drops[] = {
	/* Outputs: the checker writes nothing. */
	{ "-c", 0, "output" },
	{ "-S", 0, "output" },
	{ "-E", 0, "output" },
	{ "-o", 1, "output" },
	{ "-pipe", 0, "output" },
	{ "-save-temps*", 0, "output" },
	{ "-fdump-*", 0, "output" },
	{ "-M", 0, "dependencies" },
	{ "-MM", 0, "dependencies" },
	{ "-MD", 0, "dependencies" },
	{ "-MMD", 0, "dependencies" },
	{ "-MP", 0, "dependencies" },
	{ "-MG", 0, "dependencies" },
	{ "-MF", 1, "dependencies" },
	{ "-MT", 1, "dependencies" },
	{ "-MQ", 1, "dependencies" },
	{ "-MF*", 0, "dependencies" },
	{ "-MT*", 0, "dependencies" },
	{ "-MQ*", 0, "dependencies" },
	{ "-Wp,*", 0, "dependencies (-Wp,-MD,FILE)" },
	{ "-Wa,*", 0, "assembler" },
	{ "-Wl,*", 0, "linker" },
	/* Warnings are not the checker's business; never make them errors. */
	{ "-Werror", 0, "warnings" },
	{ "-Werror=*", 0, "warnings" },
	{ "-Wno-error*", 0, "warnings" },
	{ "-fdiagnostics-*", 0, "diagnostics format" },
	{ "-fmessage-length=*", 0, "diagnostics format" },
	/* gcc only: clang 14 rejects these (unknown argument). */
	{ "-mpreferred-stack-boundary=*", 0, "gcc only" },
	{ "-mincoming-stack-boundary=*", 0, "gcc only" },
	{ "-maccumulate-outgoing-args", 0, "gcc only" },
	{ "-mno-accumulate-outgoing-args", 0, "gcc only" },
	{ "-mindirect-branch=*", 0, "gcc only" },
	{ "-mindirect-branch-register", 0, "gcc only" },
	{ "-mindirect-branch-cs-prefix", 0, "gcc only" },
	{ "-mfunction-return=*", 0, "gcc only" },
	{ "-mrecord-mcount", 0, "gcc only" },
	{ "-mpc32", 0, "gcc only" },
	{ "-mpc64", 0, "gcc only" },
	{ "-mpc80", 0, "gcc only" },
	{ "-fno-allow-store-data-races", 0, "gcc only" },
	{ "-fallow-store-data-races", 0, "gcc only" },
	{ "-fconserve-stack", 0, "gcc only" },
	{ "-fno-var-tracking-assignments", 0, "gcc only" },
	{ "-fno-var-tracking", 0, "gcc only" },
	{ "-fno-ipa-*", 0, "gcc only" },
	{ "-fipa-*", 0, "gcc only" },
	{ "-fno-partial-inlining", 0, "gcc only" },
	{ "-fzero-call-used-regs=*", 0, "gcc only" },
	{ "-fmin-function-alignment=*", 0, "gcc only" },
	{ "-fno-toplevel-reorder", 0, "gcc only" },
	{ "-flive-patching=*", 0, "gcc only" },
	{ "-fplugin=*", 0, "gcc plugins" },
	{ "-fplugin-arg-*", 0, "gcc plugins" },
	/* sparse's own options: kbuild's CHECKFLAGS are for sparse. */
	{ "--arch=*", 0, "sparse only" },
	{ "--os=*", 0, "sparse only" },
	{ "-gcc-base-dir", 1, "sparse only" },
	{ "-multiarch-dir", 1, "sparse only" },
	{ "-fdiagnostic-prefix*", 0, "sparse only" },
	{ "-fmemcpy-max-count=*", 0, "sparse only" },
	{ "-fmax-warnings=*", 0, "sparse only" },
	{ "--param=*", 0, "gcc only" },
	{ "--param", 1, "gcc only" },
	{ "-ftrivial-auto-var-init=zero", 0, "clang 14 wants a consent flag" },
	/* gcc optimisation flags clang ignores with a warning. */
	{ "-falign-*", 0, "optimisation" },
	{ "-fno-unit-at-a-time", 0, "optimisation" },
	{ "-funit-at-a-time", 0, "optimisation" },
	{ "-fmerge-constants", 0, "optimisation" },
	{ "-fno-reorder-blocks", 0, "optimisation" },
	{ "-fno-inline-functions-called-once", 0, "optimisation" },
	{ "-fno-tree-*", 0, "optimisation" },
	{ "-ftree-*", 0, "optimisation" },
	{ "-fno-guess-branch-probability", 0, "optimisation" },
	{ "-fno-schedule-insns*", 0, "optimisation" },
	{ "-fsched-pressure", 0, "optimisation" },
	{ "-fno-early-inlining", 0, "optimisation" },
	{ "-fno-code-hoisting", 0, "optimisation" },
	{ "-fno-gcse*", 0, "optimisation" },
	{ "-fno-crossjumping", 0, "optimisation" },
	{ "-fno-defer-pop", 0, "optimisation" },
	{ NULL, 0, NULL },
};

/* Flags whose value may be the next word. */
static const char *const with_arg[] = {
	"-I", "-D", "-U", "-include", "-imacros", "-isystem", "-iquote",
	"-idirafter", "-iprefix", "-iwithprefix", "-isysroot", "-x", "-o",
	"-MF", "-MT", "-MQ", "--param", "-Xpreprocessor", "-Xassembler",
	"-Xlinker", "-Xclang", "-aux-info", "--sysroot", "-target",
	NULL,
};

int flag_takes_arg(const char *arg)
{
	for (int i = 0; with_arg[i]; i++)
		if (!strcmp(arg, with_arg[i]))
			return 1;
	return 0;
}

static int matches(const char *pattern, const char *arg)
{
	size_t n = strlen(pattern);

	if (n && pattern[n - 1] == '*')
		return !strncmp(pattern, arg, n - 1);
	return !strcmp(pattern, arg);
}

const struct flag_rule *flag_dropped(const char *arg, int *skip_next)
{
	*skip_next = 0;
	for (int i = 0; flag_drops[i].flag; i++) {
		if (matches(flag_drops[i].flag, arg)) {
			*skip_next = flag_drops[i].takes_arg;
			return &flag_drops[i];
		}
	}
	return NULL;
}

int flag_is_source(const char *arg)
{
	static const char *const exts[] = { ".c", ".h", ".i", NULL };

	if (arg[0] == '-')
		return 0;
	for (int i = 0; exts[i]; i++)
		if (ends_with(arg, exts[i]))
			return 1;
	return 0;
}

void flags_filter(char *const *args, int n, struct strv *clang,
		  struct strv *files, struct strv *dropped)
{
	for (int i = 0; i < n; i++) {
		const char *a = args[i];
		int skip;

		if (flag_dropped(a, &skip)) {
			if (dropped)
				strv_push(dropped, a);
			if (skip && i + 1 < n) {
				i++;
				if (dropped)
					strv_push(dropped, args[i]);
			}
			continue;
		}
		if (flag_takes_arg(a) && i + 1 < n) {
			strv_push(clang, a);
			strv_push(clang, args[++i]);
			continue;
		}
		if (a[0] != '-' && flag_is_source(a)) {
			if (files)
				strv_push(files, a);
			continue;
		}
		if (a[0] != '-') {
			/* A stray word (an .S or .o file): not for clang. */
			if (dropped)
				strv_push(dropped, a);
			continue;
		}
		strv_push(clang, a);
	}
}

int flags_split_shell(const char *cmd, struct strv *out)
{
	struct sbuf word = { 0 };
	int in_word = 0;
	char quote = 0;

	for (const char *s = cmd; *s; s++) {
		char c = *s;

		if (quote == '\'') {
			if (c == '\'')
				quote = 0;
			else
				sb_addc(&word, c);
			continue;
		}
		if (quote == '"') {
			if (c == '"')
				quote = 0;
			else if (c == '\\' && s[1] && strchr("\"\\$`", s[1]))
				sb_addc(&word, *++s);
			else
				sb_addc(&word, c);
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\n') {
			if (in_word) {
				strv_push(out, word.buf ? word.buf : "");
				sb_reset(&word);
				in_word = 0;
			}
			continue;
		}
		in_word = 1;
		if (c == '\'' || c == '"')
			quote = c;
		else if (c == '\\' && s[1])
			sb_addc(&word, *++s);
		else
			sb_addc(&word, c);
	}
	if (in_word)
		strv_push(out, word.buf ? word.buf : "");
	sb_free(&word);
	return quote ? -1 : 0;
}

/* CPUs without x86-64: gcc -march=X needs -m32 for them, as kbuild's CC has. */
static const char *const cpu32[] = {
	"i386", "i486", "i586", "i686", "pentium", "pentium-mmx",
	"pentiumpro", "pentium2", "pentium3", "pentium3m", "pentium-m",
	"pentium4", "pentium4m", "prescott", "k6", "k6-2", "k6-3", "athlon",
	"athlon-tbird", "athlon-4", "athlon-xp", "athlon-mp", "winchip-c6",
	"winchip2", "c3", "c3-2", "geode", "lakemont", NULL,
};

int flags_want_m32(const struct strv *flags)
{
	int m32 = 0;

	for (int i = 0; i < flags->n; i++) {
		const char *a = flags->v[i];

		if (!strcmp(a, "-m32") || !strcmp(a, "-m64") ||
		    !strcmp(a, "-mx32") || starts_with(a, "-target") ||
		    starts_with(a, "--target"))
			return 0;
		if (starts_with(a, "-march="))
			for (int k = 0; cpu32[k]; k++)
				if (!strcmp(a + 7, cpu32[k]))
					m32 = 1;
	}
	return m32;
}
