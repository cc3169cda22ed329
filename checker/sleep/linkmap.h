/*
 * linkmap.h - a map from strings to numbers (linkmap.c), for the link:
 * node keys ("g:name", "v:slot") and objects' names (linkobj.c); and
 * the two readings of the facts' columns that linkobj.c and linklist.c
 * share: an object's key, an argument of an args column.
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

/*
 * An object's name as the link keys it: statics ("s@x", "s@fn:var") and
 * a function's parameter's ("p@fn:K") carry their unit.
 */
char *obj_key(const char *name, int unit);
/*
 * Argument k of an args column ("p0,&@x,?"), without the members known
 * after it ("&D{T.m=0}"), or NULL.  Malloc'd.
 */
char *args_at(const char *args, int k);
/* The parameter an argument is as is ("p2"), or -1. */
int arg_param(const char *a);

#endif /* HOOKWRAP_LINKMAP_H */
