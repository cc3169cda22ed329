/*
 * policy.c - the wrapper bodies of each guard policy (docs/policies.md).
 *
 *   none      return security_ops->hook(args);
 *   refcount  take a reference on the table (its owner) or, while it is
 *             going away, run the stub; call; drop the reference
 *   rcu       rcu_read_lock(); read the pointer with rcu_dereference();
 *             call; rcu_read_unlock()
 *   preempt   preempt_disable(); call; preempt_enable()
 */
#include "manifest/policy.h"
#include "core/kstyle.h"

#include <string.h>

static const struct {
	const char *name;
	int atomic;		/* the hook must not sleep */
	int atomic_rt;		/* nor, on PREEMPT_RT, take a spinlock_t */
	const char *include;
} policies[POLICY_COUNT] = {
	[POLICY_NONE] = { "none", 0, 0, NULL },
	[POLICY_REFCOUNT] = { "refcount", 0, 0, NULL },
	/* An RCU reader is preemptible on RT: its sleeping locks are fine. */
	[POLICY_RCU] = { "rcu", 1, 0, "#include <linux/rcupdate.h>" },
	[POLICY_PREEMPT] = { "preempt", 1, 1, "#include <linux/preempt.h>" },
};

int policy_parse(const char *name)
{
	for (int i = 0; i < POLICY_COUNT; i++)
		if (!strcmp(name, policies[i].name))
			return i;
	return -1;
}

const char *policy_name(int policy)
{
	return policy >= 0 && policy < POLICY_COUNT ? policies[policy].name :
						     "?";
}

const char *policy_names(void)
{
	return "none, refcount, rcu, preempt";
}

int policy_atomic(int policy)
{
	return policy >= 0 && policy < POLICY_COUNT && policies[policy].atomic;
}

int policy_atomic_rt(int policy)
{
	return policy >= 0 && policy < POLICY_COUNT &&
	       policies[policy].atomic_rt;
}

void policy_preamble(struct sbuf *sb, int policy, const struct table *t)
{
	if (policies[policy].include)
		sb_addf(sb, "%s\n", policies[policy].include);
	if (policy == POLICY_REFCOUNT)
		sb_addf(sb,
			"/*\n"
			" * Guard \"refcount\": the table's registration code "
			"provides these.\n"
			" * %s_get() returns the table with a reference held, "
			"or NULL\n"
			" * while the module that owns it is going away; "
			"%s_put() drops\n"
			" * the reference.  Unregistering waits until no "
			"reference is left.\n"
			" */\n"
			"extern struct %s *%s_get(void);\n"
			"extern void %s_put(struct %s *ops);\n",
			t->pointer, t->pointer, t->struct_name, t->pointer,
			t->pointer, t->struct_name);
}

/* A local name that no parameter of h uses. */
static const char *local(const struct hook *h, const char *const *names)
{
	for (; *names; names++) {
		int used = 0;

		for (int i = 0; i < h->nparams; i++)
			if (!strcmp(h->params[i].name, *names))
				used = 1;
		if (!used)
			return *names;
	}
	return "hookwrap_local";
}

void policy_call(struct sbuf *sb, const struct hook *h, const char *lhs,
		 const char *fn)
{
	char **args = xcalloc(h->nparams + 1, sizeof(char *));
	char *head = xasprintf("\t%s%s", lhs, fn);

	for (int i = 0; i < h->nparams; i++)
		args[i] = h->params[i].name;
	ks_list(sb, head, args, h->nparams, ");");
	sb_addc(sb, '\n');
	free(head);
	free(args);
}

/* The stub's statements at the given indent, ending in a return. */
static void stub_statements(struct sbuf *sb, const struct hook *h,
			    const char *indent)
{
	int depth = 0;
	const char *start = h->stub, *s;

	if (!strcmp(h->stub, "{ }")) {
		sb_addf(sb, "%sreturn;\n", indent);
		return;
	}
	for (s = h->stub; *s; s++) {
		if (*s == '(' || *s == '{')
			depth++;
		else if (*s == ')' || *s == '}')
			depth--;
		else if (*s == ';' && !depth) {
			while (*start == ' ')
				start++;
			sb_addf(sb, "%s%.*s\n", indent, (int)(s + 1 - start),
				start);
			start = s + 1;
		}
	}
	if (h->is_void)
		sb_addf(sb, "%sreturn;\n", indent);
}

static int stub_lines(const struct hook *h)
{
	int n = 0, depth = 0;

	if (!strcmp(h->stub, "{ }"))
		return 1;
	for (const char *s = h->stub; *s; s++) {
		if (*s == '(' || *s == '{')
			depth++;
		else if (*s == ')' || *s == '}')
			depth--;
		else if (*s == ';' && !depth)
			n++;
	}
	return n + h->is_void;
}

void policy_body(struct sbuf *sb, const struct table *t, const struct hook *h)
{
	static const char *const ret_names[] = { "ret", "rc", "result", NULL };
	static const char *const ops_names[] = { "ops", "table", "hook_ops",
						 NULL };
	const char *ret = local(h, ret_names);
	const char *ops = local(h, ops_names);
	char *lhs = h->is_void ? xstrdup("") : xasprintf("%s = ", ret);
	char *fn;

	switch (h->policy) {
	case POLICY_NONE:
	default:
		fn = xasprintf("%s->%s", t->pointer, h->member);
		policy_call(sb, h, h->is_void ? "" : "return ", fn);
		break;
	case POLICY_PREEMPT:
		fn = xasprintf("%s->%s", t->pointer, h->member);
		if (!h->is_void)
			sb_addf(sb, "\t%s%s%s;\n\n", h->ret,
				ends_with(h->ret, "*") ? "" : " ", ret);
		sb_add(sb, "\tpreempt_disable();\n");
		policy_call(sb, h, lhs, fn);
		sb_add(sb, "\tpreempt_enable();\n");
		break;
	case POLICY_RCU:
		fn = xasprintf("%s->%s", ops, h->member);
		sb_addf(sb, "\tstruct %s *%s;\n", t->struct_name, ops);
		if (!h->is_void)
			sb_addf(sb, "\t%s%s%s;\n", h->ret,
				ends_with(h->ret, "*") ? "" : " ", ret);
		sb_addf(sb, "\n\trcu_read_lock();\n\t%s = rcu_dereference(%s);\n",
			ops, t->pointer);
		policy_call(sb, h, lhs, fn);
		sb_add(sb, "\trcu_read_unlock();\n");
		break;
	case POLICY_REFCOUNT:
		fn = xasprintf("%s->%s", ops, h->member);
		sb_addf(sb, "\tstruct %s *%s;\n", t->struct_name, ops);
		if (!h->is_void)
			sb_addf(sb, "\t%s%s%s;\n", h->ret,
				ends_with(h->ret, "*") ? "" : " ", ret);
		sb_addf(sb, "\n\t%s = %s_get();\n\tif (!%s)%s\n", ops,
			t->pointer, ops, stub_lines(h) > 1 ? " {" : "");
		stub_statements(sb, h, "\t\t");
		if (stub_lines(h) > 1)
			sb_add(sb, "\t}\n");
		policy_call(sb, h, lhs, fn);
		sb_addf(sb, "\t%s_put(%s);\n", t->pointer, ops);
		break;
	}
	if (h->policy != POLICY_NONE && !h->is_void)
		sb_addf(sb, "\treturn %s;\n", ret);
	free(fn);
	free(lhs);
}
