/*
 * fuzz_patch.c - review mode's patch reader, patch_parse()
 * (checker/input/patch_parse.c): any bytes as a patch.  It must return 0 or
 * -1, never crash; when it returns 0, every name it hands on must be
 * safe (fuzz_safe_name) and every added line must lie in a hunk's new
 * side.
 */
#include "fuzz.h"
#include "checker/input/patch.h"

FUZZ_QUIET_INIT

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct added_lines p;

	if (patch_parse((const char *)data, size, "fuzz.patch", &p))
		return 0;
	FUZZ_CHECK(p.n > 0);
	for (int i = 0; i < p.n; i++) {
		const struct patch_file *f = &p.files[i];
		int lines = 0;

		FUZZ_CHECK(f->name && fuzz_safe_name(f->name));
		FUZZ_CHECK(!f->old_name || fuzz_safe_name(f->old_name));
		FUZZ_CHECK(!f->deleted || f->old_name);
		for (int k = 0; k < f->nhunks; k++) {
			const struct hunk *h = &f->hunks[k];

			FUZZ_CHECK(h->body.n <= (int)(h->old_len + h->new_len));
			lines += h->new_len;
		}
		FUZZ_CHECK(f->nadded <= lines);
	}
	patch_free(&p);
	return 0;
}
