/*
 * fuzz_hcache.c - the header cache's entries, hcache_parse()
 * (checker/hcache.c): any bytes as a file in the cache directory.  What
 * it accepts must be what hcache_format() writes: each line a finding
 * with a line, a column, a rule id and a message, and the lines written
 * back give the same bytes.
 */
#include "fuzz.h"
#include "checker/hcache.h"

FUZZ_QUIET_INIT

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct strv lines = { 0 };
	char *text;
	size_t len;

	if (hcache_parse((const char *)data, size, &lines)) {
		FUZZ_CHECK(lines.n == 0);
		return 0;
	}
	for (int i = 0; i < lines.n; i++) {
		const char *s = lines.v[i];

		FUZZ_CHECK(strchr(s, '\n') == NULL);
		FUZZ_CHECK(s[0] >= '1' && s[0] <= '9');
		FUZZ_CHECK(strchr(s, '\t') != NULL);
	}
	text = hcache_format(&lines, &len);
	FUZZ_CHECK(len == size && !memcmp(text, data, size));
	free(text);
	strv_clear(&lines);
	return 0;
}
