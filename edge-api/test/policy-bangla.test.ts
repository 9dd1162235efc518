/**
 * A policy's optional Bangla title, short details and description (issue 25): entered in
 * Add/Edit Policy, answered by every policy read (one policy, the list, the pull), null when not
 * given (Bangla pages then show the English), kept by an edit that does not mention them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/calls.ts';
import { policyBody } from './support/records.ts';
import { pullEverything } from './support/sync-pulls.ts';
import { runtime, startApi, type ApiTarget } from './support/target.ts';
import { createTestUser, type TestUser } from './support/users.ts';

let api: ApiTarget;
let admin: TestUser;

beforeAll(async () => {
  api = await startApi();
  admin = await createTestUser(api, 'admin');
});
afterAll(async () => {
  await api?.stop();
});


const bangla = {
  titleBn: 'সোনালি বছরের সুরক্ষা',
  shortDetailsBn: '৫০ থেকে ৭৫ বছর বয়সীদের জন্য',
  descriptionBn: 'পঞ্চাশোর্ধ্বদের জন্য জীবন বিমা, নিশ্চিত অর্থ প্রদানসহ।',
};

describe(`a policy's Bangla texts on ${runtime}`, () => {
  it('are taken on creation and answered by every policy read', async () => {
    const created = await call(api, 'POST', '/api/policies', admin, policyBody(bangla));
    expect(created.status).toBe(201);
    expect(created.body.policy).toMatchObject(bangla);
    const id = created.body.insertedId as string;
    expect((await call(api, 'GET', `/api/policies/${id}`, null)).body).toMatchObject(bangla);
    const list = (await call(api, 'GET', '/api/policies', null)).body as { id: string }[];
    expect(list.find((policy) => policy.id === id)).toMatchObject(bangla);
    const pulled = await pullEverything(api, null);
    expect(pulled.changes.policies.upserts.find((policy: { id: string }) => policy.id === id)).toMatchObject(bangla);
  });

  it('are null when not given, and may be added, kept and cleared by edits', async () => {
    const created = await call(api, 'POST', '/api/policies', admin, policyBody({ title: 'Plain Cover' }));
    expect(created.body.policy).toMatchObject({ titleBn: null, shortDetailsBn: null, descriptionBn: null });
    const id = created.body.insertedId as string;
    const added = await call(api, 'PATCH', `/api/policies/${id}`, admin, { titleBn: 'সাধারণ সুরক্ষা' });
    expect(added.status).toBe(200);
    expect(added.body.policy).toMatchObject({ titleBn: 'সাধারণ সুরক্ষা', shortDetailsBn: null });
    // An edit of other fields keeps them.
    const kept = await call(api, 'PATCH', `/api/policies/${id}`, admin, { title: 'Plain Cover Plus' });
    expect(kept.body.policy).toMatchObject({ title: 'Plain Cover Plus', titleBn: 'সাধারণ সুরক্ষা' });
    // A blank Bangla title is none.
    const cleared = await call(api, 'PATCH', `/api/policies/${id}`, admin, { titleBn: '  ' });
    expect(cleared.body.policy.titleBn).toBeNull();
  });

  it('refuse a Bangla text that is too long', async () => {
    const res = await call(api, 'POST', '/api/policies', admin, policyBody({ titleBn: 'ক'.repeat(201) }));
    expect(res.status).toBe(400);
    expect(res.body.fields.titleBn).toBe('Bangla title is too long (at most 200 characters)');
  });
});

describe(`the questions in Bangla on ${runtime}`, () => {
  it('come with every question, read and pulled', async () => {
    const faqs = (await call(api, 'GET', '/api/faqs', null)).body as { id: string; question_bn: string | null; answer_bn: string | null }[];
    expect(faqs).toHaveLength(5);
    for (const faq of faqs) {
      expect(faq.question_bn, faq.id).toMatch(/[\u0980-\u09ff]/);
      expect(faq.answer_bn, faq.id).toMatch(/[\u0980-\u09ff]/);
    }
    const pulled = await pullEverything(api, null);
    expect(pulled.changes.faqs.upserts.find((faq: { id: string }) => faq.id === 'faq-claim')).toMatchObject({ question_bn: 'কীভাবে ক্লেইম করব?' });
  });
});
