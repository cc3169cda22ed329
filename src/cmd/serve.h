/*
 * serve.h - "hookwrap serve SOCKET" (serve.c): hookwrap-full kept
 * running, with libclang and LLVM mapped, to run the commands that
 * fronts hand it (serve_client.h) each in a fork of itself.
 */
#ifndef HOOKWRAP_SERVE_H
#define HOOKWRAP_SERVE_H

/*
 * argv: "serve" and its arguments.  run: what hookwrap-full's main()
 * does with a command line (argv[0] the program), run in each fork.
 * Returns the server's exit status when it stops.
 */
int serve_main(int argc, char **argv, int (*run)(int, char **));

#endif /* HOOKWRAP_SERVE_H */
