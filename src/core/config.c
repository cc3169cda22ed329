/*
 * config.c - hookwrap.conf: "key = value" lines describing an ops table.
 * The format is documented in docs/config.md.
 */
#include "core/table.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void set_str(char **dst, const char *value)
{
	free(*dst);
	*dst = xstrdup(value);
}

static void set_list(struct strv *dst, const char *value)
{
	strv_clear(dst);
	strv_split(dst, value);
}

static int is_ident(const char *s)
{
	if (!*s || isdigit((unsigned char)*s))
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return 0;
	return 1;
}

/* 'internal' entries: identifiers, or identifier prefixes with a '*'. */
static int internal_ok(const struct strv *v)
{
	for (int i = 0; i < v->n; i++) {
		char *s = xstrdup(v->v[i]);
		size_t n = strlen(s);
		int ok;

		if (n > 1 && s[n - 1] == '*')
			s[n - 1] = '\0';
		ok = is_ident(s);
		free(s);
		if (!ok)
			return 0;
	}
	return 1;
}

/* 'dispatch-macro' entries: NAME:POS, POS a number from 1. */
static int dispatch_ok(const struct strv *v)
{
	for (int i = 0; i < v->n; i++) {
		const char *colon = strchr(v->v[i], ':');
		char *name, *end;
		long pos;
		int ok;

		if (!colon)
			return 0;
		name = xstrndup(v->v[i], colon - v->v[i]);
		ok = is_ident(name);
		free(name);
		pos = strtol(colon + 1, &end, 10);
		if (!ok || end == colon + 1 || *end || pos < 1 || pos > 64)
			return 0;
	}
	return 1;
}

static int table_set(struct table *t, const char *key, const char *value,
		     const char **why)
{
	static const struct {
		const char *key;
		size_t off;
		int ident;
	} strs[] = {
		{ "struct", offsetof(struct table, struct_name), 1 },
		{ "pointer", offsetof(struct table, pointer), 1 },
		{ "header", offsetof(struct table, header), 0 },
		{ "output", offsetof(struct table, output), 0 },
		{ "prefix", offsetof(struct table, prefix), 1 },
		{ "config", offsetof(struct table, config), 1 },
		{ "arch", offsetof(struct table, arch), 0 },
		{ "guard", offsetof(struct table, guard), 1 },
		{ "hook-list", offsetof(struct table, hook_list), 0 },
		{ "hook-macro", offsetof(struct table, hook_macro), 1 },
	};
	static const struct {
		const char *key;
		size_t off;
	} lists[] = {
		{ "strip-suffix", offsetof(struct table, strip_suffix) },
		{ "defaults", offsetof(struct table, defaults) },
		{ "allow", offsetof(struct table, allow) },
		{ "internal", offsetof(struct table, internal) },
		{ "internal-home", offsetof(struct table, internal_home) },
		{ "wrappers", offsetof(struct table, wrappers) },
		{ "skip", offsetof(struct table, skip) },
		{ "data-members", offsetof(struct table, data_members) },
		{ "dispatch-macro", offsetof(struct table, dispatch_macro) },
		{ "cflags", offsetof(struct table, cflags) },
	};

	for (size_t i = 0; i < ARRAY_SIZE(strs); i++) {
		if (strcmp(key, strs[i].key))
			continue;
		if (strs[i].ident && !is_ident(value)) {
			*why = "value must be a C identifier";
			return -1;
		}
		set_str((char **)((char *)t + strs[i].off), value);
		return 0;
	}
	for (size_t i = 0; i < ARRAY_SIZE(lists); i++) {
		if (strcmp(key, lists[i].key))
			continue;
		set_list((struct strv *)((char *)t + lists[i].off), value);
		if ((lists[i].off == offsetof(struct table, internal) &&
		     !internal_ok(&t->internal)) ||
		    (lists[i].off == offsetof(struct table, data_members) &&
		     !internal_ok(&t->data_members))) {
			*why = "each entry must be a C identifier, or the "
			       "start of one followed by '*' (lsm_*)";
			return -1;
		}
		if (lists[i].off == offsetof(struct table, dispatch_macro) &&
		    !dispatch_ok(&t->dispatch_macro)) {
			*why = "each entry must be NAME:POS, a macro's name "
			       "and the number (from 1) of its argument that "
			       "names the hook (call_int_hook:1)";
			return -1;
		}
		return 0;
	}
	if (starts_with(key, "wrapper.") || starts_with(key, "stub.") ||
	    starts_with(key, "guard.")) {
		const char *hook = strchr(key, '.') + 1;
		struct overrides *o = key[0] == 'w' ? &t->wrapper :
				      key[0] == 's' ? &t->stub : &t->guard_hook;

		if (!is_ident(hook)) {
			*why = "the part after the dot must name a hook";
			return -1;
		}
		if (key[0] != 's' && !is_ident(value)) {
			*why = "the value must be a C identifier";
			return -1;
		}
		override_set(o, hook, value);
		return 0;
	}
	*why = "unknown key; known keys: profile struct pointer header output "
	       "prefix config strip-suffix defaults allow internal "
	       "internal-home wrappers skip data-members dispatch-macro cflags "
	       "arch guard hook-list hook-macro wrapper.HOOK stub.HOOK "
	       "guard.HOOK";
	return -1;
}

int table_profile(struct table *t, const char *name)
{
	const struct table_profile_def *p = table_profile_find(name);

	if (!p)
		return -1;
	for (int k = 0; p->conf[k][0]; k++) {
		const char *why;

		if (table_set(t, p->conf[k][0], p->conf[k][1], &why))
			die("profile %s: %s", name, why);
	}
	free(t->origin);
	t->origin = xasprintf("profile %s", name);
	return 0;
}

int table_read_config(struct table *t, const char *path)
{
	size_t len;
	char *text = read_file(path, &len);
	int ret;

	if (!text) {
		error_at(path, 0, "cannot read: %s; pass an existing file to "
			 "--config", strerror(errno));
		return -1;
	}
	ret = table_parse_config(t, text, len, path);
	free(text);
	return ret;
}

int table_parse_config(struct table *t, const char *buf, size_t len,
		       const char *path)
{
	char *text, *line, *next;
	unsigned lineno = 0;
	int ret = 0;

	if (reject_binary(path, buf, len))
		return -1;
	text = xstrndup(buf, len);
	for (line = text; line && *line; line = next) {
		char *eq, *key, *value;
		const char *why;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		key = squeeze_space(line);
		if (!*key || key[0] == '#') {
			free(key);
			continue;
		}
		eq = strchr(key, '=');
		if (!eq) {
			error_at(path, lineno, "expected 'key = value', got '%s'; "
				 "see docs/config.md", key);
			free(key);
			ret = -1;
			continue;
		}
		value = squeeze_space(eq + 1);
		*eq = '\0';
		while (eq > key && eq[-1] == ' ')
			*--eq = '\0';
		if (!strcmp(key, "profile")) {
			if (table_profile(t, value)) {
				error_at(path, lineno, "unknown profile '%s'; "
					 "built-in profiles: lsm, lsm-hooks", value);
				ret = -1;
			}
		} else if (table_set(t, key, value, &why)) {
			error_at(path, lineno, "'%s': %s", key, why);
			ret = -1;
		} else if (!strcmp(key, "defaults")) {
			t->defaults_strict = 1;
		} else if (!strcmp(key, "hook-list")) {
			t->hook_list_strict = 1;
		}
		free(key);
		free(value);
	}
	free(text);
	free(t->origin);
	t->origin = xstrdup(path);
	if (!ret) {
		const char *need[] = { "struct", "pointer", "header", "prefix",
				       "config" };
		const char *have[] = { t->struct_name, t->pointer, t->header,
				       t->prefix, t->config };
		struct sbuf missing = { 0 };
		int n = 0;

		for (size_t i = 0; i < ARRAY_SIZE(need); i++)
			if (!have[i])
				sb_addf(&missing, "%s'%s'", n++ ? ", " : "",
					need[i]);
		if (n) {
			error_at(path, 0, "missing key%s %s; every table needs "
				 "struct, pointer, header, prefix and config "
				 "(or 'profile = lsm' to start from one)",
				 n > 1 ? "s" : "", missing.buf);
			ret = -1;
		}
		sb_free(&missing);
	}
	return ret;
}

int table_load(struct table *t, const char *tree, const char *config,
	       const char *profile)
{
	char *path;
	int ret;

	memset(t, 0, sizeof(*t));
	if (config)
		return table_read_config(t, config);
	path = path_join(tree, "hookwrap.conf");
	if (!profile && file_exists(path)) {
		ret = table_read_config(t, path);
		free(path);
		return ret;
	}
	free(path);
	if (profile) {
		if (table_profile(t, profile)) {
			error_at(NULL, 0, "unknown profile '%s'; built-in "
				 "profiles: lsm, lsm-hooks", profile);
			return -1;
		}
		return 0;
	}
	for (int i = 0; table_profile_names[i]; i++) {
		struct table probe = { 0 };
		char *hdr;
		int found;

		table_profile(&probe, table_profile_names[i]);
		hdr = path_join(tree, probe.header);
		found = file_exists(hdr);
		free(hdr);
		table_free(&probe);
		if (found)
			return table_profile(t, table_profile_names[i]);
	}
	error_at(tree, 0, "no table description: no hookwrap.conf here and no "
		 "built-in profile matches (lsm-hooks needs "
		 "include/linux/lsm_hooks.h, lsm include/linux/security.h); "
		 "write a hookwrap.conf (docs/config.md) or pass --config");
	return -1;
}

const char *override_get(const struct overrides *o, const char *hook)
{
	for (int i = 0; i < o->n; i++)
		if (!strcmp(o->v[i].hook, hook))
			return o->v[i].value;
	return NULL;
}

void override_set(struct overrides *o, const char *hook, const char *value)
{
	for (int i = 0; i < o->n; i++) {
		if (!strcmp(o->v[i].hook, hook)) {
			set_str(&o->v[i].value, value);
			return;
		}
	}
	ARRAY_GROW(o->v, o->cap, o->n + 1, 8);
	o->v[o->n].hook = xstrdup(hook);
	o->v[o->n].value = xstrdup(value);
	o->n++;
}

char *table_rule_wrapper(const struct table *t, const char *member)
{
	size_t n = strlen(member);

	for (int i = 0; i < t->strip_suffix.n; i++) {
		const char *suf = t->strip_suffix.v[i];
		size_t m = strlen(suf);

		if (n > m && ends_with(member, suf))
			return xasprintf("%s%.*s", t->prefix, (int)(n - m),
					 member);
	}
	return xasprintf("%s%s", t->prefix, member);
}

int table_allows(const struct table *t, const char *relpath)
{
	while (starts_with(relpath, "./"))
		relpath += 2;
	return strv_find(&t->allow, relpath) >= 0 ||
	       !strcmp(relpath, t->output ? t->output : t->header);
}

/* Does name match an entry of v: NAME exactly, or PREFIX* ? */
static int matches(const struct strv *v, const char *name)
{
	for (int i = 0; i < v->n; i++) {
		const char *e = v->v[i];
		size_t n = strlen(e);

		if (e[n - 1] == '*' ? !strncmp(name, e, n - 1) :
				      !strcmp(name, e))
			return 1;
	}
	return 0;
}

int table_is_internal(const struct table *t, const char *name)
{
	return matches(&t->internal, name);
}

int table_is_data_member(const struct table *t, const char *member)
{
	return strv_find(&t->skip, member) >= 0 ||
	       matches(&t->data_members, member);
}

int table_dispatch_pos(const struct table *t, const char *name)
{
	size_t n = strlen(name);

	for (int i = 0; i < t->dispatch_macro.n; i++) {
		const char *e = t->dispatch_macro.v[i];

		if (!strncmp(e, name, n) && e[n] == ':')
			return atoi(e + n + 1);
	}
	return 0;
}

int table_internal_home(const struct table *t, const char *relpath)
{
	while (starts_with(relpath, "./"))
		relpath += 2;
	if (!t->internal_home.n)
		return table_allows(t, relpath);
	for (int i = 0; i < t->internal_home.n; i++) {
		const char *e = t->internal_home.v[i];

		if (ends_with(e, "/") ? starts_with(relpath, e) :
					!strcmp(relpath, e))
			return 1;
	}
	return 0;
}

static void overrides_free(struct overrides *o)
{
	for (int i = 0; i < o->n; i++) {
		free(o->v[i].hook);
		free(o->v[i].value);
	}
	free(o->v);
}

void table_free(struct table *t)
{
	free(t->origin);
	free(t->struct_name);
	free(t->pointer);
	free(t->header);
	free(t->output);
	free(t->prefix);
	free(t->config);
	free(t->arch);
	strv_clear(&t->strip_suffix);
	strv_clear(&t->defaults);
	strv_clear(&t->allow);
	strv_clear(&t->internal);
	strv_clear(&t->internal_home);
	strv_clear(&t->wrappers);
	strv_clear(&t->skip);
	strv_clear(&t->data_members);
	strv_clear(&t->dispatch_macro);
	strv_clear(&t->cflags);
	overrides_free(&t->wrapper);
	overrides_free(&t->stub);
	overrides_free(&t->guard_hook);
	free(t->guard);
	free(t->hook_list);
	free(t->hook_macro);
	memset(t, 0, sizeof(*t));
}
