/*
 * kconfig.h - what a kernel tree's configuration says about an option:
 * its .config, or the include/generated/autoconf.h kbuild wrote from it.
 */
#ifndef HOOKWRAP_KCONFIG_H
#define HOOKWRAP_KCONFIG_H

/*
 * Is CONFIG_<option> on (=y) in tree?  1 with *file (tree/.config or
 * tree/include/generated/autoconf.h, allocated) and *line set where it
 * says so; 0 when neither file has it (or there is no such file).
 */
int kconfig_on(const char *tree, const char *option, char **file,
	       unsigned *line);

#endif /* HOOKWRAP_KCONFIG_H */
