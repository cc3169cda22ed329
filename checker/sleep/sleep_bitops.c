/*
 * sleep_bitops.c - which calls test, set or clear one bit of a word in
 * memory (sleep_bitops.h): the names of include/linux/bitops.h's API
 * and of the forms it expands to (the instrumented, arch_, generic_,
 * const_ and non-atomic __ ones).
 */
#include "clang/frontend.h"
#include "checker/sleep/sleep.h"
#include "checker/sleep/sleep_bitops.h"

#include <string.h>

static const struct {
	const char *name;
	int kind;
} bitops[] = {
	{ "test_bit", BITOP_TEST },
	{ "_test_bit", BITOP_TEST },
	{ "const_test_bit", BITOP_TEST },
	{ "arch_test_bit", BITOP_TEST },
	{ "generic_test_bit", BITOP_TEST },
	{ "constant_test_bit", BITOP_TEST },
	{ "variable_test_bit", BITOP_TEST },
	{ "test_bit_acquire", BITOP_TEST },
	{ "_test_bit_acquire", BITOP_TEST },
	{ "const_test_bit_acquire", BITOP_TEST },
	{ "arch_test_bit_acquire", BITOP_TEST },
	{ "generic_test_bit_acquire", BITOP_TEST },
	{ "set_bit", BITOP_SET },
	{ "__set_bit", BITOP_SET },
	{ "___set_bit", BITOP_SET },
	{ "const___set_bit", BITOP_SET },
	{ "arch_set_bit", BITOP_SET },
	{ "arch___set_bit", BITOP_SET },
	{ "generic___set_bit", BITOP_SET },
	{ "clear_bit", BITOP_CLEAR },
	{ "__clear_bit", BITOP_CLEAR },
	{ "___clear_bit", BITOP_CLEAR },
	{ "const___clear_bit", BITOP_CLEAR },
	{ "arch_clear_bit", BITOP_CLEAR },
	{ "arch___clear_bit", BITOP_CLEAR },
	{ "generic___clear_bit", BITOP_CLEAR },
	{ "clear_bit_unlock", BITOP_CLEAR },
	{ "__clear_bit_unlock", BITOP_CLEAR },
	{ "arch_clear_bit_unlock", BITOP_CLEAR },
	{ "arch___clear_bit_unlock", BITOP_CLEAR },
};

int bitop_kind(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(bitops); i++)
		if (!strcmp(name, bitops[i].name))
			return bitops[i].kind;
	return BITOP_NONE;
}

int bitop_call(CXCursor c, long long *bit, CXCursor *addr)
{
	char *name;
	long long nr;
	int kind;

	if (clang_getCursorKind(c) != CXCursor_CallExpr ||
	    clang_Cursor_getNumArguments(c) != 2)
		return BITOP_NONE;
	name = fe_spelling(c);
	kind = bitop_kind(name);
	free(name);
	if (kind == BITOP_NONE ||
	    !sleep_value(clang_Cursor_getArgument(c, 0), &nr) || nr < 0 ||
	    nr > 62)
		return BITOP_NONE;
	*bit = 1LL << nr;
	*addr = clang_Cursor_getArgument(c, 1);
	return kind;
}
