/* facts.c - building and freeing the facts of the sleep analysis. */
#include "checker/sleep/facts.h"

#include <string.h>

/*
 * fns, calls and regs each have a parallel array of unit numbers of the
 * same capacity.
 */
#define GROW_WITH_UNIT(v, n, cap, unit)					\
	do {								\
		if ((n) == (cap)) {					\
			ARRAY_GROW(v, cap, (n) + 1, 64);		\
			(unit) = xrealloc((unit), (cap) * sizeof(int));	\
		}							\
	} while (0)

struct fact_fn *facts_add_fn(struct facts *f, int unit)
{
	GROW_WITH_UNIT(f->fns, f->nfns, f->capfns, f->fn_unit);
	memset(&f->fns[f->nfns], 0, sizeof(f->fns[0]));
	f->fn_unit[f->nfns] = unit;
	return &f->fns[f->nfns++];
}

struct fact_call *facts_add_call(struct facts *f, int unit)
{
	GROW_WITH_UNIT(f->calls, f->ncalls, f->capcalls, f->call_unit);
	memset(&f->calls[f->ncalls], 0, sizeof(f->calls[0]));
	f->call_unit[f->ncalls] = unit;
	return &f->calls[f->ncalls++];
}

struct fact_reg *facts_add_reg(struct facts *f, int unit)
{
	GROW_WITH_UNIT(f->regs, f->nregs, f->capregs, f->reg_unit);
	memset(&f->regs[f->nregs], 0, sizeof(f->regs[0]));
	f->reg_unit[f->nregs] = unit;
	return &f->regs[f->nregs++];
}

struct fact_ref *facts_add_ref(struct facts *f, int unit)
{
	GROW_WITH_UNIT(f->refs, f->nrefs, f->caprefs, f->ref_unit);
	memset(&f->refs[f->nrefs], 0, sizeof(f->refs[0]));
	f->ref_unit[f->nrefs] = unit;
	return &f->refs[f->nrefs++];
}

struct fact_hook *facts_add_hook(struct facts *f)
{
	ARRAY_GROW(f->hooks, f->caphooks, f->nhooks + 1, 64);
	memset(&f->hooks[f->nhooks], 0, sizeof(f->hooks[0]));
	return &f->hooks[f->nhooks++];
}

int facts_add_unit(struct facts *f, const char *path)
{
	f->units = xrealloc(f->units, (f->nunits + 1) * sizeof(*f->units));
	f->units[f->nunits].path = xstrdup(path);
	f->units[f->nunits].header = 0;
	return f->nunits++;
}

void facts_free(struct facts *f)
{
	for (int i = 0; i < f->nunits; i++)
		free(f->units[i].path);
	for (int i = 0; i < f->nfns; i++) {
		free(f->fns[i].name);
		free(f->fns[i].file);
		free(f->fns[i].effect);
		free(f->fns[i].ctx_doc);
		free(f->fns[i].fields);
	}
	for (int i = 0; i < f->ncalls; i++) {
		struct fact_call *c = &f->calls[i];

		free(c->caller);
		free(c->callee);
		free(c->hook);
		free(c->slot);
		free(c->ftype);
		free(c->rt_region);
		free(c->sleep);
		free(c->text);
		free(c->file);
		free(c->region);
		free(c->region_file);
		free(c->cond);
		free(c->args);
		free(c->recv);
		free(c->recv_test);
	}
	for (int i = 0; i < f->nregs; i++) {
		free(f->regs[i].hook);
		free(f->regs[i].slot);
		free(f->regs[i].ftype);
		free(f->regs[i].impl);
		free(f->regs[i].file);
		free(f->regs[i].how);
		free(f->regs[i].obj);
		free(f->regs[i].consts);
	}
	for (int i = 0; i < f->nrefs; i++) {
		free(f->refs[i].kind);
		free(f->refs[i].name);
	}
	for (int i = 0; i < f->nhooks; i++) {
		free(f->hooks[i].member);
		free(f->hooks[i].wrapper);
		free(f->hooks[i].dispatcher);
		free(f->hooks[i].policy);
		free(f->hooks[i].where);
	}
	free(f->units);
	free(f->fns);
	free(f->fn_unit);
	free(f->calls);
	free(f->call_unit);
	free(f->regs);
	free(f->reg_unit);
	free(f->refs);
	free(f->ref_unit);
	free(f->hooks);
	free(f->tree);
	memset(f, 0, sizeof(*f));
}

const char *cond_ctx_name(int cond)
{
	int a = cond > 0 ? cond : -cond;

	return a == COND_IRQS_OFF ? "irqs_disabled()" :
	       a == COND_IN_INTR ? "in_interrupt()" :
	       a == COND_IN_ATOMIC ? "in_atomic()" :
	       a == COND_PREEMPTIBLE ? "preemptible()" : NULL;
}

char *slot_name(const char *usr)
{
	const char *fi = strstr(usr, "@FI@");
	const char *rec = NULL;

	if (!fi)
		return xstrdup(usr);
	/* The innermost record before the field: @S@name, @SA@name, @U@... */
	for (const char *s = usr; s < fi; s++)
		if (s[0] == '@' && (s[1] == 'S' || s[1] == 'U') &&
		    (s[2] == '@' || (s[2] == 'A' && s[3] == '@')))
			rec = s + (s[2] == '@' ? 3 : 4);
	if (!rec)
		return xstrdup(fi + 4);
	return xasprintf("%.*s.%s", (int)strcspn(rec, "@"), rec, fi + 4);
}
