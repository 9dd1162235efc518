/**
 * Documents on applications (issue 27): resumable uploads tied to their write, the checks of
 * the bytes, the quota, and who may see them. On both runtimes (disk on Node, R2 on the Worker).
 */
import { Upload } from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { call } from './support/calls.ts';
import { createUpload, headUpload, patchUpload, uploadDocument } from './support/documents.ts';
import { encode as encodePng } from 'fast-png';
import { randomBytes } from 'node:crypto';
import { jpegImage } from './support/images.ts';
import { insertApplication } from './support/records.ts';
import { pullEverything } from './support/sync-pulls.ts';
import { runtime } from './support/target.ts';
import { createTestUser } from './support/users.ts';

const { api, owner, other, agent, otherAgent, admin } = useApi(
  { owner: 'user', other: 'user', agent: 'agent', otherAgent: 'agent', admin: 'admin' },
  { env: { DOCUMENT_QUOTA_BYTES: String(1024 * 1024) } },
);

const photo = jpegImage(300, 200);
let n = 0;
const meta = (kind: 'nid-front' | 'nid-back' | 'photo' | 'other' | 'evidence', writeId = `write-${(n += 1)}`, fileKey = kind) => ({ kind, writeId, fileKey });
const assignedApplication = () => insertApplication(api, owner, { status: 'assigned', assigned_agent: agent.email, assigned_at: new Date().toISOString() });
const documentCount = async (applicationId: string) =>
  Number((await api.sql<{ n: number }>('SELECT count(*) AS n FROM documents WHERE application_id = ?', applicationId))[0]!.n);

describe(`documents on ${runtime}`, () => {
  it('takes an application’s papers in parts and gives them back, privately, to who may see the application', async () => {
    const application = await assignedApplication();
    const sent = await uploadDocument(api, owner, application.id, meta('nid-front'), photo, 1000);
    expect(sent.status, sent.message).toBe(204);
    expect(sent.documentId).toBeTruthy();

    for (const viewer of [owner, agent, admin]) {
      const list = await call(api, 'GET', `/api/applications/${application.id}/documents`, viewer);
      expect(list.status).toBe(200);
      expect(list.headers.get('cache-control')).toBe('private, no-store');
      expect(list.body).toEqual([expect.objectContaining({ id: sent.documentId, kind: 'nid-front', size: photo.byteLength, width: 300, height: 200, contentType: 'image/jpeg' })]);
      const res = await api.fetch(`/api/applications/${application.id}/documents/${sent.documentId}`, { headers: { authorization: `Bearer ${viewer.token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(photo);
    }
  });

  it('gives the application a new version when a document is added, so the next pull of its owner and its agent carries it', async () => {
    const application = await assignedApplication();
    const before = await Promise.all([owner, agent].map((viewer) => pullEverything(api, viewer)));
    // Nothing added: a device that has read the list need not ask for it again.
    expect((await pullEverything(api, owner, before[0]!.cursor)).changes.applications.upserts).toEqual([]);

    expect((await uploadDocument(api, owner, application.id, meta('photo'), photo)).status).toBe(204);
    for (const [i, viewer] of [owner, agent].entries()) {
      const held = before[i]!.changes.applications.upserts.find((row) => row.id === application.id)!;
      expect(held).toBeTruthy();
      const after = await pullEverything(api, viewer, before[i]!.cursor);
      const row = after.changes.applications.upserts.find((changed) => changed.id === application.id);
      expect(row?.version).toBeGreaterThan(held.version);
      // Only the version moved.
      expect({ ...row, version: held.version }).toEqual(held);
    }
  });

  it('refuses another customer, an unassigned agent and a visitor', async () => {
    const application = await assignedApplication();
    const sent = await uploadDocument(api, owner, application.id, meta('photo'), photo);
    expect(sent.status, sent.message).toBe(204);
    const paths = [`/api/applications/${application.id}/documents`, `/api/applications/${application.id}/documents/${sent.documentId}`];
    for (const path of paths) {
      for (const [caller, statuses] of [[other, [403, 404]], [otherAgent, [403, 404]], [null, [401]]] as const) {
        const res = await api.fetch(path, { headers: caller ? { authorization: `Bearer ${caller.token}` } : {} });
        expect(statuses, `${path} as ${caller?.email ?? 'a visitor'}`).toContain(res.status);
        expect(res.headers.get('content-type') ?? '').not.toMatch(/^image\//);
      }
    }
    // Nor may they send one, or continue someone else's upload.
    expect((await createUpload(api, other, application.id, meta('other'), 100)).status).toBe(403);
    expect((await createUpload(api, otherAgent, application.id, meta('evidence'), 100)).status).toBe(403);
    expect((await createUpload(api, null, application.id, meta('other'), 100)).status).toBe(401);
    const started = await createUpload(api, owner, application.id, meta('other'), photo.byteLength);
    expect((await patchUpload(api, other, started.location!, 0, photo.subarray(0, 10))).status).toBe(403);
    expect((await headUpload(api, other, started.location!)).status).toBe(403);
  });

  it('continues from the last acknowledged byte, and a replay never attaches twice', async () => {
    const application = await assignedApplication();
    const fileMeta = meta('nid-back');
    const created = await createUpload(api, owner, application.id, fileMeta, photo.byteLength);
    expect(created.status).toBe(201);
    // The tus answers of an application's upload are `no-store` (a claim's are private too).
    expect(created.cacheControl).toBe('no-store');
    const first = await patchUpload(api, owner, created.location!, 0, photo.subarray(0, 500));
    expect(first).toMatchObject({ offset: 500, cacheControl: 'no-store' });
    // The reply was lost: the device sends the same part again, and is told where the upload is.
    const again = await patchUpload(api, owner, created.location!, 0, photo.subarray(0, 500));
    expect(again.status).toBe(409);
    expect(await headUpload(api, owner, created.location!)).toMatchObject({ status: 200, offset: 500, length: photo.byteLength, cacheControl: 'no-store' });
    const done = await patchUpload(api, owner, created.location!, 500, photo.subarray(500));
    expect(done.status).toBe(204);
    expect(done.documentId).toBeTruthy();

    // The whole write replayed (its upload address forgotten): the same upload, already complete.
    const replay = await createUpload(api, owner, application.id, fileMeta, photo.byteLength);
    expect(replay.status).toBe(201);
    expect(replay.location).toBe(created.location);
    expect(await headUpload(api, owner, replay.location!)).toMatchObject({ offset: photo.byteLength, documentId: done.documentId });
    expect((await patchUpload(api, owner, replay.location!, 0, photo)).status).toBe(409);
    expect(await documentCount(application.id)).toBe(1);
  });

  it('works with the tus client the device uses', async () => {
    const application = await assignedApplication();
    const fileMeta = meta('other');
    const upload = async () =>
      new Promise<string>((resolve, reject) => {
        const task = new Upload(Buffer.from(photo), {
          endpoint: `${api.url}/api/applications/${application.id}/documents/uploads`,
          metadata: fileMeta,
          headers: { authorization: `Bearer ${owner.token}` },
          chunkSize: 2048,
          retryDelays: [0, 10, 10],
          onSuccess: () => resolve(task.url!),
          onError: reject,
        });
        task.start();
      });
    const first = await upload();
    // A second run of the same write (a replay after a lost answer) ends on the same upload.
    expect(await upload()).toBe(first);
    expect(await documentCount(application.id)).toBe(1);
  });

  it('refuses a text file renamed .jpg, and keeps the refusal for a replay', async () => {
    const application = await assignedApplication();
    const text = new TextEncoder().encode('Just some text that pretends to be a photo.jpg\n'.repeat(20));
    const fileMeta = meta('photo');
    const sent = await uploadDocument(api, owner, application.id, fileMeta, text);
    expect(sent.status).toBe(415);
    expect(sent.message).toMatch(/photo or a picture of the document/);
    const replay = await createUpload(api, owner, application.id, fileMeta, text.byteLength);
    expect(replay.status).toBe(415);
    expect(await documentCount(application.id)).toBe(0);
  });

  it('refuses a damaged picture and one with too many bytes', async () => {
    const application = await assignedApplication();
    const cut = photo.slice(0, Math.floor(photo.byteLength * 0.6));
    expect((await uploadDocument(api, owner, application.id, meta('other'), cut)).status).toBe(415);
    const tooBig = await createUpload(api, owner, application.id, meta('other'), 3 * 1024 * 1024);
    expect(tooBig.status).toBe(413);
    expect(tooBig.message).toMatch(/too large/);
  });

  it('enforces the quota of the person who sends', async () => {
    const application = await insertApplication(api, other, { status: 'pending' });
    // Random pixels do not compress: about 350 KB each, so the third passes the 1 MB quota.
    const big = encodePng({ width: 300, height: 300, data: randomBytes(300 * 300 * 4), channels: 4 });
    expect(big.byteLength).toBeGreaterThan(345 * 1024);
    expect((await uploadDocument(api, other, application.id, meta('nid-front'), big)).status).toBe(204);
    expect((await uploadDocument(api, other, application.id, meta('nid-back'), big)).status).toBe(204);
    const over = await createUpload(api, other, application.id, meta('photo'), big.byteLength);
    expect(over.status).toBe(413);
    expect(over.message).toMatch(/used your space for documents/);
  });

  it('gives the space of an upload abandoned for a week back', async () => {
    const person = await createTestUser(api, 'user');
    const application = await insertApplication(api, person, { status: 'pending' });
    const started = await createUpload(api, person, application.id, meta('other'), 1000 * 1024);
    expect(started.status).toBe(201);
    expect((await patchUpload(api, person, started.location!, 0, photo.subarray(0, 1000))).offset).toBe(1000);
    // Still under way: it holds its declared bytes of the 1 MB quota.
    expect((await createUpload(api, person, application.id, meta('photo'), photo.byteLength)).status).toBe(413);
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000).toISOString();
    await api.sql('UPDATE document_uploads SET updated_at = ? WHERE owner_id = ?', eightDaysAgo, person.id);
    const sent = await uploadDocument(api, person, application.id, meta('photo'), photo);
    expect(sent.status, sent.message).toBe(204);
    expect(await api.sql('SELECT id FROM document_uploads WHERE id = ?', started.location!.split('/').pop())).toEqual([]);
    expect((await headUpload(api, person, started.location!)).status).toBe(404);
  });

  it('removes the bytes of the documents of a deleted application', async () => {
    const application = await insertApplication(api, owner, { status: 'pending' });
    const sent = await uploadDocument(api, owner, application.id, meta('nid-front'), photo);
    expect(sent.status, sent.message).toBe(204);
    expect((await call(api, 'DELETE', `/api/applications/${application.id}`, owner)).status).toBe(200);
    expect(await documentCount(application.id)).toBe(0);
    const stored = `${sent.documentId}.jpg`;
    expect(await api.sql('SELECT stored_name FROM document_leftovers WHERE stored_name = ?', stored)).toHaveLength(1);
    // The next upload (or the housekeeping) removes them from the store.
    const next = await assignedApplication();
    expect((await uploadDocument(api, owner, next.id, meta('photo'), photo)).status).toBe(204);
    expect(await api.sql('SELECT stored_name FROM document_leftovers WHERE stored_name = ?', stored)).toEqual([]);
  });

  it('holds an application to one NID front', async () => {
    const application = await assignedApplication();
    expect((await uploadDocument(api, owner, application.id, meta('nid-front'), photo)).status).toBe(204);
    expect((await createUpload(api, owner, application.id, meta('nid-front'), photo.byteLength)).status).toBe(409);
  });

  it('takes evidence from the assigned agent only, and shows it to the customer', async () => {
    const application = await assignedApplication();
    expect((await createUpload(api, owner, application.id, meta('evidence'), photo.byteLength)).status).toBe(403);
    expect((await createUpload(api, agent, application.id, meta('nid-front'), photo.byteLength)).status).toBe(403);
    const sent = await uploadDocument(api, agent, application.id, meta('evidence'), photo);
    expect(sent.status, sent.message).toBe(204);
    const list = await call(api, 'GET', `/api/applications/${application.id}/documents`, owner);
    expect(list.body).toEqual([expect.objectContaining({ kind: 'evidence', ownerId: agent.id })]);
  });
});
