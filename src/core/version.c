/*
 * version.c - this build's version.  The Makefile passes it from the
 * top-level VERSION file (make HOOKWRAP_VERSION=... overrides it), the
 * one place it is written; debian/changelog must agree (docs/install.md).
 */
#include "core/version.h"

#ifndef HOOKWRAP_VERSION
#error "HOOKWRAP_VERSION is not set: build with make, which reads VERSION"
#endif

const char hookwrap_version[] = HOOKWRAP_VERSION;
