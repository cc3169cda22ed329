/*
 * fuzz_cscan.c - the text scan of a hand-maintained C file,
 * cscan_text(), cscan_macro_params() and ctext_blank_comments()
 * (src/header/cscan.c), the fixup macro's scan of a defaults file,
 * fixup_scan() (src/header/fixup.c), and the scans of the hook heads
 * and their initialiser, heads_members() and heads_inits()
 * (src/header/heads.c): any bytes up to the first NUL as the file (a
 * file with a NUL is refused before, by reject_binary()).  Every
 * declaration, fixup line, head and entry found has a name that is an
 * identifier and lines in order within the file; a fixup macro and its
 * prefix are identifiers; blanking the comments keeps the length and
 * every newline.
 */
#include "fuzz.h"
#include "core/ctext.h"
#include "header/cscan.h"
#include "header/fixup.h"
#include "header/heads.h"

#include <ctype.h>

FUZZ_QUIET_INIT

static void check_ident(const char *name)
{
	FUZZ_CHECK(name[0] && !isdigit((unsigned char)name[0]));
	for (const char *c = name; *c; c++)
		FUZZ_CHECK(*c == '_' || isalnum((unsigned char)*c));
}

static void check_fixup(const char *text, unsigned lines)
{
	struct fixup fx;

	if (!fixup_scan(text, &fx)) {
		FUZZ_CHECK(!fx.macro && !fx.lines.n);
		return;
	}
	check_ident(fx.macro);
	check_ident(fx.prefix);
	FUZZ_CHECK(fx.macro_line >= 1 && fx.macro_line <= lines);
	for (int i = 0; i < fx.lines.n; i++) {
		const struct cdecl *d = &fx.lines.v[i];

		check_ident(d->name);
		FUZZ_CHECK(d->first == d->line && d->line == d->last &&
			   d->line >= 1 && d->line <= lines);
		FUZZ_CHECK(!i || fx.lines.v[i - 1].line <= d->line);
	}
	fixup_free(&fx);
}

/* heads_members() or heads_inits() (which): entries in order. */
static void check_heads(const char *text, unsigned lines, int which)
{
	struct cscan s = { 0 };
	int r = which ? heads_inits(text, "security_hook_heads", &s) :
		heads_members(text, "security_hook_heads", &s);

	FUZZ_CHECK(!r || !s.n);
	for (int i = 0; i < s.n; i++) {
		const struct cdecl *d = &s.v[i];

		check_ident(d->name);
		FUZZ_CHECK(d->first == d->line && d->line <= d->last &&
			   d->first >= 1 && d->last <= lines);
		FUZZ_CHECK(!i || s.v[i - 1].first <= d->first);
	}
	cscan_free(&s);
}

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

		check_ident(d->name);
		FUZZ_CHECK(d->first >= 1 && d->first <= d->line &&
			   d->line <= d->last && d->last <= lines);
		FUZZ_CHECK(cscan_find(&s, d->name, d->kind, d->off));
	}
	cscan_free(&s);
	(void)cscan_macro_params(text, "call_int_hook");
	check_fixup(text, lines);
	check_heads(text, lines, 0);
	check_heads(text, lines, 1);
	blank = ctext_blank_comments(text, len);
	FUZZ_CHECK(strlen(blank) == len);
	for (size_t i = 0; i < len; i++)
		FUZZ_CHECK((blank[i] == '\n') == (text[i] == '\n') ||
			   text[i] != '\n');
	free(blank);
	free(text);
	return 0;
}
