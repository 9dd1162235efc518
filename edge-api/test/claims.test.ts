/**
 * Insurance claims (issue 31) through the API: who may file, the state machine (submitted,
 * assigned, more documents, approved, paid, rejected), the rules the server holds (the assigned
 * agent alone clears, admins alone pay, one open claim of a kind per policy, never above the
 * coverage, a death claim ends the policy), replays of queued steps (no double decision, no
 * double payout), notifications, the audit log, the lists and the sync pull.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { call, count, type Json } from './support/calls.ts';
import { uploadClaimDocument } from './support/documents.ts';
import { jpegImage } from './support/images.ts';
import { insertApplication, insertPolicy } from './support/records.ts';
import { pullEverything } from './support/sync-pulls.ts';
import { runtime } from './support/target.ts';

const { api, admin, agent, otherAgent, holder, nominee, stranger } = useApi({
  admin: 'admin',
  agent: { role: 'agent', email: 'field.agent@example.test', name: 'Field Agent' },
  otherAgent: 'agent',
  holder: 'user',
  nominee: 'user',
  stranger: 'user',
});

const nid = '1990123456789';
/** The nominee's own NID, on the policy since issue 47: a claim as the nominee must give it. */
const nomineeNid = '1987654321';
let policyId = '';
let inForce = '';
let unpaid = '';
let n = 0;

/** A filing body with a fresh device-made id and claim number. */
function claimBody(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    id: crypto.randomUUID(),
    claimNumber: `CLM-TEST-${String(n).padStart(4, '0')}`,
    policyNumber: inForce,
    insuredNid: nid,
    relation: 'nominee',
    claimantNid: nomineeNid,
    kind: 'death',
    eventDate: '2026-01-10',
    description: 'Passed away at home.',
    district: 'Sylhet',
    payoutMethod: 'bkash',
    payoutAccount: '01712345678',
    ...overrides,
  };
}

const push = (user: Parameters<typeof call>[3], mutationId: string, type: string, payload: unknown) =>
  call(api, 'POST', '/api/sync/push', user, { mutations: [{ mutationId, type, payload }] });

beforeAll(async () => {
  const policy = await insertPolicy(api, { title: 'Family Shield', coverage_range: 50_000_000 });
  policyId = policy.id;
  inForce = (await insertApplication(api, holder, { policy_id: policyId, policy_name: 'Family Shield', nid, nominee_nid: nomineeNid, status: 'approved', payment_status: 'paid' })).id;
  unpaid = (await insertApplication(api, holder, { policy_id: policyId, policy_name: 'Family Shield', nid, status: 'approved', payment_status: 'unpaid' })).id;
  await api.sql(
    `INSERT INTO agent_requests (id, user_id, name, email, phone, nid, district, status, created_at, updated_at)
     VALUES ('req-1', ?, 'Field Agent', ?, '01700000000', '123456', 'Sylhet', 'approved', ?, ?)`,
    agent.id,
    agent.email,
    new Date().toISOString(),
    new Date().toISOString(),
  );
});

describe(`filing a claim on ${runtime}`, () => {
  it('only on a policy in force, only by its policyholder or the proven nominee', async () => {
    const wrongNid = await call(api, 'POST', '/api/claims', nominee, claimBody({ insuredNid: '1111111111' }));
    expect(wrongNid.status).toBe(422);
    const strangerAsHolder = await call(api, 'POST', '/api/claims', stranger, claimBody({ relation: 'policyholder', kind: 'hospitalisation' }));
    expect(strangerAsHolder.status).toBe(403);
    const notPaid = await call(api, 'POST', '/api/claims', nominee, claimBody({ policyNumber: unpaid }));
    expect(notPaid.status).toBe(409);
    expect(notPaid.body.message).toMatch(/not in force/);
    const holderDeath = await call(api, 'POST', '/api/claims', holder, claimBody({ relation: 'policyholder' }));
    expect(holderDeath.status).toBe(422);
    const badWallet = await call(api, 'POST', '/api/claims', nominee, claimBody({ payoutAccount: '12345' }));
    expect(badWallet.status).toBe(400);
    expect(await count(api, 'SELECT count(*) AS n FROM claims')).toBe(0);
  });

  it('a policyholder files a hospitalisation claim and gets its number and a due date 10 working days on', async () => {
    const body = claimBody({ relation: 'policyholder', kind: 'hospitalisation', payoutMethod: 'bank', payoutAccount: '0012345678', payoutBankName: 'Sonali Bank' });
    const filed = await call(api, 'POST', '/api/claims', holder, body);
    expect(filed.status).toBe(201);
    expect(filed.body.claim).toMatchObject({
      id: body.id,
      claimNumber: body.claimNumber,
      status: 'submitted',
      coveragePoisha: 50_000_000,
      requiredDocuments: ['discharge-paper', 'hospital-bills', 'insured-nid'],
      history: [{ step: 'filed', by: 'user' }],
    });
    const filedOn = new Date(filed.body.claim.filedAt).getTime();
    const dueOn = new Date(`${filed.body.claim.dueOn}T00:00:00Z`).getTime();
    // Ten working days (Sunday to Thursday) are 14 calendar days, give or take the weekend of the start.
    expect((dueOn - filedOn) / 86_400_000).toBeGreaterThan(11);
    expect((dueOn - filedOn) / 86_400_000).toBeLessThan(17);
    // One open claim of a kind per policy.
    const again = await call(api, 'POST', '/api/claims', holder, claimBody({ relation: 'policyholder', kind: 'hospitalisation' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(body.claimNumber);
  });
});

describe(`clearing and paying a death claim on ${runtime}`, () => {
  it('runs submitted -> assigned -> more documents -> assigned -> approved -> paid, with replays changing nothing', async () => {
    const body = claimBody();
    // Filed offline by the nominee: the outbox pushes it, twice.
    const filed = await push(nominee, 'file-1', 'claim.file', body);
    expect(filed.body.results[0]).toMatchObject({ result: 'applied', status: 201 });
    expect((await push(nominee, 'file-1', 'claim.file', body)).body.results[0]).toMatchObject({ result: 'duplicate', status: 201 });
    const id = body.id;
    expect(await count(api, 'SELECT count(*) AS n FROM claims WHERE id = ?', id)).toBe(1);

    // The admin sees it, with the Sylhet agent suggested first, and assigns them.
    const seen = await call(api, 'GET', `/api/claims/${id}`, admin);
    expect(seen.body.suggestedAgents[0]).toMatchObject({ email: agent.email, district: 'Sylhet' });
    expect((await call(api, 'GET', `/api/claims/${id}`, otherAgent)).status).toBe(403);
    expect((await call(api, 'PATCH', `/api/claims/${id}/assign`, admin, { agentEmail: agent.email })).status).toBe(200);

    // Only the assigned agent clears it.
    expect((await call(api, 'POST', `/api/claims/${id}/review`, otherAgent, { step: 'approve', amountPoisha: 100 })).status).toBe(403);
    expect((await call(api, 'POST', `/api/claims/${id}/review`, admin, { step: 'approve', amountPoisha: 100 })).status).toBe(403);

    // The agent, offline: a note, then sends it back for a missing paper.
    expect((await push(agent, 'note-1', 'claim.review', { id, step: 'note', note: 'Visited the family.' })).body.results[0].result).toBe('applied');
    const back = await push(agent, 'back-1', 'claim.review', { id, step: 'send_back', missing: 'The death certificate from the union council' });
    expect(back.body.results[0]).toMatchObject({ result: 'applied', body: { claim: { status: 'more_documents' } } });
    // An approval queued meanwhile is refused with the reason, never lost.
    const early = await push(agent, 'approve-early', 'claim.review', { id, step: 'approve', amountPoisha: 10_000_000 });
    expect(early.body.results[0]).toMatchObject({ result: 'refused', status: 409, current: { status: 'more_documents' } });
    expect(early.body.results[0].reason).toMatch(/missing document/);

    // The claimant added it; the claimant never sees the agent's note.
    expect((await call(api, 'POST', `/api/claims/${id}/resubmit`, stranger, { note: 'x' })).status).toBe(403);
    const resubmitted = await push(nominee, 'resubmit-1', 'claim.resubmit', { id, note: 'Added the certificate' });
    expect(resubmitted.body.results[0]).toMatchObject({ result: 'applied', body: { claim: { status: 'assigned' } } });
    const mine = await call(api, 'GET', `/api/claims/${id}`, nominee);
    expect(mine.body.claim.history.map((s: Json) => s.step)).toEqual(['filed', 'assigned', 'sent_back', 'resubmitted']);

    // The papers a death claim needs (migration 0225): approving waits for them.
    for (const paper of ['death-certificate', 'insured-nid', 'claimant-nid']) {
      const sent = await uploadClaimDocument(api, nominee, id, { kind: 'other', writeId: 'file-1', fileKey: paper, paper }, jpegImage(120, 90));
      expect(sent.status).toBe(204);
    }
    // Never above the coverage; then approved offline, replayed: one decision.
    const tooMuch = await call(api, 'POST', `/api/claims/${id}/review`, agent, { step: 'approve', amountPoisha: 50_000_001 });
    expect(tooMuch.status).toBe(422);
    const approve = { id, step: 'approve', amountPoisha: 50_000_000 };
    expect((await push(agent, 'approve-1', 'claim.review', approve)).body.results[0]).toMatchObject({ result: 'applied', body: { claim: { status: 'approved', approvedPoisha: 50_000_000 } } });
    expect((await push(agent, 'approve-1', 'claim.review', approve)).body.results[0].result).toBe('duplicate');
    const twice = await call(api, 'POST', `/api/claims/${id}/review`, agent, { step: 'reject', reason: 'Changed my mind' });
    expect(twice.status).toBe(409);
    expect(await count(api, "SELECT count(*) AS n FROM audit_log WHERE entity_id = ? AND action = 'claim.approve'", id)).toBe(1);

    // A death claim ends the policy: nothing more can be filed on it.
    const after = await call(api, 'POST', '/api/claims', nominee, claimBody({ kind: 'disability' }));
    expect(after.status).toBe(409);
    expect(after.body.message).toMatch(/not in force/);

    // Only admins record payouts; at most the approved amount; one payout however often it is sent.
    const payout = { payoutMethod: 'bkash', payoutAccount: '01712345678', amountPoisha: 50_000_000, reference: 'BKASH-TRX-9Q2D' };
    expect((await call(api, 'POST', `/api/claims/${id}/payout`, agent, payout)).status).toBe(403);
    expect((await call(api, 'POST', `/api/claims/${id}/payout`, admin, { ...payout, amountPoisha: 50_000_001 })).status).toBe(422);
    const paid = await call(api, 'POST', `/api/claims/${id}/payout`, admin, payout, { 'Idempotency-Key': 'payout-1' });
    expect(paid.status).toBe(200);
    expect(paid.body.claim).toMatchObject({ status: 'paid', payout: { amountPoisha: 50_000_000, method: 'bkash', reference: 'BKASH-TRX-9Q2D' } });
    expect(paid.body.claim.payout.receiptNumber).toMatch(/^PR-/);
    const replay = await call(api, 'POST', `/api/claims/${id}/payout`, admin, payout, { 'Idempotency-Key': 'payout-1' });
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await call(api, 'POST', `/api/claims/${id}/payout`, admin, payout, { 'Idempotency-Key': 'payout-2' })).status).toBe(409);
    expect(await count(api, "SELECT count(*) AS n FROM audit_log WHERE entity_id = ? AND action = 'claim.payout'", id)).toBe(1);

    // Every step told the claimant; the agent heard of the assignment; admins of the filing and the approval.
    const events = async (user: typeof nominee) =>
      ((await call(api, 'GET', '/api/notifications', user)).body.items as Json[]).map((i) => i.event).filter((e: string) => e.startsWith('insurance-claim.'));
    expect((await events(nominee)).sort()).toEqual(
      ['insurance-claim.approved', 'insurance-claim.assigned', 'insurance-claim.filed', 'insurance-claim.paid', 'insurance-claim.sent-back'].sort(),
    );
    expect((await events(agent)).sort()).toEqual(['insurance-claim.resubmitted', 'insurance-claim.to-clear']);
    expect(await events(admin)).toEqual(expect.arrayContaining(['insurance-claim.new', 'insurance-claim.to-pay']));

    // The audit log holds each step.
    const actions = await api.sql<{ action: string }>('SELECT action FROM audit_log WHERE entity_id = ? ORDER BY id', id);
    expect(actions.map((r) => r.action)).toEqual(['claim.file', 'claim.assign', 'claim.note', 'claim.send-back', 'claim.resubmit', 'claim.approve', 'claim.payout']);
  });

  it('rejects with a reason; the claimant can then file that kind again', async () => {
    // A maturity claim only once the term has ended (issue 47): a 10-year policy in force since 2014.
    const matured = await insertApplication(api, holder, {
      policy_id: policyId, policy_name: 'Family Shield', nid, status: 'approved', payment_status: 'paid',
      applied_at: '2014-02-20T06:00:00.000Z', decided_at: '2014-02-25T06:00:00.000Z', paid_at: '2014-03-01T06:00:00.000Z',
    });
    const filedBody = claimBody({ relation: 'policyholder', kind: 'maturity', policyNumber: matured.id });
    const filed = await call(api, 'POST', '/api/claims', holder, filedBody);
    expect(filed.status).toBe(201);
    await call(api, 'PATCH', `/api/claims/${filedBody.id}/assign`, admin, { agentEmail: otherAgent.email });
    const rejected = await call(api, 'POST', `/api/claims/${filedBody.id}/review`, otherAgent, { step: 'reject', reason: 'The policy has not matured yet' });
    expect(rejected.body.claim).toMatchObject({ status: 'rejected', decisionReason: 'The policy has not matured yet' });
    expect((await call(api, 'POST', '/api/claims', holder, { ...claimBody({ relation: 'policyholder', kind: 'maturity' }), policyNumber: filedBody.policyNumber })).status).toBe(201);
  });
});

describe(`claim lists on ${runtime}`, () => {
  it('each sees their own: claimant, assigned agent, admin with status and overdue filters; sync carries them', async () => {
    const own = await call(api, 'GET', '/api/claims', holder);
    expect(own.body.items.every((c: Json) => c.claimantEmail === holder.email)).toBe(true);
    expect(own.body.total).toBe(3);
    const strangers = await call(api, 'GET', '/api/claims', stranger);
    expect(strangers.body.total).toBe(0);
    const agents = await call(api, 'GET', '/api/claims', agent);
    expect(agents.body.items.map((c: Json) => c.assignedAgent)).toEqual([agent.email]);
    const all = await call(api, 'GET', '/api/claims?pageSize=2', admin);
    expect(all.body).toMatchObject({ total: 4, pageSize: 2 });
    expect(all.body.items).toHaveLength(2);
    expect((await call(api, 'GET', '/api/claims?status=paid', admin)).body.total).toBe(1);
    // The hospitalisation claim's due date passes: it is overdue, and admins are told once.
    await api.sql("UPDATE claims SET due_on = '2026-01-01' WHERE kind = 'hospitalisation'");
    const overdue = await call(api, 'GET', '/api/claims?overdue=true', admin);
    expect(overdue.body).toMatchObject({ total: 1, overdueCount: 1 });
    expect((await call(api, 'GET', '/api/claims?status=nonsense', admin)).status).toBe(400);

    const pulled = await pullEverything(api, nominee);
    const claims = pulled.changes.claims.upserts as Json[];
    expect(claims.map((c) => c.status)).toEqual(['paid']);
    expect(claims[0].history.some((s: Json) => s.step === 'note')).toBe(false);
    const agentPull = await pullEverything(api, agent);
    expect((agentPull.changes.claims.upserts as Json[])[0].history.some((s: Json) => s.step === 'note')).toBe(true);
  });
});

// Last: the claims filed here would change the counts the lists above expect.
describe(`the policy number on a claim on ${runtime}`, () => {
  it('names the policy by its certificate number, whichever number it was filed with', async () => {
    const numbered = (await insertApplication(api, holder, { policy_id: policyId, policy_name: 'Family Shield', nid, nominee_nid: nomineeNid, status: 'approved', payment_status: 'paid' })).id;
    await api.sql(`UPDATE applications SET policy_number = 'BD-00C1A1M5' WHERE id = ?`, numbered);
    const byId = await call(api, 'POST', '/api/claims', holder, claimBody({ relation: 'policyholder', kind: 'hospitalisation', policyNumber: numbered }));
    expect(byId.status).toBe(201);
    expect(byId.body.claim.policyNumber).toBe('BD-00C1A1M5');
    const byNumber = await call(api, 'POST', '/api/claims', nominee, claimBody({ policyNumber: 'bd-00c1a1m5' }));
    expect(byNumber.status).toBe(201);
    expect(byNumber.body.claim.policyNumber).toBe('BD-00C1A1M5');
    const listed = await call(api, 'GET', `/api/claims/${byNumber.body.claim.id}`, admin);
    expect(listed.body.claim.policyNumber).toBe('BD-00C1A1M5');
  });
});
