/*
 * reach.h - the part of the conversion rule that lists the uses spatch
 * did not reach, so that the rule's count of uses adds up in every mode
 * (docs/coccicheck.md, "Uses spatch did not reach").
 */
#ifndef HOOKWRAP_REACH_H
#define HOOKWRAP_REACH_H

#include "core/util.h"

/* The virtual rule of the iteration that prints the list (spatch --jobs). */
#define REACH_VIRTUAL "hw_tell"

/*
 * The Python the rule's @initialize:python@ adds: the notes of the uses
 * the match rules saw, the lexical scan of a file (lexscan.c's, in
 * Python), the files spatch was given, the list and the count.  It uses
 * the names the rule defines before it: hw_pointer, hw_wrapper, hw_ok.
 */
void reach_add_init(struct sbuf *sb);

/*
 * The rules: one per match rule noting its uses (call, unknown, direct,
 * inwrap), one finalizer per mode, and the iteration's printer.
 */
void reach_add_rules(struct sbuf *sb);

#endif /* HOOKWRAP_REACH_H */
