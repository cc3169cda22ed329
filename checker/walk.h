/*
 * walk.h - the engine: walk one parsed unit, find every use of the table
 * pointer in the files the checker reports on, and hand each to the
 * rules; hand them libclang's error diagnostics too.
 */
#ifndef HOOKWRAP_WALK_H
#define HOOKWRAP_WALK_H

#include "checker/check.h"

struct walk_result {
	int errors;		/* errors libclang gave, not counting ours */
	char *first_error;	/* "file:line: message" of the first */
	int refs;		/* uses of the table pointer seen */
};

/*
 * Check cx->tu (main file cx->main_file): run every rule's on_ref and
 * on_diag hooks.  Returns 0.
 */
int walk_unit(struct check_ctx *cx, struct walk_result *res);
void walk_result_free(struct walk_result *res);

/* Can c be part of a C identifier? */
int ident_char(char c);
/* Is the word (an identifier) in text[0..len)? */
int text_has_word(const char *text, size_t len, const char *word);
/* Does text name the table pointer, or one of its internals? */
int text_names_table(const struct table *t, const char *text, size_t len);

#endif /* HOOKWRAP_WALK_H */
