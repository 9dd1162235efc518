/**
 * Issue 47, push fan-out: one account had saved 2,000 subscriptions, and one notification then
 * opened 2,000 connections. Now an account keeps at most five devices (the oldest replaced,
 * parallel saves included), a notification goes to at most five devices of each person, and a
 * send pass has at most PUSH_CONCURRENCY requests open at once.
 */
import { describe, expect, it } from 'vitest';
import { maxDevicesPerAccount } from '../src/notifications/subscriptions.ts';
import { generateVapidKeys } from '../src/notifications/vapid.ts';
import { useApi, useStarted } from './support/app.ts';
import { adminReject, apply, call } from './support/calls.ts';
import { insertPolicy } from './support/records.ts';
import { pushTestEnv, startPushService, type StandInDevice } from './support/push-service.ts';
import { runtime, type ApiTarget } from './support/target.ts';
import { createTestUser, type TestUser } from './support/users.ts';

const workerKeys = runtime === 'worker' ? await generateVapidKeys() : null;
const vapidEnv: Record<string, string> = workerKeys ? { VAPID_PUBLIC_KEY: workerKeys.publicKey, VAPID_PRIVATE_KEY: workerKeys.privateKey } : {};
/** Two at once: small enough that five devices must wait for each other. */
const concurrency = 2;

let serverKey: string | null = null;
const push = useStarted(() => startPushService(() => serverKey), (started) => started.close());
const { api, admin } = useApi({ admin: 'admin' }, { env: { ...pushTestEnv, ...vapidEnv, PUSH_CONCURRENCY: String(concurrency) } });

/** Polls until `check` gives a value; with `cron` each poll on the Worker is also a cron tick. */
async function until<T>(what: string, check: () => T | undefined | null | false | Promise<T | undefined | null | false>, cron = true, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (cron) await api.scheduled?.('* * * * *');
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; attempts: ${JSON.stringify(push.attempts)}`);
    await new Promise((tick) => setTimeout(tick, 50));
  }
}

const save = (person: TestUser, device: StandInDevice) => call(api, 'PUT', '/api/notifications/subscriptions', person, device.subscription);
const endpointsOf = async (api: ApiTarget, person: TestUser) =>
  (await api.sql<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions WHERE user_id = ?', person.id)).map((row) => row.endpoint).sort();
const receivedBy = (devices: StandInDevice[]) => push.received.filter((received) => devices.some((device) => device.id === received.device));
const attemptsOn = (devices: StandInDevice[]) => push.attempts.filter((attempt) => devices.some((device) => device.id === attempt.device));

describe(`push fan-out on ${runtime}`, () => {
  it(`keeps the newest ${maxDevicesPerAccount} devices of an account, the oldest replaced`, async () => {
    const customer = await createTestUser(api, 'user');
    const devices: StandInDevice[] = [];
    for (let i = 0; i < maxDevicesPerAccount + 2; i++) {
      const device = await push.newDevice();
      expect((await save(customer, device)).status).toBe(200);
      devices.push(device);
    }
    expect(await endpointsOf(api, customer)).toEqual(devices.slice(2).map((device) => device.subscription.endpoint).sort());

    // The oldest kept device subscribing again becomes the newest: the next new one replaces the one after it.
    expect((await save(customer, devices[2]!)).status).toBe(200);
    const newest = await push.newDevice();
    expect((await save(customer, newest)).status).toBe(200);
    expect(await endpointsOf(api, customer)).toEqual([devices[2]!, ...devices.slice(4), newest].map((device) => device.subscription.endpoint).sort());
  });

  it(`leaves at most ${maxDevicesPerAccount} devices after 40 saves sent at once`, async () => {
    const customer = await createTestUser(api, 'user');
    const devices = await Promise.all(Array.from({ length: 40 }, () => push.newDevice()));
    const answers = await Promise.all(devices.map((device) => save(customer, device)));
    expect(answers.map((answer) => answer.status)).toEqual(devices.map(() => 200));
    const kept = await endpointsOf(api, customer);
    expect(kept).toHaveLength(maxDevicesPerAccount);
    expect(devices.map((device) => device.subscription.endpoint)).toEqual(expect.arrayContaining(kept));
  });

  it(`sends a notification to at most ${maxDevicesPerAccount} devices, the newest, even for an account with more rows from before the cap`, async () => {
    serverKey = (await call(api, 'GET', '/api/notifications/push-key', admin)).body.publicKey;
    const customer = await createTestUser(api, 'user');
    const policy = await insertPolicy(api);
    // Twelve rows saved before the cap, a second apart, oldest first.
    const devices = await Promise.all(Array.from({ length: 12 }, () => push.newDevice()));
    const start = Date.now() - 60_000;
    for (const [i, device] of devices.entries()) {
      await api.sql(
        'INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        crypto.randomUUID(),
        customer.id,
        device.subscription.endpoint,
        device.subscription.keys.p256dh,
        device.subscription.keys.auth,
        new Date(start + i * 1000).toISOString(),
      );
    }
    await adminReject(api, admin, await apply(api, customer, policy.id));
    const newest = devices.slice(-maxDevicesPerAccount);
    await until('the newest devices reached', () => receivedBy(newest).length === maxDevicesPerAccount);
    // Every push of that notification was written with the change: these are all there will ever be.
    // A push is marked sent once the push service has answered it, a moment after it arrived there:
    // the rows are read once none is still pending.
    const deliveriesOf = () =>
      api.sql<{ status: string }>(`SELECT d.status FROM push_deliveries d JOIN notifications n ON n.id = d.notification_id WHERE n.user_id = ?`, customer.id);
    const deliveries = await until('every push answered', async () => {
      const rows = await deliveriesOf();
      return rows.every((row) => row.status !== 'pending') && rows;
    });
    expect(deliveries).toEqual(newest.map(() => ({ status: 'sent' })));
    expect(attemptsOn(devices).map((attempt) => attempt.device).sort()).toEqual(newest.map((device) => device.id).sort());
  });

  it(`has at most ${concurrency} requests to push services open at once (PUSH_CONCURRENCY)`, async () => {
    serverKey = (await call(api, 'GET', '/api/notifications/push-key', admin)).body.publicKey;
    const customer = await createTestUser(api, 'user');
    const policy = await insertPolicy(api);
    const devices: StandInDevice[] = [];
    for (let i = 0; i < maxDevicesPerAccount; i++) {
      const device = await push.newDevice();
      expect((await save(customer, device)).status).toBe(200);
      devices.push(device);
    }
    const before = push.attempts.length;
    // The push service takes each request and does not answer: a sender without a bound would
    // have all five open at once; a bounded one opens the next only once one is given up (PUSH_TIMEOUT_MS).
    push.hold();
    try {
      push.resetPeak();
      await adminReject(api, admin, await apply(api, customer, policy.id));
      // No cron tick here: on the Worker the one pass after the write sends (several ticks are several passes).
      await until(`a request beyond the first ${concurrency}`, () => push.attempts.length - before > concurrency, false);
      expect(push.peakOpen).toBe(concurrency);
    } finally {
      push.release();
    }
    await until('every device reached once the service answers', () => devices.every((device) => receivedBy([device]).length === 1));
  });
});
