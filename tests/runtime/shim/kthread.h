/* Every thread that calls hooks brackets its life with these. */
#ifndef _SHIM_KTHREAD_H
#define _SHIM_KTHREAD_H

void kthread_enter(void);
void kthread_leave(void);

#endif /* _SHIM_KTHREAD_H */
