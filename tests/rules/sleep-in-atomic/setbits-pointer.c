/*
 * check-name: bits a callee sets through a pointer before its true return are known to its caller after "if (!f(&flags, K)) return"
 * check-tree: sleep-hooks
 * check-path: mm/pin.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 *
 * check-output-start
mm/pin.c:95:2: warning: pin_fast() may sleep inside the atomic region begun by spin_lock(&pin_lock) at mm/pin.c:94: pin_fast() -> pin_fallback() -> msleep() [sleep-in-atomic]
mm/pin.c:136:2: warning: pin_reset() may sleep inside the atomic region begun by spin_lock(&pin_lock) at mm/pin.c:135: pin_reset() -> pin_fallback() -> msleep() [sleep-in-atomic]
mm/pin.c:153:2: warning: pin_cleared() may sleep inside the atomic region begun by spin_lock(&pin_lock) at mm/pin.c:152: pin_cleared() -> pin_fallback() -> msleep() [sleep-in-atomic]
mm/pin.c:180:2: warning: pin_early() may sleep inside the atomic region begun by spin_lock(&pin_lock) at mm/pin.c:179: pin_early() -> pin_fallback() -> msleep() [sleep-in-atomic]
mm/pin.c:206:2: warning: pin_maybe() may sleep inside the atomic region begun by spin_lock(&pin_lock) at mm/pin.c:205: pin_maybe() -> pin_fallback() -> msleep() [sleep-in-atomic]
mm/pin.c:221:2: warning: pin_unchecked() may sleep inside the atomic region begun by spin_lock(&pin_lock) at mm/pin.c:220: pin_unchecked() -> pin_fallback() -> msleep() [sleep-in-atomic]
mm/pin.c:244:2: warning: pin_after() may sleep inside the atomic region begun by spin_lock(&pin_lock) at mm/pin.c:243: pin_after() -> pin_fallback() -> msleep() [sleep-in-atomic]
 * check-output-end
 *
 * get_user_pages_fast_only()'s pattern: "if (!is_valid_gup_args(...,
 * &gup_flags, FOLL_GET | FOLL_FAST_ONLY)) return -EINVAL;", and
 * is_valid_gup_args() ors its to_set into the flags it stores back
 * before its only true return.  The flags passed on then have
 * FOLL_FAST_ONLY set, and the slow path, which waits, is not taken.
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

/* as include/linux/stddef.h */
enum {
	false = 0,
	true = 1
};

#define PIN_GET		0x2
#define PIN_UNLOCKABLE	0x4
#define PIN_FAST_ONLY	0x100000

/* as WARN_ON_ONCE(): the test in a macro's argument */
#define PIN_WARN(c)	({ int __r = !!(c); __r; })
/* a macro whose body assigns its argument */
#define PIN_CLEAR(x)	((x) = 0)

static spinlock_t pin_lock;

static bool valid_args(int *locked, unsigned int *flags_p,
		       unsigned int to_set)
{
	unsigned int flags = *flags_p;

	if (PIN_WARN(flags & 0x1))
		return false;
	flags |= to_set;
	if (locked) {
		if (*locked != 1)
			return false;
		flags |= PIN_UNLOCKABLE;
	}
	*flags_p = flags;
	return true;
}

static int pin_fallback(unsigned long start, unsigned int flags)
{
	if (flags & PIN_FAST_ONLY)
		return 0;
	msleep(1);		/* the slow path */
	return 1;
}

static int pin_fast_only(unsigned long start, unsigned int flags)
{
	if (!valid_args(NULL, &flags, PIN_GET | PIN_FAST_ONLY))
		return -22;
	return pin_fallback(start, flags);
}

/* Quiet: the flags passed on have PIN_FAST_ONLY set. */
void pin_atomic(unsigned long start)
{
	spin_lock(&pin_lock);
	pin_fast_only(start, 0);
	spin_unlock(&pin_lock);
}

static int pin_fast(unsigned long start, unsigned int flags)
{
	if (!valid_args(NULL, &flags, PIN_GET))
		return -22;
	return pin_fallback(start, flags);
}

/* Fires: only PIN_GET is set; the slow path may run. */
void pin_maybe_slow(unsigned long start)
{
	spin_lock(&pin_lock);
	pin_fast(start, 0);
	spin_unlock(&pin_lock);
}

/* A store straight through the pointer ("*flags_p |= to_set"). */
static bool mark_args(unsigned int *flags_p, unsigned int to_set)
{
	if (!flags_p)
		return false;
	*flags_p |= to_set;
	return true;
}

static int pin_marked(unsigned long start, unsigned int flags)
{
	if (!mark_args(&flags, PIN_FAST_ONLY))
		return -22;
	return pin_fallback(start, flags);
}

/* Quiet: mark_args() set PIN_FAST_ONLY before its true return. */
void pin_marked_atomic(unsigned long start)
{
	spin_lock(&pin_lock);
	pin_marked(start, 0);
	spin_unlock(&pin_lock);
}

/* The caller writes the flags again after the check. */
static int pin_reset(unsigned long start, unsigned int flags)
{
	if (!valid_args(NULL, &flags, PIN_FAST_ONLY))
		return -22;
	flags = PIN_GET;
	return pin_fallback(start, flags);
}

/* Fires: the flags passed on are PIN_GET alone. */
void pin_reset_atomic(unsigned long start)
{
	spin_lock(&pin_lock);
	pin_reset(start, 0);
	spin_unlock(&pin_lock);
}

/* The caller clears the flags through a macro after the check. */
static int pin_cleared(unsigned long start, unsigned int flags)
{
	if (!valid_args(NULL, &flags, PIN_FAST_ONLY))
		return -22;
	PIN_CLEAR(flags);
	return pin_fallback(start, flags);
}

/* Fires: the flags passed on are 0. */
void pin_cleared_atomic(unsigned long start)
{
	spin_lock(&pin_lock);
	pin_cleared(start, 0);
	spin_unlock(&pin_lock);
}

/* A callee that returns true on a path that stores nothing. */
static bool valid_early(unsigned int *flags_p, unsigned int to_set)
{
	unsigned int flags = *flags_p;

	if (flags & PIN_GET)
		return true;
	flags |= to_set;
	*flags_p = flags;
	return true;
}

static int pin_early(unsigned long start, unsigned int flags)
{
	if (!valid_early(&flags, PIN_FAST_ONLY))
		return -22;
	return pin_fallback(start, flags);
}

/* Fires: valid_early() may return true before it sets the bit. */
void pin_early_atomic(unsigned long start)
{
	spin_lock(&pin_lock);
	pin_early(start, PIN_GET);
	spin_unlock(&pin_lock);
}

/* A callee that sets the bit only under a test. */
static bool valid_maybe(unsigned int *flags_p, unsigned int to_set)
{
	unsigned int flags = *flags_p;

	if (to_set & PIN_GET)
		flags |= to_set;
	*flags_p = flags;
	return true;
}

static int pin_maybe(unsigned long start, unsigned int flags)
{
	if (!valid_maybe(&flags, PIN_FAST_ONLY))
		return -22;
	return pin_fallback(start, flags);
}

/* Fires: the bit is set only where to_set has PIN_GET, and it has not. */
void pin_maybe_atomic(unsigned long start)
{
	spin_lock(&pin_lock);
	pin_maybe(start, 0);
	spin_unlock(&pin_lock);
}

/* A caller that ignores the callee's answer. */
static int pin_unchecked(unsigned long start, unsigned int flags)
{
	valid_args(NULL, &flags, PIN_FAST_ONLY);
	return pin_fallback(start, flags);
}

/* Fires: the flags may be the caller's own. */
void pin_unchecked_atomic(unsigned long start)
{
	spin_lock(&pin_lock);
	pin_unchecked(start, 0);
	spin_unlock(&pin_lock);
}

/* A callee that writes through the pointer again after its store. */
static bool valid_after(unsigned int *flags_p, unsigned int to_set)
{
	*flags_p |= to_set;
	*flags_p = 0;
	return true;
}

static int pin_after(unsigned long start, unsigned int flags)
{
	if (!valid_after(&flags, PIN_FAST_ONLY))
		return -22;
	return pin_fallback(start, flags);
}

/* Fires: valid_after() stores 0 last. */
void pin_after_atomic(unsigned long start)
{
	spin_lock(&pin_lock);
	pin_after(start, 0);
	spin_unlock(&pin_lock);
}
