/*
 * fuzz_macrobody.c - a macro's definition as the scan reads it for the
 * operator its body writes (checker/sleep/sleep_macrobody.c:
 * macro_body_op()).  A tree's macros are outside input.  The fuzzer's
 * first byte says whether the macro takes parameters; the rest are its
 * tokens, split at blanks (an identifier or a number is an operand).
 * The operator read is one of the binary ones and one of the tokens, or
 * nothing.
 */
#include "fuzz.h"
#include "checker/sleep/sleep.h"

#include <ctype.h>

FUZZ_QUIET_INIT

static const char *const binary[] = {
	"|", "&", "^", "+", "-", "*", "/", "%", "<<", ">>", "==", "!=",
	"<", ">", "<=", ">=", "&&", "||",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text, *save = NULL, *op;
	struct strv toks = { 0 };
	unsigned char *opnd;
	int fnlike, known = 0, found = 0;

	if (!size)
		return 0;
	fnlike = data[0] & 1;
	text = xstrndup((const char *)data + 1, size - 1);
	for (char *t = strtok_r(text, " \t\n", &save); t;
	     t = strtok_r(NULL, " \t\n", &save))
		strv_push(&toks, t);
	opnd = xmalloc(toks.n + 1);
	for (int i = 0; i < toks.n; i++)
		opnd[i] = isalnum((unsigned char)toks.v[i][0]) ||
			  toks.v[i][0] == '_';
	op = macro_body_op(toks.v, opnd, (unsigned)toks.n, fnlike);
	if (op) {
		for (size_t j = 0; j < sizeof(binary) / sizeof(*binary); j++)
			known |= !strcmp(op, binary[j]);
		for (int i = 1; i < toks.n; i++)
			found |= !strcmp(op, toks.v[i]);
		FUZZ_CHECK(known && found);
	}
	free(op);
	free(opnd);
	strv_clear(&toks);
	free(text);
	return 0;
}
