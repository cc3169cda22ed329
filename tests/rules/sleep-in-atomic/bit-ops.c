/*
 * check-name: set_bit()/clear_bit() before a call decide the callee's test_bit() of that bit (LED's oneshot blink), and a call on the right of && or || runs only where the left says
 * check-tree: sleep-hooks
 * check-path: drivers/leds/core.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 *
 * check-error-start
drivers/leds/core.c:92:2: warning: led_blink_set() may sleep inside the atomic region begun by spin_lock(&trig_lock) at drivers/leds/core.c:91: led_blink_set() -> led_blink_setup() -> slow_blink_set() (through led_cdev->blink_set: led_classdev.blink_set = slow_blink_set at drivers/leds/core.c:75) -> mutex_lock() [sleep-in-atomic]
drivers/leds/core.c:104:2: warning: led_stop() may sleep inside the atomic region begun by spin_lock(&trig_lock) at drivers/leds/core.c:103: led_stop() -> mutex_lock() [sleep-in-atomic]
drivers/leds/core.c:114:2: warning: led_stop() may sleep inside the atomic region begun by spin_lock(&trig_lock) at drivers/leds/core.c:113: led_stop() -> mutex_lock() [sleep-in-atomic]
 * check-error-end
 */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>
#include <linux/bitops.h>

#define LED_BLINK_ONESHOT	1
#define LED_BLINK_ONESHOT_STOP	2
#define LED_BLINK_INVERT	3

struct led_classdev {
	unsigned long work_flags;
	int (*blink_set)(struct led_classdev *led_cdev, unsigned long *on,
			 unsigned long *off);
	struct mutex lock;
};

/* Asks the hardware to blink, unless this is a oneshot blink. */
static void led_blink_setup(struct led_classdev *led_cdev, unsigned long *on,
			    unsigned long *off)
{
	if (!test_bit(LED_BLINK_ONESHOT, &led_cdev->work_flags) &&
	    led_cdev->blink_set && !led_cdev->blink_set(led_cdev, on, off))
		return;
}

void led_blink_set_oneshot(struct led_classdev *led_cdev, unsigned long *on,
			   unsigned long *off, int invert)
{
	set_bit(LED_BLINK_ONESHOT, &led_cdev->work_flags);
	clear_bit(LED_BLINK_ONESHOT_STOP, &led_cdev->work_flags);
	if (invert)
		set_bit(LED_BLINK_INVERT, &led_cdev->work_flags);
	else
		clear_bit(LED_BLINK_INVERT, &led_cdev->work_flags);
	led_blink_setup(led_cdev, on, off);	/* bit 1 known set */
}

void led_blink_set(struct led_classdev *led_cdev, unsigned long *on,
		   unsigned long *off)
{
	clear_bit(LED_BLINK_ONESHOT, &led_cdev->work_flags);
	led_blink_setup(led_cdev, on, off);	/* bit 1 known clear */
}

/* Takes the mutex only when the stop bit is not set. */
static void led_stop(struct led_classdev *led_cdev)
{
	if (test_bit(LED_BLINK_ONESHOT_STOP, &led_cdev->work_flags) ||
	    (mutex_lock(&led_cdev->lock), 0))
		return;
	mutex_unlock(&led_cdev->lock);
}

static struct mutex hw_lock;

static int slow_blink_set(struct led_classdev *l, unsigned long *on,
			  unsigned long *off)
{
	mutex_lock(&hw_lock);
	mutex_unlock(&hw_lock);
	return 0;
}

static struct led_classdev slow = { .blink_set = slow_blink_set };
static spinlock_t trig_lock;

void trigger_oneshot(void)
{
	unsigned long on = 1, off = 1;

	spin_lock(&trig_lock);
	led_blink_set_oneshot(&slow, &on, &off, 0);	/* no sleep */
	spin_unlock(&trig_lock);
}

void trigger_blink(void)
{
	unsigned long on = 1, off = 1;

	spin_lock(&trig_lock);
	led_blink_set(&slow, &on, &off);		/* sleeps */
	spin_unlock(&trig_lock);
}

void trigger_stop(struct led_classdev *led_cdev)
{
	set_bit(LED_BLINK_ONESHOT_STOP, &led_cdev->work_flags);
	spin_lock(&trig_lock);
	led_stop(led_cdev);				/* no sleep */
	spin_unlock(&trig_lock);
	clear_bit(LED_BLINK_ONESHOT_STOP, &led_cdev->work_flags);
	spin_lock(&trig_lock);
	led_stop(led_cdev);				/* sleeps */
	spin_unlock(&trig_lock);
}

/* b may be a: its clear_bit() leaves a's bit unknown. */
void trigger_alias(struct led_classdev *a, struct led_classdev *b)
{
	set_bit(LED_BLINK_ONESHOT_STOP, &a->work_flags);
	clear_bit(LED_BLINK_ONESHOT_STOP, &b->work_flags);
	spin_lock(&trig_lock);
	led_stop(a);					/* may sleep */
	spin_unlock(&trig_lock);
}
