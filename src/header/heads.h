/*
 * heads.h - the hook heads of Linux 4.2 to 5.6, written out by hand: a
 * hook there is a member of union security_list_options and a list head
 * of the same name in struct security_hook_heads (both in lsm_hooks.h),
 *
 *	struct security_hook_heads {
 *		struct hlist_head file_permission;	(list_head up to 4.16)
 *
 * and up to 4.11 an entry of that name in the initialiser of the
 * variable, in security/security.c:
 *
 *	struct security_hook_heads security_hook_heads = {
 *		.file_permission =
 *			LIST_HEAD_INIT(security_hook_heads.file_permission),
 *
 * A head missing is a compile error in the hook's dispatcher; an entry
 * missing leaves the head zeroed, and the first call through the
 * dispatcher walks a NULL list.  From 5.7 both are generated from
 * lsm_hook_defs.h, and these scans find no hook in them.  Read as text:
 * every #if branch counts.
 */
#ifndef HOOKWRAP_HEADS_H
#define HOOKWRAP_HEADS_H

#include "header/cscan.h"

/*
 * The members of "struct NAME { ... }" in text, each one a CD_PROTO
 * named after the member, from its first line to its ";" line
 * (preprocessor lines skipped).  0, or -1 when text defines no such
 * struct.
 */
int heads_members(const char *text, const char *name, struct cscan *out);
/*
 * The entries ".MEMBER = VALUE," of the initialiser of the variable
 * NAME ("... NAME [attributes] = { ... };") in text, each a CD_PROTO
 * from its "." line to its "," line.  0, or -1 when text has none.
 */
int heads_inits(const char *text, const char *name, struct cscan *out);

#endif /* HOOKWRAP_HEADS_H */
