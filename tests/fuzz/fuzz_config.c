/*
 * fuzz_config.c - hookwrap.conf, table_parse_config() (src/core/config.c):
 * any bytes as the file.  On success the table has what every table
 * needs, and the table's helpers answer for any name without falling
 * over.
 */
#include "fuzz.h"
#include "core/table.h"

FUZZ_QUIET_INIT

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const probes[] = {
		"", "a", "inode_permission", "lsm_x", "security/security.c",
		"./include/linux/security.h", "x_security", "_",
	};
	struct table t = { 0 };

	if (!table_parse_config(&t, (const char *)data, size,
				"fuzz/hookwrap.conf")) {
		FUZZ_CHECK(t.struct_name && t.pointer && t.header &&
			   t.prefix && t.config);
		for (size_t i = 0; i < ARRAY_SIZE(probes); i++) {
			free(table_rule_wrapper(&t, probes[i]));
			(void)table_allows(&t, probes[i]);
			(void)table_is_internal(&t, probes[i]);
			(void)table_internal_home(&t, probes[i]);
			(void)override_get(&t.wrapper, probes[i]);
			(void)override_get(&t.stub, probes[i]);
		}
	}
	table_free(&t);
	return 0;
}
