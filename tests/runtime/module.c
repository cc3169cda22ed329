/*
 * module.c - a "security module": a shared object with its own table of
 * guard hooks, loaded with dlopen(), registered, unregistered and then
 * unloaded with dlclose() by the harness while other threads call hooks.
 *
 * A hook that runs after guard_module_exit() finds its state gone and
 * panics; one that runs after dlclose() executes unmapped code and dies
 * of SIGSEGV; under AddressSanitizer a late one is a use-after-free.
 */
#include <linux/delay.h>
#include <linux/guard_ops.h>
#include <linux/kernel.h>

#include "module.h"

#include <errno.h>
#include <stdlib.h>

#define STATE_MAGIC	0x5ecu
#define STATE_WORDS	64

struct module_state {
	unsigned int magic;
	unsigned int work;
	unsigned long audited;
	unsigned long words[STATE_WORDS];
};

static struct module_state *state;

static struct module_state *live_state(const char *hook)
{
	struct module_state *s = __atomic_load_n(&state, __ATOMIC_RELAXED);

	if (!s || s->magic != STATE_MAGIC)
		panic("module: hook %s ran after the module's exit", hook);
	return s;
}

static int mod_permission(unsigned long obj, int mask)
{
	struct module_state *s = live_state("permission");
	unsigned long sum = 0;

	for (unsigned int i = 0; i < s->work; i++)
		sum += s->words[(obj + i) % STATE_WORDS];
	if (sum != s->work || !(mask & GUARD_MAY_READ))
		panic("module: permission found its state corrupted");
	return MODULE_VERDICT;
}

static void mod_audit(unsigned long obj, int verdict)
{
	struct module_state *s = live_state("audit");

	if (verdict == MODULE_VERDICT && obj)
		__atomic_add_fetch(&s->audited, 1, __ATOMIC_RELAXED);
}

/* Like kmalloc(GFP_KERNEL): may sleep, unless asked for GFP_ATOMIC. */
static int mod_obj_alloc(unsigned long obj, int gfp)
{
	live_state("obj_alloc");
	if (gfp & GUARD_GFP_KERNEL)
		msleep(1);
	return obj ? 0 : -ENOMEM;
}

static struct guard_operations module_ops = {
	.name = "module",
	.permission = mod_permission,
	.audit = mod_audit,
	.obj_alloc = mod_obj_alloc,
};

int guard_module_init(unsigned int work)
{
	struct module_state *s = calloc(1, sizeof(*s));
	int err;

	if (!s)
		return -ENOMEM;
	s->magic = STATE_MAGIC;
	s->work = work;
	for (int i = 0; i < STATE_WORDS; i++)
		s->words[i] = 1;
	__atomic_store_n(&state, s, __ATOMIC_RELEASE);
	err = guard_register(&module_ops);
	if (err) {
		state = NULL;
		free(s);
	}
	return err;
}

void guard_module_exit(void)
{
	struct module_state *s = state;

	guard_unregister(&module_ops);
	__atomic_store_n(&state, NULL, __ATOMIC_RELAXED);
	s->magic = 0;
	free(s);
}
