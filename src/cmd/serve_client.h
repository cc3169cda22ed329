/*
 * serve_client.h - the front's side of "hookwrap serve" (serve.c): a
 * command handed to the server named by $HOOKWRAP_SERVER instead of
 * exec'ing hookwrap-full, which would map libclang and LLVM again.
 */
#ifndef HOOKWRAP_SERVE_CLIENT_H
#define HOOKWRAP_SERVE_CLIENT_H

/*
 * Run argv (the front's own) in the server, as hookwrap-full at path
 * full would run it: the same descriptors, directory, environment,
 * umask, signal dispositions and limits.  Returns its exit status; a
 * command killed by a signal kills the front by the same signal.
 * Returns -1, having run nothing, when there is no server, a standard
 * descriptor is a terminal, the server runs another hookwrap-full, or
 * it refuses: then exec full as before.
 */
int serve_client_run(const char *full, char **argv);

#endif /* HOOKWRAP_SERVE_CLIENT_H */
