/*
 * check-name: report --why: a function that sleeps in two cases of a switch says for which values
 * check-tree: sleep-hooks
 * check-path: kernel/why_cases.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report --why set_mode
 *
 * check-output-start
set_mode() (kernel/why_cases.c:23): may sleep when its parameter 0 (from 0) is one of 1, 3: set_mode() -> mutex_lock()
 * check-output-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

extern void mutex_lock(struct mutex *m);
extern void mutex_unlock(struct mutex *m);

enum mode { MODE_OFF, MODE_SLOW, MODE_FAST, MODE_SYNC };

static struct mutex big;

/* Two modes wait for the device; the others return at once. */
static void set_mode(enum mode m)
{
	switch (m) {
	case MODE_SLOW:
		mutex_lock(&big);
		mutex_unlock(&big);
		break;
	case MODE_SYNC:
		might_sleep();
		break;
	default:
		break;
	}
}

void mode_user(enum mode m)
{
	set_mode(m);
}
