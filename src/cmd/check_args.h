/* check_args.h - the command line of "hookwrap check" (check_args.c). */
#ifndef HOOKWRAP_CHECK_ARGS_H
#define HOOKWRAP_CHECK_ARGS_H

#include "checker/run.h"

/* --format NAME: gcc, json or sarif; -1 for another name. */
int out_format_parse(const char *s, enum out_format *f);

extern const char check_usage_text[];
/*
 * argv[1..argc) into o (o zeroed by the caller): 0 to go on, 1 done
 * (--help printed), 2 a usage error (printed).
 */
int check_parse_args(int argc, char **argv, struct check_opts *o);

#endif /* HOOKWRAP_CHECK_ARGS_H */
