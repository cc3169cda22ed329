/*
 * check-name: a section begun on a nesting depth's first level and ended on its last is open after the begin and closed after the end, on either path; a begin under another test stays conditional
 * check-tree: sleep-hooks
 * check-path: kernel/nesting.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
kernel/nesting.c:42:2: warning: kmalloc() may sleep inside the atomic region begun by sect_begin() at kernel/nesting.c:41: kmalloc(GFP_KERNEL) [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

static int depth;
static int *pdepth = &depth;

/* The depth raised in the test itself. */
static void sect_begin(void)
{
	if (++depth == 1)
		preempt_disable();
}

/* Lowered the statement before. */
static void sect_end(void)
{
	*pdepth -= 1;
	if (*pdepth <= 0)
		preempt_enable();
}

/* No depth: a mode. */
static void mode_begin(int mode)
{
	if (mode == 1)
		preempt_disable();
}

void sect_user(void)
{
	sect_begin();
	kmalloc(8, GFP_KERNEL);		/* inside the section */
	sect_end();
}

void sect_after(void)
{
	sect_begin();
	sect_end();
	kmalloc(8, GFP_KERNEL);		/* after it */
}

void mode_user(int mode)
{
	mode_begin(mode);
	preempt_enable();
	kmalloc(8, GFP_KERNEL);
}
