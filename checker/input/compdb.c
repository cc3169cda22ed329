/*
 * compdb.c - a reader for compile_commands.json: an array of objects
 * with "directory", "file" and "command" or "arguments".  The JSON is
 * json-c's to parse (strict RFC 8259, nesting depth limited); this file
 * only takes the entries out of it.
 */
#include "checker/input/compdb.h"
#include "checker/input/flags.h"
#include "checker/input/jsonin.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_DEPTH 64		/* an entry needs 3 */

/*
 * The line where element idx of the top-level list begins: a scan of
 * text json-c has already accepted, for messages about an entry.
 */
static unsigned entry_line(const char *text, size_t len, size_t idx)
{
	int depth = 0, in_str = 0, want = 0;
	size_t n = 0;

	for (size_t i = 0; i < len; i++) {
		char c = text[i];

		if (in_str) {
			if (c == '\\')
				i++;
			else if (c == '"')
				in_str = 0;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
			continue;
		if (depth == 1 && want) {
			if (n++ == idx)
				return json_line_at(text, i);
			want = 0;
		}
		if (c == '"')
			in_str = 1;
		else if (c == '[' || c == '{')
			want = ++depth == 1;
		else if (c == ']' || c == '}')
			depth--;
		else if (c == ',' && depth == 1)
			want = 1;
	}
	return 0;
}

/* A string member of o: 0 and *out (NULL when absent), or -1 and *why. */
static int get_string(json_object *o, const char *key, char **out,
		      const char **why)
{
	const char *v;
	int r = json_member_string(o, key, &v);

	*out = NULL;
	if (r < 0) {
		*why = r == -2 ? "a string holds \\u0000" :
		       "\"directory\", \"file\" and \"command\" must be strings";
		return -1;
	}
	if (r)
		*out = xstrdup(v);
	return 0;
}

static int get_arguments(json_object *o, struct strv *out, const char **why)
{
	json_object *v;
	size_t n;

	if (!json_object_object_get_ex(o, "arguments", &v))
		return 0;
	if (!json_object_is_type(v, json_type_array)) {
		*why = "\"arguments\" must be a list of strings";
		return -1;
	}
	n = json_object_array_length(v);
	for (size_t i = 0; i < n; i++) {
		json_object *a = json_object_array_get_idx(v, i);

		if (!json_object_is_type(a, json_type_string)) {
			*why = "\"arguments\" must be a list of strings";
			return -1;
		}
		if (strlen(json_object_get_string(a)) !=
		    (size_t)json_object_get_string_len(a)) {
			*why = "a string holds \\u0000";
			return -1;
		}
		strv_push(out, json_object_get_string(a));
	}
	return 0;
}

/* One entry; NULL when fine, else what is wrong with it. */
static const char *entry(json_object *o, struct compdb_entry *e)
{
	char *command = NULL;
	const char *why = NULL;

	if (!json_object_is_type(o, json_type_object))
		return "expected an object per file";
	if (get_string(o, "directory", &e->directory, &why) ||
	    get_string(o, "file", &e->file, &why) ||
	    get_string(o, "command", &command, &why) ||
	    get_arguments(o, &e->argv, &why)) {
		free(command);
		return why;
	}
	if (command && !e->argv.n && flags_split_shell(command, &e->argv))
		why = "unbalanced quotes in \"command\"";
	free(command);
	if (!why && (!e->file || !e->argv.n))
		why = "an entry needs \"file\" and \"command\" or "
		      "\"arguments\"";
	if (!why && !e->directory)
		e->directory = xstrdup(".");
	return why;
}

static void entry_free(struct compdb_entry *e)
{
	free(e->directory);
	free(e->file);
	strv_clear(&e->argv);
}

int compdb_parse(const char *text, size_t len, const char *source,
		 struct compdb *db)
{
	json_object *top;
	size_t n;

	memset(db, 0, sizeof(*db));
	top = json_parse_strict(text, len, source, "compile_commands.json",
				MAX_DEPTH);
	if (!top)
		return -1;
	if (!json_object_is_type(top, json_type_array)) {
		error_at(source, 1, "malformed compile_commands.json: expected "
			 "a list of compile commands");
		json_object_put(top);
		return -1;
	}
	n = json_object_array_length(top);
	db->v = xcalloc(n ? n : 1, sizeof(*db->v));
	db->cap = n;
	for (size_t i = 0; i < n; i++) {
		struct compdb_entry *e = &db->v[db->n];
		const char *why = entry(json_object_array_get_idx(top, i), e);

		if (why) {
			error_at(source, entry_line(text, len, i), "entry %zu: "
				 "%s", i + 1, why);
			entry_free(e);
			json_object_put(top);
			compdb_free(db);
			return -1;
		}
		db->n++;
	}
	json_object_put(top);
	return 0;
}

int compdb_read(const char *path, struct compdb *db)
{
	struct stat st;
	char *file, *text;
	size_t len = 0;
	int ret;

	memset(db, 0, sizeof(*db));
	if (!stat(path, &st) && S_ISDIR(st.st_mode))
		file = path_join(path, "compile_commands.json");
	else
		file = xstrdup(path);
	text = read_file(file, &len);
	if (!text) {
		error_at(file, 0, "cannot read: %s; generate one with the "
			 "kernel's scripts/clang-tools/gen_compile_commands.py "
			 "or 'bear -- make'", strerror(errno));
		free(file);
		return -1;
	}
	ret = compdb_parse(text, len, file, db);
	free(text);
	free(file);
	return ret;
}

void compdb_free(struct compdb *db)
{
	for (int i = 0; i < db->n; i++)
		entry_free(&db->v[i]);
	free(db->v);
	memset(db, 0, sizeof(*db));
}
