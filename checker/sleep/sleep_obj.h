/*
 * sleep_obj.h - objects by name (sleep_obj.c), so that the link can tell
 * which functions a call through a member of one object can reach: the
 * ones stored in that member of that object, where the unit sets it up.
 *
 * A name ("designator") is a global object, "@name" ("s@name" when it is
 * static to its unit), or a member of a struct reached through a pointer
 * to its type, "T.f" ("e1000_adapter.cc" for adapter->cc), followed by
 * ".f" for each member of a member ("@fw_cache.pm_notify",
 * "virtual_engine.base"); an element of a global array is the array.
 * What a pointer points to (p->m: the object *p) has no name, unless the
 * pointer is a local set once to a named object's address (obj_alias),
 * or to fresh memory (obj_elements).
 */
#ifndef HOOKWRAP_SLEEP_OBJ_H
#define HOOKWRAP_SLEEP_OBJ_H

#include <clang-c/Index.h>

/* The name of global variable v ("@x", "s@x"), or NULL.  Malloc'd. */
char *obj_var(CXCursor v);
/* The name of the object expression e is, or NULL.  Malloc'd. */
char *obj_name(CXCursor e);
/*
 * The object whose member the member expression m ("x.f", "p->f")
 * reads: its name when it has one, else NULL; *ptr is then the pointer
 * of "p->f" (a null cursor for "x.f").  Malloc'd.
 */
char *obj_of_member(CXCursor m, CXCursor *ptr);
/*
 * The object a call's argument a is the address of ("&adapter->cc",
 * "&fill_ptr_key_nb"), by name, or NULL.  Malloc'd.
 */
char *obj_address(CXCursor a);

/*
 * The same, or, for the address of a local struct of the function
 * ("sg_miter_start(&miter, ...)"), "s@fn:var": one object of the unit,
 * for what set-up calls store in its members (the link's field values).
 * Not a name stores or slot calls use.  Malloc'd.
 */
char *obj_argument(CXCursor a);
/*
 * The elements of local e, "s@fn:var[]", an array of structs or a
 * pointer the function sets once to fresh memory (a call given GFP
 * flags: "nb = kcalloc(n, sizeof(*nb), GFP_KERNEL)"), all of them one
 * object: "nb[i]", "&nb[i]", "nb->m" and "nb" passed.  Else NULL.
 * Malloc'd.
 */
char *obj_elements(CXCursor e);
/*
 * The object a function's parameter points to, "p@fn:K" for ptr, a
 * reference to its parameter K that it never changes ("nb" of
 * "nb->notifier_call = f;" in a function given nb), or NULL: the block
 * a store through it sets up, which the link matches with the blocks
 * its callers pass (linklist.h).  Malloc'd.
 */
char *obj_param(CXCursor ptr);
/* The tag of record type t ("sg_mapping_iter"), or NULL.  Malloc'd. */
char *obj_tag(CXType t);
/*
 * Is field the unnamed member an anonymous struct or union makes?  Its
 * members are the enclosing struct's: hw_perf_event's hrtimer, not a
 * member of a member.
 */
int obj_anonymous(CXCursor field);

/*
 * The object local pointer e points to, when the function sets it once,
 * where it declares it, to a named object's address and never changes it
 * or takes its address ("cc" of "struct cyclecounter *cc =
 * &azx_dev->cc;": "hdac_stream.cc"), or NULL.  Malloc'd.
 */
char *obj_alias(CXCursor e);

/*
 * The value local e is set to once: its initializer when nothing else
 * writes it, or the right side of its one assignment ("tf =
 * READ_ONCE(timer->flags);") when it has none and the assignment comes
 * before e; else a null cursor.
 */
CXCursor obj_set_once(CXCursor e);

/* How many times function fn writes variable var ("=", "|=", "++", "&"). */
int obj_changes(CXCursor fn, CXCursor var);

/*
 * What c reads, when it reads a member: c itself, READ_ONCE(p->m)'s
 * p->m, or what a local set once before c was set to (either way).
 */
CXCursor obj_member_read(CXCursor c);

#endif /* HOOKWRAP_SLEEP_OBJ_H */
