/*
 * fixup.h - the defaults file of a tree whose hooks are dispatched out
 * of line (Linux 2.6.21 to 4.1): the macro that fills a module's NULL
 * members with the defaults,
 *
 *	#define set_to_cap_if_null(ops, function) ... ops->function =
 *		cap_##function; ...
 *
 * (2.6.21-2.6.27: set_to_dummy_if_null, dummy_##function, in
 * security/dummy.c), and the line of security_fixup_ops() that names
 * each hook.  A member without its line stays NULL and oopses at its
 * first call.  Read as text: every #if branch counts.
 */
#ifndef HOOKWRAP_FIXUP_H
#define HOOKWRAP_FIXUP_H

#include "header/cscan.h"

struct fixup {
	char *macro;		/* set_to_cap_if_null */
	char *prefix;		/* cap_: the default of hook H is cap_H */
	unsigned macro_line;	/* its #define */
	struct cscan lines;	/* each "MACRO(ops, H);": name H, kind
				   CD_PROTO, first = line = last */
};

/*
 * Find the fixup macro and its uses in text.  1 when text defines one
 * (fx filled), 0 when not (fx empty).
 */
int fixup_scan(const char *text, struct fixup *fx);
void fixup_free(struct fixup *fx);

#endif /* HOOKWRAP_FIXUP_H */
