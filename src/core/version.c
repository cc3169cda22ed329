/* version.c - this build's version (make HOOKWRAP_VERSION=... to set). */
#include "core/version.h"

#ifndef HOOKWRAP_VERSION
#define HOOKWRAP_VERSION "0.1"
#endif

const char hookwrap_version[] = HOOKWRAP_VERSION;
