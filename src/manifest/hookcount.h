/*
 * hookcount.h - the check that no hook is lost on the way into the
 * manifest.  The parse sees only the branches its CONFIG_ symbols turn
 * on; the table's text (every branch, as clang_tokenize lexes it)
 * declares the members there are.  Every function-pointer member the
 * text declares must be a manifest row or a 'skip'ped member.
 */
#ifndef HOOKWRAP_HOOKCOUNT_H
#define HOOKWRAP_HOOKCOUNT_H

#include "clang/frontend.h"
#include "manifest/manifest.h"

/*
 * st: the table's struct (or union) in p.  Returns 0, or -1 after
 * printing one file:line error naming the first member lost.
 */
int hooks_check_count(const struct frontend *fe, struct parsed *p,
		      CXCursor st, const struct manifest *m);

#endif /* HOOKWRAP_HOOKCOUNT_H */
