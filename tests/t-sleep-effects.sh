#!/bin/bash
# A region a function of another unit leaves open (issue 24's recall
# bug E: amdgpu's DC_FP_START() is dc_fpu_begin(), defined in another
# unit, which returns with preemption off).  The unit that defines it
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
 * Opens and closes (a lock dropped, then preemption off): only a
 * begin that opens alone, or an end that closes alone, is trusted to
 * other units.
 */
void fpu_switch(void)
{
	preempt_disable();
	preempt_enable();
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

check "collect the defining unit, then the caller" collect "$OUT/ab.db" drivers/fpu/fpu.c drivers/fpu/calc.c
check "the effect is stored: fpu_begin leaves one region open" \
	test "$(sqlite3 "$OUT/ab.db" "SELECT name || ' ' || effect FROM functions WHERE effect IS NOT NULL ORDER BY name")" = "$(printf 'fpu_begin a1,r0,q0,i0,l0,t0,x0,b0\nfpu_end a0,r1,q0,i0,l0,t0,x0,b0')"
check "one that opens and closes stores none either (a1 for its own unit)" \
	test "$(sqlite3 "$OUT/ab.db" "SELECT count(*) FROM functions WHERE name='fpu_switch' AND effect IS NULL")" -eq 1
check "a function that leaves nothing open stores no effect" \
	test "$(sqlite3 "$OUT/ab.db" "SELECT count(*) FROM functions WHERE name='fpu_note' AND effect IS NULL")" -eq 1
report "$OUT/ab.db" >"$OUT/ab.txt" 2>&1
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
