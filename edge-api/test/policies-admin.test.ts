import { beforeAll, describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { apply, call } from './support/calls.ts';
import { policyBody as newPolicy } from './support/records.ts';
import { runtime } from './support/target.ts';

const { api, admin, agent, customer } = useApi({ admin: 'admin', agent: 'agent', customer: 'user' });

const uploaded = '/api/images/0b7c1f5e-2d3a-4b5c-8d9e-0f1a2b3c4d5e.webp';
/** An admin's new policy, with a picture uploaded earlier. */
const policyBody = (overrides: Record<string, unknown> = {}) => newPolicy({ image: uploaded, ...overrides });

describe(`creating policies on ${runtime}`, () => {
  it('lets an admin create a policy; the server sets tracking id, date and creator', async () => {
    const before = Date.now();
    const res = await call(api, 'POST', '/api/policies', admin, { ...policyBody(), creatorEmail: 'someone@else.test', trackingId: 'TID-1', popularity: 999 });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    const policy = res.body.policy;
    expect(policy).toMatchObject({
      id: res.body.insertedId,
      ...policyBody(),
      creatorEmail: admin.email,
      popularity: 0,
    });
    const tracking = /^TID-(\d{13})(\d{1,3})$/.exec(policy.trackingId);
    expect(tracking).not.toBeNull();
    expect(Number(tracking?.[1])).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(policy.creationDate)).toBeGreaterThanOrEqual(before - 1000);
    // It is in the public catalogue at once.
    const listed = await call(api, 'GET', `/api/policies/${policy.id}`, null);
    expect(listed.body).toMatchObject({ id: policy.id, title: 'Golden Years Cover' });
  });

  it('accepts an http(s) image URL, and refuses anything else as the image', async () => {
    expect((await call(api, 'POST', '/api/policies', admin, policyBody({ image: 'https://cdn.example.test/p.jpg' }))).status).toBe(201);
    for (const image of ['javascript:alert(1)', '/api/images/../secret', '/etc/passwd', 'data:image/png;base64,AAAA', 'ftp://x.test/a.png']) {
      const res = await call(api, 'POST', '/api/policies', admin, policyBody({ image }));
      expect(res.status, image).toBe(400);
      expect(res.body.fields.image).toBe('Image must be an uploaded image (/api/images/...) or an http(s) URL');
    }
  });

  it('requires every field of the form, with the spec’s choices, and min age ≤ max age', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: ' ' }, 'title', 'Title is required'],
      [{ category: 'Car' }, 'category', 'Category must be one of: Term Life, Senior, Child'],
      [{ description: undefined }, 'description', 'Description is required'],
      [{ shortDetails: '' }, 'shortDetails', 'Short details is required'],
      [{ minAge: undefined }, 'minAge', 'Minimum age is required'],
      [{ maxAge: 'old' }, 'maxAge', 'Maximum age is required'],
      [{ coverageRange: undefined }, 'coverageRange', 'Coverage range is required'],
      [{ duration: 4 }, 'duration', 'Duration must be one of 3, 5, 7, 10 years'],
      [{ basePremium: 123 }, 'basePremium', 'Base premium must be one of ৳1,00,000, ৳5,00,000, ৳10,00,000'],
      [{ image: undefined }, 'image', 'Image is required'],
      [{ minAge: 60, maxAge: 40 }, 'maxAge', 'Maximum age must be at least the minimum age'],
    ];
    for (const [change, field, message] of cases) {
      const res = await call(api, 'POST', '/api/policies', admin, policyBody(change));
      expect(res.status, field).toBe(400);
      expect(res.body.fields[field], field).toBe(message);
    }
    // Numbers typed into a form arrive as strings; they are accepted.
    const fromForm = await call(api, 'POST', '/api/policies', admin, policyBody({ minAge: '18', maxAge: '60', duration: '5', basePremium: '10000000', coverageRange: '50000000' }));
    expect(fromForm.status).toBe(201);
    expect(fromForm.body.policy).toMatchObject({ minAge: 18, maxAge: 60, duration: 5, basePremium: 10_000_000, coverageRange: 50_000_000 });
  });

  it('is for admins only: 401 for visitors, 403 for users and agents', async () => {
    expect((await call(api, 'POST', '/api/policies', null, policyBody())).status).toBe(401);
    expect((await call(api, 'POST', '/api/policies', customer, policyBody())).status).toBe(403);
    expect((await call(api, 'POST', '/api/policies', agent, policyBody())).status).toBe(403);
  });

  it('creates once per Idempotency-Key', async () => {
    const headers = { 'Idempotency-Key': 'policy-create-1' };
    const first = await call(api, 'POST', '/api/policies', admin, policyBody({ title: 'Once Only' }), headers);
    const again = await call(api, 'POST', '/api/policies', admin, policyBody({ title: 'Once Only' }), headers);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const rows = await api.sql(`SELECT id FROM policies WHERE title = 'Once Only'`);
    expect(rows).toHaveLength(1);
  });
});

describe(`editing and deleting policies on ${runtime}`, () => {
  let id: string;
  beforeAll(async () => {
    id = (await call(api, 'POST', '/api/policies', admin, policyBody({ title: 'Editable' }))).body.insertedId;
  });

  it('edits some fields, keeps the rest, and bumps the sync version', async () => {
    const before = (await call(api, 'GET', `/api/policies/${id}`, null)).body;
    const res = await call(api, 'PATCH', `/api/policies/${id}`, admin, { title: 'Edited', maxAge: 80 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Policy updated', policy: { id, title: 'Edited', maxAge: 80, minAge: 50, category: 'Senior' } });
    expect(res.body.policy.version).toBeGreaterThan(before.version);
    expect(res.body.policy.trackingId).toBe(before.trackingId);
    const audit = await api.sql(`SELECT action, actor_email FROM audit_log WHERE entity_id = ? AND action = 'policy.update'`, id);
    expect(audit).toEqual([{ action: 'policy.update', actor_email: admin.email }]);
  });

  it('checks an edit against the values it leaves unchanged', async () => {
    const res = await call(api, 'PATCH', `/api/policies/${id}`, admin, { minAge: 90 });
    expect(res.status).toBe(400);
    expect(res.body.message, JSON.stringify(res.body)).toBe('Maximum age must be at least the minimum age');
    expect((await call(api, 'PATCH', `/api/policies/${id}`, admin, { duration: 6 })).status).toBe(400);
    expect((await call(api, 'PATCH', `/api/policies/${id}`, admin, {})).status).toBe(400);
    expect((await call(api, 'PATCH', '/api/policies/missing', admin, { title: 'X' })).status).toBe(404);
    expect((await call(api, 'PATCH', `/api/policies/${id}`, agent, { title: 'X' })).status).toBe(403);
  });

  it('deletes a policy (admins only); applications keep the policy name they were made for', async () => {
    // The policy is for ages 50-80 by now: a 60-year-old applicant.
    const applicationId = await apply(api, customer, id, { dateOfBirth: `${new Date().getUTCFullYear() - 60}-01-01` });
    expect((await call(api, 'DELETE', `/api/policies/${id}`, customer)).status).toBe(403);
    const res = await call(api, 'DELETE', `/api/policies/${id}`, admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });
    expect((await call(api, 'GET', `/api/policies/${id}`, null)).status).toBe(404);
    expect((await call(api, 'DELETE', `/api/policies/${id}`, admin)).status).toBe(404);
    const application = await call(api, 'GET', `/api/applications/${applicationId}`, customer);
    expect(application.body).toMatchObject({ policyId: null, policyName: 'Edited', category: 'Senior' });
    const audit = await api.sql(`SELECT from_value FROM audit_log WHERE entity_id = ? AND action = 'policy.delete'`, id);
    expect(audit).toEqual([{ from_value: 'Edited' }]);
  });
});
