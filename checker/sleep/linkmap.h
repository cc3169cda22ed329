/*
 * linkmap.h - a map from strings to numbers (linkmap.c), for the link:
 * node keys ("g:name", "v:slot") and objects' names (linkobj.c).
 */
#ifndef HOOKWRAP_LINKMAP_H
#define HOOKWRAP_LINKMAP_H

#include <stddef.h>

struct map {
	char **key;
	int *val;
	size_t cap, n;
};

/* Takes key (malloc'd); keeps the first value given for a key. */
void map_put(struct map *m, char *key, int val);
/* The value of key, or -1. */
int map_get(const struct map *m, const char *key);
void map_free(struct map *m);

#endif /* HOOKWRAP_LINKMAP_H */
