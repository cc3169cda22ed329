/*
 * linkmap.c - the link's string-to-number map (linkmap.h): open
 * addressing, a power of two of slots, at most half of them full; an
 * object's key and an argument of an args column.
 */
#include "checker/sleep/linkmap.h"
#include "core/util.h"

#include <stdlib.h>
#include <string.h>

static size_t hash(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static void map_grow(struct map *m)
{
	struct map old = *m;

	m->cap = grow_cap(m->cap, m->cap + 1, 1024, sizeof(*m->key));
	m->key = xcalloc(m->cap, sizeof(*m->key));
	m->val = xcalloc(m->cap, sizeof(*m->val));
	m->n = 0;
	for (size_t i = 0; i < old.cap; i++)
		if (old.key[i])
			map_put(m, old.key[i], old.val[i]);
	free(old.key);
	free(old.val);
}

void map_put(struct map *m, char *key, int val)
{
	size_t i;

	if (2 * (m->n + 1) > m->cap)
		map_grow(m);
	for (i = hash(key) & (m->cap - 1); m->key[i];
	     i = (i + 1) & (m->cap - 1))
		if (!strcmp(m->key[i], key)) {
			free(key);
			return;
		}
	m->key[i] = key;
	m->val[i] = val;
	m->n++;
}

int map_get(const struct map *m, const char *key)
{
	if (!m->cap)
		return -1;
	for (size_t i = hash(key) & (m->cap - 1); m->key[i];
	     i = (i + 1) & (m->cap - 1))
		if (!strcmp(m->key[i], key))
			return m->val[i];
	return -1;
}

void map_free(struct map *m)
{
	for (size_t i = 0; i < m->cap; i++)
		free(m->key[i]);
	free(m->key);
	free(m->val);
}


char *obj_key(const char *name, int unit)
{
	if (!strncmp(name, "s@", 2) || !strncmp(name, "p@", 2))
		return xasprintf("%c%d@%s", name[0], unit, name + 2);
	return xstrdup(name);
}

char *args_at(const char *args, int k)
{
	const char *s = args;

	for (int i = 0; s && i < k; i++) {
		s = strchr(s, ',');
		if (s)
			s++;
	}
	return s ? xstrndup(s, strcspn(s, ",{")) : NULL;
}

int arg_param(const char *a)
{
	if (!a || a[0] != 'p' || !a[1] || strspn(a + 1, "0123456789") !=
	    strlen(a + 1))
		return -1;
	return atoi(a + 1);
}
