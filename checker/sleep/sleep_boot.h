/*
 * sleep_boot.h - the phases of the kernel's life where no sleep is
 * judged (sleep_boot.c): early boot, before the scheduler runs, and
 * suspend, halt, restart.  A call made only there is no sleep in atomic
 * context; one made in early boot makes its caller sleep through it no
 * more (calls.boot).
 */
#ifndef HOOKWRAP_SLEEP_BOOT_H
#define HOOKWRAP_SLEEP_BOOT_H

#include "checker/sleep/sleep_state.h"

/*
 * An assignment op (its kids k) that says the kernel enters or leaves a
 * phase where no sleep is judged: "early_boot_irqs_disabled = true;",
 * "system_state = SYSTEM_SUSPEND;" (and back: "= false;",
 * "= SYSTEM_RUNNING;"): sets the state's boot.
 */
void boot_mark(struct sleep_scan *s, CXCursor op, const struct fe_kids *k);
/*
 * Does condition c hold only in early boot, or fail only there?  *t 1
 * when its truth means the kernel is booting ("system_state ==
 * SYSTEM_BOOTING", "early_boot_irqs_disabled"), *f 1 when its falsehood
 * does ("after_bootmem", "slab_is_available()"); read through !, (),
 * likely(), && and ||.
 */
void boot_test(CXCursor c, int *t, int *f);

#endif /* HOOKWRAP_SLEEP_BOOT_H */
