/* version.h - this build's version, for --version and cache keys. */
#ifndef HOOKWRAP_VERSION_H
#define HOOKWRAP_VERSION_H

extern const char hookwrap_version[];

#endif /* HOOKWRAP_VERSION_H */
