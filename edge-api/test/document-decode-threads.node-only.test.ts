/**
 * The Node server decodes documents on worker threads (decision 0102, node/image-threads.ts):
 * while big pictures within the cap are being checked, other people's requests are still
 * answered. What is asserted is that they are answered, and the pictures taken; how fast is
 * measured by bench/document-stall.ts (printed, never asserted: a loaded CI machine's timing).
 */
import { encode as encodePng } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { uploadDocument } from './support/documents.ts';
import { insertApplication } from './support/records.ts';
import { createTestUser } from './support/users.ts';

/** 1995 x 1995 RGB (4 MP, under the documents' cap) that compresses to about 100 KB but decodes pixel by pixel. */
function bigAllowedPng(): Uint8Array {
  const side = 1995;
  const data = new Uint8Array(side * side * 3);
  for (let i = 0; i < data.length; i++) data[i] = (i * 31 + (i >> 10)) & 0xff;
  return encodePng({ width: side, height: side, data, channels: 3 });
}

const { api } = useApi();

describe('documents decoded off the event loop on node', () => {
  it('answers a visitor’s GET /api/faqs while three big pictures are checked, and takes the pictures', { timeout: 90_000 }, async () => {
    const picture = bigAllowedPng();
    const senders = await Promise.all(Array.from({ length: 3 }, () => createTestUser(api)));
    const uploads = Promise.all(
      senders.map(async (sender, i) => {
        const application = await insertApplication(api, sender, { status: 'pending' });
        // One PATCH each: the whole picture arrives, and its check begins, at once.
        return uploadDocument(api, sender, application.id, { kind: 'photo', writeId: `big-${i}`, fileKey: 'photo' }, picture, picture.byteLength);
      }),
    );
    const faqs = await api.fetch('/api/faqs');
    expect(faqs.status).toBe(200);
    expect(Array.isArray(await faqs.json())).toBe(true);
    const sent = await uploads;
    expect(sent.map((answer) => answer.status)).toEqual([204, 204, 204]);
  });
});
