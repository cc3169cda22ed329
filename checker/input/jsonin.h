/*
 * jsonin.h - JSON from outside (compile_commands.json, a saved report
 * for --baseline), parsed strictly by json-c: RFC 8259, nesting depth
 * limited, no NUL byte, nothing after the value.
 */
#ifndef HOOKWRAP_JSONIN_H
#define HOOKWRAP_JSONIN_H

#include "core/util.h"

#include <json-c/json.h>

/* The line (from 1) of offset off in text. */
unsigned json_line_at(const char *text, size_t off);
/*
 * The value text[0..len) holds, or NULL after printing
 * "source:line: error: malformed WHAT: ..." (what: "compile_commands.json").
 * max_depth: how deep its lists and objects may nest.
 */
json_object *json_parse_strict(const char *text, size_t len,
			       const char *source, const char *what,
			       int max_depth);
/*
 * A string member of o: 1 and *out (its text, o's) when it is a string
 * with no \u0000; 0 when absent; -1 when not a string; -2 when it holds
 * \u0000.
 */
int json_member_string(json_object *o, const char *key, const char **out);

#endif /* HOOKWRAP_JSONIN_H */
