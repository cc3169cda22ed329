#!/bin/bash
# Sleeps that depend on the context: a callee that tests in_interrupt()
# (vfree()'s way) or irqs_disabled() (__bpf_prog_put()'s) sleeps only
# outside that context.  The condition passes up through callers that do
# not test it, across units, and is decided at a call by the regions open
# there: bottom halves off make in_interrupt() true, interrupts off
# irqs_disabled(); a plain lock or RCU decides neither, so those calls
# are still reported.  Three units of our own, in a copy of sleep-hooks.
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

T=$(copy_fixture sleep-hooks)
DB="$OUT/facts.db"
KFLAGS="-nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1
 -DCONFIG_SECURITY_NETWORK=1"
mkdir -p "$T/mm"

cat >"$T/mm/vfree.c" <<'C'
#include <linux/spinlock.h>
#include <linux/irqctx.h>

extern void defer_free(const void *p);

void vfree_like(const void *p)
{
	if (unlikely(in_interrupt())) {
		defer_free(p);
		return;
	}
	might_sleep();
}
C
cat >"$T/mm/util.c" <<'C'
#include <linux/spinlock.h>

extern int is_big(const void *p);
extern void vfree_like(const void *p);

void kvfree_like(const void *p)
{
	if (is_big(p))
		vfree_like(p);
	else
		kfree(p);
}
C
cat >"$T/kernel/ctxuse.c" <<'C'
#include <linux/spinlock.h>
#include <linux/irqctx.h>

extern void kvfree_like(const void *p);
extern void queue_put(void *w);

static void put_now(void *w)
{
	kvfree_like(w);
}

void put_like(void *w)
{
	if (in_hardirq() || irqs_disabled())
		queue_put(w);
	else
		put_now(w);
}

void put_like_too(void *w)
{
	if (!in_irq() && !irqs_disabled())
		put_now(w);
}

static spinlock_t lock;

void quiet_bh(void *p)
{
	spin_lock_bh(&lock);
	kvfree_like(p);
	spin_unlock_bh(&lock);
}

void quiet_irq(void *p)
{
	unsigned long flags;

	spin_lock_irqsave(&lock, flags);
	put_like(p);
	put_like_too(p);
	spin_unlock_irqrestore(&lock, flags);
}

void loud_lock(void *p)
{
	spin_lock(&lock);
	kvfree_like(p);
	spin_unlock(&lock);
}

void loud_rcu(void *p)
{
	rcu_read_lock();
	put_like(p);
	put_like_too(p);
	rcu_read_unlock();
}

static void put_rcu(void *w)
{
	kvfree_like(w);
}

/* Frees now and, unless told to defer, through put_rcu() too. */
static void put_noref(void *w, int deferred)
{
	kvfree_like(w);
	if (!deferred)
		put_rcu(w);
}

static void put_deferred(void *w)
{
	put_noref(w, 1);
}

/* Sleeps with interrupts on and outside interrupt context, both. */
void put_like_both(void *w)
{
	if (in_irq() || irqs_disabled())
		queue_put(w);
	else
		put_deferred(w);
}

void quiet_both(void *p)
{
	unsigned long flags;

	local_bh_disable();
	put_like_both(p);
	local_bh_enable();
	spin_lock_irqsave(&lock, flags);
	put_like_both(p);
	spin_unlock_irqrestore(&lock, flags);
}

void loud_both(void *p)
{
	spin_lock(&lock);
	put_like_both(p);
	spin_unlock(&lock);
}
C

for u in mm/vfree.c mm/util.c kernel/ctxuse.c; do
	(cd "$T" && "$HOOKWRAP" check --no-group --db="$DB" $KFLAGS $u)
	check "collect $u" test $? -eq 0
done
(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB") >"$OUT/report.txt" 2>"$OUT/err"
same "report: nothing on stderr" /dev/null "$OUT/err"
grep -F kernel/ctxuse.c "$OUT/report.txt" | cut -d: -f2 >"$OUT/got"
# The calls of loud_lock() and loud_rcu(), none of quiet_*().
awk '/^void loud_/ { on = 1 } on && /^	(kvfree|put)_like/ { print NR }
     /^}/ { on = 0 }' "$T/kernel/ctxuse.c" >"$OUT/want"
same "under spin_lock and rcu_read_lock: reported; under spin_lock_bh, local_bh_disable and spin_lock_irqsave: not" \
	"$OUT/want" "$OUT/got"
check "four calls reported" test "$(wc -l <"$OUT/got")" -eq 4
contains "the condition passed through kvfree_like(), across units" \
	"$OUT/report.txt" "kvfree_like() may sleep inside the atomic region begun by spin_lock(&lock) at kernel/ctxuse.c:47: kvfree_like() -> vfree_like() -> might_sleep() [sleep-in-atomic]"
contains "in_hardirq() || irqs_disabled(): with interrupts on it sleeps" \
	"$OUT/report.txt" "put_like() may sleep inside the atomic region begun by rcu_read_lock() at kernel/ctxuse.c:54: put_like() -> put_now() -> kvfree_like() -> vfree_like() -> might_sleep() [sleep-in-atomic]"

# The facts behind it (docs/facts-db.md: cond, ctx).
q() { sqlite3 "$DB" "$1"; }
check "if (unlikely(in_interrupt())) return;: what follows is !in_interrupt" \
	test "$(q "SELECT cond FROM calls WHERE caller='vfree_like' AND callee='might_sleep'")" = '!in_interrupt'
check "in_hardirq() || irqs_disabled(): the else branch is !irqs_disabled" \
	test "$(q "SELECT cond FROM calls WHERE caller='put_like' AND callee='put_now'")" = '!irqs_disabled'
check "!in_irq() && !irqs_disabled(): the then branch is !irqs_disabled" \
	test "$(q "SELECT cond FROM calls WHERE caller='put_like_too' AND callee='put_now'")" = '!irqs_disabled'
check "the then branch of in_hardirq() || irqs_disabled() assumes irqs_disabled" \
	test "$(q "SELECT cond FROM calls WHERE caller='put_like' AND callee='queue_put'")" = 'irqs_disabled'
check "ctx: spin_lock_bh is in_interrupt (2), spin_lock_irqsave irqs off (1), spin_lock nothing" \
	test "$(q "SELECT group_concat(ctx, ' ') FROM (SELECT ctx FROM calls WHERE callee IN ('kvfree_like', 'put_like') AND caller NOT LIKE 'put%' ORDER BY line)")" = '2 1 0 0'

(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB" --why vfree_like) >"$OUT/why.txt" 2>&1
contains "--why says the condition" "$OUT/why.txt" \
	"vfree_like() (mm/vfree.c:6): may sleep when in_interrupt() is false: vfree_like() -> might_sleep()"
(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB" --why put_like) >"$OUT/why2.txt" 2>&1
contains "--why: irqs_disabled()" "$OUT/why2.txt" \
	"may sleep when irqs_disabled() is false"

# Needs add up along a chain and stay where two paths share them.
for f in put_noref put_like_both; do
	(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB" --why $f)
done >"$OUT/why3.txt" 2>&1
contains "kvfree_like() and put_rcu() under !deferred: still !in_interrupt()" \
	"$OUT/why3.txt" "put_noref() (kernel/ctxuse.c:66): may sleep when in_interrupt() is false: put_noref() -> kvfree_like() -> vfree_like() -> might_sleep()"
contains "a call under !irqs_disabled() to one that needs !in_interrupt(): both" \
	"$OUT/why3.txt" "put_like_both() (kernel/ctxuse.c:79): may sleep when irqs_disabled() is false and in_interrupt() is false: put_like_both() -> put_deferred() -> put_noref() -> kvfree_like() -> vfree_like() -> might_sleep()"

# A database of an older schema is refused, not misread.  What each
# version lacks: 2 the ctx column, 3 the headers' helpers, 4 tests of a
# parameter's value ("1" was any constant that is not 0), 5 the objects
# of slot calls (calls.recv, registrations.obj, table refs), 6 the
# functions' effects on their callers' regions (functions.effect), 7
# the kernel-doc contexts (functions.ctx_doc), 8 the members set-up
# calls store (functions.fields), 9 a slot call's switch test
# (calls.recv_test) and an initialiser's constants
# (registrations.consts), 10 how a caller's regions were released and
# stacked at a call (calls.ways).
NOW=11
cp "$DB" "$OUT/old.db"
for v in 2 3 4 5 6 7 8 9 10; do
	sqlite3 "$OUT/old.db" "UPDATE meta SET value='$v' WHERE key='schema'"
	(cd "$T" && "$HOOKWRAP" report --no-group --db="$OUT/old.db") \
		>"$OUT/old$v.out" 2>&1
	check "a schema $v database: report exits 2" test $? -eq 2
	contains "... and says to collect again" "$OUT/old$v.out" \
		"facts database of schema $v, this hookwrap writes schema $NOW; remove the file and collect again"
done
# The same refusal from check --db, in one line.
(cd "$T" && "$HOOKWRAP" check --no-group --db="$OUT/old.db" $KFLAGS mm/util.c) \
	>"$OUT/old2.out" 2>&1
check "a schema 10 database: check --db exits 2" test $? -eq 2
contains "... with the same line" "$OUT/old2.out" \
	"facts database of schema 10, this hookwrap writes schema $NOW"
