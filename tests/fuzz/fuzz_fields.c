/*
 * fuzz_fields.c - a function's stores through its parameters as the
 * link reads them back from a facts database (functions.fields:
 * "p0->sg_mapping_iter.__flags=p3;...", checker/sleep/linkfield.c).  A
 * database is outside input.  The fuzzer's bytes are one function's
 * column; a second function calls the first with an object's address
 * and constants, so what is read is also passed up and stored in the
 * object.  Every member named is one the link holds, and a test of any
 * of them is decided 1, 0 or -1.
 */
#include "fuzz.h"
#include "checker/sleep/linkcond.h"
#include "checker/sleep/linkfield.h"

FUZZ_QUIET_INIT

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xstrndup((const char *)data, size);
	struct fact_fn fns[2] = { { .name = "setup", .fields = text },
				  { .name = "user" } };
	struct fact_call call = { .caller = "user", .callee = "setup",
				  .args = "&s@user:obj,5,m8,p0" };
	int unit = 0;
	struct facts f = { .fns = fns, .fn_unit = (int[]){ 0, 0 }, .nfns = 2,
			   .calls = &call, .call_unit = &unit, .ncalls = 1 };
	struct link_node nodes[2] = { { .fn = 0 }, { .fn = 1 } };
	struct link_preds ps = { 0 };
	int nargs = 0;
	struct link_arg *args = linkcond_args(call.args, &nargs);
	struct link lk = { .f = &f, .nodes = nodes, .nnodes = 2,
			   .preds = &ps, .call_args = &args,
			   .call_nargs = &nargs,
			   .call_from = (int[]){ 1 },
			   .call_target = (int[]){ 0 } };

	linkfield_build(&lk);
	FUZZ_CHECK(args[0].obj == 0 || args[0].obj <= ps.objs.n);
	for (int fld = 1; fld <= ps.fields.n; fld++)
		for (int obj = 1; obj <= ps.objs.n; obj++) {
			int d = linkfield_decide(&lk, obj, fld, '&', 1);
			int e = linkfield_decide(&lk, obj, fld, '=', 5);

			FUZZ_CHECK(d >= -1 && d <= 1 && e >= -1 && e <= 1);
		}
	linkfield_free(&lk);
	linkfield_names_free(&ps);
	free(args);
	free(text);
	return 0;
}
