/**
 * Issue 47, section 3, as an attacker sends them through the upload API (decision 0102):
 * - the 38 KB PNG of 39.7 megapixels, refused from its header (413, the documents' 4 MP cap)
 *   before a byte of it is decoded, and the refusal kept for a replay;
 * - a camera's JPEG (GPS, camera, serial, XMP, IPTC, a comment, a second picture after it) and a
 *   PNG and a WebP with their metadata chunks come back to the owner, the agent and admins
 *   without any of it, the same pixels still decoding;
 * - a photo turned by its EXIF keeps that orientation alone.
 * The upload limits (refusals counted too) are in rate-limits.test.ts.
 */
import exifr from 'exifr';
import { decode as decodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { call } from './support/calls.ts';
import { createUpload, uploadDocument } from './support/documents.ts';
import {
  cameraJpeg,
  cameraModel,
  flatPngOfMegapixels,
  jpegMarkers,
  pngChunkTypes,
  pngHeaderOfMegapixels,
  pngWithMetadata,
  webpChunks,
  webpWithMetadata,
} from './support/metadata-images.ts';
import { insertApplication } from './support/records.ts';
import { runtime } from './support/target.ts';
import type { TestUser } from './support/users.ts';

const { api, owner, agent, admin } = useApi({ owner: 'user', agent: 'agent', admin: 'admin' });

let n = 0;
const meta = () => ({ kind: 'other' as const, writeId: `attack-${(n += 1)}`, fileKey: 'paper' });
const assignedApplication = () => insertApplication(api, owner, { status: 'assigned', assigned_agent: agent.email, assigned_at: new Date().toISOString() });

/** EXIF (with GPS), XMP and IPTC as exifr finds them; JFIF's resolution is no one's secret. */
const metadataOf = (bytes: Uint8Array) =>
  exifr.parse(bytes, { tiff: true, exif: true, gps: true, interop: true, ifd1: true, xmp: true, iptc: true, jfif: false, ihdr: false, icc: false });

async function storedBytes(viewer: TestUser, applicationId: string, documentId: string): Promise<Uint8Array> {
  const res = await api.fetch(`/api/applications/${applicationId}/documents/${documentId}`, { headers: { authorization: `Bearer ${viewer.token}` } });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

/** Sends the file; the bytes each of the owner, the agent and an admin get back (the same for all). */
async function sentAndShown(bytes: Uint8Array): Promise<{ shown: Uint8Array; listed: { size: number; width: number; height: number } }> {
  const application = await assignedApplication();
  const sent = await uploadDocument(api, owner, application.id, meta(), bytes, 16 * 1024);
  expect(sent.status, sent.message).toBe(204);
  const [shown, ...others] = await Promise.all([owner, agent, admin].map((viewer) => storedBytes(viewer, application.id, sent.documentId!)));
  for (const other of others) expect(Buffer.from(other).equals(Buffer.from(shown!))).toBe(true);
  const list = await call(api, 'GET', `/api/applications/${application.id}/documents`, owner);
  const [listed] = list.body as { size: number; width: number; height: number }[];
  return { shown: shown!, listed: listed! };
}

describe(`a picture that would stall the server, on ${runtime}`, () => {
  it('refuses the 38 KB PNG of 39.7 megapixels with 413 and the 4 megapixel cap, and keeps the refusal', async () => {
    const bomb = flatPngOfMegapixels(6300);
    expect(bomb.byteLength).toBeLessThan(40 * 1024);
    const application = await assignedApplication();
    const fileMeta = meta();
    const sent = await uploadDocument(api, owner, application.id, fileMeta, bomb);
    expect(sent.status).toBe(413);
    expect(sent.message).toBe('This image is too large: at most 4 megapixels (width x height).');
    const replay = await createUpload(api, owner, application.id, fileMeta, bomb.byteLength);
    expect(replay.status).toBe(413);
    expect(await api.sql('SELECT id FROM documents WHERE application_id = ?', application.id)).toEqual([]);
  });

  it('refuses it from the header, before decoding: pixel data that is no picture still gets the pixel answer', async () => {
    const application = await assignedApplication();
    const sent = await uploadDocument(api, owner, application.id, meta(), pngHeaderOfMegapixels(6300));
    // A decode would have found the data damaged (415); the header alone says too many pixels.
    expect(sent.status).toBe(413);
    expect(sent.message).toMatch(/at most 4 megapixels/);
  });

  it('takes a picture just under the cap (1995 x 1995)', async () => {
    const { listed } = await sentAndShown(flatPngOfMegapixels(1995));
    expect([listed.width, listed.height]).toEqual([1995, 1995]);
  });
});

describe(`metadata removed from documents, on ${runtime}`, () => {
  it('gives a camera JPEG back with no GPS, camera, XMP, IPTC or comment, to the owner, the agent and admins, and it still decodes', async () => {
    const camera = cameraJpeg(160, 120);
    expect(await metadataOf(camera)).toMatchObject({ Model: cameraModel, latitude: expect.any(Number) });
    const { shown, listed } = await sentAndShown(camera);
    expect(await metadataOf(shown)).toBeUndefined();
    expect(await exifr.gps(shown)).toBeUndefined();
    expect(jpegMarkers(shown).filter((marker) => (marker >= 0xe1 && marker <= 0xef) || marker === 0xfe)).toEqual([]);
    expect(Buffer.from(shown).toString('latin1')).not.toContain(cameraModel);
    const picture = jpeg.decode(shown, { useTArray: true, tolerantDecoding: false });
    expect([picture.width, picture.height]).toEqual([160, 120]);
    expect(listed).toMatchObject({ size: shown.byteLength, width: 160, height: 120 });
    expect(shown.byteLength).toBeLessThan(camera.byteLength);
  });

  it('keeps the orientation of a photo turned by its EXIF, and nothing else of it', async () => {
    const { shown } = await sentAndShown(cameraJpeg(160, 120, 6));
    expect(await exifr.orientation(shown)).toBe(6);
    expect(await metadataOf(shown)).toEqual({ Orientation: expect.anything() });
  });

  it('gives a PNG back without its eXIf, tEXt, zTXt, iTXt and tIME chunks, the same pixels', async () => {
    const sent = pngWithMetadata(64, 48);
    const { shown, listed } = await sentAndShown(sent);
    expect(pngChunkTypes(shown)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const before = decodePng(sent);
    const after = decodePng(shown, { checkCrc: true });
    expect(Buffer.from(after.data as Uint8Array).equals(Buffer.from(before.data as Uint8Array))).toBe(true);
    expect(listed.size).toBe(shown.byteLength);
  });

  it('gives a WebP back without its EXIF and XMP chunks or their flags', async () => {
    const { shown } = await sentAndShown(webpWithMetadata());
    expect(webpChunks(shown)).toEqual([{ type: 'VP8X', flags: 0 }, { type: 'VP8L' }]);
    expect(Buffer.from(shown).toString('latin1')).not.toContain(cameraModel);
  });
});
