/*
 * fuzz_cscan.c - the text scan of a hand-maintained C file,
 * cscan_text(), cscan_macro_params() and ctext_blank_comments()
 * (src/header/cscan.c): any bytes up to the first NUL as the file (a
 * file with a NUL is refused before, by reject_binary()).  Every
 * declaration found has a name that is an identifier and lines in
 * order within the file; blanking the comments keeps the length and
 * every newline.
 */
#include "fuzz.h"
#include "core/ctext.h"
#include "header/cscan.h"

#include <ctype.h>

FUZZ_QUIET_INIT

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xstrndup((const char *)data, size);
	size_t len = strlen(text);
	unsigned lines = 1;
	struct cscan s;
	char *blank;

	for (size_t i = 0; i < len; i++)
		lines += text[i] == '\n';
	cscan_text(text, &s);
	for (int i = 0; i < s.n; i++) {
		const struct cdecl *d = &s.v[i];

		FUZZ_CHECK(d->name[0] && !isdigit((unsigned char)d->name[0]));
		for (const char *c = d->name; *c; c++)
			FUZZ_CHECK(*c == '_' || isalnum((unsigned char)*c));
		FUZZ_CHECK(d->first >= 1 && d->first <= d->line &&
			   d->line <= d->last && d->last <= lines);
		FUZZ_CHECK(cscan_find(&s, d->name, d->kind, d->off));
	}
	cscan_free(&s);
	(void)cscan_macro_params(text, "call_int_hook");
	blank = ctext_blank_comments(text, len);
	FUZZ_CHECK(strlen(blank) == len);
	for (size_t i = 0; i < len; i++)
		FUZZ_CHECK((blank[i] == '\n') == (text[i] == '\n') ||
			   text[i] != '\n');
	free(blank);
	free(text);
	return 0;
}
