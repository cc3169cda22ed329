/* Shim of msleep(): might_sleep(), then a real sleep. */
#ifndef _SHIM_LINUX_DELAY_H
#define _SHIM_LINUX_DELAY_H

void msleep(unsigned int msecs);

#endif /* _SHIM_LINUX_DELAY_H */
