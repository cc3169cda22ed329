/*
 * fuzz_compdb.c - the compile_commands.json reader, compdb_parse()
 * (checker/input/compdb.c; json-c underneath), and each entry's command line
 * sorted as the checker sorts it (flags_filter, flags_want_m32).  On
 * success every entry must have a file, a directory and a compiler.
 */
#include "fuzz.h"
#include "checker/input/compdb.h"
#include "checker/input/flags.h"

FUZZ_QUIET_INIT

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct compdb db;

	if (compdb_parse((const char *)data, size, "fuzz.json", &db))
		return 0;
	for (int i = 0; i < db.n; i++) {
		const struct compdb_entry *e = &db.v[i];
		struct strv clang = { 0 }, files = { 0 }, dropped = { 0 };

		FUZZ_CHECK(e->file && e->directory && e->argv.n > 0);
		flags_filter(e->argv.v + 1, e->argv.n - 1, &clang, &files,
			     &dropped);
		FUZZ_CHECK(clang.n + files.n + dropped.n == e->argv.n - 1);
		(void)flags_want_m32(&clang);
		strv_clear(&clang);
		strv_clear(&files);
		strv_clear(&dropped);
	}
	compdb_free(&db);
	return 0;
}
