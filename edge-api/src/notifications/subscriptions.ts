/**
 * The devices that receive pushes: one row per browser subscription (its endpoint is unique).
 * A device saved by a second account moves to that account: the device belongs to whoever
 * signed in on it last. Removing a device drops what was still to go to it.
 *
 * An account keeps at most `maxDevicesPerAccount` devices (issue 47: one account had saved
 * 2,000, and each notification then opened 2,000 connections). Saving one more replaces the
 * oldest, in the same batch as the save, so parallel saves cannot leave more than the cap.
 */
import { sql } from 'kysely';
import type { AppDeps } from '../http/env.ts';
import { newId } from '../lib/ids.ts';
import type { PushSubscriptionInput } from '../schemas/push-subscription.ts';

type Deps = Pick<AppDeps, 'db' | 'batch' | 'clock'>;

/** A person's phone, tablet, computer, and a couple more: enough for anyone, few enough to bound a notification's fan-out. */
export const maxDevicesPerAccount = 5;

/**
 * The account's devices past the newest `maxDevicesPerAccount`, the one being saved always
 * kept. `created_at` is when the device last subscribed (a save again makes it the newest).
 */
const devicesOverCap = (userId: string, keptEndpoint: string) =>
  sql`SELECT id FROM push_subscriptions WHERE user_id = ${userId} AND endpoint <> ${keptEndpoint}
      ORDER BY created_at DESC, rowid DESC LIMIT -1 OFFSET ${maxDevicesPerAccount - 1}`;

export async function saveSubscription(deps: Deps, userId: string, input: PushSubscriptionInput): Promise<void> {
  const at = deps.clock().toISOString();
  await deps.batch([
    // Pushes of the device's previous owner do not follow it to the new one.
    sql`UPDATE push_deliveries SET status = 'dropped', last_error = 'device changed hands', updated_at = ${at}
        WHERE status = 'pending' AND subscription_id IN
          (SELECT id FROM push_subscriptions WHERE endpoint = ${input.endpoint} AND user_id <> ${userId})`.compile(deps.db),
    sql`INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at)
        VALUES (${newId()}, ${userId}, ${input.endpoint}, ${input.keys.p256dh}, ${input.keys.auth}, ${at})
        ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at`.compile(deps.db),
    // The oldest devices past the cap are replaced: what was still to go to them is dropped.
    sql`UPDATE push_deliveries SET status = 'dropped', last_error = 'device replaced by a newer one', updated_at = ${at}
        WHERE status = 'pending' AND subscription_id IN (${devicesOverCap(userId, input.endpoint)})`.compile(deps.db),
    sql`DELETE FROM push_subscriptions WHERE id IN (${devicesOverCap(userId, input.endpoint)})`.compile(deps.db),
  ]);
}

/**
 * Forgets a device (sign-out there, or notifications turned off). Known by its endpoint, an
 * unguessable address only that browser holds, so it works after the session has ended too.
 */
export async function removeSubscription(deps: Deps, endpoint: string): Promise<boolean> {
  const at = deps.clock().toISOString();
  const results = await deps.batch([
    sql`UPDATE push_deliveries SET status = 'dropped', last_error = 'device removed', updated_at = ${at}
        WHERE status = 'pending' AND subscription_id IN (SELECT id FROM push_subscriptions WHERE endpoint = ${endpoint})`.compile(deps.db),
    sql`DELETE FROM push_subscriptions WHERE endpoint = ${endpoint}`.compile(deps.db),
  ]);
  return (results[1]?.changes ?? 0) > 0;
}
