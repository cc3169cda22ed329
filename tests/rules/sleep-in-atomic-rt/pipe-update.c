/*
 * check-name: intel_pipe_update_start() (i915, Linux 6.1 to 6.12; the RT queue's "Don't disable interrupts on PREEMPT_RT during atomic updates"): spinlock_t readers of the scanline with interrupts off
 * check-tree: sleep-hooks
 * check-path: drivers/gpu/drm/i915/display/intel_crtc.c
 * check-flags: --rt -DCONFIG_PREEMPT_RT=1 -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
drivers/gpu/drm/i915/display/intel_crtc.c:58:14: warning: intel_get_crtc_scanline() may sleep on PREEMPT_RT inside the atomic region begun by local_irq_disable() at drivers/gpu/drm/i915/display/intel_crtc.c:56: intel_get_crtc_scanline() -> spin_lock_irqsave(&crtc->uncore->lock, flags) (on PREEMPT_RT) [sleep-in-atomic-rt]
drivers/gpu/drm/i915/display/intel_crtc.c:62:2: warning: drm_crtc_vblank_put() may sleep on PREEMPT_RT inside the atomic region begun by local_irq_disable() at drivers/gpu/drm/i915/display/intel_crtc.c:56: drm_crtc_vblank_put() -> spin_lock_irqsave(crtc->vbl_lock, flags) (on PREEMPT_RT) [sleep-in-atomic-rt]
 * check-error-end
 */
#include <linux/kconfig.h>
#include <linux/spinlock.h>
#include <linux/irqctx.h>

/*
 * The shape of i915's vblank evasion: interrupts off from the start of
 * an atomic plane update, while the scanline is read under the uncore
 * spinlock_t (intel_get_crtc_scanline(), i915_irq.c) and the vblank
 * reference dropped under the DRM device's (drm_vblank.c).  The fix
 * leaves interrupts on on PREEMPT_RT.
 */
struct intel_uncore {
	spinlock_t lock;
};
struct intel_crtc {
	struct intel_uncore *uncore;
	spinlock_t *vbl_lock;
	int scanline;
};

static int intel_get_crtc_scanline(struct intel_crtc *crtc)
{
	unsigned long flags;
	int position;

	spin_lock_irqsave(&crtc->uncore->lock, flags);
	position = crtc->scanline;
	spin_unlock_irqrestore(&crtc->uncore->lock, flags);
	return position;
}

static void drm_crtc_vblank_put(struct intel_crtc *crtc)
{
	unsigned long flags;

	spin_lock_irqsave(crtc->vbl_lock, flags);
	spin_unlock_irqrestore(crtc->vbl_lock, flags);
}

/* Bug on RT: both readers with interrupts off. */
int intel_pipe_update_start(struct intel_crtc *crtc, int min, int max)
{
	int scanline;

	local_irq_disable();
	for (;;) {
		scanline = intel_get_crtc_scanline(crtc);
		if (scanline < min || scanline > max)
			break;
	}
	drm_crtc_vblank_put(crtc);
	return scanline;
}

/* The fix: interrupts stay on on PREEMPT_RT. */
int intel_pipe_update_start_fixed(struct intel_crtc *crtc, int min, int max)
{
	int scanline;

	if (!IS_ENABLED(CONFIG_PREEMPT_RT))
		local_irq_disable();
	for (;;) {
		scanline = intel_get_crtc_scanline(crtc);
		if (scanline < min || scanline > max)
			break;
	}
	drm_crtc_vblank_put(crtc);
	return scanline;
}
