/*
 * sleep_state.c - the state of the sleep scan and its primitives
 * (sleep_state.h): the bottom of the scan, which every other file of it
 * reads and which calls none of them.
 */
#include "checker/sleep/sleep_state.h"
#include "checker/sleep/sleep_track.h"
#include "checker/sleep/sleep_mstore.h"

#include <string.h>

unsigned offset_of(CXSourceLocation l, CXFile *f)
{
	unsigned off;

	clang_getExpansionLocation(l, f, NULL, NULL, &off);
	return off;
}

int pfile_index(struct sleep_scan *s, CXFile f)
{
	for (int i = s->npfiles - 1; i >= 0; i--)
		if (clang_File_isEqual(s->pfiles[i], f))
			return i;
	ARRAY_GROW(s->pfiles, s->cappfiles, s->npfiles + 1, 16);
	s->pfiles[s->npfiles] = f;
	return s->npfiles++;
}

void scan_file(struct sleep_scan *s, CXFile f, const char *shown, int unit)
{
	int fi = pfile_index(s, f), i = 0;

	s->file = f;
	s->shown = shown;
	s->unit = unit;
	s->ftext = clang_getFileContents(s->tu, f, &s->fsize);
	/* s->allpm is sorted by file index, then offset. */
	while (i < s->nallpm && s->allpm[i].fi < fi)
		i++;
	s->pm = s->allpm + i;
	s->npm = 0;
	while (i + s->npm < s->nallpm && s->allpm[i + s->npm].fi == fi)
		s->npm++;
}

int wordish(const char *w)
{
	return (*w >= 'a' && *w <= 'z') || (*w >= 'A' && *w <= 'Z') ||
	       (*w >= '0' && *w <= '9') || *w == '_';
}

void where_of(CXCursor c, unsigned *line, unsigned *col)
{
	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, line, col,
				   NULL);
}

CXSourceRange file_range(struct sleep_scan *s, CXCursor c)
{
	return fe_expansion_range(s->tu, c);
}

char *code_text(struct sleep_scan *s, CXSourceRange r)
{
	CXToken *t;
	unsigned n;
	struct sbuf sb = { 0 };
	int prev_word = 0, prev_comma = 0;

	clang_tokenize(s->tu, r, &t, &n);
	for (unsigned i = 0; i < n; i++) {
		CXString cs = clang_getTokenSpelling(s->tu, t[i]);
		const char *w = clang_getCString(cs);

		if (clang_getTokenKind(t[i]) != CXToken_Comment) {
			if ((prev_word && wordish(w)) || prev_comma)
				sb_addc(&sb, ' ');
			sb_add(&sb, w);
			prev_word = wordish(w);
			prev_comma = !strcmp(w, ",");
		}
		clang_disposeString(cs);
	}
	clang_disposeTokens(s->tu, t, n);
	return sb_detach(&sb);
}

char *text_of(struct sleep_scan *s, CXCursor c, const char *name)
{
	char *t = code_text(s, file_range(s, c));

	if (t && *t && starts_with(t, name))
		return t;
	free(t);
	return xasprintf("%s()", name);
}

enum region_kind region_kind(const char *name)
{
	if (starts_with(name, "local_irq_") || starts_with(name, "local_bh_"))
		return RK_IRQ;
	if (strstr(name, "lock") && !strstr(name, "_irq") &&
	    !strstr(name, "_bh") && !strstr(name, "rcu") &&
	    !strstr(name, "unlock"))
		return RK_LOCK;
	return RK_OTHER;
}

unsigned lock_hash(const char *text)
{
	const char *p = text ? strchr(text, '(') : NULL;
	unsigned h = 2166136261u;
	int depth = 0, n = 0;

	if (!p)
		return 0;
	for (p++; *p == ' ' || *p == '&'; p++)
		;
	for (; *p; p++) {
		if (*p == '(' || *p == '[')
			depth++;
		else if ((*p == ')' || *p == ']') && !depth--)
			break;
		else if (*p == ',' && !depth)
			break;
		if (*p == ' ' || *p == '\t' || *p == '\n')
			continue;
		h = (h ^ (unsigned char)*p) * 16777619u;
		n++;
	}
	return n ? (h ? h : 1) : 0;
}

unsigned code_lock_hash(struct sleep_scan *s, CXCursor c)
{
	char *t = code_text(s, file_range(s, c));
	unsigned h = lock_hash(t);

	free(t);
	return h;
}

/*
 * A region opened after a test of the context makes the test no longer
 * true of the calls after it ("if (!preemptible()) return; ...
 * preempt_disable_notrace(); __schedule();" in preempt_schedule_notrace():
 * the test held when made, not inside the region).  Kept, it would be
 * decided against the region's own context and rule the calls out; so
 * the atoms the region contradicts are forgotten (the function then
 * sleeps in any context its callers have, never fewer sleeps).
 */
static int ctx_contradicts(int atom, int ctx)
{
	if (atom == COND_PREEMPTIBLE)
		return ctx != 0;
	if (atom == -COND_IRQS_OFF)
		return ctx & CTX_IRQS_OFF;
	if (atom == -COND_IN_INTR)
		return ctx & CTX_IN_INTR;
	if (atom == -COND_IN_ATOMIC)
		return ctx & (CTX_ATOMIC | CTX_IN_INTR);
	return 0;
}

static void forget_ctx(struct astate *st, int ctx)
{
	if (ctx_contradicts(st->cond2, ctx))
		st->cond2 = 0;
	if (ctx_contradicts(st->cond, ctx)) {
		st->cond = st->cond2;
		st->cond2 = 0;
	}
}

void acquire(struct sleep_scan *s, char *text, unsigned line,
	     enum region_kind kind, int ctx, int rt)
{
	acquire_lock(s, text, lock_hash(text), line, kind, ctx, rt);
}

void acquire_lock(struct sleep_scan *s, char *text, unsigned lockh,
		  unsigned line, enum region_kind kind, int ctx, int rt)
{
	int first_rt = !(rt & RT_PREEMPTIBLE) && s->st.rt_region < 0;
	unsigned bit;

	if (s->st.dead)
		return free(text);
	ARRAY_GROW(s->rg, s->caprg, s->nrg + 1, 16);
	s->rg[s->nrg].text = text;
	s->rg[s->nrg].line = line;
	if (!s->st.depth)
		s->st.region = s->nrg;
	if (first_rt)
		s->st.rt_region = s->nrg;
	if (s->st.depth < REGION_SLOTS) {
		s->st.lockh[s->st.depth] = lockh;
		s->st.rgat[s->st.depth] = s->nrg;
	}
	s->nrg++;
	s->st.opt = s->st.optc = 0;	/* no longer the innermost */
	bit = s->st.depth < 32 ? 1u << s->st.depth : 0;
	s->st.irq = (s->st.irq & ~bit) | (kind == RK_IRQ ? bit : 0);
	s->st.lock = (s->st.lock & ~bit) | (kind == RK_LOCK ? bit : 0);
	s->st.cx_irq = (s->st.cx_irq & ~bit) |
		       (ctx & CTX_IRQS_OFF ? bit : 0);
	s->st.cx_bh = (s->st.cx_bh & ~bit) | (ctx & CTX_IN_INTR ? bit : 0);
	s->st.cx_pc = (s->st.cx_pc & ~bit) | (ctx & CTX_ATOMIC ? bit : 0);
	forget_ctx(&s->st, ctx);
	s->st.rtok = (s->st.rtok & ~bit) | (rt & RT_PREEMPTIBLE ? bit : 0);
	s->st.depth++;
	s->st.must++;
}

/*
 * Close the innermost region; irq: the way spin_unlock_irqrestore()
 * does, which also ends an interrupts-off region just under a lock
 * taken without them.
 */
/*
 * Is the region d deep a lock taken without touching interrupts, just
 * over an interrupts- or bottom-half-off region (local_irq_save(f);
 * spin_lock(&l);), which a release the irqrestore or bh way ends both
 * of?
 */
static int lock_over_irq(const struct astate *st, int d)
{
	return d > 0 && d < 32 && (st->lock >> d & 1) &&
	       (st->irq >> (d - 1) & 1);
}

void release(struct sleep_scan *s, int irq)
{
	/* The caller's regions still open: the bottom ones. */
	int theirs = caller_regions_open(s);
	int top = s->st.depth - 1;

	if (s->st.dead)
		return;
	if (irq && s->st.depth <= theirs)
		s->st.rel_irq = 1;
	if (s->st.must <= s->entry)
		s->st.must_rel++;
	if (s->st.must)
		s->st.must--;
	if (s->st.depth <= theirs)
		s->st.released++;	/* the caller's lock */
	if (s->st.depth && !--s->st.depth)
		s->st.region = -1;
	/* The outermost region atomic on RT gone, so are those inside. */
	if (!(~s->st.rtok & depth_mask(s->st.depth)))
		s->st.rt_region = -1;
	if (s->st.opt && !--s->st.opt)
		s->st.optc = 0;
	if (irq && lock_over_irq(&s->st, top))
		release(s, 0);
}

/* Take the region d deep out of the per-depth bits m. */
static unsigned drop_bit(unsigned m, int d)
{
	return (m & depth_mask(d)) | ((m >> 1) & ~depth_mask(d));
}

/* Close the region d deep, not the top: the per-depth facts move down. */
static void release_at(struct sleep_scan *s, int d)
{
	for (int k = d; k + 1 < s->st.depth && k + 1 < REGION_SLOTS; k++) {
		s->st.lockh[k] = s->st.lockh[k + 1];
		s->st.rgat[k] = s->st.rgat[k + 1];
	}
	s->st.irq = drop_bit(s->st.irq, d);
	s->st.lock = drop_bit(s->st.lock, d);
	s->st.cx_irq = drop_bit(s->st.cx_irq, d);
	s->st.cx_bh = drop_bit(s->st.cx_bh, d);
	s->st.cx_pc = drop_bit(s->st.cx_pc, d);
	s->st.rtok = drop_bit(s->st.rtok, d);
	if (s->st.must)
		s->st.must--;
	if (s->st.opt && d >= s->st.depth - s->st.opt && !--s->st.opt)
		s->st.optc = 0;
	s->st.depth--;
	if (!d)
		s->st.region = s->st.depth ? s->st.rgat[0] : -1;
	if (!(~s->st.rtok & depth_mask(s->st.depth)))
		s->st.rt_region = -1;
	else
		for (int k = 0; k < s->st.depth && k < REGION_SLOTS; k++)
			if (!(s->st.rtok >> k & 1)) {
				s->st.rt_region = s->st.rgat[k];
				break;
			}
}

void release_rt(struct sleep_scan *s, int irq, int rt)
{
	int top = s->st.depth - 1, d;
	/* The caller's regions still open: the bottom ones. */
	int theirs = caller_regions_open(s);
	unsigned want = rt & RT_PREEMPTIBLE ? 1 : 0;

	if (s->st.dead || top >= 32 || top < theirs ||
	    (s->st.rtok >> top & 1) == want)
		return release(s, irq);
	for (d = top - 1; d >= theirs; d--)
		if ((s->st.rtok >> d & 1) == want)
			break;
	if (d < theirs)
		return release(s, irq);
	/* Its kind as release() reads it: a lock over an irq-off region. */
	irq = irq && d > theirs && lock_over_irq(&s->st, d);
	release_at(s, d);
	if (irq)
		release_at(s, d - 1);
}

int caller_regions_open(const struct sleep_scan *s)
{
	return s->entry > s->st.released ? s->entry - s->st.released : 0;
}

unsigned depth_mask(int d)
{
	return d >= 32 ? ~0u : d <= 0 ? 0 : (1u << d) - 1;
}

int release_maybe(struct sleep_scan *s, const char *name)
{
	int theirs = caller_regions_open(s);

	if (s->st.dead || s->st.maybe <= 0 || s->st.depth > theirs ||
	    region_kind(name) != RK_IRQ)
		return 0;
	s->st.maybe--;
	return 1;
}

int calls_ways(const struct astate *st)
{
	int ways = 0;

	if (st->dead)
		return 0;
	if (st->released && st->rel_irq)
		ways |= CALL_WAY_REL_IRQ;
	if (lock_over_irq(st, st->depth - 1))
		ways |= CALL_WAY_LOCK_OVER_IRQ;
	return ways;
}

struct astate merge(struct astate a, struct astate b)
{
	struct astate m;

	if (a.dead)
		return b;
	if (b.dead)
		return a;
	m = a.depth >= b.depth ? a : b;
	m.released = a.released > b.released ? a.released : b.released;
	m.must = a.must < b.must ? a.must : b.must;
	m.must_rel = a.must_rel < b.must_rel ? a.must_rel : b.must_rel;
	/* What both paths assume, of the two each keeps. */
	m.cond = a.cond && (a.cond == b.cond || a.cond == b.cond2) ?
		 a.cond : 0;
	m.cond2 = a.cond2 && (a.cond2 == b.cond || a.cond2 == b.cond2) ?
		  a.cond2 : 0;
	if (!m.cond) {
		m.cond = m.cond2;
		m.cond2 = 0;
	}
	track_merge(&m, &a, &b);
	mstore_merge(&m, &a, &b);
	m.pf = a.pf < b.pf ? a.pf : b.pf;
	m.rel_irq = a.rel_irq | b.rel_irq;
	m.maybe = a.maybe > b.maybe ? a.maybe : b.maybe;
	/* A context is known after the meeting when both paths know it. */
	m.cx_irq = a.cx_irq & b.cx_irq & depth_mask(a.depth) &
		   depth_mask(b.depth);
	m.cx_bh = a.cx_bh & b.cx_bh & depth_mask(a.depth) &
		  depth_mask(b.depth);
	m.cx_pc = a.cx_pc & b.cx_pc & depth_mask(a.depth) &
		  depth_mask(b.depth);
	if (a.depth != b.depth || a.opt != b.opt || a.optc != b.optc)
		m.opt = m.optc = 0;	/* open, as far as we know */
	m.optpf = a.optpf < b.optpf ? a.optpf : b.optpf;
	track_join(&m, &a, &b);
	m.boot = a.boot < b.boot ? a.boot : b.boot;
	return m;
}

struct astate join_arms(struct astate then, struct astate other, int pt)
{
	struct astate m = merge(then, other);

	if (!pt || then.dead || other.dead || then.opt || other.opt)
		return m;
	if (then.depth > other.depth) {
		m.opt = then.depth - other.depth;
		m.optc = pt;
		m.optpf = then.pf;
	} else if (other.depth > then.depth) {
		m.opt = other.depth - then.depth;
		m.optc = -pt;
		m.optpf = other.pf;
	}
	return m;
}

const struct astate dead_state = {
	.dead = 1, .region = -1, .rt_region = -1,
};

void note_exit(struct sleep_scan *s)
{
	if (s->st.dead)
		return;
	if (!s->nexit) {
		s->exit_irq = s->st.irq;
		s->exit_lock = s->st.lock;
		s->exit_rtok = s->st.rtok;
		s->exit_rel_irq = 0;
		s->exit_cx_irq = s->exit_cx_bh = ~0u;
	}
	s->exit_cx_irq &= s->st.cx_irq & depth_mask(s->st.depth);
	s->exit_cx_bh &= s->st.cx_bh & depth_mask(s->st.depth);
	s->exit_rel_irq |= s->st.rel_irq;
	if (!s->nexit || s->st.depth > s->exit_maxdepth)
		s->exit_maxdepth = s->st.depth;
	if (!s->nexit || s->st.maybe > s->exit_maybe)
		s->exit_maybe = s->st.maybe;
	if (!s->nexit++ || s->st.must < s->exit_depth)
		s->exit_depth = s->st.must;
	if (s->nexit == 1 || s->st.must_rel < s->exit_released)
		s->exit_released = s->st.must_rel;
}

/*
 * Close the region of the lock h (lock_hash(): "spin_unlock(lru_lock)")
 * a primitive releases: the innermost one that holds it, even when regions were
 * opened inside it since; a caller's counts as released
 * (shadow_lru_isolate(): __must_hold(lru_lock), xa_trylock(),
 * spin_trylock(), then spin_unlock(lru_lock)).  A lock no open region
 * names, or the innermost one: release_rt().
 */
void release_lock(struct sleep_scan *s, unsigned h, int irq, int rt)
{
	int top = s->st.depth - 1, theirs, d;

	if (s->st.dead || !h || top <= 0 || top >= REGION_SLOTS)
		return release_rt(s, irq, rt);
	for (d = top; d >= 0 && s->st.lockh[d] != h; d--)
		;
	if (d < 0 || d == top)
		return release_rt(s, irq, rt);
	theirs = caller_regions_open(s);
	if (d < theirs) {	/* the caller's lock */
		if (irq)
			s->st.rel_irq = 1;
		if (s->st.must <= s->entry)
			s->st.must_rel++;
		s->st.released++;
	}
	/* spin_unlock_irqrestore() of a lock over an irq-off region. */
	irq = irq && d - 1 >= theirs && lock_over_irq(&s->st, d);
	release_at(s, d);
	if (irq)
		release_at(s, d - 1);
}
