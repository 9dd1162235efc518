/**
 * Issue 51: policy servicing, on both runtimes. The holder of a policy in force asks to change
 * the nominee, the address or phone, how often premiums are paid, or for a duplicate
 * certificate; the policy's assigned agent or an admin approves or refuses it with a reason.
 * An approved nominee change issues a new certificate version (the old code says "replaced"),
 * and a claim follows the nominee in force on the day of its event.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dhakaToday } from '../src/schemas/claim.ts';
import { pushPayload } from '../src/notifications/texts.ts';
import { useApi } from './support/app.ts';
import { call, count, type Json } from './support/calls.ts';
import { insertApplication, insertPolicy } from './support/records.ts';
import { insertRow } from './support/rows.ts';
import { createUpload, uploadDocument } from './support/documents.ts';
import { jpegImage } from './support/images.ts';
import { insertPolicyInForce, markDuesPaid } from './support/premiums.ts';
import { addMonths } from '../src/schemas/premium-schedule.ts';
import { runtime } from './support/target.ts';

const { api, admin, agent, otherAgent, holder, other } = useApi({
  admin: 'admin',
  agent: { role: 'agent', email: 'service.agent@example.test' },
  otherAgent: { role: 'agent', email: 'service.other.agent@example.test' },
  holder: 'user',
  other: 'user',
});

const insuredNid = '1990123456789';
const oldNomineeNid = '1985123456789';
const newNomineeNid = '1992555444333';
const since = '2026-01-05T06:00:00.000Z';
let policyId = '';
let n = 0;

const hex32 = () => [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');

/** A policy in force of the holder's, assigned to `agent`, with a certificate and its verify code. */
async function policyInForce(overrides: Record<string, unknown> = {}) {
  n += 1;
  const row = await insertApplication(api, holder, {
    policy_id: policyId,
    policy_name: 'Amar Poribar',
    nid: insuredNid,
    nominee_name: 'Karima Uddin',
    relationship: 'Spouse',
    nominee_nid: oldNomineeNid,
    status: 'approved',
    payment_status: 'paid',
    applied_at: since,
    decided_at: since,
    paid_at: since,
    assigned_agent: agent.email,
    policy_number: `BD-SRV-${String(n).padStart(4, '0')}-${runtime.toUpperCase()}`,
    verify_code: hex32(),
    ...overrides,
  });
  return row as unknown as { id: string; verify_code: string; policy_number: string };
}

const ask = (user: typeof holder, body: unknown, key = crypto.randomUUID()) =>
  call(api, 'POST', '/api/service-requests', user, body, { 'Idempotency-Key': key });
const decide = (user: typeof holder, id: string, status: 'approved' | 'refused', reason = 'Checked the papers') =>
  call(api, 'POST', `/api/service-requests/${id}/decision`, user, { status, reason });
const nomineeChange = (applicationId: string) => ({
  applicationId,
  kind: 'nominee',
  changes: { nomineeName: 'Salma Begum', relationship: 'Child', nomineeNid: newNomineeNid },
});
const premiumsOf = (id: string) => call(api, 'GET', `/api/premiums/${id}`, holder);
const notificationsOf = async (user: typeof holder) => (await call(api, 'GET', '/api/notifications', user)).body.items as Json[];

function claimBody(policyNumber: string, claimantNid: string, eventDate: string) {
  n += 1;
  return {
    id: crypto.randomUUID(),
    claimNumber: `CLM-SRV${runtime === 'node' ? 'N' : 'W'}-${String(n).padStart(4, '0')}`,
    policyNumber,
    insuredNid,
    relation: 'nominee',
    claimantNid,
    kind: 'death',
    eventDate,
    description: 'He passed away at home.',
    district: 'Dhaka',
    payoutMethod: 'bkash',
    payoutAccount: '01712345678',
  };
}

beforeAll(async () => {
  policyId = (await insertPolicy(api, { title: 'Amar Poribar', coverage_range: 30_000_000, duration: 10 })).id;
});

describe(`a nominee change on ${runtime}`, () => {
  it('retried five times is recorded once; approved, it issues a new certificate and the old code says replaced', async () => {
    const policy = await policyInForce();
    const key = crypto.randomUUID();
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await ask(holder, nomineeChange(policy.id), key));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    const id = answers[0]!.body.id as string;
    expect(new Set(answers.map((a) => a.body.id))).toEqual(new Set([id]));
    expect(answers.slice(1).every((a) => a.headers.get('Idempotent-Replayed') === 'true')).toBe(true);
    expect(await count(api, `SELECT count(*) AS n FROM service_requests WHERE application_id = '${policy.id}'`)).toBe(1);
    expect(await count(api, `SELECT count(*) AS n FROM audit_log WHERE entity_id = '${id}' AND action = 'service-request.nominee'`)).toBe(1);

    // A second request of the same kind while one is open is refused.
    expect((await ask(holder, nomineeChange(policy.id))).status).toBe(409);

    const decided = await decide(agent, id, 'approved', 'NID card matches');
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ status: 'approved', reason: 'NID card matches', decidedBy: agent.email });
    expect(decided.body.previous).toEqual({ nomineeName: 'Karima Uddin', relationship: 'Spouse', nomineeNid: oldNomineeNid });

    const certificate = await call(api, 'GET', `/api/certificates/${policy.id}`, holder);
    expect(certificate.body).toMatchObject({ nomineeName: 'Salma Begum', relationship: 'Child' });
    const newCode = certificate.body.verifyCode as string;
    expect(newCode).toMatch(/^[0-9a-f]{32}$/);
    expect(newCode).not.toBe(policy.verify_code);

    const old = await call(api, 'GET', `/api/verify/${policy.verify_code}`);
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({ valid: false, inForce: false, policyNumber: policy.policy_number, replacedBy: { versionAt: decided.body.decidedAt } });
    expect((await call(api, 'GET', `/api/verify/${newCode}`)).body).toMatchObject({ valid: true, policyNumber: policy.policy_number });
    expect((await call(api, 'GET', `/api/verify/${newCode}`)).body.replacedBy).toBeUndefined();

    expect((await notificationsOf(holder)).some((item) => item.event === 'service-request.approved' && item.entityId === policy.id)).toBe(true);
    const audit = await api.sql<{ action: string; to_value: string }>(`SELECT action, to_value FROM audit_log WHERE entity_id = '${id}' ORDER BY at`);
    expect(audit.map((row) => row.action)).toEqual(['service-request.nominee', 'service-request.approve']);

    // Deciding it again is refused, and changes nothing.
    expect((await decide(admin, id, 'refused')).status).toBe(409);
  });

  it('carries a photo of the new nominee\'s NID: sent once after the request, seen by the deciding agent and admins, kept with the policy', async () => {
    const policy = await policyInForce();
    const key = crypto.randomUUID();
    const id = (await ask(holder, nomineeChange(policy.id), key)).body.id as string;
    const listed = async (who: typeof holder) =>
      ((await call(api, 'GET', `/api/service-requests?applicationId=${policy.id}`, who)).body.items as Json[]).find((item) => item.id === id)!;
    // Not arrived yet: the staff are told there is none.
    expect((await listed(agent)).nomineeNidPhoto).toBeNull();

    const meta = { kind: 'other' as const, writeId: key, fileKey: crypto.randomUUID(), paper: 'nominee-nid' };
    const photo = jpegImage(64, 40);
    const sent = await uploadDocument(api, holder, policy.id, meta, photo);
    expect(sent.status).toBe(204);
    // The outbox's replay finds the same document; a second photo for the same request is refused.
    const replay = await createUpload(api, holder, policy.id, meta, photo.byteLength);
    expect(replay).toMatchObject({ status: 201, offset: photo.byteLength });
    expect((await uploadDocument(api, holder, policy.id, { ...meta, fileKey: crypto.randomUUID() }, photo)).status).toBe(409);
    expect(await count(api, `SELECT count(*) AS n FROM documents WHERE application_id = '${policy.id}' AND paper = 'nominee-nid'`)).toBe(1);
    // Only the holder sends it, and only as this paper.
    expect((await uploadDocument(api, agent, policy.id, { ...meta, fileKey: crypto.randomUUID() }, photo)).status).toBe(403);
    expect((await uploadDocument(api, holder, policy.id, { ...meta, fileKey: crypto.randomUUID(), paper: 'death-certificate' }, photo)).status).toBe(400);

    for (const who of [agent, admin, holder]) expect((await listed(who)).nomineeNidPhoto).toEqual({ documentId: sent.documentId });
    const bytes = await api.fetch(`/api/applications/${policy.id}/documents/${sent.documentId}`, { headers: { authorization: `Bearer ${agent.token}` } });
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('image/jpeg');
    expect((await api.fetch(`/api/applications/${policy.id}/documents/${sent.documentId}`, { headers: { authorization: `Bearer ${otherAgent.token}` } })).status).toBe(403);

    expect((await decide(agent, id, 'approved', 'The photo matches the NID number')).status).toBe(200);
    // Kept with the policy: among its documents, named as the paper it is.
    const documents = await call(api, 'GET', `/api/applications/${policy.id}/documents`, holder);
    expect(documents.body).toEqual([expect.objectContaining({ id: sent.documentId, kind: 'other', paper: 'nominee-nid', writeId: key })]);
    expect((await listed(holder)).nomineeNidPhoto).toEqual({ documentId: sent.documentId });
  });

  it('a claim after the change is taken from the new nominee and refused from the old one; before it, the old nominee is in force', async () => {
    const policy = await policyInForce();
    const id = (await ask(holder, nomineeChange(policy.id))).body.id as string;
    expect((await decide(admin, id, 'approved')).status).toBe(200);
    const today = dhakaToday(new Date());
    const yesterday = dhakaToday(new Date(Date.now() - 86_400_000));

    const fromOld = await call(api, 'POST', '/api/claims', other, claimBody(policy.policy_number, oldNomineeNid, today));
    expect(fromOld.status).toBe(422);
    expect(fromOld.body.fields).toHaveProperty('claimantNid');
    const fromNew = await call(api, 'POST', '/api/claims', other, claimBody(policy.policy_number, newNomineeNid, today));
    expect(fromNew.status).toBe(201);

    const other2 = await policyInForce();
    const id2 = (await ask(holder, nomineeChange(other2.id))).body.id as string;
    expect((await decide(agent, id2, 'approved')).status).toBe(200);
    // An event the day before the change: the nominee then in force (the old one) claims.
    expect((await call(api, 'POST', '/api/claims', other, claimBody(other2.policy_number, newNomineeNid, yesterday))).status).toBe(422);
    expect((await call(api, 'POST', '/api/claims', other, claimBody(other2.policy_number, oldNomineeNid, yesterday))).status).toBe(201);
  });

  it('from the outbox (sync push), sent five times, is one request', async () => {
    const policy = await policyInForce();
    const mutationId = crypto.randomUUID();
    const item = { mutationId, type: 'service-request.create', payload: nomineeChange(policy.id) };
    const results = [];
    for (let i = 0; i < 5; i += 1) results.push((await call(api, 'POST', '/api/sync/push', holder, { mutations: [item] })).body.results[0]);
    expect(results.map((r: Json) => r.result)).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(await count(api, `SELECT count(*) AS n FROM service_requests WHERE application_id = '${policy.id}'`)).toBe(1);
    // Another customer's push is refused as the endpoint refuses them.
    const stranger = await call(api, 'POST', '/api/sync/push', other, { mutations: [{ ...item, mutationId: crypto.randomUUID() }] });
    expect(stranger.body.results[0]).toMatchObject({ result: 'refused', status: 403 });
  });

  it('refused with a reason, changes nothing on the policy and tells the holder', async () => {
    const policy = await policyInForce();
    const id = (await ask(holder, nomineeChange(policy.id))).body.id as string;
    const refused = await decide(agent, id, 'refused', 'The NID photo is unreadable');
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ status: 'refused', reason: 'The NID photo is unreadable', previous: null });
    const certificate = await call(api, 'GET', `/api/certificates/${policy.id}`, holder);
    expect(certificate.body).toMatchObject({ nomineeName: 'Karima Uddin', verifyCode: policy.verify_code });
    expect((await call(api, 'GET', `/api/verify/${policy.verify_code}`)).body).toMatchObject({ valid: true });
    expect((await notificationsOf(holder)).some((item) => item.event === 'service-request.refused' && item.entityId === policy.id)).toBe(true);
    // A reason is required.
    const id2 = (await ask(holder, nomineeChange(policy.id))).body.id as string;
    expect((await call(api, 'POST', `/api/service-requests/${id2}/decision`, agent, { status: 'refused', reason: '  ' })).status).toBe(400);
  });
});

describe(`the other kinds on ${runtime}`, () => {
  it('a contact change approved changes the address and phone; refused changes nothing', async () => {
    const policy = await policyInForce({ address: '12 Lake Road, Dhaka', phone: '+8801700000001' });
    const body = { applicationId: policy.id, kind: 'contact', changes: { address: '7 River Lane, Khulna', phone: '01812345678' } };
    const asked = await ask(holder, body);
    expect(asked.status).toBe(201);
    const approved = await decide(agent, asked.body.id as string, 'approved');
    expect(approved.body.previous).toEqual({ address: '12 Lake Road, Dhaka', phone: '+8801700000001' });
    const [row] = await api.sql<{ address: string; phone: string }>(`SELECT address, phone FROM applications WHERE id = '${policy.id}'`);
    expect(row).toEqual({ address: '7 River Lane, Khulna', phone: '+8801812345678' });

    const again = await ask(holder, { applicationId: policy.id, kind: 'contact', changes: { address: 'Somewhere else' } });
    expect((await decide(admin, again.body.id as string, 'refused', 'Please give the full address')).body.status).toBe('refused');
    expect((await api.sql<{ address: string }>(`SELECT address FROM applications WHERE id = '${policy.id}'`))[0]!.address).toBe('7 River Lane, Khulna');
    // Neither a new address nor a phone: nothing to ask.
    expect((await ask(holder, { applicationId: policy.id, kind: 'contact', changes: {} })).status).toBe(400);
  });

  it('a duplicate certificate approved is a new version: the lost paper\'s code says replaced; refused, the code stays', async () => {
    const policy = await policyInForce();
    const asked = await ask(holder, { applicationId: policy.id, kind: 'duplicate_certificate', changes: {} });
    expect(asked.status).toBe(201);
    const refused = await decide(agent, asked.body.id as string, 'refused', 'Already sent by post');
    expect(refused.body.status).toBe('refused');
    expect((await call(api, 'GET', `/api/verify/${policy.verify_code}`)).body.valid).toBe(true);

    const again = await ask(holder, { applicationId: policy.id, kind: 'duplicate_certificate' });
    expect(again.status).toBe(201);
    const approved = await decide(agent, again.body.id as string, 'approved', 'Reissued');
    expect((await call(api, 'GET', `/api/verify/${policy.verify_code}`)).body).toMatchObject({ valid: false, replacedBy: { versionAt: approved.body.decidedAt } });
    const certificate = await call(api, 'GET', `/api/certificates/${policy.id}`, holder);
    expect(certificate.body.verifyCode).not.toBe(policy.verify_code);
  });

  it('how often premiums are paid: approved, the unpaid dues from the next anniversary are the new mode\'s; paid and earlier dues stay; refused, nothing changes', async () => {
    // Two years and a bit into a five-year monthly policy, paid up to today.
    const { id } = await insertPolicyInForce(api, holder, { startedDaysAgo: 400, mode: 'monthly', termYears: 5, monthlyMinor: 50_000, agent });
    const before = (await premiumsOf(id)).body;
    const today = dhakaToday(new Date());
    await markDuesPaid(api, id, (before.dues as Json[]).filter((due) => (due.dueOn as string) <= today).length);
    const paidBefore = ((await premiumsOf(id)).body.dues as Json[]).filter((due) => due.paidAt);
    expect(paidBefore.length).toBeGreaterThan(12);

    const modeChange = { applicationId: id, kind: 'premium_mode', changes: { mode: 'quarterly' } };
    const refusedOne = await ask(holder, modeChange);
    expect(refusedOne.status).toBe(201);
    expect((await decide(agent, refusedOne.body.id as string, 'refused', 'Please ask again after the harvest')).status).toBe(200);
    expect((await premiumsOf(id)).body).toMatchObject({ mode: 'monthly', dues: before.dues.map((due: Json) => expect.objectContaining({ id: due.id, dueOn: due.dueOn, amountMinor: due.amountMinor })) });

    const asked = await ask(holder, modeChange);
    expect(asked.status).toBe(201);
    const anniversary = addMonths(before.startedOn as string, 24);
    const approved = await decide(agent, asked.body.id as string, 'approved', 'Quarterly suits the harvest');
    expect(approved.status).toBe(200);
    expect(approved.body.previous).toEqual({ mode: 'monthly', from: anniversary });

    const after = (await premiumsOf(id)).body;
    expect(after.mode).toBe('quarterly');
    const dues = after.dues as Json[];
    // Before the anniversary: the same dues (the paid ones untouched); from it: one every three months to the term's end.
    const kept = dues.filter((due) => (due.dueOn as string) < anniversary);
    expect(kept).toEqual((before.dues as Json[]).filter((due) => (due.dueOn as string) < anniversary).map((due) => expect.objectContaining({ id: due.id, dueOn: due.dueOn, amountMinor: 50_000 })));
    expect(dues.filter((due) => due.paidAt)).toEqual(paidBefore);
    const fromAnniversary = dues.filter((due) => (due.dueOn as string) >= anniversary);
    expect(fromAnniversary.map((due) => due.dueOn)).toEqual(Array.from({ length: 12 }, (_, i) => addMonths(anniversary, 3 * i)));
    expect(new Set(fromAnniversary.map((due) => due.amountMinor))).toEqual(new Set([50_000 * 3]));
    expect(fromAnniversary.every((due) => due.paidAt === null)).toBe(true);
    // A replaced due's id is never used again.
    expect(fromAnniversary.some((due) => (before.dues as Json[]).some((old) => old.id === due.id))).toBe(false);
    const audit = await api.sql<{ action: string }>(`SELECT action FROM audit_log WHERE entity_id = '${asked.body.id as string}' ORDER BY at`);
    expect(audit.map((row) => row.action)).toEqual(['service-request.premium_mode', 'service-request.approve']);
  });

  it('how often premiums are paid: refused with the reason while dues are in arrears, for the same mode, with no schedule, or when dues past the anniversary are paid', async () => {
    // Forty days in, the first due unpaid: in arrears.
    const behind = await insertPolicyInForce(api, holder, { startedDaysAgo: 40, agent });
    const inArrears = await ask(holder, { applicationId: behind.id, kind: 'premium_mode', changes: { mode: 'yearly' } });
    expect(inArrears.status).toBe(409);
    expect(inArrears.body.message).toMatch(/arrears/);
    expect(inArrears.body.details).toMatchObject({ kind: 'premium_mode', arrearsMinor: 50_000 * 2 });
    expect(await count(api, `SELECT count(*) AS n FROM service_requests WHERE application_id = '${behind.id}'`)).toBe(0);

    // Paid up when asked, in arrears by the time it is decided: the approval is refused and the request stays open.
    const slipped = await insertPolicyInForce(api, holder, { startedDaysAgo: 40, agent });
    await premiumsOf(slipped.id);
    await markDuesPaid(api, slipped.id, 2);
    const asked = await ask(holder, { applicationId: slipped.id, kind: 'premium_mode', changes: { mode: 'half_yearly' } });
    expect(asked.status).toBe(201);
    await api.sql('UPDATE premium_dues SET paid_at = NULL, receipt_id = NULL WHERE application_id = ? AND seq = 1', slipped.id);
    const late = await decide(agent, asked.body.id as string, 'approved');
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/arrears/);
    expect((await api.sql<{ status: string }>(`SELECT status FROM service_requests WHERE id = '${asked.body.id as string}'`))[0]!.status).toBe('pending');
    expect((await premiumsOf(slipped.id)).body.mode).toBe('monthly');

    const same = await insertPolicyInForce(api, holder, { mode: 'quarterly' });
    await premiumsOf(same.id);
    await markDuesPaid(api, same.id, 1);
    expect((await ask(holder, { applicationId: same.id, kind: 'premium_mode', changes: { mode: 'quarterly' } })).status).toBe(409);

    // Sold before premiums were kept: no schedule to change.
    const old = await policyInForce();
    const none = await ask(holder, { applicationId: old.id, kind: 'premium_mode', changes: { mode: 'quarterly' } });
    expect(none.status).toBe(409);
    expect(none.body.message).toMatch(/no premium schedule/);

    // Paid ahead past the next anniversary (all 13 first months): from then the dues cannot change.
    const ahead = await insertPolicyInForce(api, holder, {});
    await premiumsOf(ahead.id);
    await markDuesPaid(api, ahead.id, 13);
    const paidAhead = await ask(holder, { applicationId: ahead.id, kind: 'premium_mode', changes: { mode: 'yearly' } });
    expect(paidAhead.status).toBe(409);
    expect(paidAhead.body.message).toMatch(/already paid/);

    expect((await ask(holder, { applicationId: ahead.id, kind: 'premium_mode', changes: { mode: 'weekly' } })).status).toBe(400);
    expect((await ask(holder, { applicationId: ahead.id, kind: 'fortnightly', changes: {} })).status).toBe(400);
  });
});

describe(`the staff are told of a new request on ${runtime}`, () => {
  it('the assigned agent hears of it, not the admins; with no agent, every admin; in their own language', async () => {
    const told = async (who: typeof holder, policyId: string) =>
      (await notificationsOf(who)).filter((item) => item.event === 'service-request.new' && item.entityId === policyId);
    const assigned = await policyInForce();
    expect((await ask(holder, nomineeChange(assigned.id))).status).toBe(201);
    expect(await told(agent, assigned.id)).toEqual([expect.objectContaining({ link: '/dashboard/serviceRequests', policyName: 'Amar Poribar' })]);
    expect(await told(admin, assigned.id)).toEqual([]);
    expect(await told(otherAgent, assigned.id)).toEqual([]);
    // A second one of the kind while the first is open is refused, and tells nobody again.
    expect((await ask(holder, nomineeChange(assigned.id))).status).toBe(409);
    expect(await told(agent, assigned.id)).toHaveLength(1);

    const unassigned = await policyInForce({ assigned_agent: null });
    expect((await ask(holder, { applicationId: unassigned.id, kind: 'duplicate_certificate' })).status).toBe(201);
    expect(await told(admin, unassigned.id)).toHaveLength(1);
    expect(await told(agent, unassigned.id)).toEqual([]);

    // The push says it in the recipient's language.
    const notification = { id: 'n1', event: 'service-request.new' as const, link: '/dashboard/serviceRequests', policy_name: 'Amar Poribar', policy_name_bn: 'আমার পরিবার' };
    expect(pushPayload(notification, 'en')).toMatchObject({ title: 'Change to decide', body: 'A policyholder asked for a change to Amar Poribar. Approve or refuse it.' });
    expect(pushPayload(notification, 'bn').title).toBe('পরিবর্তনের অনুরোধ');
    expect(pushPayload(notification, 'bn').body).toContain('পরিবর্তন চেয়েছেন');
  });
});

describe(`who may ask and decide on ${runtime}`, () => {
  it('a visitor, another customer and an unassigned agent are refused; a policy not in force cannot be changed', async () => {
    const policy = await policyInForce();
    expect((await call(api, 'POST', '/api/service-requests', null, nomineeChange(policy.id))).status).toBe(401);
    expect((await ask(other, nomineeChange(policy.id))).status).toBe(403);
    expect((await ask(agent, nomineeChange(policy.id))).status).toBe(403);
    expect((await ask(holder, nomineeChange('no-such-policy'))).status).toBe(404);
    const pending = await policyInForce({ status: 'pending', payment_status: 'unpaid', verify_code: null, policy_number: null });
    expect((await ask(holder, nomineeChange(pending.id))).status).toBe(409);

    const id = (await ask(holder, nomineeChange(policy.id))).body.id as string;
    expect((await call(api, 'POST', `/api/service-requests/${id}/decision`, null, { status: 'approved', reason: 'x' })).status).toBe(401);
    expect((await decide(holder, id, 'approved')).status).toBe(403);
    expect((await decide(other, id, 'approved')).status).toBe(403);
    expect((await decide(otherAgent, id, 'approved')).status).toBe(403);
    expect((await call(api, 'GET', '/api/service-requests', null)).status).toBe(401);
    const [row] = await api.sql<{ status: string }>(`SELECT status FROM service_requests WHERE id = '${id}'`);
    expect(row!.status).toBe('pending');
  });

  it("lists: the holder's own, the agent's assigned, all for admins, open ones past the standard flagged", async () => {
    const policy = await policyInForce();
    const mine = (await ask(holder, nomineeChange(policy.id))).body.id as string;
    // An open request filed long ago: past 7 working days.
    await insertRow(api, 'service_requests', {
      id: `old-${runtime}`,
      application_id: policy.id,
      user_id: holder.id,
      kind: 'contact',
      changes: '{"address":"Old Road","phone":null}',
      status: 'pending',
      created_at: '2026-10-01T04:00:00.000Z',
    });
    const ids = (body: Json) => (body.items as Json[]).map((item) => item.id);
    const holders = await call(api, 'GET', '/api/service-requests?pageSize=100', holder);
    expect(holders.status).toBe(200);
    expect(ids(holders.body)).toEqual(expect.arrayContaining([mine, `old-${runtime}`]));
    expect(ids((await call(api, 'GET', '/api/service-requests', other)).body)).toEqual([]);
    expect(ids((await call(api, 'GET', '/api/service-requests', otherAgent)).body)).toEqual([]);
    const agents = await call(api, 'GET', '/api/service-requests?status=pending&pageSize=100', agent);
    expect(ids(agents.body)).toEqual(expect.arrayContaining([mine, `old-${runtime}`]));
    const admins = await call(api, 'GET', '/api/service-requests?status=pending&pageSize=100', admin);
    const old = (admins.body.items as Json[]).find((item) => item.id === `old-${runtime}`)!;
    const fresh = (admins.body.items as Json[]).find((item) => item.id === mine)!;
    expect(old).toMatchObject({ overdue: true, policyNumber: policy.policy_number, kind: 'contact' });
    expect(fresh).toMatchObject({ overdue: false });
    // The longest waiting first.
    expect((admins.body.items as Json[])[0]!.id).toBe(`old-${runtime}`);
    expect(admins.body.total).toBeGreaterThanOrEqual(2);
  });
});
