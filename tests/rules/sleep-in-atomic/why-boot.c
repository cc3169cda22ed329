/*
 * check-name: report --why: a function whose only sleep is a call made in early boot does not sleep, and says which call it did not follow
 * check-tree: sleep-hooks
 * check-path: arch/x86/mm/why_boot.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report --why spp_getpage_like
 *
 * check-output-start
spp_getpage_like() (arch/x86/mm/why_boot.c:25): does not sleep
  memblock_like_alloc() at arch/x86/mm/why_boot.c:29 is made only in early boot, where no sleep is judged: not followed
 * check-output-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>
#include <linux/gfp.h>

int after_bootmem;
extern unsigned long get_zeroed_page(gfp_t gfp);

void *memblock_like_alloc(unsigned long size)
{
	return kzalloc(size, GFP_KERNEL);
}

void *spp_getpage_like(void)
{
	if (after_bootmem)
		return (void *)get_zeroed_page(GFP_ATOMIC);
	return memblock_like_alloc(4096);
}
