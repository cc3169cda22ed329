/*
 * check-name: recall: mac80211_hwsim allocates a netlink reply with GFP_KERNEL under spin_lock_bh (nlmsg_new() is a header's inline)
 * check-tree: sleep-recall
 * check-path: drivers/net/wireless/mac80211_hwsim.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 *
 * Upstream fix: "mac80211_hwsim: use GFP_ATOMIC under spin lock" (the
 * reply of hwsim_get_radio_nl() is allocated with GFP_ATOMIC in Linux
 * 6.1, drivers/net/wireless/mac80211_hwsim.c:5260; commit id not found,
 * found by diffing 4.2 and 6.1).  Real code: Linux 4.2.8
 * drivers/net/wireless/mac80211_hwsim.c:2969,
 * nlmsg_new(NLMSG_DEFAULT_SIZE, GFP_KERNEL) under
 * spin_lock_bh(&hwsim_radio_lock) at :2964; nlmsg_new() is the static
 * inline of include/net/netlink.h that passes its flags on to
 * alloc_skb().
 *
 * Found since a gfp_t parameter passed on is a condition of the
 * function ("sleeps when argument 2 can block"), decided at each call
 * by the flags written (docs/rules/sleep-in-atomic.md): GFP_KERNEL
 * here fires, hwsim_get_radio_nl_fixed (GFP_ATOMIC) stays quiet.
 *
 * check-output-start
drivers/net/wireless/mac80211_hwsim.c:51:9: warning: nlmsg_new() may sleep inside the atomic region begun by spin_lock_bh(&hwsim_radio_lock) at drivers/net/wireless/mac80211_hwsim.c:47: nlmsg_new() -> alloc_skb(flags) [sleep-in-atomic]
 * check-output-end
 */
#include <linux/spinlock.h>
#include <net/netlink.h>

struct mac80211_hwsim_data {
	struct mac80211_hwsim_data *next;
	int idx;
};

static spinlock_t hwsim_radio_lock;
static struct mac80211_hwsim_data *hwsim_radios;

extern int hwsim_get_radio(struct sk_buff *skb, struct mac80211_hwsim_data *d);
extern int genlmsg_reply(struct sk_buff *skb, void *info);

int hwsim_get_radio_nl(int idx, void *info)
{
	struct mac80211_hwsim_data *data;
	struct sk_buff *skb;
	int res = -EINVAL;

	spin_lock_bh(&hwsim_radio_lock);
	for (data = hwsim_radios; data; data = data->next) {
		if (data->idx != idx)
			continue;
		skb = nlmsg_new(NLMSG_DEFAULT_SIZE, GFP_KERNEL);
		if (!skb) {
			res = -ENOMEM;
			break;
		}
		res = hwsim_get_radio(skb, data);
		if (!res)
			res = genlmsg_reply(skb, info);
		break;
	}
	spin_unlock_bh(&hwsim_radio_lock);
	return res;
}

/* As the fix has it: GFP_ATOMIC. */
int hwsim_get_radio_nl_fixed(int idx, void *info)
{
	struct mac80211_hwsim_data *data;
	struct sk_buff *skb;
	int res = -EINVAL;

	spin_lock_bh(&hwsim_radio_lock);
	for (data = hwsim_radios; data; data = data->next) {
		if (data->idx != idx)
			continue;
		skb = nlmsg_new(NLMSG_DEFAULT_SIZE, GFP_ATOMIC);
		if (!skb) {
			res = -ENOMEM;
			break;
		}
		res = hwsim_get_radio(skb, data);
		if (!res)
			res = genlmsg_reply(skb, info);
		break;
	}
	spin_unlock_bh(&hwsim_radio_lock);
	return res;
}
