/*
 * sigedit.h - the rewrites gen-header makes of the functions that still
 * follow a hook's old signature (sigparts.h): their parameter lists, a
 * dispatcher's call and kernel-doc, as edits of each file's text.
 */
#ifndef HOOKWRAP_SIGEDIT_H
#define HOOKWRAP_SIGEDIT_H

#include "header/sigparts.h"

/* An edit of f: text[from, to) replaced by text (taken over). */
void sp_add_edit(struct sp_file *f, size_t from, size_t to, char *text);
/* The start of the line that holds offset i. */
size_t sp_line_start(const char *text, size_t i);
/*
 * The list that takes new's types (nw[0..nn)), keeping old's declaration
 * (its name too) for each type old had in the same order: a longest
 * common subsequence of the types.  kept[i] (no of them): old's
 * parameter i keeps its place.  When a new name would clash with a kept
 * one, new's list as it is (nothing kept).
 */
char **sp_realign(const struct cparam *o, int no, const struct cparam *nw,
		  int nn, int *kept);
void sp_items_free(char **items, int n);
/* Declarations as cparams (no offsets). */
void sp_items_params(char *const *items, int n, struct cparam **out);
/* The parameter list of sig in f replaced with items. */
void sp_edit_list(struct sp_file *f, const struct csig *sig, char **items,
		  int n);
/*
 * Does code[body, end) use a parameter of o that is not kept?  Its name,
 * or NULL.  A name after "." or "->" is a member.
 */
const char *sp_uses_lost(const char *code, size_t body, size_t end,
			 const struct cparam *o, int no, const int *kept);
/*
 * The kernel-doc of a rewritten function d of f: an "@NAME:" entry
 * dropped for each parameter of o the new list (items) loses, one added
 * ("@NAME: hook argument") after the entry of the parameter before it
 * for each it gains.
 */
void sp_edit_doc(struct sp_file *f, const struct cdecl *d,
		 const struct cparam *o, int no, char *const *items, int n);

#endif /* HOOKWRAP_SIGEDIT_H */
