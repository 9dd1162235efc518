/** Delivery health for operators (GET /api/admin/push-health): what became of the pushes in the last 30 days (sender.ts forgets older ones). */
import { sql } from 'kysely';
import type { AppDeps } from '../http/env.ts';

export interface PushHealth {
  /** Accepted by the push service. */
  sent: number;
  /** Given up: refused for good, or still failing after PUSH_MAX_ATTEMPTS tries. */
  failed: number;
  /** Tried at least once, and to be tried again. */
  retrying: number;
  /** Not tried yet. */
  waiting: number;
  /** The push service said the device is gone (404/410): its subscription was removed. */
  removed: number;
  /** Not sent because the device signed out or turned notifications off first. */
  dropped: number;
  /** Devices that receive pushes now. */
  subscriptions: number;
  /** The oldest push still to go, if any: how far behind the sender is. */
  oldestWaitingSince: string | null;
  pushConfigured: boolean;
}

export async function pushHealth(deps: Pick<AppDeps, 'db' | 'batch' | 'config'>): Promise<PushHealth> {
  const { db, batch } = deps;
  const [byStatus, devices, oldest] = await batch([
    sql`SELECT status, attempts > 0 AS tried, count(*) AS n FROM push_deliveries GROUP BY status, attempts > 0`.compile(db),
    sql`SELECT count(*) AS n FROM push_subscriptions`.compile(db),
    sql`SELECT min(d.updated_at) AS since FROM push_deliveries d WHERE d.status = 'pending'`.compile(db),
  ]);
  const count = (status: string, tried?: boolean) =>
    (byStatus?.rows ?? [])
      .filter((row) => row.status === status && (tried === undefined || Boolean(Number(row.tried)) === tried))
      .reduce((sum, row) => sum + Number(row.n), 0);
  return {
    sent: count('sent'),
    failed: count('failed'),
    retrying: count('pending', true),
    waiting: count('pending', false),
    removed: count('gone'),
    dropped: count('dropped'),
    subscriptions: Number(devices?.rows[0]?.n ?? 0),
    oldestWaitingSince: (oldest?.rows[0]?.since as string | null | undefined) ?? null,
    pushConfigured: deps.config.push.vapid !== null,
  };
}
