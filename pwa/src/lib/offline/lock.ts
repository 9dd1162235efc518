/**
 * Only one tab pushes at a time: a Web Lock, or a localStorage lease where Web Locks are
 * missing. Resolves 'busy' when another tab holds the lease (it will see our items too: the
 * tabs share the database).
 */
const leaseKey = 'outbox-push-lease';
const leaseMs = 15_000;
const tabId = crypto.randomUUID();

export async function withPushLock<T>(push: () => Promise<T>): Promise<T | 'busy'> {
  if (navigator.locks?.request) return navigator.locks.request('outbox-push', push);
  return withLease(push);
}

/**
 * The lease is renewed while pushing. Two tabs can still race in a narrow window; the mutation
 * ids make that harmless (the server answers the second send 'duplicate'), the lease only
 * avoids the waste.
 */
async function withLease<T>(push: () => Promise<T>): Promise<T | 'busy'> {
  const read = () => {
    try {
      return JSON.parse(localStorage.getItem(leaseKey) ?? 'null') as { tab: string; until: number } | null;
    } catch {
      return null;
    }
  };
  const held = read();
  if (held && held.tab !== tabId && held.until > Date.now()) return 'busy';
  const write = () => localStorage.setItem(leaseKey, JSON.stringify({ tab: tabId, until: Date.now() + leaseMs }));
  write();
  const renew = setInterval(write, leaseMs / 3);
  try {
    return await push();
  } finally {
    clearInterval(renew);
    if (read()?.tab === tabId) localStorage.removeItem(leaseKey);
  }
}
