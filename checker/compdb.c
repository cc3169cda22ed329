/*
 * compdb.c - a reader for compile_commands.json: an array of objects
 * with "directory", "file" and "command" or "arguments".  A small JSON
 * parser that keeps only strings and arrays of strings.
 */
#include "compdb.h"
#include "flags.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

struct jp {
	const char *s, *start;
	const char *path;
	const char *why;
};

static void ws(struct jp *p)
{
	while (*p->s == ' ' || *p->s == '\t' || *p->s == '\n' ||
	       *p->s == '\r')
		p->s++;
}

static unsigned line_of(const struct jp *p)
{
	unsigned line = 1;

	for (const char *c = p->start; c < p->s; c++)
		line += *c == '\n';
	return line;
}

static void put_utf8(struct sbuf *sb, unsigned cp)
{
	if (cp < 0x80) {
		sb_addc(sb, cp);
	} else if (cp < 0x800) {
		sb_addc(sb, 0xc0 | (cp >> 6));
		sb_addc(sb, 0x80 | (cp & 0x3f));
	} else {
		sb_addc(sb, 0xe0 | (cp >> 12));
		sb_addc(sb, 0x80 | ((cp >> 6) & 0x3f));
		sb_addc(sb, 0x80 | (cp & 0x3f));
	}
}

static char *string(struct jp *p)
{
	struct sbuf sb = { 0 };

	if (*p->s != '"') {
		p->why = "expected a string";
		return NULL;
	}
	p->s++;
	while (*p->s && *p->s != '"') {
		if (*p->s == '\\') {
			char c = *++p->s;

			if (!c)
				break;
			if (c == 'n')
				sb_addc(&sb, '\n');
			else if (c == 't')
				sb_addc(&sb, '\t');
			else if (c == 'r')
				sb_addc(&sb, '\r');
			else if (c == 'b')
				sb_addc(&sb, '\b');
			else if (c == 'f')
				sb_addc(&sb, '\f');
			else if (c == 'u') {
				unsigned cp = 0;

				for (int i = 1; i <= 4; i++) {
					char h = p->s[i];

					cp <<= 4;
					if (h >= '0' && h <= '9')
						cp |= h - '0';
					else if (h >= 'a' && h <= 'f')
						cp |= h - 'a' + 10;
					else if (h >= 'A' && h <= 'F')
						cp |= h - 'A' + 10;
					else {
						p->why = "bad \\u escape";
						sb_free(&sb);
						return NULL;
					}
				}
				put_utf8(&sb, cp);
				p->s += 4;
			} else
				sb_addc(&sb, c);
			p->s++;
			continue;
		}
		sb_addc(&sb, *p->s++);
	}
	if (*p->s != '"') {
		p->why = "unterminated string";
		sb_free(&sb);
		return NULL;
	}
	p->s++;
	return sb_detach(&sb);
}

/* Skip any value; 0 or -1. */
static int skip_value(struct jp *p)
{
	ws(p);
	if (*p->s == '"') {
		free(string(p));
		return p->why ? -1 : 0;
	}
	if (*p->s == '[' || *p->s == '{') {
		char close = *p->s == '[' ? ']' : '}';

		p->s++;
		ws(p);
		if (*p->s == close) {
			p->s++;
			return 0;
		}
		for (;;) {
			if (close == '}') {
				ws(p);
				free(string(p));
				if (p->why)
					return -1;
				ws(p);
				if (*p->s++ != ':') {
					p->why = "expected ':'";
					return -1;
				}
			}
			if (skip_value(p))
				return -1;
			ws(p);
			if (*p->s == ',') {
				p->s++;
				continue;
			}
			if (*p->s == close) {
				p->s++;
				return 0;
			}
			p->why = "expected ',' or the end of a list";
			return -1;
		}
	}
	if (strchr("-0123456789tfn", *p->s) && *p->s) {
		while (*p->s && !strchr(",]} \t\r\n", *p->s))
			p->s++;
		return 0;
	}
	p->why = "expected a value";
	return -1;
}

static int string_array(struct jp *p, struct strv *out)
{
	ws(p);
	if (*p->s != '[') {
		p->why = "\"arguments\" must be a list of strings";
		return -1;
	}
	p->s++;
	ws(p);
	if (*p->s == ']') {
		p->s++;
		return 0;
	}
	for (;;) {
		char *s;

		ws(p);
		s = string(p);
		if (!s)
			return -1;
		strv_push_owned(out, s);
		ws(p);
		if (*p->s == ',') {
			p->s++;
			continue;
		}
		if (*p->s == ']') {
			p->s++;
			return 0;
		}
		p->why = "expected ',' or ']'";
		return -1;
	}
}

static int entry(struct jp *p, struct compdb_entry *e)
{
	char *command = NULL;

	ws(p);
	if (*p->s != '{') {
		p->why = "expected an object per file";
		return -1;
	}
	p->s++;
	ws(p);
	while (*p->s != '}') {
		char *key;

		ws(p);
		key = string(p);
		if (!key)
			return -1;
		ws(p);
		if (*p->s++ != ':') {
			free(key);
			p->why = "expected ':'";
			return -1;
		}
		ws(p);
		if (!strcmp(key, "directory") || !strcmp(key, "file") ||
		    !strcmp(key, "command")) {
			char *v = string(p);
			char **dst = key[0] == 'd' ? &e->directory :
				     key[0] == 'f' ? &e->file : &command;

			if (!v) {
				free(key);
				return -1;
			}
			free(*dst);
			*dst = v;
		} else if (!strcmp(key, "arguments")) {
			if (string_array(p, &e->argv)) {
				free(key);
				return -1;
			}
		} else if (skip_value(p)) {
			free(key);
			return -1;
		}
		free(key);
		ws(p);
		if (*p->s == ',')
			p->s++;
		else if (*p->s != '}') {
			free(command);
			p->why = "expected ',' or '}'";
			return -1;
		}
		ws(p);
	}
	p->s++;
	if (command && !e->argv.n && flags_split_shell(command, &e->argv)) {
		free(command);
		p->why = "unbalanced quotes in \"command\"";
		return -1;
	}
	free(command);
	if (!e->file || (!e->argv.n)) {
		p->why = "an entry needs \"file\" and \"command\" or "
			 "\"arguments\"";
		return -1;
	}
	if (!e->directory)
		e->directory = xstrdup(".");
	return 0;
}

int compdb_read(const char *path, struct compdb *db)
{
	struct stat st;
	char *file = NULL, *text;
	struct jp p = { 0 };

	memset(db, 0, sizeof(*db));
	if (!stat(path, &st) && S_ISDIR(st.st_mode))
		file = path_join(path, "compile_commands.json");
	else
		file = xstrdup(path);
	text = read_file(file, NULL);
	if (!text) {
		error_at(file, 0, "cannot read: %s; generate one with the "
			 "kernel's scripts/clang-tools/gen_compile_commands.py "
			 "or 'bear -- make'", strerror(errno));
		free(file);
		return -1;
	}
	p.s = p.start = text;
	p.path = file;
	ws(&p);
	if (*p.s != '[') {
		p.why = "expected a list of compile commands";
	} else {
		p.s++;
		ws(&p);
		while (!p.why && *p.s != ']') {
			struct compdb_entry e = { 0 };

			if (entry(&p, &e)) {
				free(e.directory);
				free(e.file);
				strv_clear(&e.argv);
				break;
			}
			if (db->n == db->cap) {
				db->cap = db->cap ? 2 * db->cap : 64;
				db->v = xrealloc(db->v,
						 db->cap * sizeof(*db->v));
			}
			db->v[db->n++] = e;
			ws(&p);
			if (*p.s == ',')
				p.s++;
			else if (*p.s != ']')
				p.why = "expected ',' or ']'";
			ws(&p);
		}
	}
	if (p.why) {
		error_at(file, line_of(&p), "malformed compile_commands.json: "
			 "%s", p.why);
		free(text);
		free(file);
		compdb_free(db);
		return -1;
	}
	free(text);
	free(file);
	return 0;
}

void compdb_free(struct compdb *db)
{
	for (int i = 0; i < db->n; i++) {
		free(db->v[i].directory);
		free(db->v[i].file);
		strv_clear(&db->v[i].argv);
	}
	free(db->v);
	memset(db, 0, sizeof(*db));
}
