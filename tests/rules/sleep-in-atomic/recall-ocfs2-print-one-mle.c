/*
 * check-name: recall: ocfs2's dlm_put_mle() may dump the entry, allocating a page, under dlm->spinlock
 * check-tree: sleep-recall
 * check-path: fs/ocfs2/dlm/dlmmaster.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 * check-units: fs/ocfs2/dlm/dlmdebug.c
 *
 * Upstream fix: 999865764f5f "fs/ocfs2/dlm/dlmdebug.c: fix a
 * sleep-in-atomic-context bug in dlm_print_one_mle()" (Jia-Ju Bai, DSAC;
 * 4.19).  Real code: Linux 4.2.8 fs/ocfs2/dlm/dlmmaster.c:255 (and :222,
 * dlm_put_mle_inuse()), __dlm_put_mle() under spin_lock(&dlm->spinlock)
 * and &dlm->master_lock; __dlm_put_mle() -> dlm_print_one_mle() (in
 * dlmdebug.c) -> get_zeroed_page(GFP_NOFS).  The fix allocates with
 * GFP_ATOMIC in dlm_print_one_mle(); dlm_put_mle_fixed below calls a
 * dump that does so (quiet).
 *
 * check-output-start
fs/ocfs2/dlm/dlmmaster.c:53:2: warning: __dlm_put_mle() may sleep inside the atomic region begun by spin_lock(&dlm->spinlock) at fs/ocfs2/dlm/dlmmaster.c:51: __dlm_put_mle() -> dlm_print_one_mle() -> get_zeroed_page(GFP_NOFS) [sleep-in-atomic]
 * check-output-end
 */
#include <linux/spinlock.h>
#include <linux/slab.h>

struct dlm_master_list_entry {
	int refs;
	char name[32];
};

struct dlm_ctxt {
	spinlock_t spinlock;
	spinlock_t master_lock;
};

extern void dlm_print_one_mle(struct dlm_master_list_entry *mle);
extern void kref_put_mle(struct dlm_master_list_entry *mle);
extern int dump_mle(struct dlm_master_list_entry *mle, char *buf, int len);

static void __dlm_put_mle(struct dlm_master_list_entry *mle)
{
	if (!mle->refs) {
		/* this may or may not crash, but who cares. it's a BUG. */
		dlm_print_one_mle(mle);
		return;
	}
	kref_put_mle(mle);
}

void dlm_put_mle(struct dlm_ctxt *dlm, struct dlm_master_list_entry *mle)
{
	spin_lock(&dlm->spinlock);
	spin_lock(&dlm->master_lock);
	__dlm_put_mle(mle);
	spin_unlock(&dlm->master_lock);
	spin_unlock(&dlm->spinlock);
}

/* As the fix has it: the dump allocates with GFP_ATOMIC. */
static void dlm_print_one_mle_fixed(struct dlm_master_list_entry *mle)
{
	char *buf = (char *)get_zeroed_page(GFP_ATOMIC);

	if (buf) {
		dump_mle(mle, buf, 4095);
		free_page((unsigned long)buf);
	}
}

void dlm_put_mle_fixed(struct dlm_ctxt *dlm, struct dlm_master_list_entry *mle)
{
	spin_lock(&dlm->spinlock);
	spin_lock(&dlm->master_lock);
	if (!mle->refs)
		dlm_print_one_mle_fixed(mle);
	else
		kref_put_mle(mle);
	spin_unlock(&dlm->master_lock);
	spin_unlock(&dlm->spinlock);
}
