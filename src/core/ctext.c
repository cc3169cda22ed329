/* ctext.c - C source as plain text: comments blanked. */
#include "core/ctext.h"
#include "core/util.h"

char *ctext_blank_comments(const char *text, size_t len)
{
	char *s = xstrndup(text, len);

	for (size_t i = 0; i < len; i++) {
		if (s[i] == '"' || s[i] == '\'') {	/* a literal: keep */
			char q = s[i];

			for (i++; i < len && s[i] != q && s[i] != '\n'; i++)
				if (s[i] == '\\' && i + 1 < len)
					i++;
		} else if (s[i] == '/' && i + 1 < len && s[i + 1] == '*') {
			size_t j = i + 2;

			while (j + 1 < len && !(s[j] == '*' && s[j + 1] == '/'))
				j++;
			j = j + 2 <= len ? j + 2 : len;
			for (; i < j; i++)
				if (s[i] != '\n')
					s[i] = ' ';
			i--;
		} else if (s[i] == '/' && i + 1 < len && s[i + 1] == '/') {
			while (i < len && s[i] != '\n')
				s[i++] = ' ';
			i--;
		}
	}
	return s;
}
