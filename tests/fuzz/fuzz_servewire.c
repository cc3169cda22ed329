/*
 * fuzz_servewire.c - the request a front hands to "hookwrap serve",
 * serve_req_decode() (src/core/servewire.c): any bytes after the
 * header.  What it accepts has a program name, NULL-ended argument and
 * environment arrays of the counts it says, and encodes back to the
 * same bytes; what it refuses leaves nothing allocated.
 */
#include "fuzz.h"
#include "core/servewire.h"

FUZZ_QUIET_INIT

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct serve_req r;
	char *text;
	size_t len;

	if (serve_req_decode((const char *)data, size, &r)) {
		FUZZ_CHECK(!r.argv && !r.envp && !r.full);
		return 0;
	}
	FUZZ_CHECK(r.argc >= 1 && r.argv && r.argv[0] && !r.argv[r.argc]);
	FUZZ_CHECK(r.envc >= 0 && r.envp && !r.envp[r.envc]);
	FUZZ_CHECK(r.full != NULL);
	text = serve_req_encode(&r, &len);
	FUZZ_CHECK(len == size && !memcmp(text, data, size));
	free(text);
	serve_req_free(&r);
	FUZZ_CHECK(!r.argv && !r.envp && !r.full);
	return 0;
}
