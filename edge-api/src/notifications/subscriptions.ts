/**
 * The devices that receive pushes: one row per browser subscription (its endpoint is unique).
 * A device saved by a second account moves to that account: the device belongs to whoever
 * signed in on it last. Removing a device drops what was still to go to it.
 */
import { sql } from 'kysely';
import type { AppDeps } from '../http/env.ts';
import { newId } from '../lib/ids.ts';
import type { PushSubscriptionInput } from '../schemas/push-subscription.ts';

type Deps = Pick<AppDeps, 'db' | 'batch' | 'clock'>;

export async function saveSubscription(deps: Deps, userId: string, input: PushSubscriptionInput): Promise<void> {
  const at = deps.clock().toISOString();
  await deps.batch([
    // Pushes of the device's previous owner do not follow it to the new one.
    sql`UPDATE push_deliveries SET status = 'dropped', last_error = 'device changed hands', updated_at = ${at}
        WHERE status = 'pending' AND subscription_id IN
          (SELECT id FROM push_subscriptions WHERE endpoint = ${input.endpoint} AND user_id <> ${userId})`.compile(deps.db),
    sql`INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at)
        VALUES (${newId()}, ${userId}, ${input.endpoint}, ${input.keys.p256dh}, ${input.keys.auth}, ${at})
        ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth`.compile(deps.db),
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
