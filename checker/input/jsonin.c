/*
 * jsonin.c - JSON from outside, parsed strictly (jsonin.h).  json-c does
 * the parsing; this file sets it up the one way hookwrap reads outside
 * JSON and words its errors.
 */
#include "checker/input/jsonin.h"

#include <limits.h>
#include <string.h>

unsigned json_line_at(const char *text, size_t off)
{
	unsigned line = 1;

	for (size_t i = 0; i < off; i++)
		line += text[i] == '\n';
	return line;
}

json_object *json_parse_strict(const char *text, size_t len,
			       const char *source, const char *what,
			       int max_depth)
{
	struct json_tokener *tok;
	json_object *top;
	const char *nul = memchr(text, '\0', len);
	size_t end;

	if (nul) {
		error_at(source, json_line_at(text, nul - text), "a NUL byte: "
			 "this is not a %s", what);
		return NULL;
	}
	if (len > INT_MAX) {
		error_at(source, 0, "larger than 2 GiB; this is not a %s",
			 what);
		return NULL;
	}
	tok = json_tokener_new_ex(max_depth);
	if (!tok)
		die("out of memory");
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	top = json_tokener_parse_ex(tok, text, (int)len);
	end = json_tokener_get_parse_end(tok);
	if (!top) {
		enum json_tokener_error je = json_tokener_get_error(tok);

		error_at(source, json_line_at(text, end), "malformed %s: %s",
			 what, je == json_tokener_continue ? "it ends early" :
			 json_tokener_error_desc(je));
		json_tokener_free(tok);
		return NULL;
	}
	json_tokener_free(tok);
	while (end < len && strchr(" \t\r\n", text[end]))
		end++;
	if (end < len) {
		error_at(source, json_line_at(text, end), "malformed %s: text "
			 "after the value", what);
		json_object_put(top);
		return NULL;
	}
	return top;
}

int json_member_string(json_object *o, const char *key, const char **out)
{
	json_object *v;

	*out = NULL;
	if (!json_object_object_get_ex(o, key, &v))
		return 0;
	if (!json_object_is_type(v, json_type_string))
		return -1;
	if (strlen(json_object_get_string(v)) !=
	    (size_t)json_object_get_string_len(v))
		return -2;
	*out = json_object_get_string(v);
	return 1;
}
