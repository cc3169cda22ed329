/*
 * fuzz_flags.c - the kbuild flag table (checker/input/flags.c): a compiler
 * command line sorted for libclang.  The fuzzer's bytes are split into
 * words at newlines (kbuild's argv) and, as a whole, as the shell line
 * of a compile_commands.json "command" (flags_split_shell).  Every word
 * must land in exactly one of the three lists: kept for clang, a source
 * file, or dropped; nothing invented, nothing lost.
 */
#include "fuzz.h"
#include "checker/input/flags.h"

FUZZ_QUIET_INIT

static void sort(char *const *words, int n)
{
	struct strv clang = { 0 }, files = { 0 }, dropped = { 0 };
	int m32;

	flags_filter(words, n, &clang, &files, &dropped);
	FUZZ_CHECK(clang.n + files.n + dropped.n == n);
	for (int i = 0; i < files.n; i++)
		FUZZ_CHECK(flag_is_source(files.v[i]));
	m32 = flags_want_m32(&clang);
	FUZZ_CHECK(m32 == 0 || m32 == 1);
	/* Without the lists it need not fill, it must not fall over. */
	strv_clear(&clang);
	flags_filter(words, n, &clang, NULL, NULL);
	strv_clear(&clang);
	strv_clear(&files);
	strv_clear(&dropped);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xstrndup((const char *)data, size);
	struct strv words = { 0 }, shell = { 0 };
	char *s = text;

	/* argv: the words between newlines (a NUL ends the input). */
	for (;;) {
		char *nl = strchr(s, '\n');

		if (nl)
			*nl = '\0';
		strv_push(&words, s);
		if (!nl)
			break;
		s = nl + 1;
	}
	sort(words.v, words.n);
	strv_clear(&words);
	free(text);
	text = xstrndup((const char *)data, size);
	if (!flags_split_shell(text, &shell))
		sort(shell.v, shell.n);
	strv_clear(&shell);
	free(text);
	return 0;
}
