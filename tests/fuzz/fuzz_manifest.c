/*
 * fuzz_manifest.c - the manifest's TSV form, manifest_parse_tsv()
 * (src/manifest/manifest_tsv.c): any bytes as a --manifest file or a cache
 * file.  What it accepts must survive the round trip the manifest cache
 * makes (checker/mcache.c): written back with manifest_write_tsv(), the
 * text reads again, to the same text.
 */
#include "fuzz.h"
#include "manifest/manifest.h"

FUZZ_QUIET_INIT

static char *write_tsv(const struct manifest *m, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	if (!f)
		abort();
	manifest_write_tsv(m, f);
	if (fclose(f))
		abort();
	return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct manifest m, again;
	unsigned line;
	char *why, *text, *text2;
	size_t len, len2;
	int r;

	if (manifest_parse_tsv((const char *)data, size, &m, &line, &why)) {
		FUZZ_CHECK(why && line >= 1);
		free(why);
		return 0;
	}
	FUZZ_CHECK(m.n > 0);
	text = write_tsv(&m, &len);
	r = manifest_parse_tsv(text, len, &again, &line, &why);
	if (r)
		fprintf(stderr, "round trip: line %u: %s\n", line, why);
	FUZZ_CHECK(!r);
	FUZZ_CHECK(again.n == m.n);
	text2 = write_tsv(&again, &len2);
	FUZZ_CHECK(len == len2 && !memcmp(text, text2, len));
	free(text);
	free(text2);
	manifest_free(&m);
	manifest_free(&again);
	return 0;
}
