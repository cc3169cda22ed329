/*
 * fuzz.h - what the libFuzzer harnesses (tests/fuzz/fuzz_*.c) share.
 * Each harness feeds one parser of outside input the fuzzer's bytes,
 * checks what the parser promises of what it returns (FUZZ_CHECK) and
 * frees everything, so that ASan's leak check sees every leak.
 */
#ifndef HOOKWRAP_FUZZ_H
#define HOOKWRAP_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/*
 * A promise broken: a crash libFuzzer saves the input of.  The message
 * goes to file descriptor 2 itself: stdio's stderr may be quieted.
 */
#define FUZZ_CHECK(cond)                                                  \
	do {                                                              \
		if (!(cond)) {                                            \
			dprintf(2, "%s:%d: fuzz check failed: %s\n",      \
				__FILE__, __LINE__, #cond);               \
			abort();                                          \
		}                                                         \
	} while (0)

/*
 * The parsers' error lines (stdio's stderr) go nowhere unless
 * FUZZ_VERBOSE is set: millions of them would only slow the fuzzer.
 * libFuzzer's and the sanitizers' reports still reach descriptor 2.
 */
static inline void fuzz_quiet(void)
{
	FILE *null;

	if (getenv("FUZZ_VERBOSE"))
		return;
	null = fopen("/dev/null", "w");
	if (null)
		stderr = null;
}

/*
 * The LLVMFuzzerInitialize of a harness with nothing else to set up:
 * FUZZ_QUIET_INIT at file scope.
 */
#define FUZZ_QUIET_INIT                                                   \
	int LLVMFuzzerInitialize(int *argc, char ***argv)                 \
	{                                                                 \
		(void)argc;                                               \
		(void)argv;                                               \
		fuzz_quiet();                                             \
		return 0;                                                 \
	}

/*
 * Is name a safe tree-relative name, as review mode promises of every
 * name it accepts: not empty, not absolute, no "", "." or ".."
 * component, no ".git" component, no control character?
 */
static inline int fuzz_safe_name(const char *name)
{
	const char *c = name;

	if (!*c || *c == '/')
		return 0;
	for (const char *s = c; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 0;
	while (*c) {
		size_t n = strcspn(c, "/");

		if (n == 0 || (n == 1 && c[0] == '.') ||
		    (n == 2 && c[0] == '.' && c[1] == '.') ||
		    (n == 4 && !strncasecmp(c, ".git", 4)))
			return 0;
		c += n;
		if (*c == '/' && !c[1])
			return 0;
		if (*c == '/')
			c++;
	}
	return 1;
}

#endif /* HOOKWRAP_FUZZ_H */
