/**
 * Documents on an insurance claim (issues 27 and 31, migration 0225): who sees and sends them
 * (the claimant, the assigned agent, admins; nobody else, and never through the application's
 * own documents), `Cache-Control: private, no-store`, and the approval refused until every
 * required paper of the claim's kind is attached.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { call, type Json } from './support/calls.ts';
import { createUpload, headUpload, uploadClaimDocument } from './support/documents.ts';
import { jpegImage } from './support/images.ts';
import { insertApplication, insertPolicy } from './support/records.ts';
import { pullEverything } from './support/sync-pulls.ts';
import { runtime } from './support/target.ts';

const { api, admin, agent, otherAgent, holder, nominee, stranger } = useApi({
  admin: 'admin',
  agent: 'agent',
  otherAgent: 'agent',
  holder: 'user',
  nominee: 'user',
  stranger: 'user',
});

const nid = '1988123456789';
const claimId = crypto.randomUUID();
const photo = jpegImage(200, 150);

beforeAll(async () => {
  const policy = await insertPolicy(api, { title: 'Family Shield', coverage_range: 20_000_000 });
  const application = await insertApplication(api, holder, { policy_id: policy.id, policy_name: 'Family Shield', nid, nominee_nid: '1985123456789', status: 'approved', payment_status: 'paid' });
  const filed = await call(api, 'POST', '/api/claims', nominee, {
    id: claimId,
    claimNumber: 'CLM-PAPR-0001',
    policyNumber: application.id,
    insuredNid: nid,
    relation: 'nominee',
    claimantNid: '1985123456789',
    kind: 'death',
    eventDate: '2026-02-01',
    description: 'Passed away in hospital.',
    district: 'Khulna',
    payoutMethod: 'nagad',
    payoutAccount: '01812345678',
  });
  expect(filed.status).toBe(201);
  expect((await call(api, 'PATCH', `/api/claims/${claimId}/assign`, admin, { agentEmail: agent.email })).status).toBe(200);
});

const list = (user: typeof nominee) => api.fetch(`/api/claims/${claimId}/documents`, { headers: { authorization: `Bearer ${user.token}` } });

describe(`documents on a claim on ${runtime}`, () => {
  it('the claimant sends the papers of the kind; the claimant, the assigned agent and admins see them, nobody else', async () => {
    const certificate = await uploadClaimDocument(api, nominee, claimId, { kind: 'other', writeId: 'file-claim', fileKey: 'a', paper: 'death-certificate' }, photo);
    expect(certificate.status).toBe(204);
    expect(certificate.documentId).toBeTruthy();
    // A replay of the same file of the same write finds the same document.
    const again = await uploadClaimDocument(api, nominee, claimId, { kind: 'other', writeId: 'file-claim', fileKey: 'a', paper: 'death-certificate' }, photo);
    expect(again.documentId ?? certificate.documentId).toBe(certificate.documentId);
    // The upload lives under the claim's address, its tus answers private and never cached.
    const replayed = await createUpload(api, nominee, claimId, { kind: 'other', writeId: 'file-claim', fileKey: 'a', paper: 'death-certificate' }, photo.byteLength, 'claims');
    expect(replayed).toMatchObject({ status: 201, location: expect.stringMatching(`^/api/claims/${claimId}/documents/uploads/`), cacheControl: 'private, no-store' });
    expect(await headUpload(api, nominee, replayed.location!)).toMatchObject({ status: 200, documentId: certificate.documentId, cacheControl: 'private, no-store' });
    expect((await headUpload(api, holder, replayed.location!)).status).toBe(403);

    // Only the claimant sends papers, only papers of the claim's kind; only the assigned agent evidence.
    const meta = (paper: string) => ({ kind: 'other' as const, writeId: 'w-x', fileKey: paper, paper });
    expect((await uploadClaimDocument(api, holder, claimId, meta('insured-nid'), photo)).status).toBe(403);
    expect((await uploadClaimDocument(api, agent, claimId, meta('insured-nid'), photo)).status).toBe(403);
    expect((await uploadClaimDocument(api, nominee, claimId, meta('discharge-paper'), photo)).status).toBe(400);
    expect((await uploadClaimDocument(api, otherAgent, claimId, { kind: 'evidence', writeId: 'w-e', fileKey: 'e' }, photo)).status).toBe(403);
    expect((await uploadClaimDocument(api, nominee, claimId, { kind: 'evidence', writeId: 'w-e', fileKey: 'e' }, photo)).status).toBe(403);
    const evidence = await uploadClaimDocument(api, agent, claimId, { kind: 'evidence', writeId: 'review-1', fileKey: 'e1' }, photo);
    expect(evidence.status).toBe(204);

    for (const user of [nominee, agent, admin]) {
      const res = await list(user);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const docs = (await res.json()) as Json[];
      expect(docs.map((d) => [d.kind, d.paper ?? null])).toEqual([
        ['other', 'death-certificate'],
        ['evidence', null],
      ]);
      const bytes = await api.fetch(`/api/claims/${claimId}/documents/${certificate.documentId}`, { headers: { authorization: `Bearer ${user.token}` } });
      expect(bytes.status).toBe(200);
      expect(bytes.headers.get('cache-control')).toBe('private, no-store');
      expect(new Uint8Array(await bytes.arrayBuffer())).toEqual(photo);
    }
    // The policyholder (not the claimant), another agent and a stranger see nothing.
    for (const user of [holder, otherAgent, stranger]) {
      expect((await list(user)).status).toBe(403);
      const bytes = await api.fetch(`/api/claims/${claimId}/documents/${certificate.documentId}`, { headers: { authorization: `Bearer ${user.token}` } });
      expect(bytes.status).toBe(403);
    }
    expect((await api.fetch(`/api/claims/${claimId}/documents`)).status).toBe(401);
    // A claim's papers never show among the policy application's own documents.
    const policyDocs = await call(api, 'GET', `/api/applications/${(await api.sql<{ application_id: string }>('SELECT application_id FROM claims WHERE id = ?', claimId))[0]!.application_id}/documents`, holder);
    expect(policyDocs.body).toEqual([]);
  });

  it('gives the claim a new version when a paper is added, so the next pull of its claimant and its agent carries it', async () => {
    const before = await Promise.all([nominee, agent].map((viewer) => pullEverything(api, viewer)));
    const sent = await uploadClaimDocument(api, nominee, claimId, { kind: 'other', writeId: 'file-claim-stamp', fileKey: 'p', paper: 'death-certificate' }, photo);
    expect(sent.status).toBe(204);
    for (const [i, viewer] of [nominee, agent].entries()) {
      const held = before[i]!.changes.claims.upserts.find((row) => row.id === claimId)!;
      expect(held).toBeTruthy();
      const row = (await pullEverything(api, viewer, before[i]!.cursor)).changes.claims.upserts.find((changed) => changed.id === claimId);
      expect(row?.version).toBeGreaterThan(held.version);
      expect({ ...row, version: held.version }).toEqual(held);
    }
  });

  it('refuses to approve until every required paper is attached, naming what is missing', async () => {
    const refused = await call(api, 'POST', `/api/claims/${claimId}/review`, agent, { step: 'approve', amountPoisha: 10_000_000 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Claim CLM-PAPR-0001 cannot be approved until every required paper is attached. Missing: insured-nid, claimant-nid.');
    // Queued offline, the same refusal comes back as the outbox's reason.
    const pushed = await call(api, 'POST', '/api/sync/push', agent, { mutations: [{ mutationId: 'approve-early', type: 'claim.review', payload: { id: claimId, step: 'approve', amountPoisha: 10_000_000 } }] });
    expect(pushed.body.results[0]).toMatchObject({ result: 'refused', status: 409 });
    expect(pushed.body.results[0].reason).toMatch(/Missing: insured-nid, claimant-nid/);

    for (const paper of ['insured-nid', 'claimant-nid']) {
      expect((await uploadClaimDocument(api, nominee, claimId, { kind: 'other', writeId: 'file-claim', fileKey: paper, paper }, photo)).status).toBe(204);
    }
    const approved = await call(api, 'POST', `/api/claims/${claimId}/review`, agent, { step: 'approve', amountPoisha: 10_000_000 });
    expect(approved.status).toBe(200);
    // Decided: nothing more is added.
    expect((await uploadClaimDocument(api, agent, claimId, { kind: 'evidence', writeId: 'late', fileKey: 'l' }, photo)).status).toBe(409);
  });
});
