/* kstyle.c - wrapping lists of parameters and arguments like a maintainer. */
#include "core/kstyle.h"

#include <string.h>

int ks_width(const char *s, int col)
{
	for (; *s; s++)
		col = *s == '\t' ? (col / 8 + 1) * 8 : col + 1;
	return col;
}

void ks_indent_to(struct sbuf *sb, int col)
{
	for (int i = 0; i < col / 8; i++)
		sb_addc(sb, '\t');
	for (int i = 0; i < col % 8; i++)
		sb_addc(sb, ' ');
}

void ks_list(struct sbuf *sb, const char *head, char *const *items, int n,
	     const char *tail)
{
	int align, col;

	sb_add(sb, head);
	sb_addc(sb, '(');
	align = col = ks_width(head, 0) + 1;
	if (!n) {
		sb_add(sb, tail);
		return;
	}
	for (int i = 0; i < n; i++) {
		const char *end = i + 1 < n ? "," : tail;
		int len = (int)(strlen(items[i]) + strlen(end));
		int first = col == align;

		if (!first && col + 1 + len > KS_WIDTH) {
			sb_addc(sb, '\n');
			ks_indent_to(sb, align);
			col = align;
			first = 1;
		}
		if (!first) {
			sb_addc(sb, ' ');
			col++;
		}
		sb_add(sb, items[i]);
		sb_add(sb, end);
		col += len;
	}
}
