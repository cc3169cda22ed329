#define call_int_hook(HOOK, IRC, ...) ({ 0; })
/** doc */
static int f(int a)
{ return "}" [0]; }
EXPORT_SYMBOL(f);
#ifndef CONFIG_X
int g(void);
#elif defined(CONFIG_Y)
#else
static inline void h(void) { }
#endif
struct s { int (*p)(void); } v = { 0 };
