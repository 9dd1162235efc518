/**
 * The push sender: delivers the pending pushes (push_deliveries) to the push services, one
 * request per device, with retries and backoff. The same code runs on both runtimes: on Node
 * a loop calls it (node/push-loop.ts), on the Worker the cron trigger and a nudge after each
 * write (worker/worker.ts). A push is claimed by moving its next attempt past a lease, in one
 * statement, so two senders never send it at once, and one that dies mid-send leaves it to
 * the next after the lease: a restart loses nothing (at worst a device gets one twice, and the
 * service worker shows it under the same tag, so once).
 *
 * Two bounds (issue 47): a pass sends at most `push.concurrency` requests at once, claiming
 * that many pushes at a time (so a claim is never left waiting behind others past its lease);
 * and an address that is not a browser push service's (push-services.ts) is never contacted,
 * whenever and however its row was written: the push fails and the device is forgotten.
 */
import { encryptNotification } from '@block65/webcrypto-web-push';
import { sql } from 'kysely';
import type { AppDeps } from '../http/env.ts';
import type { NotificationEvent } from '../db/notifications.ts';
import { pushServiceUrl } from './push-services.ts';
import { languageOf, pushPayload } from './texts.ts';
import { vapidAuthorization } from './vapid.ts';

export type SenderDeps = Pick<AppDeps, 'db' | 'batch' | 'clock' | 'config' | 'fetch'>;

interface Claimed {
  id: number;
  notification_id: string;
  subscription_id: string;
  attempts: number;
}

type Outcome = 'sent' | 'gone' | 'dropped' | 'not a push service' | { retry: string } | { failed: string };

export interface SendRound {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
  gone: number;
}

/** Delivers up to `limit` due pushes, at most `push.concurrency` at once; returns what became of them. */
export async function deliverDuePushes(deps: SenderDeps, limit = 20): Promise<SendRound> {
  const round: SendRound = { claimed: 0, sent: 0, retrying: 0, failed: 0, gone: 0 };
  const push = deps.config.push;
  // Without keys nothing can be sent; the pushes wait for keys (the inbox has the news anyway).
  if (!push.vapid) return round;
  while (round.claimed < limit) {
    const wanted = Math.min(push.concurrency, limit - round.claimed);
    const claimed = await claimDue(deps, wanted);
    round.claimed += claimed.length;
    await Promise.all(claimed.map((delivery) => deliver(deps, delivery, round)));
    if (claimed.length < wanted) break;
  }
  return round;
}

/** Claims up to `count` due pushes by moving their next attempt past the lease, in one statement. */
async function claimDue(deps: SenderDeps, count: number): Promise<Claimed[]> {
  const now = deps.clock();
  const at = now.toISOString();
  return (
    await sql<Claimed>`UPDATE push_deliveries
      SET next_attempt_at = ${new Date(now.getTime() + deps.config.push.leaseMs).toISOString()}, attempts = attempts + 1, updated_at = ${at}
      WHERE id IN (SELECT id FROM push_deliveries WHERE status = 'pending' AND next_attempt_at <= ${at} ORDER BY next_attempt_at LIMIT ${count})
      RETURNING id, notification_id, subscription_id, attempts`.execute(deps.db)
  ).rows;
}

async function deliver(deps: SenderDeps, delivery: Claimed, round: SendRound): Promise<void> {
  const outcome = await sendOne(deps, delivery).catch((error: unknown): Outcome => ({ retry: errorText(error) }));
  await settle(deps, delivery, outcome);
  if (outcome === 'sent') round.sent++;
  else if (outcome === 'gone') round.gone++;
  else if (outcome === 'not a push service') round.failed++;
  else if (typeof outcome === 'object' && 'failed' in outcome) round.failed++;
  else if (typeof outcome === 'object') {
    if (delivery.attempts >= deps.config.push.maxAttempts) round.failed++;
    else round.retrying++;
  }
}

const errorText = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 200);

async function sendOne(deps: SenderDeps, delivery: Claimed): Promise<Outcome> {
  const { db, config } = deps;
  const vapid = config.push.vapid;
  if (!vapid) return { retry: 'no VAPID keys' };
  const subscription = await db.selectFrom('push_subscriptions').selectAll().where('id', '=', delivery.subscription_id).executeTakeFirst();
  // The device signed out or turned notifications off after the news was written.
  if (!subscription) return 'dropped';
  // Checked again here, not only when saved: a row from before the rule, or put in any other way.
  const target = pushServiceUrl(subscription.endpoint, config.push);
  if (!target) return 'not a push service';
  const notification = await db.selectFrom('notifications').selectAll().where('id', '=', delivery.notification_id).executeTakeFirst();
  if (!notification) return 'dropped';
  const user = (await db.selectFrom('users').selectAll().where('id', '=', notification.user_id).executeTakeFirst()) as Record<string, unknown> | undefined;
  const payload = pushPayload({ ...notification, event: notification.event as NotificationEvent }, languageOf(user));
  const body = await encryptNotification(
    { endpoint: subscription.endpoint, expirationTime: null, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    new TextEncoder().encode(JSON.stringify(payload)),
  );
  const response = await (deps.fetch ?? fetch)(target.href, {
    method: 'POST',
    // A push service answers; it does not send us elsewhere. A redirect is not followed (it would
    // lead past the host check) and counts as a refusal below.
    redirect: 'manual',
    headers: {
      authorization: await vapidAuthorization(subscription.endpoint, vapid, deps.clock()),
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      // A day: news older than that is in the inbox, no need to wake the phone for it.
      ttl: '86400',
      urgency: 'normal',
    },
    body,
    signal: AbortSignal.timeout(config.push.timeoutMs),
  });
  await response.body?.cancel().catch(() => undefined);
  if (response.ok) return 'sent';
  // RFC 8030: the subscription expired or was removed; it will never work again.
  if (response.status === 404 || response.status === 410) return 'gone';
  // Too many requests, or the service is down: try again later. Anything else will not get better.
  if (response.status === 429 || response.status >= 500) return { retry: `HTTP ${response.status}` };
  return { failed: `HTTP ${response.status}` };
}

async function settle(deps: SenderDeps, delivery: Claimed, outcome: Outcome): Promise<void> {
  const { db, clock, config } = deps;
  const at = clock().toISOString();
  const mark = (status: 'sent' | 'failed' | 'dropped', error: string | null, next?: string) =>
    db
      .updateTable('push_deliveries')
      .set({ status, last_error: error, updated_at: at, ...(next ? { next_attempt_at: next } : {}) })
      .where('id', '=', delivery.id)
      .where('status', '=', 'pending')
      .execute();
  if (outcome === 'sent') return void (await mark('sent', null));
  if (outcome === 'dropped') return void (await mark('dropped', 'no subscription'));
  if (outcome === 'gone' || outcome === 'not a push service') {
    // The device is gone, or its address is none we may call (it never will be): forget it, and
    // what was still to go to it, in one batch.
    const [status, reason] = outcome === 'gone' ? (['gone', 'subscription gone'] as const) : (['failed', 'not a push service address'] as const);
    await deps.batch([
      db.updateTable('push_deliveries').set({ status, last_error: reason, updated_at: at }).where('id', '=', delivery.id).compile(),
      db
        .updateTable('push_deliveries')
        .set({ status: 'dropped', last_error: reason, updated_at: at })
        .where('subscription_id', '=', delivery.subscription_id)
        .where('status', '=', 'pending')
        .compile(),
      db.deleteFrom('push_subscriptions').where('id', '=', delivery.subscription_id).compile(),
    ]);
    return;
  }
  if ('failed' in outcome || delivery.attempts >= config.push.maxAttempts) {
    return void (await mark('failed', 'failed' in outcome ? outcome.failed : outcome.retry));
  }
  const wait = Math.min(config.push.retryMaxMs, config.push.retryBaseMs * 2 ** (delivery.attempts - 1));
  await db
    .updateTable('push_deliveries')
    .set({ last_error: outcome.retry, updated_at: at, next_attempt_at: new Date(clock().getTime() + wait).toISOString() })
    .where('id', '=', delivery.id)
    .where('status', '=', 'pending')
    .execute();
}

/** Settled pushes are kept this long: push health counts over this window. */
const keepSettledMs = 30 * 86_400_000;

/** Housekeeping: forget pushes settled (sent, failed, gone, dropped) more than 30 days ago. */
export async function forgetSettledPushes(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<void> {
  const before = new Date(deps.clock().getTime() - keepSettledMs).toISOString();
  await deps.db.deleteFrom('push_deliveries').where('status', '<>', 'pending').where('updated_at', '<', before).execute();
}
