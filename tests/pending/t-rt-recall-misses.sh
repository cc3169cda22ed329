#!/bin/bash
# The PREEMPT_RT bug of issue 24's recall (docs/findings.md, "Recall on
# PREEMPT_RT bugs") that hookwrap does not find yet, as small as the
# real one: this check states the goal, and fails until it is met.
# (__intel_gt_reset()'s reset through a local function pointer, the
# other miss, is found now: tests/rules/sleep-in-atomic-rt/gt-reset.c.)
#
# dcn20_validate_bandwidth() (amdgpu, Linux 6.1): DC_FP_START() is
# dc_fpu_begin() of another unit, which begins the FPU section
# (kernel_fpu_begin(), preemption off until kernel_fpu_end()) on its
# first nesting only: "if (*pcpu == 1) kernel_fpu_begin();".  A function
# of another unit that leaves a region open on every path is followed
# (docs/facts-db.md, "Regions another unit's function leaves open");
# this one opens it on one path, and on the other finds it open already
# (a nested begin), which the walk cannot tell: it stores no effect, so
# the GFP_ATOMIC allocation after it is not in an atomic region (the
# same code in one unit is found: tests/rules/sleep-in-atomic-rt/
# dc-fpu-alloc.c).
#
#   ./tests/run tests/pending/t-rt-recall-misses.sh
HW=${HW:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$HW/tests/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

T=$(copy_fixture sleep-hooks)
KFLAGS="-nostdinc -D__KERNEL__ -Iinclude"

mkdir -p "$T/drivers/gpu/drm/amd/display/amdgpu_dm" \
	 "$T/drivers/gpu/drm/amd/display/dc/dcn20" "$T/arch/x86/kernel/fpu"
# As arch/x86/kernel/fpu/core.c: the FPU section is a preemption region
# that kernel_fpu_begin() leaves open (an effect stored for its callers).
cat >"$T/arch/x86/kernel/fpu/core.c" <<'C'
#include <linux/spinlock.h>

void kernel_fpu_begin(void)
{
	preempt_disable();
}

void kernel_fpu_end(void)
{
	preempt_enable();
}
C
# As Linux 6.1's dc_fpu.c: a per-CPU nesting depth; the FPU section is
# begun on the first nesting only (a nested begin finds it open).
cat >"$T/drivers/gpu/drm/amd/display/amdgpu_dm/dc_fpu.c" <<'C'
#include <linux/spinlock.h>

#define get_cpu_ptr(var) ({ preempt_disable(); (var); })
#define put_cpu_ptr(var) do { (void)(var); preempt_enable(); } while (0)

extern void kernel_fpu_begin(void);
extern void kernel_fpu_end(void);

static int fpu_recursion_depth;

void dc_fpu_begin(void)
{
	int *pcpu;

	pcpu = get_cpu_ptr(&fpu_recursion_depth);
	*pcpu += 1;
	if (*pcpu == 1)
		kernel_fpu_begin();
	put_cpu_ptr(&fpu_recursion_depth);
}

void dc_fpu_end(void)
{
	int *pcpu;

	pcpu = get_cpu_ptr(&fpu_recursion_depth);
	*pcpu -= 1;
	if (*pcpu <= 0)
		kernel_fpu_end();
	put_cpu_ptr(&fpu_recursion_depth);
}
C
cat >"$T/drivers/gpu/drm/amd/display/dc/dcn20/dcn20_resource.c" <<'C'
#include <linux/spinlock.h>

extern void dc_fpu_begin(void);
extern void dc_fpu_end(void);
#define DC_FP_START() dc_fpu_begin()
#define DC_FP_END() dc_fpu_end()

int dcn20_validate_bandwidth(int pipe_count)
{
	void *pipes;

	DC_FP_START();
	pipes = kzalloc(pipe_count * 16, GFP_ATOMIC);
	DC_FP_END();
	kfree(pipes);
	return pipes != 0;
}
C
DB="$OUT/facts.db"
collect() {
	for u in arch/x86/kernel/fpu/core.c \
		 drivers/gpu/drm/amd/display/amdgpu_dm/dc_fpu.c \
		 drivers/gpu/drm/amd/display/dc/dcn20/dcn20_resource.c; do
		(cd "$T" && "$HOOKWRAP" check --db="$DB" $KFLAGS "$u") || return 1
	done
}
check "collect the three units' facts" collect
(cd "$T" && "$HOOKWRAP" report --no-group --rt --db="$DB") >"$OUT/fpu.out" 2>&1
line=$(grep 'drivers/gpu/drm/amd/display/dc/dcn20/dcn20_resource.c:13:' "$OUT/fpu.out")
check "GFP_ATOMIC after DC_FP_START(), whose preempt_disable() is another unit's: found" \
	grep -q 'inside the atomic region begun by dc_fpu_begin().*GFP_ATOMIC) (on PREEMPT_RT) \[sleep-in-atomic-rt\]' <<<"$line"
