/**
 * Applications are limited like the other writes (issue 24, decision 0068): at most 3 open
 * applications per person for one policy (409), at most 20 a day per person (429 with
 * Retry-After), online and through sync push; popularity counts applicants, not applications.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationBody, apply, call, count, insertPolicy, type Answer } from './support/calls.ts';
import { runtime, startApi, type ApiTarget } from './support/target.ts';
import { createTestUser, type TestUser } from './support/users.ts';

const applyCall = (api: ApiTarget, user: TestUser, policyId: string) => call(api, 'POST', '/api/applications', user, applicationBody(policyId));
const statuses = (answers: Answer[]) => answers.map((a) => a.status).sort();
const openOf = (api: ApiTarget, user: TestUser, policyId: string) =>
  count(api, "SELECT count(*) AS n FROM applications WHERE user_id = ? AND policy_id = ? AND status IN ('pending', 'assigned')", user.id, policyId);

describe(`limits on applications on ${runtime}`, { timeout: 120_000 }, () => {
  let api: ApiTarget;
  beforeAll(async () => {
    api = await startApi({ APPLICATIONS_OPEN_PER_POLICY: '3', RATE_LIMIT_APPLICATIONS: '20/86400' });
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('refuses the 4th open application for one policy with 409, even when they arrive together', async () => {
    const customer = await createTestUser(api);
    const policy = await insertPolicy(api);
    const answers = await Promise.all(Array.from({ length: 6 }, () => applyCall(api, customer, policy.id)));
    expect(statuses(answers)).toEqual([201, 201, 201, 409, 409, 409]);
    expect(answers.find((a) => a.status === 409)?.body).toMatchObject({
      error: 'conflict',
      message: 'You already have 3 open applications for this policy. Please wait for a decision, or delete a pending one, before applying for it again.',
    });
    expect(await openOf(api, customer, policy.id)).toBe(3);
    // A refused application leaves no audit row behind.
    expect(await count(api, "SELECT count(*) AS n FROM audit_log WHERE action = 'application.create' AND actor_id = ?", customer.id)).toBe(3);

    // Another policy, and another person, are not held up; a decided application no longer counts.
    expect((await applyCall(api, customer, (await insertPolicy(api)).id)).status).toBe(201);
    expect((await applyCall(api, await createTestUser(api), policy.id)).status).toBe(201);
    await api.sql("UPDATE applications SET status = 'rejected' WHERE id = (SELECT id FROM applications WHERE user_id = ? AND policy_id = ? LIMIT 1)", customer.id, policy.id);
    expect((await applyCall(api, customer, policy.id)).status).toBe(201);
  });

  it('refuses the 21st application of a day with 429 and Retry-After, and a queued one too', async () => {
    const customer = await createTestUser(api);
    const policies = await Promise.all(Array.from({ length: 7 }, () => insertPolicy(api)));
    for (let i = 0; i < 20; i++) await apply(api, customer, policies[i % 7]!.id);
    const past = await applyCall(api, customer, policies[6]!.id);
    expect(past.status).toBe(429);
    const seconds = Number(past.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(86_000);
    expect(past.body).toMatchObject({ error: 'too_many_requests', message: 'You have sent 20 applications in the last day, the most allowed. Please try again in 24 hours.' });

    // An application queued offline meets the same limit as a refusal with the reason.
    const pushed = await call(api, 'POST', '/api/sync/push', customer, {
      mutations: [{ mutationId: 'offline-21', type: 'application.create', payload: applicationBody(policies[6]!.id) }],
    });
    expect(pushed.body.results).toMatchObject([{ mutationId: 'offline-21', result: 'refused', status: 429, reason: past.body.message }]);
    expect(await count(api, 'SELECT count(*) AS n FROM applications WHERE user_id = ?', customer.id)).toBe(20);
  });

  it('refuses an open application past the limit through sync push with the reason', async () => {
    const customer = await createTestUser(api);
    const policy = await insertPolicy(api);
    const mutations = Array.from({ length: 4 }, (_, i) => ({ mutationId: `queued-${i}`, type: 'application.create', payload: applicationBody(policy.id) }));
    const pushed = await call(api, 'POST', '/api/sync/push', customer, { mutations });
    const results = pushed.body.results as { result: string; status: number; reason?: string }[];
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 409]);
    expect(results.find((r) => r.status === 409)?.reason).toMatch(/^You already have 3 open applications for this policy\./);
    // Sent again (the answer was lost), the refusal is replayed, not judged again.
    const again = await call(api, 'POST', '/api/sync/push', customer, { mutations });
    expect((again.body.results as { status: number }[]).map((r) => r.status).sort()).toEqual([201, 201, 201, 409]);
  });
});

describe(`popularity counts applicants on ${runtime}`, { timeout: 120_000 }, () => {
  let api: ApiTarget;
  beforeAll(async () => {
    // The test harness's limits (out of reach), so one person can make 25 applications.
    api = await startApi();
  });
  afterAll(async () => {
    await api?.stop();
  });

  const popularity = async (id: string) => (await call(api, 'GET', `/api/policies/${id}`)).body.popularity as number;
  const applicants = async (id: string) => count(api, 'SELECT application_count AS n FROM policy_stats WHERE policy_id = ?', id);

  it('gives a policy with 25 applications from one person one applicant’s worth of popularity', async () => {
    const flooded = await insertPolicy(api);
    const quiet = await insertPolicy(api);
    const customer = await createTestUser(api);
    const answers = await Promise.all(Array.from({ length: 25 }, () => applyCall(api, customer, flooded.id)));
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(await applicants(flooded.id)).toBe(1);
    // Both viewed once: the difference is one applicant (5), not 25 applications (125).
    expect((await popularity(flooded.id)) - (await popularity(quiet.id))).toBe(5);

    // A second person counts.
    await apply(api, await createTestUser(api), flooded.id);
    expect(await applicants(flooded.id)).toBe(2);
  });
});
