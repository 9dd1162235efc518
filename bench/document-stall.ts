/**
 * Issue 47's stall, measured (docs/decisions/0102): a visitor's GET /api/faqs, one after another,
 * while two loops from one account send documents, against the Node server as `npm start` runs it
 * (from the sources here: startApp). Three phases of a few seconds each: nothing else; the 38 KB
 * PNG of 39.7 megapixels (refused from its header); a 1995 x 1995 PNG within the 4 MP cap (decoded
 * whole, on the image thread). For each, the GET's median and 95th percentile, and how long a send
 * took. Before the change the same two loops of the 40 MP PNG took the GET from 6 ms to 827 ms
 * (median, issue 47, on bda9473).
 *
 *   node --import tsx bench/document-stall.ts
 *
 * Printed only (not part of `npm run bench`'s report).
 */
import { encode as encodePng } from 'fast-png';
import { deflateSync, crc32 } from 'node:zlib';
import { applicationRow } from '../edge-api/src/seed/factories.ts';
import { accessTokenFor, fillDatabase, insertRows, insertUser, type BenchUser } from './support/data.ts';
import { startApp } from './support/processes.ts';
import { formatMs, median, percentile } from './support/stats.ts';

const phaseMs = 6000;
const loops = 2;

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** The issue's picture: 6300 x 6300 grey, whole, about 38 KB. */
function bombPng(): Uint8Array {
  const side = 6300;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(side * (side + 1)), { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

function bigAllowedPng(): Uint8Array {
  const side = 1995;
  const data = new Uint8Array(side * side * 3);
  for (let i = 0; i < data.length; i++) data[i] = (i * 31 + (i >> 10)) & 0xff;
  return encodePng({ width: side, height: side, data, channels: 3 });
}

let user: BenchUser | undefined;
const applicationIds: string[] = [];
const app = await startApp({
  env: {
    RATE_LIMIT_DOCUMENT_UPLOADS: '100000000/60',
    RATE_LIMIT_DOCUMENT_UPLOADS_PER_ADDRESS: '100000000/60',
    DOCUMENT_QUOTA_BYTES: String(1024 ** 4),
  },
  prepare: (dataDir) =>
    fillDatabase(dataDir, (sqlite) => {
      user = insertUser(sqlite);
      const rows = Array.from({ length: 2000 }, () => applicationRow(user!));
      insertRows(sqlite, 'applications', rows);
      applicationIds.push(...rows.map((row) => row.id as string));
    }),
});

try {
  const token = await accessTokenFor(user!);
  let next = 0;
  /** One document sent whole in one PATCH, to an application of its own; its status and time. */
  async function sendOnce(bytes: Uint8Array): Promise<{ status: number; ms: number }> {
    const id = applicationIds[next++ % applicationIds.length]!;
    const started = performance.now();
    const created = await fetch(`${app.url}/api/applications/${id}/documents/uploads`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'tus-resumable': '1.0.0',
        'upload-length': String(bytes.byteLength),
        'upload-metadata': `kind ${btoa('photo')},writeId ${btoa(`stall-${next}`)},fileKey ${btoa('photo')}`,
      },
    });
    if (created.status !== 201) return { status: created.status, ms: performance.now() - started };
    const patched = await fetch(new URL(created.headers.get('location')!, app.url), {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
      body: Buffer.from(bytes),
    });
    await patched.arrayBuffer();
    return { status: patched.status, ms: performance.now() - started };
  }

  async function phase(label: string, picture: Uint8Array | null) {
    let running = true;
    const sends: { status: number; ms: number }[] = [];
    const senders = picture
      ? Array.from({ length: loops }, async () => {
          while (running) sends.push(await sendOnce(picture));
        })
      : [];
    const faqs: number[] = [];
    const until = performance.now() + phaseMs;
    while (performance.now() < until) {
      const started = performance.now();
      const res = await fetch(`${app.url}/api/faqs`);
      await res.arrayBuffer();
      faqs.push(performance.now() - started);
    }
    running = false;
    await Promise.all(senders);
    const statuses = [...new Set(sends.map((send) => send.status))].join('/');
    console.log(
      `${label.padEnd(44)} GET /api/faqs median ${formatMs(median(faqs))}, p95 ${formatMs(percentile(faqs, 95))} (${faqs.length})` +
        (picture ? `; ${sends.length} sends (${statuses}), median ${formatMs(median(sends.map((send) => send.ms)))}` : ''),
    );
  }

  // One warm-up send: the image thread is ready and the code compiled.
  await sendOnce(bigAllowedPng());
  await phase('nothing else', null);
  await phase(`${loops} loops of the 38 KB 39.7 MP PNG`, bombPng());
  await phase(`${loops} loops of a 1995 x 1995 PNG (allowed)`, bigAllowedPng());
} finally {
  await app.dispose();
}
