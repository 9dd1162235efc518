/**
 * Eligibility (issue 29): the application carries the applicant's date of birth, the server
 * refuses an applicant outside the policy's age range (online and through sync push alike), a
 * rejection keeps its reason for the customer, and a withdrawn policy leaves the catalogue while
 * its applications keep it.
 */
import { describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { adminReject, applicationBody, apply, assign, call } from './support/calls.ts';
import { insertPolicy } from './support/records.ts';
import { runtime } from './support/target.ts';

const { api, admin, agent, customer } = useApi({ admin: 'admin', agent: 'agent', customer: 'user' });

/** A date of birth of someone who turns `age` this year and had the birthday in January. */
const bornYearsAgo = (age: number) => `${new Date().getUTCFullYear() - age}-01-01`;

describe(`the applicant's age on ${runtime}`, () => {
  it('refuses an applicant of 70 for an 18-55 policy with a clear message, and takes one of 40', async () => {
    const policy = await insertPolicy(api, { min_age: 18, max_age: 55 });
    const old = await call(api, 'POST', '/api/applications', customer, applicationBody(policy.id, { dateOfBirth: bornYearsAgo(70) }));
    expect(old.status).toBe(422);
    expect(old.body.message).toBe('This policy is for ages 18 to 55; the applicant is 70.');
    expect(old.body.fields).toEqual({ dateOfBirth: 'This policy is for ages 18 to 55; the applicant is 70.' });
    expect(old.body.details).toMatchObject({ age: 70, minAge: 18, maxAge: 55, verdict: 'tooOld' });

    const young = await call(api, 'POST', '/api/applications', customer, applicationBody(policy.id, { dateOfBirth: bornYearsAgo(17) }));
    expect(young.status).toBe(422);
    expect(young.body.details).toMatchObject({ age: 17, verdict: 'tooYoung' });

    const ok = await call(api, 'POST', '/api/applications', customer, applicationBody(policy.id, { dateOfBirth: bornYearsAgo(40) }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.application.dateOfBirth).toBe(bornYearsAgo(40));
    // Both ends of the range are in it.
    for (const age of [18, 55]) {
      expect((await call(api, 'POST', '/api/applications', customer, applicationBody(policy.id, { dateOfBirth: bornYearsAgo(age) }))).status, String(age)).toBe(201);
    }
    const stored = await api.sql('SELECT count(*) AS n FROM applications WHERE policy_id = ?', policy.id);
    expect(Number(stored[0]?.n)).toBe(3);
  });

  it('needs a real date of birth', async () => {
    const policy = await insertPolicy(api);
    const cases: [unknown, number, string][] = [
      [undefined, 400, 'Date of birth is required'],
      ['', 400, 'Date of birth is required'],
      ['2001-02-30', 400, 'Please enter a real date of birth (year-month-day)'],
      ['12/05/1990', 400, 'Please enter a real date of birth (year-month-day)'],
      [`${new Date().getUTCFullYear() + 1}-01-01`, 422, 'Date of birth cannot be in the future'],
    ];
    for (const [dateOfBirth, status, message] of cases) {
      const res = await call(api, 'POST', '/api/applications', customer, applicationBody(policy.id, { dateOfBirth }));
      expect(res.status, String(dateOfBirth)).toBe(status);
      expect(res.body.fields?.dateOfBirth, String(dateOfBirth)).toBe(message);
    }
    // Bengali digits are the same date.
    const bangla = await call(api, 'POST', '/api/applications', customer, applicationBody(policy.id, { dateOfBirth: '১৯৯০-০৪-১২' }));
    expect(bangla.status).toBe(201);
    expect(bangla.body.application.dateOfBirth).toBe('1990-04-12');
  });

  it('refuses a queued application outside the range as the online one', async () => {
    const policy = await insertPolicy(api, { min_age: 18, max_age: 55 });
    const res = await call(api, 'POST', '/api/sync/push', customer, {
      mutations: [{ mutationId: crypto.randomUUID(), type: 'application.create', payload: applicationBody(policy.id, { dateOfBirth: bornYearsAgo(70) }) }],
    });
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({ result: 'refused', status: 422 });
    expect(JSON.stringify(res.body.results[0])).toContain('This policy is for ages 18 to 55; the applicant is 70.');
  });
});

describe(`a rejection's reason on ${runtime}`, () => {
  it('is kept with the application and shown to its owner', async () => {
    const policy = await insertPolicy(api);
    const id = await apply(api, customer, policy.id);
    expect((await assign(api, admin, id, agent)).status).toBe(200);
    const bad = await call(api, 'PATCH', `/api/applications/${id}/status`, agent, { status: 'rejected', reason: 'mood' });
    expect(bad.status).toBe(400);
    const res = await call(api, 'PATCH', `/api/applications/${id}/status`, agent, { status: 'rejected', reason: 'health', note: '  Heart disease declared  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const seen = await call(api, 'GET', `/api/applications/${id}`, customer);
    expect(seen.body).toMatchObject({ status: 'rejected', rejectionReason: 'health', rejectionNote: 'Heart disease declared' });
    const audit = await api.sql(`SELECT to_value FROM audit_log WHERE entity_id = ? AND action = 'application.reject'`, id);
    expect(audit).toEqual([{ to_value: 'rejected (health)' }]);
  });

  it("is taken from the admin's reject the same way, which still works without a body", async () => {
    const policy = await insertPolicy(api);
    const id = await apply(api, customer, policy.id);
    const bad = await call(api, 'PATCH', `/api/applications/reject/${id}`, admin, { reason: 'mood' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('reason');
    const res = await call(api, 'PATCH', `/api/applications/reject/${id}`, admin, { reason: 'documents', note: '  The NID photo is unreadable  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const seen = await call(api, 'GET', `/api/applications/${id}`, customer);
    expect(seen.body).toMatchObject({ status: 'rejected', rejectionReason: 'documents', rejectionNote: 'The NID photo is unreadable' });
    const audit = await api.sql(`SELECT to_value FROM audit_log WHERE entity_id = ? AND action = 'application.reject'`, id);
    expect(audit).toEqual([{ to_value: 'rejected (documents)' }]);

    // The spec's call has no body: the application is rejected with no reason recorded.
    const other = await apply(api, customer, policy.id);
    const bare = await adminReject(api, admin, other);
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);
    const plain = await call(api, 'GET', `/api/applications/${other}`, customer);
    expect(plain.body).toMatchObject({ status: 'rejected', rejectionReason: null, rejectionNote: null });
  });

  it("is carried by the admin's queued reject through sync push", async () => {
    const policy = await insertPolicy(api);
    const id = await apply(api, customer, policy.id);
    const res = await call(api, 'POST', '/api/sync/push', admin, {
      mutations: [{ mutationId: crypto.randomUUID(), type: 'application.reject', payload: { id, reason: 'mismatch' } }],
    });
    expect(res.status).toBe(200);
    expect(res.body.results[0], JSON.stringify(res.body)).toMatchObject({ status: 200 });
    const seen = await call(api, 'GET', `/api/applications/${id}`, customer);
    expect(seen.body).toMatchObject({ status: 'rejected', rejectionReason: 'mismatch' });
  });
});

describe(`withdrawing a policy on ${runtime}`, () => {
  it('takes it out of the catalogue; its applications keep it; new ones are refused; it can be offered again', async () => {
    const policy = await insertPolicy(api, { title: 'Withdrawn Shield' });
    const applicationId = await apply(api, customer, policy.id);
    expect((await call(api, 'PATCH', `/api/policies/${policy.id}`, customer, { withdrawn: true })).status).toBe(403);
    const res = await call(api, 'PATCH', `/api/policies/${policy.id}`, admin, { withdrawn: true });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Policy withdrawn');
    expect(res.body.policy.withdrawnAt).toEqual(expect.any(String));

    const catalogue = await call(api, 'GET', '/api/policies', null);
    expect(catalogue.body.map((p: { id: string }) => p.id)).not.toContain(policy.id);
    const popular = await call(api, 'GET', '/api/policies/6', null);
    expect(popular.body.map((p: { id: string }) => p.id)).not.toContain(policy.id);
    // Its own page still answers (an application links to it), saying it is withdrawn.
    const page = await call(api, 'GET', `/api/policies/${policy.id}`, null);
    expect(page.body).toMatchObject({ id: policy.id, title: 'Withdrawn Shield', withdrawnAt: expect.any(String) });
    const application = await call(api, 'GET', `/api/applications/${applicationId}`, customer);
    expect(application.body).toMatchObject({ policyId: policy.id, policyName: 'Withdrawn Shield' });
    // A device's copy loses it as it would a deleted one.
    const pulled = await call(api, 'GET', '/api/sync?since=0', customer);
    expect(pulled.body.changes.policies.upserts.map((p: { id: string }) => p.id)).not.toContain(policy.id);

    const again = await call(api, 'POST', '/api/applications', customer, applicationBody(policy.id));
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('This policy is not offered any more');

    const audit = await api.sql(`SELECT action, actor_email FROM audit_log WHERE entity_id = ? AND action LIKE 'policy.%'`, policy.id);
    expect(audit).toEqual([{ action: 'policy.withdraw', actor_email: admin.email }]);

    const back = await call(api, 'PATCH', `/api/policies/${policy.id}`, admin, { withdrawn: false, title: 'Shield Again' });
    expect(back.status).toBe(200);
    expect(back.body.policy).toMatchObject({ withdrawnAt: null, title: 'Shield Again' });
    const listed = await call(api, 'GET', '/api/policies', null);
    expect(listed.body.map((p: { id: string }) => p.id)).toContain(policy.id);
  });
});
