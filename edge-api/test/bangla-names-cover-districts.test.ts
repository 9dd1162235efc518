/**
 * Issue 48 through the API: a policy's Bangla title travels with everything that names it (the
 * application, its receipt, certificate and public verification, the payment, its claims and
 * every inbox item and push about them); the cover quoted is the cover applied for (within the
 * policy's, the premium worked out by the server); districts are one of the 64, whichever
 * spelling was sent, and the admin's suggested agents put those of the claim's district first;
 * a refused claim step or filing says why in its details (the missing papers, the open claim).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { estimatePremium, wholePoisha } from '../src/schemas/premium.ts';
import { ageOn } from '../src/schemas/age-range.ts';
import { pushPayload } from '../src/notifications/texts.ts';
import { useApi } from './support/app.ts';
import { applicationBody, assign, call, decide, type Json } from './support/calls.ts';
import { uploadClaimDocument } from './support/documents.ts';
import { jpegImage } from './support/images.ts';
import { post, type IntentAnswer } from './support/payment-fixtures.ts';
import { insertPolicy } from './support/records.ts';
import { pullEverything } from './support/sync-pulls.ts';
import { runtime } from './support/target.ts';

/** Today in Dhaka: a claim's event may be no later, and no earlier than the policy's start (issue 47). */
const dhakaToday = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Dhaka' });

const { api, admin, agent, dhakaAgent, customer, nominee } = useApi({
  admin: 'admin',
  agent: { role: 'agent', email: 'sylhet.agent@example.test', name: 'Arif Hasan' },
  // By name the Dhaka agent comes last: only the district puts them first.
  dhakaAgent: { role: 'agent', email: 'dhaka.agent@example.test', name: 'Zubair Rahman' },
  customer: { role: 'user', name: 'Rahim Uddin' },
  nominee: 'user',
});

const lakh = 100_000 * 100;
const titleBn = 'সুরক্ষা টার্ম শিল্ড';
let policyId = '';

beforeAll(async () => {
  const policy = await insertPolicy(api, { title: 'Shurokkha Term Shield', title_bn: titleBn, coverage_range: 50 * lakh, duration: 10 });
  policyId = policy.id;
});

async function payInDemo(applicationId: string) {
  const intent = (await (await post(api, '/api/create-payment-intent', { applicationId }, customer)).json()) as IntentAnswer & { policyName: string; policyNameBn: string | null };
  expect(intent).toMatchObject({ policyName: 'Shurokkha Term Shield', policyNameBn: titleBn });
  expect((await post(api, '/api/payments/demo/confirm', { paymentIntentId: intent.paymentIntentId, cardNumber: '4242 4242 4242 4242' }, customer)).status).toBe(200);
  expect((await post(api, '/api/payments/save', { applicationId, transactionId: intent.paymentIntentId }, customer)).status).toBe(201);
}

const inbox = async (user: typeof customer) => (await call(api, 'GET', '/api/notifications?limit=100', user)).body.items as Json[];

describe(`the quoted cover and the policy's Bangla title on ${runtime}`, () => {
  it("refuses a cover above the policy's, and records the quoted cover with the server's own premium", async () => {
    const over = await call(api, 'POST', '/api/applications', customer, applicationBody(policyId, { quote: { coverage: 51 * lakh, gender: 'Male', smoker: 'No' } }));
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ fields: { coverage: "The cover cannot be more than this policy's coverage" }, details: { maxCoveragePoisha: 50 * lakh } });

    // ৳5 lakh quoted; the device's figure (any) is not what is recorded.
    const quote = { coverage: 5 * lakh, gender: 'Male', smoker: 'Yes' };
    const made = await call(api, 'POST', '/api/applications', customer, applicationBody(policyId, { quote, estimatedPremium: 1 }));
    expect(made.status).toBe(201);
    const age = ageOn('1990-01-15', new Date());
    const premium = wholePoisha(estimatePremium({ age, coverage: 5 * lakh, duration: 10, gender: 'Male', smoker: 'Yes' }).monthly);
    expect(made.body.application).toMatchObject({ coveragePoisha: 5 * lakh, estimatedPremium: premium, policyName: 'Shurokkha Term Shield', policyNameBn: titleBn });

    // An older app's application (no quote) keeps its own figure and the policy's cover.
    const older = await call(api, 'POST', '/api/applications', customer, applicationBody(policyId, { estimatedPremium: 4321 }));
    expect(older.body.application).toMatchObject({ coveragePoisha: null, estimatedPremium: 4321, policyNameBn: titleBn });
  });

  it('names the policy in Bangla on the receipt, the certificate (with the quoted cover), the verification, the claims and every inbox item', async () => {
    const id = (await call(api, 'POST', '/api/applications', customer, applicationBody(policyId, { quote: { coverage: 5 * lakh, gender: 'Female', smoker: 'No' } }))).body.insertedId as string;
    expect((await assign(api, admin, id, agent)).status).toBe(200);
    await payInDemo(id);
    expect((await decide(api, agent, id, 'approved')).status).toBe(200);

    expect((await call(api, 'GET', `/api/receipts/${id}`, customer)).body).toMatchObject({ policyName: 'Shurokkha Term Shield', policyNameBn: titleBn });
    const certificate = await call(api, 'GET', `/api/certificates/${id}`, customer);
    expect(certificate.body).toMatchObject({ policyNameBn: titleBn, coverageMinor: 5 * lakh, termYears: 10 });
    expect((await call(api, 'GET', `/api/verify/${certificate.body.verifyCode}`)).body).toMatchObject({ policyName: 'Shurokkha Term Shield', policyNameBn: titleBn });
    // The owner's offline copy carries both names and the cover.
    const pulled = (await pullEverything(api, customer)).changes.applications.upserts.find((a: Json) => a.id === id);
    expect(pulled).toMatchObject({ policyNameBn: titleBn, coveragePoisha: 5 * lakh, papers: { receipt: { policyNameBn: titleBn }, certificate: { policyNameBn: titleBn } } });

    // Every inbox item about it, the customer's and the agent's, carries the Bangla title.
    const customersItems = (await inbox(customer)).filter((item) => item.entityId === id);
    expect(customersItems.map((item) => item.event).sort()).toEqual(['application.approved', 'application.assigned', 'payment.confirmed']);
    for (const item of customersItems) expect(item).toMatchObject({ policyName: 'Shurokkha Term Shield', policyNameBn: titleBn });
    const agentsItem = (await inbox(agent)).find((item) => item.entityId === id && item.event === 'claim.assigned');
    expect(agentsItem).toMatchObject({ policyNameBn: titleBn });

    // A claim on it: covered for the quoted ৳5 lakh, named in Bangla, and so are its inbox items.
    const claimId = crypto.randomUUID();
    const filed = await call(api, 'POST', '/api/claims', customer, {
      id: claimId,
      claimNumber: 'CLM-BN48-0001',
      policyNumber: certificate.body.policyNumber,
      insuredNid: '1990123456789',
      relation: 'policyholder',
      kind: 'hospitalisation',
      eventDate: dhakaToday(),
      description: 'Three nights in hospital.',
      district: 'ঢাকা',
      payoutMethod: 'bkash',
      payoutAccount: '01712345678',
    });
    expect(filed.status).toBe(201);
    expect(filed.body.claim).toMatchObject({ policyNameBn: titleBn, coveragePoisha: 5 * lakh, district: 'Dhaka' });
    const claimItem = (await inbox(customer)).find((item) => item.entityId === claimId && item.event === 'insurance-claim.filed');
    expect(claimItem).toMatchObject({ policyNameBn: titleBn });
    const adminItem = (await inbox(admin)).find((item) => item.entityId === claimId && item.event === 'insurance-claim.new');
    expect(adminItem).toMatchObject({ policyNameBn: titleBn });
  });

  it('words a Bangla push with the Bangla title, an English one with the English', () => {
    const notification = { id: 'n-1', event: 'application.approved' as const, policy_name: 'Shurokkha Term Shield', policy_name_bn: titleBn, link: '/dashboard' };
    // The genitive joined to the Bangla title (schemas/bangla-suffixes.ts).
    expect(pushPayload(notification, 'bn').body).toBe('সুরক্ষা টার্ম শিল্ডের জন্য আপনার আবেদন অনুমোদিত হয়েছে।');
    expect(pushPayload(notification, 'en').body).toBe('Your application for Shurokkha Term Shield was approved.');
    expect(pushPayload({ ...notification, policy_name_bn: null }, 'bn').body).toContain('Shurokkha Term Shield');
    // An application given to an agent is an application (আবেদন), not a claim (দাবি).
    expect(pushPayload({ ...notification, event: 'claim.assigned' }, 'bn')).toMatchObject({ title: 'নতুন আবেদন', body: expect.stringContaining('আবেদন') });
  });
});

describe(`districts and claim refusals on ${runtime}`, () => {
  let policyNumber = '';

  beforeAll(async () => {
    // Two approved agents, of Sylhet and of Dhaka.
    const now = new Date().toISOString();
    for (const [who, district] of [[agent, 'Sylhet'], [dhakaAgent, 'Dhaka']] as const) {
      await api.sql(
        `INSERT INTO agent_requests (id, user_id, name, email, phone, nid, district, status, created_at, updated_at)
         VALUES (?, ?, ?, ?, '01700000000', '123456', ?, 'approved', ?, ?)`,
        `request-${who.id}`, who.id, who.name, who.email, district, now, now,
      );
    }
    const id = (await call(api, 'POST', '/api/applications', customer, applicationBody(policyId, { quote: { coverage: 10 * lakh, gender: 'Male', smoker: 'No' } }))).body.insertedId as string;
    expect((await assign(api, admin, id, agent)).status).toBe(200);
    await payInDemo(id);
    expect((await decide(api, agent, id, 'approved')).status).toBe(200);
    policyNumber = (await call(api, 'GET', `/api/certificates/${id}`, customer)).body.policyNumber;
  });

  const claim = (overrides: Record<string, unknown>) => ({
    id: crypto.randomUUID(),
    claimNumber: `CLM-DS48-${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
    policyNumber,
    insuredNid: '1990123456789',
    relation: 'nominee',
    // The nominee's NID that applicationBody gives (support/calls.ts): a nominee's claim is checked against it (issue 47).
    claimantNid: '1985123456789',
    kind: 'death',
    eventDate: dhakaToday(),
    description: 'Passed away at home.',
    district: 'ঢাকা',
    payoutMethod: 'bkash',
    payoutAccount: '01712345678',
    ...overrides,
  });

  it('stores a district by its English name whichever spelling was sent, and refuses one that is none of the 64', async () => {
    const asked = await call(api, 'POST', '/api/agents', nominee, { name: 'Nasrin Sultana', phone: '+8801711000000', nid: '1990123456789', district: 'Chittagong district' });
    expect(asked.status).toBe(201);
    expect(asked.body.request.district).toBe('Chattogram');
    const refused = await call(api, 'POST', '/api/claims', nominee, claim({ district: 'Gotham' }));
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ district: 'Please choose a district from the list' });
    const agentRefused = await call(api, 'POST', '/api/agents', customer, { name: 'N', phone: '+8801711000000', nid: '1990123456789', district: 'Gotham' });
    expect(agentRefused.body.fields).toEqual({ district: 'Please choose a district from the list' });
  });

  it("suggests the Dhaka agent first for a claim whose district was chosen in Bangla; a second claim of a kind says which; an approval names the missing papers", async () => {
    const death = claim({});
    const filed = await call(api, 'POST', '/api/claims', nominee, death);
    expect(filed.status).toBe(201);
    expect(filed.body.claim.district).toBe('Dhaka');
    const seen = await call(api, 'GET', `/api/claims/${death.id}`, admin);
    expect(seen.body.suggestedAgents[0]).toMatchObject({ email: dhakaAgent.email, district: 'Dhaka' });

    // A second open death claim on the policy: refused, with the reason, the kind and the open claim's number.
    const second = await call(api, 'POST', '/api/claims', nominee, claim({}));
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: 'conflict', details: { reason: 'open-claim', kind: 'death', claimNumber: death.claimNumber } });

    // The assigned agent approves before the papers are there: refused, naming them.
    expect((await call(api, 'PATCH', `/api/claims/${death.id}/assign`, admin, { agentEmail: dhakaAgent.email })).status).toBe(200);
    const sent = await uploadClaimDocument(api, nominee, death.id, { kind: 'other', writeId: 'ds48-file', fileKey: 'death-certificate', paper: 'death-certificate' }, jpegImage(120, 90));
    expect(sent.status).toBe(204);
    const early = await call(api, 'POST', `/api/claims/${death.id}/review`, dhakaAgent, { step: 'approve', amountPoisha: 100 });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ error: 'conflict', details: { missingPapers: ['insured-nid', 'claimant-nid'], claimNumber: death.claimNumber } });
    // The same through the outbox: the refusal's body carries the details to the device.
    const queued = await call(api, 'POST', '/api/sync/push', dhakaAgent, { mutations: [{ mutationId: crypto.randomUUID(), type: 'claim.review', payload: { id: death.id, step: 'approve', amountPoisha: 100 } }] });
    expect(queued.body.results[0]).toMatchObject({ result: 'refused', status: 409, body: { details: { missingPapers: ['insured-nid', 'claimant-nid'] } } });

    // What the offer on the screen does: ask for them (the send-back step).
    const asked = await call(api, 'POST', `/api/claims/${death.id}/review`, dhakaAgent, { step: 'send_back', missing: "Please add a photo of: Insured person's NID, Claimant's NID." });
    expect(asked.status).toBe(200);
    expect(asked.body.claim).toMatchObject({ status: 'more_documents' });
    // A step on a claim in another state says which state.
    const late = await call(api, 'POST', `/api/claims/${death.id}/review`, dhakaAgent, { step: 'approve', amountPoisha: 100 });
    expect(late.body).toMatchObject({ error: 'conflict', details: { status: 'more_documents', claimNumber: death.claimNumber } });
  });
});
