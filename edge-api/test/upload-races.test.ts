/**
 * Sends of one resumable upload that race, and parts that nothing kept (issue 47). A device whose
 * reply was lost on 2G sends a part again while the first is still being written, perhaps in
 * another size. No send may answer 500 or spoil the upload: one is kept, the others are told where
 * the upload is (409), and the document completes afterwards with exactly the file's bytes. On
 * both runtimes: parts are files on Node, R2 objects on the Worker.
 */
import { describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { call } from './support/calls.ts';
import { createUpload, headUpload, patchUpload, type UploadMeta } from './support/documents.ts';
import { jpegImage } from './support/images.ts';
import { insertApplication } from './support/records.ts';
import { runtime } from './support/target.ts';

const { api, owner } = useApi({ owner: 'user' });

const photo = jpegImage(300, 200);
let writes = 0;
const meta = (): UploadMeta => ({ kind: 'other', writeId: `race-write-${(writes += 1)}`, fileKey: 'other' });
const uploadIdOf = (location: string) => location.split('/').pop()!;

interface PartRow {
  stored_name: string;
  start_at: number;
  byte_length: number;
  accepted: number;
}
const partsOf = (uploadId: string) =>
  api.sql<PartRow>('SELECT stored_name, start_at, byte_length, accepted FROM document_upload_parts WHERE upload_id = ? ORDER BY start_at, byte_length', uploadId);

async function startUpload() {
  const application = await insertApplication(api, owner, { status: 'pending' });
  const created = await createUpload(api, owner, application.id, meta(), photo.byteLength);
  expect(created.status, created.message).toBe(201);
  return { applicationId: application.id, location: created.location!, uploadId: uploadIdOf(created.location!) };
}

async function storedDocument(applicationId: string, documentId: string): Promise<Uint8Array> {
  const res = await api.fetch(`/api/applications/${applicationId}/documents/${documentId}`, { headers: { authorization: `Bearer ${owner.token}` } });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

/** The part files named by these rows are all gone from the store. */
async function expectRemoved(names: string[]) {
  for (const name of names) expect(await api.hasStoredImage(name), name).toBe(false);
}

describe(`sends of one upload that race, on ${runtime}`, () => {
  it('keeps one of three sends at one offset with different lengths, tells the others 409, and completes with the file’s bytes', async () => {
    const { applicationId, location, uploadId } = await startUpload();
    const lengths = [4000, 9000, 15000];
    const answers = await Promise.all(lengths.map((length) => patchUpload(api, owner, location, 0, photo.subarray(0, length))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 409, 409]);
    const kept = answers.find((answer) => answer.status === 204)!;
    expect(lengths).toContain(kept.offset);
    for (const refused of answers.filter((answer) => answer.status === 409)) expect(refused.message).toMatch(/^The upload is at byte \d+, not 0\.$/);

    // The sends that were not kept removed their parts: only the kept one is left.
    const parts = await partsOf(uploadId);
    expect(parts).toEqual([expect.objectContaining({ start_at: 0, byte_length: kept.offset, accepted: 1 })]);
    expect(await headUpload(api, owner, location)).toMatchObject({ status: 200, offset: kept.offset });

    const done = await patchUpload(api, owner, location, kept.offset, photo.subarray(kept.offset));
    expect(done.status, done.message).toBe(204);
    expect(done.documentId).toBeTruthy();
    expect(await storedDocument(applicationId, done.documentId!)).toEqual(photo);
    expect(await partsOf(uploadId)).toEqual([]);
    await expectRemoved(parts.map((part) => part.stored_name));
  });

  it('never answers 500 to sends racing at every offset, the last one among them, and the document is the file', async () => {
    const { applicationId, location, uploadId } = await startUpload();
    const statuses = new Set<number>();
    let documentId: string | null = null;
    for (let round = 0; round < 40 && !documentId; round++) {
      const { offset } = await headUpload(api, owner, location);
      const left = photo.byteLength - offset;
      // Three sizes and the whole rest (which finishes the upload if it is kept), plus a replay of one of them.
      const lengths = [3000, 7000, 12000, left, 7000].map((length) => Math.min(length, left));
      const answers = await Promise.all(lengths.map((length) => patchUpload(api, owner, location, offset, photo.subarray(offset, offset + length))));
      for (const answer of answers) statuses.add(answer.status);
      expect(answers.filter((answer) => answer.status === 204).length, `round ${round} at ${offset}`).toBe(1);
      documentId = answers.find((answer) => answer.documentId)?.documentId ?? null;
    }
    expect([...statuses].sort()).toEqual([204, 409]);
    expect(documentId).toBeTruthy();
    expect(await headUpload(api, owner, location)).toMatchObject({ status: 200, offset: photo.byteLength, documentId });
    expect(await storedDocument(applicationId, documentId!)).toEqual(photo);
    expect(await partsOf(uploadId)).toEqual([]);
    expect(Number((await api.sql<{ n: number }>('SELECT count(*) AS n FROM documents WHERE application_id = ?', applicationId))[0]!.n)).toBe(1);
  });

  it('finishes once when the last part and a HEAD arrive together', async () => {
    const { applicationId, location } = await startUpload();
    expect((await patchUpload(api, owner, location, 0, photo.subarray(0, 20000))).status).toBe(204);
    const [last, ...heads] = await Promise.all([
      patchUpload(api, owner, location, 20000, photo.subarray(20000)),
      ...[1, 2, 3].map(() => headUpload(api, owner, location)),
    ]);
    expect(last!.status, last!.message).toBe(204);
    for (const head of heads) expect(head.status).toBe(200);
    const final = await headUpload(api, owner, location);
    expect(final).toMatchObject({ status: 200, offset: photo.byteLength, documentId: last!.documentId });
    expect(await storedDocument(applicationId, final.documentId!)).toEqual(photo);
  });
});

describe(`parts nothing kept, on ${runtime}`, () => {
  it('removes with the housekeeping a part no send kept once no send can still be writing it', async () => {
    const { applicationId, location, uploadId } = await startUpload();
    expect((await patchUpload(api, owner, location, 0, photo.subarray(0, 5000))).status).toBe(204);
    // As a server that stopped between storing a part and accepting it leaves it: an hour ago, and just now.
    const orphan = (age: number, token: string) => ({ name: `${uploadId}-5000-3000-${token}.part`, at: new Date(Date.now() - age).toISOString() });
    const old = orphan(2 * 3600_000, '00000000000000aa');
    const young = orphan(60_000, '00000000000000bb');
    for (const part of [old, young]) {
      await api.putStoredImage(part.name, photo.subarray(5000, 8000), 'application/octet-stream');
      await api.sql('INSERT INTO document_upload_parts (stored_name, upload_id, start_at, byte_length, accepted, created_at) VALUES (?, ?, 5000, 3000, 0, ?)', part.name, uploadId, part.at);
    }
    await api.housekeeping();
    expect(await api.hasStoredImage(old.name)).toBe(false);
    expect(await api.hasStoredImage(young.name)).toBe(true);
    const left = await partsOf(uploadId);
    expect(left.map((part) => [part.start_at, part.accepted, part.stored_name === young.name])).toEqual([
      [0, 1, false],
      [5000, 0, true],
    ]);

    // The upload is unharmed, and finishing it removes the young one too.
    const done = await patchUpload(api, owner, location, 5000, photo.subarray(5000));
    expect(done.status, done.message).toBe(204);
    expect(await storedDocument(applicationId, done.documentId!)).toEqual(photo);
    expect(await partsOf(uploadId)).toEqual([]);
    await expectRemoved([young.name]);
  });

  it('removes the parts of an upload whose application is deleted, and of one abandoned for a week', async () => {
    const deleted = await startUpload();
    const abandoned = await startUpload();
    for (const { location } of [deleted, abandoned]) expect((await patchUpload(api, owner, location, 0, photo.subarray(0, 5000))).status).toBe(204);
    const [deletedPart] = await partsOf(deleted.uploadId);
    const [abandonedPart] = await partsOf(abandoned.uploadId);

    expect((await call(api, 'DELETE', `/api/applications/${deleted.applicationId}`, owner)).status).toBe(200);
    await api.sql('UPDATE document_uploads SET updated_at = ? WHERE id = ?', new Date(Date.now() - 8 * 24 * 3600_000).toISOString(), abandoned.uploadId);
    await api.housekeeping();

    for (const upload of [deleted, abandoned]) expect(await partsOf(upload.uploadId)).toEqual([]);
    await expectRemoved([deletedPart!.stored_name, abandonedPart!.stored_name]);
    expect(await api.sql('SELECT stored_name FROM document_leftovers WHERE stored_name IN (?, ?)', deletedPart!.stored_name, abandonedPart!.stored_name)).toEqual([]);
  });

  it('sends the device back to a part the store lost, instead of failing for ever', async () => {
    const { applicationId, location, uploadId } = await startUpload();
    expect((await patchUpload(api, owner, location, 0, photo.subarray(0, 30000))).status).toBe(204);
    expect((await patchUpload(api, owner, location, 30000, photo.subarray(30000, 50000))).status).toBe(204);
    const lost = (await partsOf(uploadId)).find((part) => part.start_at === 30000)!;
    await api.deleteStoredImage(lost.stored_name);

    // The last part is taken, but the upload cannot be joined: it goes back to the lost part's offset.
    const last = await patchUpload(api, owner, location, 50000, photo.subarray(50000));
    expect(last).toMatchObject({ status: 204, offset: 30000, documentId: null });
    expect(await headUpload(api, owner, location)).toMatchObject({ status: 200, offset: 30000, documentId: null });
    const done = await patchUpload(api, owner, location, 30000, photo.subarray(30000));
    expect(done.status, done.message).toBe(204);
    expect(await storedDocument(applicationId, done.documentId!)).toEqual(photo);
    expect(await partsOf(uploadId)).toEqual([]);
  });

  it('completes an upload begun before parts were noted (its first parts named by their offset alone)', async () => {
    const { applicationId, location, uploadId } = await startUpload();
    const legacyPart = `${uploadId}-0.part`;
    await api.putStoredImage(legacyPart, photo.subarray(0, 25000), 'application/octet-stream');
    await api.sql('UPDATE document_uploads SET received = 25000 WHERE id = ?', uploadId);
    expect(await headUpload(api, owner, location)).toMatchObject({ status: 200, offset: 25000 });

    const done = await patchUpload(api, owner, location, 25000, photo.subarray(25000));
    expect(done.status, done.message).toBe(204);
    expect(await storedDocument(applicationId, done.documentId!)).toEqual(photo);
    await expectRemoved([legacyPart]);
  });
});
