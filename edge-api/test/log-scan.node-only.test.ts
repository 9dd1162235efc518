/**
 * The scan the API projects run over every server's log lines at the end of a run
 * (support/log-scan.ts) finds each kind of secret issue 30 names, and passes clean request lines.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { scanLogFolder } from './support/log-scan.ts';
import { secretsIn } from './support/log-secrets.ts';
import { testJwtSecret } from './support/target.ts';

const clean = { level: 'info', reqId: crypto.randomUUID(), method: 'POST', route: '/api/auth/login', status: 401, durationMs: 12.3, msg: 'request' };

it('passes a request line as the API writes it', () => {
  expect(secretsIn(JSON.stringify(clean))).toEqual([]);
  expect(secretsIn(JSON.stringify({ ...clean, userId: crypto.randomUUID() }))).toEqual([]);
});

it.each([
  ['a password the tests send', { ...clean, msg: 'login own-pass-1' }],
  ['an access token', { ...clean, msg: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' }],
  ['a bearer header', { ...clean, err: { message: 'Authorization: Bearer abc' } }],
  ['a refresh cookie', { ...clean, msg: 'refresh_token=abc.def' }],
  ['an NID the tests send', { ...clean, msg: 'nid 1990123456789' }],
  ['an address the tests send', { ...clean, msg: 'House 12, Road 5, Dhanmondi, Dhaka' }],
  ["a PNG's bytes in base64", { ...clean, msg: 'iVBORw0KGgoAAAANSUhEUg' }],
  ['the signing secret', { ...clean, msg: testJwtSecret }],
  ['a field named for a secret', { ...clean, headers: { host: 'x' } }],
  ['a nested field named for one', { ...clean, req: { password: 'x' } }],
])('flags %s', (_what, line) => {
  expect(secretsIn(JSON.stringify(line)).length).toBeGreaterThan(0);
});

it('scans every line of every file of a folder and counts the request lines', () => {
  const dir = mkdtempSync(join(tmpdir(), 'scan-test-'));
  try {
    writeFileSync(join(dir, 'a.log'), `${JSON.stringify(clean)}\n${JSON.stringify(clean)}\n`);
    writeFileSync(join(dir, 'b.log'), `${JSON.stringify({ ...clean, msg: 'secret-1' })}\n`);
    const result = scanLogFolder(dir);
    expect(result).toMatchObject({ files: 2, lines: 3, requestLines: 3 });
    expect(result.findings).toEqual(['b.log:1: "secret-1", sent by the tests']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
