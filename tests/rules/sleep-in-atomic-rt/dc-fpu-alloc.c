/*
 * check-name: dcn20_validate_bandwidth() (amdgpu, Linux 6.1; fixed in the RT queue and mainline by moving the allocation out of dcn20_validate_bandwidth_fp()): GFP_ATOMIC inside DC_FP_START()
 * check-tree: sleep-hooks
 * check-path: drivers/gpu/drm/amd/display/dc/dcn20/dcn20_resource.c
 * check-flags: --rt -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
drivers/gpu/drm/amd/display/dc/dcn20/dcn20_resource.c:65:7: warning: dcn20_validate_bandwidth_fp() may sleep on PREEMPT_RT inside the atomic region begun by dc_fpu_begin() at drivers/gpu/drm/amd/display/dc/dcn20/dcn20_resource.c:64: dcn20_validate_bandwidth_fp() -> kzalloc(pipe_count*sizeof(*pipes), GFP_ATOMIC) (on PREEMPT_RT) [sleep-in-atomic-rt]
 * check-error-end
 */
#include <linux/spinlock.h>

/*
 * The shape of amdgpu's display code: DC_FP_START() is dc_fpu_begin(),
 * which turns preemption off (get_cpu_ptr(), then kernel_fpu_begin())
 * and returns with it off; the FPU code between it and DC_FP_END()
 * allocates with GFP_ATOMIC, which may sleep on PREEMPT_RT.  In the
 * kernel dc_fpu_begin() is in another unit (amdgpu_dm/dc_fpu.c); here
 * it is in this one, where its summary reaches its callers.
 */
#define get_cpu_ptr(var) ({ preempt_disable(); (var); })
#define put_cpu_ptr(var) do { (void)(var); preempt_enable(); } while (0)

static int fpu_recursion_depth;

static void dc_fpu_begin(void)
{
	int *pcpu = get_cpu_ptr(&fpu_recursion_depth);

	*pcpu += 1;
}

static void dc_fpu_end(void)
{
	int *pcpu = &fpu_recursion_depth;

	*pcpu -= 1;
	put_cpu_ptr(&fpu_recursion_depth);
}

#define DC_FP_START() dc_fpu_begin()
#define DC_FP_END() dc_fpu_end()

struct display_e2e_pipe_params_st {
	int pipe;
};

static int dcn20_validate_bandwidth_fp(int pipe_count)
{
	struct display_e2e_pipe_params_st *pipes;

	pipes = kzalloc(pipe_count * sizeof(*pipes), GFP_ATOMIC);
	if (!pipes)
		return 0;
	kfree(pipes);
	return 1;
}

/* Bug on RT: the allocation inside the FPU section. */
int dcn20_validate_bandwidth(int pipe_count)
{
	int ok;

	DC_FP_START();
	ok = dcn20_validate_bandwidth_fp(pipe_count);
	DC_FP_END();
	return ok;
}

/* The fix: allocate first (GFP_KERNEL), pass the buffer in. */
static int dcn20_validate_bandwidth_fp_fixed(
	struct display_e2e_pipe_params_st *pipes)
{
	return pipes->pipe >= 0;
}

int dcn20_validate_bandwidth_fixed(int pipe_count)
{
	struct display_e2e_pipe_params_st *pipes;
	int ok;

	pipes = kzalloc(pipe_count * sizeof(*pipes), GFP_KERNEL);
	if (!pipes)
		return 0;
	DC_FP_START();
	ok = dcn20_validate_bandwidth_fp_fixed(pipes);
	DC_FP_END();
	kfree(pipes);
	return ok;
}
