/*
 * fuzz_doc.c - a kernel-doc comment's "Context:" section, as the scan
 * reads it from a tree's source (checker/sleep/sleep_doc.c:
 * doc_context_section(), doc_atomic_context()).  A tree's comments are
 * outside input.  The fuzzer's bytes are one comment's text.  A section
 * read is single-spaced text of at most 400 bytes, with no newline and
 * no blank at either end; the promise of atomic use is that section or
 * nothing.
 */
#include "fuzz.h"
#include "checker/sleep/sleep.h"

FUZZ_QUIET_INIT

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xstrndup((const char *)data, size);
	char *sec = doc_context_section(text);
	char *atomic = doc_atomic_context(text);

	if (sec) {
		size_t n = strlen(sec);

		FUZZ_CHECK(n > 0 && n <= 400);
		FUZZ_CHECK(sec[0] != ' ' && sec[n - 1] != ' ');
		FUZZ_CHECK(!strchr(sec, '\n') && !strchr(sec, '\t') &&
			   !strstr(sec, "  "));
	}
	FUZZ_CHECK(!atomic || (sec && !strcmp(atomic, sec)));
	free(sec);
	free(atomic);
	free(text);
	return 0;
}
