/**
 * Issue 47, section 3, as an attacker tried it: a stranger who knows a policy's number (printed
 * on the certificate, returned by the public verify answer) and the insured's NID filed a death
 * claim "as the nominee", and its open claim blocked the family's. Now a claim as the nominee
 * needs the nominee's own NID; a policy sold with none takes the claim as unverified (shown so,
 * told to the holder, blocking no one); impossible claim dates are refused; and an application's
 * NID and phone follow the profile's rules. Each finding is a test here, on both runtimes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pushPayload } from '../src/notifications/texts.ts';
import { claimInput, dhakaToday } from '../src/schemas/claim.ts';
import { useApi } from './support/app.ts';
import { applicationBody, call, count, type Json } from './support/calls.ts';
import { uploadClaimDocument } from './support/documents.ts';
import { jpegImage } from './support/images.ts';
import { insertApplication, insertPolicy } from './support/records.ts';
import { runtime } from './support/target.ts';

const { api, admin, agent, holder, nominee, stranger, other } = useApi({
  admin: 'admin',
  agent: { role: 'agent', email: 'nominee.check.agent@example.test' },
  holder: 'user',
  nominee: 'user',
  stranger: 'user',
  other: 'user',
});

const insuredNid = '1990123456789';
const nomineeNid = '1985123456789';
let policyId = '';
let n = 0;

/** A filing body: the stranger's by default, who has the policy number and the insured's NID. */
function claimBody(policyNumber: string, overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    id: crypto.randomUUID(),
    claimNumber: `CLM-NMNE-${String(n).padStart(4, '0')}`,
    policyNumber,
    insuredNid,
    relation: 'nominee',
    claimantNid: '1999888777666',
    kind: 'death',
    eventDate: '2026-11-01',
    description: 'He passed away at home.',
    district: 'Dhaka',
    payoutMethod: 'bkash',
    payoutAccount: '01712345678',
    ...overrides,
  };
}

const push = (user: Parameters<typeof call>[3], type: string, payload: unknown) =>
  call(api, 'POST', '/api/sync/push', user, { mutations: [{ mutationId: crypto.randomUUID(), type, payload }] });

/** A policy in force (approved and paid) of the holder's, in force since `since`. */
async function policyInForce(overrides: Record<string, unknown> = {}, since = '2026-01-05T06:00:00.000Z') {
  const row = await insertApplication(api, holder, {
    policy_id: policyId,
    policy_name: 'Amar Poribar',
    nid: insuredNid,
    status: 'approved',
    payment_status: 'paid',
    applied_at: since,
    decided_at: since,
    paid_at: since,
    ...overrides,
  });
  return row.id;
}

const notificationsOf = async (user: typeof holder) => ((await call(api, 'GET', '/api/notifications', user)).body.items as Json[]);

beforeAll(async () => {
  policyId = (await insertPolicy(api, { title: 'Amar Poribar', coverage_range: 30_000_000, duration: 10 })).id;
});

describe(`a claim as the nominee on ${runtime}`, () => {
  it("is refused from a stranger who has the insured's NID but not the nominee's, and blocks nothing", async () => {
    const policy = await policyInForce({ nominee_nid: nomineeNid });
    const attack = await call(api, 'POST', '/api/claims', stranger, claimBody(policy));
    expect(attack.status).toBe(422);
    expect(attack.body.fields).toEqual({ claimantNid: expect.stringMatching(/not the nominee's NID on this policy/) });
    // The answer repeats neither NID: it must not teach a stranger the nominee's number.
    expect(JSON.stringify(attack.body)).not.toContain(nomineeNid);
    expect(JSON.stringify(attack.body)).not.toContain('1999888777666');
    // Without a claimant's NID at all (an older app's form): refused by the schema, which asks for it.
    const { claimantNid: _none, ...older } = claimBody(policy);
    const withoutNid = await call(api, 'POST', '/api/claims', stranger, older);
    expect(withoutNid.status).toBe(400);
    expect(withoutNid.body.fields.claimantNid).toMatch(/your own NID/);
    // The same through the outbox.
    const queued = await push(stranger, 'claim.file', claimBody(policy));
    expect(queued.body.results[0]).toMatchObject({ result: 'refused', status: 422 });
    expect(await count(api, 'SELECT count(*) AS n FROM claims WHERE application_id = ?', policy)).toBe(0);

    // The real nominee files; their open claim stands.
    const real = await call(api, 'POST', '/api/claims', nominee, claimBody(policy, { claimantNid: nomineeNid }));
    expect(real.status).toBe(201);
    expect(real.body.claim).toMatchObject({ status: 'submitted', relation: 'nominee', nomineeUnverified: false, claimantNid: null });
    // Nobody but the holder hears of a claim the NID checked.
    expect((await notificationsOf(holder)).some((item) => item.event === 'insurance-claim.unverified-nominee')).toBe(false);
  });

  it("takes the nominee's NID in its 17-digit form (the birth year before the 13 digits)", async () => {
    const policy = await policyInForce({ nominee_nid: nomineeNid });
    const filed = await call(api, 'POST', '/api/claims', nominee, claimBody(policy, { kind: 'disability', claimantNid: `1985${nomineeNid}` }));
    expect(filed.status).toBe(201);
    expect(filed.body.claim.nomineeUnverified).toBe(false);
  });

  it('on a policy sold with no nominee NID: taken as unverified, shown so, told to the holder, blocking no verified claim', async () => {
    await call(api, 'PUT', '/api/auth/language', holder, { language: 'bn' });
    const policy = await policyInForce({ nominee_nid: null });
    const unverified = claimBody(policy, { kind: 'hospitalisation' });
    const filed = await call(api, 'POST', '/api/claims', stranger, unverified);
    expect(filed.status).toBe(201);
    expect(filed.body.claim).toMatchObject({ nomineeUnverified: true, claimantNid: null });

    // The holder is told, in the inbox, and opening it shows their own policy (not the stranger's claim).
    const told = (await notificationsOf(holder)).filter((item) => item.event === 'insurance-claim.unverified-nominee');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ policyName: 'Amar Poribar', link: `/dashboard/applications/${policy}` });
    // A push says it in the holder's language (Bangla, chosen above).
    const bangla = pushPayload({ id: told[0].id, event: told[0].event, policy_name: told[0].policyName, link: told[0].link }, 'bn');
    expect(bangla.body).toContain('Amar Poribar');
    expect(bangla.body).toMatch(/নমিনি/);
    expect(await count(api, "SELECT count(*) AS n FROM notifications WHERE event = 'insurance-claim.unverified-nominee'")).toBe(1);

    // Admins and the assigned agent see it as unverified, with the NID the claimant gave.
    const seen = await call(api, 'GET', `/api/claims/${unverified.id}`, admin);
    expect(seen.body.claim).toMatchObject({ nomineeUnverified: true, claimantNid: '1999888777666' });
    expect((await call(api, 'PATCH', `/api/claims/${unverified.id}/assign`, admin, { agentEmail: agent.email })).status).toBe(200);
    const agentView = await call(api, 'GET', `/api/claims/${unverified.id}`, agent);
    expect(agentView.body.claim).toMatchObject({ nomineeUnverified: true, claimantNid: '1999888777666' });
    const agentList = await call(api, 'GET', '/api/claims', agent);
    expect(agentList.body.items.find((c: Json) => c.id === unverified.id)).toMatchObject({ nomineeUnverified: true });
    // The claimant's own view does not carry the NID back.
    expect((await call(api, 'GET', `/api/claims/${unverified.id}`, stranger)).body.claim.claimantNid).toBeNull();

    // It blocks no one else's claim of its kind: the holder's own, checked by their account, is taken...
    const holderClaim = await call(api, 'POST', '/api/claims', holder, claimBody(policy, { relation: 'policyholder', kind: 'hospitalisation', claimantNid: null }));
    expect(holderClaim.status).toBe(201);
    expect(holderClaim.body.claim.nomineeUnverified).toBe(false);
    // ...and so is another person's unverified one. A checked open claim still blocks the next.
    expect((await call(api, 'POST', '/api/claims', other, claimBody(policy, { kind: 'death' }))).status).toBe(201);
    const afterChecked = await call(api, 'POST', '/api/claims', other, claimBody(policy, { kind: 'hospitalisation' }));
    expect(afterChecked.status).toBe(409);
    expect(afterChecked.body.message).toContain(holderClaim.body.claim.claimNumber);
    // One open unverified claim of a kind per person: the stranger cannot pile them up.
    const again = await call(api, 'POST', '/api/claims', stranger, claimBody(policy, { kind: 'death' }));
    expect(again.status).toBe(201);
    const third = await call(api, 'POST', '/api/claims', stranger, claimBody(policy, { kind: 'death' }));
    expect(third.status).toBe(409);
    expect(third.body.message).toContain(again.body.claim.claimNumber);
  });

  it('two open death claims, both unverified: the policy pays its death benefit once', async () => {
    const policy = await policyInForce({ nominee_nid: null });
    const first = claimBody(policy);
    const second = claimBody(policy);
    expect((await call(api, 'POST', '/api/claims', stranger, first)).status).toBe(201);
    expect((await call(api, 'POST', '/api/claims', other, second)).status).toBe(201);
    for (const [claim, claimant] of [[first, stranger], [second, other]] as const) {
      expect((await call(api, 'PATCH', `/api/claims/${claim.id}/assign`, admin, { agentEmail: agent.email })).status).toBe(200);
      for (const paper of ['death-certificate', 'insured-nid', 'claimant-nid']) {
        const sent = await uploadClaimDocument(api, claimant, claim.id, { kind: 'other', writeId: `w-${claim.id}`, fileKey: paper, paper }, jpegImage(120, 90));
        expect(sent.status).toBe(204);
      }
    }
    const approve = { step: 'approve', amountPoisha: 30_000_000 };
    expect((await call(api, 'POST', `/api/claims/${second.id}/review`, agent, approve)).status).toBe(200);
    const twice = await call(api, 'POST', `/api/claims/${first.id}/review`, agent, approve);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/pays its death benefit once/);
    expect(await count(api, "SELECT count(*) AS n FROM claims WHERE application_id = ? AND status = 'approved'", policy)).toBe(1);
    // It can still be rejected.
    expect((await call(api, 'POST', `/api/claims/${first.id}/review`, agent, { step: 'reject', reason: 'Not the nominee' })).status).toBe(200);
  });
});

describe(`impossible claim dates on ${runtime}`, () => {
  let policy = '';
  beforeAll(async () => {
    policy = await policyInForce({ nominee_nid: nomineeNid }, '2026-03-10T06:00:00.000Z');
  });
  const asHolder = (overrides: Record<string, unknown>) => claimBody(policy, { relation: 'policyholder', kind: 'hospitalisation', claimantNid: null, ...overrides });

  it.each([
    ['0000-00-00'],
    ['2026-02-30'],
    ['2026-13-01'],
    ['20261101'],
    [''],
  ])('refuses %j as no day of the calendar', async (eventDate) => {
    const res = await call(api, 'POST', '/api/claims', holder, asHolder({ eventDate }));
    expect(res.status).toBe(400);
    expect(res.body.fields.eventDate).toMatch(eventDate ? /real date/ : /required/);
  });

  it('refuses a day in the future of Dhaka, and one before the policy started, saying which day', async () => {
    const tomorrow = dhakaToday(new Date(Date.now() + 86_400_000));
    const future = await call(api, 'POST', '/api/claims', holder, asHolder({ eventDate: tomorrow }));
    expect(future.status).toBe(422);
    expect(future.body.fields.eventDate).toBe('The date of the event cannot be in the future');
    const century = await call(api, 'POST', '/api/claims', holder, asHolder({ eventDate: '1926-03-09' }));
    expect(century.status).toBe(422);
    expect(century.body).toMatchObject({ fields: { eventDate: 'The date of the event cannot be before the policy started' }, details: { policyStartedOn: '2026-03-10' } });
    const dayBefore = await call(api, 'POST', '/api/claims', holder, asHolder({ eventDate: '2026-03-09' }));
    expect(dayBefore.status).toBe(422);
    // Queued offline, refused the same way, with the reason to show.
    const queued = await push(holder, 'claim.file', asHolder({ eventDate: '2026-03-09' }));
    expect(queued.body.results[0]).toMatchObject({ result: 'refused', status: 422, reason: 'The date of the event cannot be before the policy started' });
    expect(await count(api, 'SELECT count(*) AS n FROM claims WHERE application_id = ?', policy)).toBe(0);
    // The first day of the policy, and today in Dhaka, are real event days.
    expect((await call(api, 'POST', '/api/claims', holder, asHolder({ eventDate: '2026-03-10' }))).status).toBe(201);
    expect((await call(api, 'POST', '/api/claims', holder, asHolder({ kind: 'disability', eventDate: dhakaToday(new Date()) }))).status).toBe(201);
  });

  it('refuses a maturity claim before the term ends, and takes one after it', async () => {
    const early = await call(api, 'POST', '/api/claims', holder, asHolder({ kind: 'maturity', eventDate: '2026-03-10' }));
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ fields: { eventDate: "A maturity claim can be filed only once the policy's term has ended" }, details: { termEndsOn: '2036-03-10' } });
    const ended = await policyInForce({ nominee_nid: nomineeNid }, '2015-06-01T06:00:00.000Z');
    const matured = await call(api, 'POST', '/api/claims', holder, claimBody(ended, { relation: 'policyholder', kind: 'maturity', claimantNid: null, eventDate: '2025-06-01' }));
    expect(matured.status).toBe(201);
  });

  it('are checked by the form with the very same schema', () => {
    for (const eventDate of ['0000-00-00', '2026-02-30', '2026-02-29']) {
      expect(claimInput.safeParse(asHolder({ eventDate })).success).toBe(false);
    }
    expect(claimInput.safeParse(asHolder({ eventDate: '2028-02-29' })).success).toBe(true);
  });
});

describe(`an application's NIDs and phone on ${runtime}`, () => {
  it.each([
    ['an NID of one digit', { nid: '1' }, 'nid', /10, 13 or 17 digits/],
    ['an NID of 12 digits', { nid: '199012345678' }, 'nid', /10, 13 or 17 digits/],
    ["a nominee's NID of 5 digits", { nomineeNid: '12345' }, 'nomineeNid', /10, 13 or 17 digits/],
    ['a phone of dashes', { phone: '------' }, 'phone', /Bangladeshi mobile number/],
    ['a foreign phone', { phone: '+1 415 555 0100' }, 'phone', /Bangladeshi mobile number/],
  ])('refuses %s, online and queued offline', async (_what, change, field, message) => {
    const online = await call(api, 'POST', '/api/applications', holder, applicationBody(policyId, change));
    expect(online.status).toBe(400);
    expect(online.body.fields[field]).toMatch(message);
    // An older app's queued write that the rule now refuses comes back refused with the reason
    // (the PWA keeps it in Sync problems and offers to correct it in the form), never lost silently.
    const queued = await push(holder, 'application.create', applicationBody(policyId, change));
    expect(queued.body.results[0]).toMatchObject({ result: 'refused', status: 400, body: { fields: { [field]: expect.stringMatching(message) } } });
  });

  it("stores the mobile as +880…, and the nominee's NID, shown only to the holder, the assigned agent and admins", async () => {
    const created = await call(api, 'POST', '/api/applications', holder, applicationBody(policyId, { phone: '01711-555 001', nid: '১৯৯০১২৩৪৫৬৭৮৯', nomineeNid: '1985 1234 56789' }));
    expect(created.status).toBe(201);
    expect(created.body.application).toMatchObject({ phone: '+8801711555001', nid: '1990123456789', nomineeNid: '1985123456789' });
    const id = created.body.insertedId as string;
    expect((await call(api, 'GET', `/api/applications/${id}`, holder)).body.nomineeNid).toBe('1985123456789');
    expect((await call(api, 'GET', `/api/applications/${id}`, admin)).body.nomineeNid).toBe('1985123456789');
    const strangers = await call(api, 'GET', `/api/applications/${id}`, stranger);
    expect(strangers.status).toBe(403);
    expect(JSON.stringify(strangers.body)).not.toContain('1985123456789');
    expect((await call(api, 'GET', `/api/applications/${id}`, agent)).status).toBe(403);
    expect((await call(api, 'PATCH', `/api/applications/assign/${id}`, admin, { agentEmail: agent.email })).status).toBe(200);
    expect((await call(api, 'GET', `/api/applications/${id}`, agent)).body.nomineeNid).toBe('1985123456789');
  });

  it("still takes an older app's application without the nominee's NID, its nominee unverified", async () => {
    const { nomineeNid: _none, ...older } = applicationBody(policyId) as Record<string, unknown>;
    const queued = await push(holder, 'application.create', older);
    expect(queued.body.results[0]).toMatchObject({ result: 'applied', status: 201, body: { application: { nomineeNid: null } } });
  });
});
