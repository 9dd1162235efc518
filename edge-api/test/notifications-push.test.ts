/**
 * Issue 28: Web Push end to end, against a local push service (support/push-service.ts) that
 * checks the VAPID token and decrypts each push with the device's keys. On Node the server's
 * own loop sends; on the Worker the pushes go after the write and the cron trigger retries
 * (the test fires the trigger while it waits, as Cloudflare would every minute).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateVapidKeys } from '../src/notifications/vapid.ts';
import { adminReject, apply, assign, call, insertPolicy } from './support/calls.ts';
import { pushTestEnv, startPushService, type PushServiceStandIn, type StandInDevice } from './support/push-service.ts';
import { runtime, startApi, type ApiTarget } from './support/target.ts';
import { createTestUser, type TestUser } from './support/users.ts';

describe(`web push on ${runtime}`, () => {
  let api: ApiTarget;
  let push: PushServiceStandIn;
  let serverKey: string | null = null;
  let admin: TestUser;
  let agent: TestUser;
  let policy: { id: string; title: string };

  beforeAll(async () => {
    push = await startPushService(() => serverKey);
    // Node makes its keys and keeps them in DATA_DIR; a Worker has them from its secrets.
    const keys = runtime === 'worker' ? await generateVapidKeys() : null;
    api = await startApi({ ...pushTestEnv, ...(keys ? { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey } : {}) });
    admin = await createTestUser(api, 'admin');
    agent = await createTestUser(api, 'agent');
    policy = await insertPolicy(api);
    serverKey = (await call(api, 'GET', '/api/notifications/push-key', admin)).body.publicKey;
    expect(serverKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
  });
  afterAll(async () => {
    await api?.stop();
    await push?.close();
  });

  /** Polls until `check` gives a value; on the Worker each poll is also a cron tick. */
  async function until<T>(what: string, check: () => T | undefined | null | false | Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await api.scheduled?.('* * * * *');
      const value = await check();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; attempts: ${JSON.stringify(push.attempts)}; problems: ${push.problems}`);
      await new Promise((tick) => setTimeout(tick, 50));
    }
  }

  async function subscribe(person: TestUser): Promise<StandInDevice> {
    const device = await push.newDevice();
    const res = await call(api, 'PUT', '/api/notifications/subscriptions', person, { ...device.subscription, expirationTime: null });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return device;
  }

  const receivedBy = (device: StandInDevice) => push.received.filter((push) => push.device === device.id);
  const attemptsOf = (device: StandInDevice) => push.attempts.filter((attempt) => attempt.device === device.id).map((attempt) => attempt.status);
  const health = async () => (await call(api, 'GET', '/api/admin/push-health', admin)).body;

  it('reaches every device of the person, and the new agent, even when the push service refuses the first two tries', async () => {
    const customer = await createTestUser(api, 'user', { name: 'Rahima Khatun' });
    const stranger = await createTestUser(api, 'user');
    const [phone, tablet] = [await subscribe(customer), await subscribe(customer)];
    const agentPhone = await subscribe(agent);
    const strangerPhone = await subscribe(stranger);
    const id = await apply(api, customer, policy.id);
    push.refuseNext(2);
    expect((await assign(api, admin, id, agent)).status).toBe(200);

    await until('both devices and the agent', () => receivedBy(phone).length && receivedBy(tablet).length && receivedBy(agentPhone).length);
    const [inboxItem] = (await call(api, 'GET', '/api/notifications', customer)).body.items;
    for (const device of [phone, tablet]) {
      expect(attemptsOf(device)).toEqual([503, 503, 201]);
      // Exactly what the phone shows; nothing personal beyond the policy's name.
      expect(receivedBy(device).map((push) => push.payload)).toEqual([
        { id: inboxItem.id, title: 'Application assigned', body: `Your application for ${policy.title} is now with an agent.`, link: `/dashboard/applications/${id}` },
      ]);
      expect(JSON.stringify(receivedBy(device))).not.toMatch(/Rahima|@test\.local|1990123456789|\+880/);
    }
    expect(receivedBy(agentPhone)[0]!.payload).toMatchObject({ title: 'New claim assigned', link: '/dashboard/agentPolicyClearance' });
    expect(attemptsOf(strangerPhone)).toEqual([]);
    expect(push.problems).toEqual([]);
    push.refuseNext(0);
    expect(await health()).toMatchObject({ sent: 3, failed: 0, retrying: 0, waiting: 0, removed: 0, pushConfigured: true });
  });

  it('removes a subscription the push service says is gone (410), and sends it nothing more', async () => {
    const customer = await createTestUser(api, 'user');
    const [kept, expired] = [await subscribe(customer), await subscribe(customer)];
    push.gone(expired.id);
    await adminReject(api, admin, await apply(api, customer, policy.id));
    await until('the expired subscription removed', async () => {
      const left = await api.sql<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions WHERE user_id = ?', customer.id);
      return left.length === 1 && receivedBy(kept).length === 1 && left;
    });
    expect(attemptsOf(expired)).toEqual([410]);
    expect((await health()).removed).toBe(1);

    await adminReject(api, admin, await apply(api, customer, policy.id));
    await until('the next push on the kept device', () => receivedBy(kept).length === 2);
    expect(attemptsOf(expired)).toEqual([410]);
  });

  it('sends nothing to a device after it signed out there or turned notifications off', async () => {
    const customer = await createTestUser(api, 'user');
    const [stays, leaves] = [await subscribe(customer), await subscribe(customer)];
    // Sign-out may have ended the session already: the device is known by its endpoint alone.
    expect((await call(api, 'DELETE', '/api/notifications/subscriptions', null, { endpoint: leaves.subscription.endpoint })).body).toEqual({ removed: true });
    await adminReject(api, admin, await apply(api, customer, policy.id));
    await until('the push on the device that stayed', () => receivedBy(stays).length === 1);
    expect(attemptsOf(leaves)).toEqual([]);
  });

  it('refuses a subscription that is not a push service address', async () => {
    const customer = await createTestUser(api, 'user');
    const device = await push.newDevice();
    const res = await call(api, 'PUT', '/api/notifications/subscriptions', customer, { ...device.subscription, endpoint: 'http://example.test/push/1' });
    expect(res.status).toBe(422);
  });

  it("speaks the account's language: Bangla once its owner chose it", async () => {
    const customer = await createTestUser(api, 'user');
    expect((await call(api, 'PUT', '/api/auth/language', customer, { language: 'bn' })).status).toBe(200);
    const phone = await subscribe(customer);
    await adminReject(api, admin, await apply(api, customer, policy.id));
    await until('the Bangla push', () => receivedBy(phone).length === 1);
    expect(receivedBy(phone)[0]!.payload).toMatchObject({ title: 'আবেদন প্রত্যাখ্যাত', body: `${policy.title}-এর জন্য আপনার আবেদন প্রত্যাখ্যাত হয়েছে।` });
  });
});
