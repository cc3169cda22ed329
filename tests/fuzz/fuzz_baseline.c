/*
 * fuzz_baseline.c - the --baseline reader, baseline_parse()
 * (checker/input/baseline.c; json-c underneath, through jsonin.c).  On
 * success every entry has a rule and a 16-digit hex fingerprint, the
 * entries are sorted, and each one is taken exactly once.
 */
#include "fuzz.h"
#include "checker/input/baseline.h"

#include <string.h>

FUZZ_QUIET_INIT

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct baseline b;
	int taken = 0;

	if (baseline_parse((const char *)data, size, "fuzz.json", &b))
		return 0;
	for (int i = 0; i < b.n; i++) {
		const struct baseline_entry *e = &b.v[i];

		FUZZ_CHECK(e->rule && e->fingerprint && e->file && e->message);
		FUZZ_CHECK(strlen(e->fingerprint) == 16 &&
			   strspn(e->fingerprint, "0123456789abcdef") == 16);
		FUZZ_CHECK(!i || strcmp(b.v[i - 1].fingerprint,
					e->fingerprint) <= 0);
	}
	for (int i = 0; i < b.n; i++)
		taken += baseline_take(&b, b.v[i].rule, b.v[i].fingerprint);
	FUZZ_CHECK(taken == b.n);
	for (int i = 0; i < b.n; i++)
		FUZZ_CHECK(!baseline_take(&b, b.v[i].rule, b.v[i].fingerprint));
	baseline_free(&b);
	return 0;
}
