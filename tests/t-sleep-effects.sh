#!/bin/bash
# A region a function of another unit leaves open (issue 24's recall
# bug E: amdgpu's DC_FP_START() is dc_fpu_begin(), defined in another
# unit, which returns with preemption off; in Linux 6.1 it begins the
# FPU section on its first nesting only).  The unit that defines it
# stores what a walk of its body saw it do to its callers' regions
# (functions.effect); a unit that sees only its declaration applies
# that when the database holds it: collected after the defining unit,
# or in a second collection.
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

T=$(copy_fixture sleep-hooks)
KFLAGS="-nostdinc -D__KERNEL__ -Iinclude"
mkdir -p "$T/drivers/fpu"
cat >"$T/drivers/fpu/fpu.c" <<'C'
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

void fpu_begin(const char *fn, int line);
void fpu_end(const char *fn, int line);
void fpu_note(int depth);
void fpu_switch(void);
#define FP_START() fpu_begin(__func__, __LINE__)
#define FP_END() fpu_end(__func__, __LINE__)

static int depth;

/* Returns with preemption off, on every path: its callers' region. */
void fpu_begin(const char *fn, int line)
{
	preempt_disable();
	depth++;
}

/* Closes it. */
void fpu_end(const char *fn, int line)
{
	depth--;
	preempt_enable();
}

/*
 * Opens a region and closes it, then leaves one open: a begin all the
 * same (what it opens and closes itself does not count).
 */
void fpu_switch(void)
{
	preempt_disable();
	preempt_enable();
	preempt_disable();
}

/*
 * Closes its caller's region and opens one again (a lock dropped and
 * taken again): not trusted to other units, where a wrong summary costs
 * more.
 */
void fpu_yield(void)
{
	preempt_enable();
	preempt_disable();
}

/*
 * As Linux 6.1's amdgpu dc_fpu_begin()/dc_fpu_end(): a per-CPU nesting
 * depth inside get_cpu_ptr()/put_cpu_ptr(); the section begins on the
 * first nesting only and ends on the last.  A nested begin finds the
 * section open: it is open after either path.
 */
#define get_cpu_ptr(var) ({ preempt_disable(); (var); })
#define put_cpu_ptr(var) do { (void)(var); preempt_enable(); } while (0)
#include <linux/fpu_api.h>
static int nesting;

void dc_fpu_begin(void)
{
	int *pcpu;

	pcpu = get_cpu_ptr(&nesting);
	*pcpu += 1;
	if (*pcpu == 1)
		kernel_fpu_begin();
	put_cpu_ptr(&nesting);
}

void dc_fpu_end(void)
{
	int *pcpu;

	pcpu = get_cpu_ptr(&nesting);
	*pcpu -= 1;
	if (*pcpu <= 0)
		kernel_fpu_end();
	put_cpu_ptr(&nesting);
}

/* A test that is no nesting depth's: the region stays conditional. */
void maybe_begin(int mode)
{
	if (mode == 1)
		preempt_disable();
}

/* Leaves nothing open. */
void fpu_note(int d)
{
	preempt_disable();
	depth = d;
	preempt_enable();
}
C
cat >"$T/drivers/fpu/calc.c" <<'C'
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

void fpu_begin(const char *fn, int line);
void fpu_end(const char *fn, int line);
void fpu_note(int depth);
void fpu_switch(void);
#define FP_START() fpu_begin(__func__, __LINE__)
#define FP_END() fpu_end(__func__, __LINE__)

int validate(int n)
{
	void *p;

	FP_START();
	p = kmalloc(n, GFP_KERNEL);
	FP_END();
	return p != 0;
}

void dc_fpu_begin(void);
void dc_fpu_end(void);

/* Linux 6.1's dcn20_validate_bandwidth(): GFP_ATOMIC, sleeping on RT. */
int dc_validate(int n)
{
	void *p;

	dc_fpu_begin();
	p = kmalloc(n, GFP_ATOMIC);
	dc_fpu_end();
	return p != 0;
}

int validate_after(int n)
{
	void *p;

	FP_START();
	FP_END();
	fpu_note(n);
	p = kmalloc(n, GFP_KERNEL);
	return p != 0;
}
C
collect() {	# DB UNIT...
	local db=$1 u
	shift
	for u in "$@"; do
		(cd "$T" && "$HOOKWRAP" check --db="$db" $KFLAGS "$u") || return 1
	done
}
report() { (cd "$T" && "$HOOKWRAP" report --no-group --db="$1"); }
WANT="drivers/fpu/calc.c:16:6: warning: kmalloc() may sleep inside the atomic region begun by fpu_begin() at drivers/fpu/calc.c:15: kmalloc(GFP_KERNEL) [sleep-in-atomic]"

# As arch/x86: kernel_fpu_begin() an inline of a header (the fixture's
# include/linux/fpu_api.h) that calls kernel_fpu_begin_mask() of
# another unit; kernel_fpu_end() of that unit.  The helper's walk
# applies the other unit's effect as the unit's does.
cat >"$T/drivers/fpu/core.c" <<'C'
#include <linux/spinlock.h>
#include <linux/fpu_api.h>

void kernel_fpu_begin_mask(unsigned int mask)
{
	preempt_disable();
}

void kernel_fpu_end(void)
{
	preempt_enable();
}
C
check "collect the defining unit, then the caller" collect "$OUT/ab.db" drivers/fpu/core.c drivers/fpu/fpu.c drivers/fpu/calc.c
A1=a1,r0,q0,i0,l0,t0,x0,b0,m0 R1=a0,r1,q0,i0,l0,t0,x0,b0,m0
check "the effects are stored: begins leave one region open, ends close one (a region a body opens and closes itself counts for neither; a section begun on the first nesting, ended on the last; a header's helper that calls another unit's begin)" \
	test "$(sqlite3 "$OUT/ab.db" "SELECT name || ' ' || effect FROM functions WHERE effect IS NOT NULL ORDER BY name")" = "$(printf '%s\n' "dc_fpu_begin $A1" "dc_fpu_end $R1" "fpu_begin $A1" "fpu_end $R1" "fpu_switch $A1" "kernel_fpu_begin_mask $A1" "kernel_fpu_end $R1" "maybe_begin a0,r0,q0,i0,l0,t0,x0,b0,m1")"
check "one that closes its caller's region and opens one stores none (a1 for its own unit)" \
	test "$(sqlite3 "$OUT/ab.db" "SELECT count(*) FROM functions WHERE name='fpu_yield' AND effect IS NULL")" -eq 1
check "a begin under a test that is no nesting depth's leaves no region open for its callers (a0), only one it may leave (m1: a release after it ends that one, not a caller's)" \
	test "$(sqlite3 "$OUT/ab.db" "SELECT effect FROM functions WHERE name='maybe_begin'")" = a0,r0,q0,i0,l0,t0,x0,b0,m1
check "a function that leaves nothing open stores no effect" \
	test "$(sqlite3 "$OUT/ab.db" "SELECT count(*) FROM functions WHERE name='fpu_note' AND effect IS NULL")" -eq 1
report "$OUT/ab.db" >"$OUT/ab.txt" 2>&1
(cd "$T" && "$HOOKWRAP" report --no-group --rt --db="$OUT/ab.db") >"$OUT/rt.txt" 2>&1
check "--rt: the GFP_ATOMIC allocation inside dc_fpu_begin()'s section is found (issue 24's recall bug E)" \
	grep -qxF "drivers/fpu/calc.c:30:6: warning: kmalloc() may sleep on PREEMPT_RT inside the atomic region begun by dc_fpu_begin() at drivers/fpu/calc.c:29: kmalloc(n, GFP_ATOMIC) (on PREEMPT_RT) [sleep-in-atomic-rt]" "$OUT/rt.txt"
check "defining unit first: the sleep between fpu_begin() and fpu_end() is found" \
	test "$(cat "$OUT/ab.txt")" = "$WANT"

check "the caller first" collect "$OUT/ba.db" drivers/fpu/calc.c drivers/fpu/fpu.c
report "$OUT/ba.db" >"$OUT/ba.txt" 2>&1
check "caller first: not seen yet (the definition was not stored)" \
	test ! -s "$OUT/ba.txt"
check "a second collection of the caller" collect "$OUT/ba.db" drivers/fpu/calc.c
report "$OUT/ba.db" >"$OUT/ba2.txt" 2>&1
check "... finds it" test "$(cat "$OUT/ba2.txt")" = "$WANT"

# Two definitions that disagree (an arch's that leaves the region open
# and another's that does not): neither is applied.
cat >"$T/drivers/fpu/fpu2.c" <<'C'
void fpu_begin(const char *fn, int line)
{
}
C
check "a second definition, with no effect" collect "$OUT/ab.db" drivers/fpu/fpu2.c drivers/fpu/calc.c
report "$OUT/ab.db" >"$OUT/two.txt" 2>&1
check "definitions that disagree: no effect applied" test ! -s "$OUT/two.txt"
