/*
 * check-name: a flag or'ed in by a macro's body (i915's MAKE_SEND_FLAGS()) is read from the macro's definition: the nonblocking send does not wait
 * check-tree: sleep-hooks
 * check-path: drivers/guc.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 *
 * check-output-start
drivers/guc.c:82:2: warning: guc_send() may sleep inside the atomic region begun by spin_lock(&ct_lock) at drivers/guc.c:81: guc_send() -> ct_send() -> msleep() [sleep-in-atomic]
drivers/guc.c:90:2: warning: guc_send() may sleep inside the atomic region begun by spin_lock(&ct_lock) at drivers/guc.c:89: guc_send() -> ct_send() -> msleep() [sleep-in-atomic]
drivers/guc.c:98:2: warning: guc_send() may sleep inside the atomic region begun by spin_lock(&ct_lock) at drivers/guc.c:97: guc_send() -> ct_send() -> msleep() [sleep-in-atomic]
 * check-output-end
 *
 * intel_guc_send_nb() passes MAKE_SEND_FLAGS(len), "({ typeof(len) len_
 * = (len); ...; (FIELD_PREP(MASK, len_) | INTEL_GUC_CT_SEND_NB); })",
 * and intel_guc_ct_send() takes ct_send_nb() when that flag is set,
 * never ct_send(), which may sleep.  The "|" is written in the macro's
 * body, where libclang 14 spells no token: the macro's definition says
 * which operator it is.
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

#define SEND_NB		(1U << 31)
#define SEND_LEN_MASK	0xffU
#define LEN_PREP(len)	((len) & SEND_LEN_MASK)

/* a statement expression, as MAKE_SEND_FLAGS() */
#define MAKE_FLAGS(len) ({			\
	typeof(len) len_ = (len);		\
	if (len_ > 16)				\
		len_ = 16;			\
	(LEN_PREP(len_) | SEND_NB);		\
})
/* one expression */
#define MAKE_FLAGS_PLAIN(len)	(LEN_PREP(len) | SEND_NB)
/* the flag cleared, not set */
#define MAKE_FLAGS_CLEAR(len)	(LEN_PREP(len) & ~SEND_NB)
/* two operators at the top: not read */
#define MAKE_FLAGS_MIXED(len)	(LEN_PREP(len) + 1 | SEND_NB)

static spinlock_t ct_lock;

static int ct_send(unsigned int len)
{
	msleep(1);		/* waits for the reply */
	return 0;
}

static int ct_send_nb(unsigned int len)
{
	return 0;
}

static int guc_send(unsigned int len, unsigned int flags)
{
	if (flags & SEND_NB)
		return ct_send_nb(len);
	return ct_send(len);
}

/* Quiet: MAKE_FLAGS() sets SEND_NB. */
void send_nb(unsigned int len)
{
	spin_lock(&ct_lock);
	guc_send(len, MAKE_FLAGS(len));
	spin_unlock(&ct_lock);
}

/* Quiet: so does MAKE_FLAGS_PLAIN(). */
void send_nb_plain(unsigned int len)
{
	spin_lock(&ct_lock);
	guc_send(len, MAKE_FLAGS_PLAIN(len));
	spin_unlock(&ct_lock);
}

/* Fires: MAKE_FLAGS_CLEAR() clears it. */
void send_cleared(unsigned int len)
{
	spin_lock(&ct_lock);
	guc_send(len, MAKE_FLAGS_CLEAR(len));
	spin_unlock(&ct_lock);
}

/* Fires, though it need not: two operators at the macro's top. */
void send_mixed(unsigned int len)
{
	spin_lock(&ct_lock);
	guc_send(len, MAKE_FLAGS_MIXED(len));
	spin_unlock(&ct_lock);
}

/* Fires: the flags are the caller's own. */
void send_any(unsigned int len, unsigned int flags)
{
	spin_lock(&ct_lock);
	guc_send(len, flags);
	spin_unlock(&ct_lock);
}
