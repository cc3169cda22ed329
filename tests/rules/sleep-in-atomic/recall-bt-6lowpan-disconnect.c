/*
 * check-name: recall: 6lowpan's disconnect_all_peers() closes L2CAP channels under devices_lock
 * check-tree: sleep-recall
 * check-path: net/bluetooth/6lowpan.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude
 * check-command: report
 * check-units: net/bluetooth/l2cap_core.c
 *
 * Upstream fix: 98454bc812f3 "Bluetooth: 6lowpan: Dont hold spin lock
 * over sleeping functions" (Pauli Virtanen, 2025; Fixes: 90305829635d
 * of 3.17; reported by Jia-Ju Bai's STCheck in 2019).  Real code: Linux
 * 4.2.8 net/bluetooth/6lowpan.c:1207 (3.19: :1212), l2cap_chan_close()
 * under spin_lock(&devices_lock) at :1205; l2cap_chan_close() ->
 * l2cap_send_disconn_req() -> l2cap_get_ident() -> mutex_lock() in
 * net/bluetooth/l2cap_core.c, four calls deep.  The fix takes a
 * reference on each channel under the lock and closes them after it
 * (disconnect_all_peers_fixed below, quiet).
 *
 * check-output-start
net/bluetooth/6lowpan.c:46:3: warning: l2cap_chan_close() may sleep inside the atomic region begun by spin_lock(&devices_lock) at net/bluetooth/6lowpan.c:44: l2cap_chan_close() -> l2cap_send_disconn_req() -> l2cap_get_ident() -> mutex_lock() [sleep-in-atomic]
 * check-output-end
 */
#include <linux/spinlock.h>

struct l2cap_chan;
extern void l2cap_chan_close(struct l2cap_chan *chan, int reason);
extern void l2cap_chan_hold(struct l2cap_chan *chan);
extern void l2cap_chan_put(struct l2cap_chan *chan);

struct lowpan_peer {
	struct lowpan_peer *next;
	struct l2cap_chan *chan;
};

static spinlock_t devices_lock;
static struct lowpan_peer *peers;

#define ENOENT 2

void disconnect_all_peers(void)
{
	struct lowpan_peer *peer;

	spin_lock(&devices_lock);
	for (peer = peers; peer; peer = peer->next)
		l2cap_chan_close(peer->chan, ENOENT);
	spin_unlock(&devices_lock);
}

/* As the fix has it: collect under the lock, close after it. */
void disconnect_all_peers_fixed(void)
{
	struct l2cap_chan *chans[32];
	struct lowpan_peer *peer;
	int i, n = 0;

	spin_lock(&devices_lock);
	for (peer = peers; peer && n < 32; peer = peer->next) {
		l2cap_chan_hold(peer->chan);
		chans[n++] = peer->chan;
	}
	spin_unlock(&devices_lock);

	for (i = 0; i < n; i++) {
		l2cap_chan_close(chans[i], ENOENT);
		l2cap_chan_put(chans[i]);
	}
}
