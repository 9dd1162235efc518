/**
 * Issue 48: a certificate's check page, /verify/:code (and /bn/verify/:code), answers HTTP 404
 * for a code no certificate has, on Node and on the Worker (its static assets with wrangler.toml's
 * `run_worker_first`), still with the app shell, whose screen says "not found". A known code
 * answers 200. The page asks the API, so a script reading page statuses meets the same per-client
 * limit as the check itself.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicationFor } from './support/payment-fixtures.ts';
import { runtime, startApi, type ApiTarget } from './support/target.ts';
import { createTestUser } from './support/users.ts';

/** The shell as the build makes it, cut to what these tests look for. */
const shell = '<!doctype html><html lang="en"><head><title>LifeSure Insurance</title></head><body><div id="root"></div><!-- app-shell --></body></html>';
const verifyLimit = 12;

let api: ApiTarget;
let pwaDir: string;
let knownCode: string;

beforeAll(async () => {
  pwaDir = mkdtempSync(join(tmpdir(), 'verify-page-pwa-'));
  writeFileSync(join(pwaDir, 'index.html'), shell);
  api = await startApi({ RATE_LIMIT_VERIFY: `${verifyLimit}/600` }, { pwaDir });
  const owner = await createTestUser(api, 'user', { name: 'Rahim Uddin' });
  const application = await createApplicationFor(api, owner, { status: 'approved', payment_status: 'paid' });
  knownCode = crypto.randomUUID().replace(/-/g, '');
  const now = new Date().toISOString();
  await api.sql(
    "UPDATE applications SET policy_number = 'LS-2026-000001', verify_code = ?, paid_at = ?, decided_at = ?, receipt_number = 'RC-20260101-0000AAAA', paid_amount_minor = 5000 WHERE id = ?",
    knownCode,
    now,
    now,
    application.id,
  );
}, 120_000);
afterAll(async () => {
  await api?.stop();
  if (pwaDir) rmSync(pwaDir, { recursive: true, force: true });
});

/** A page as a browser asks for it. */
const openPage = (path: string) => api.fetch(path, { headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' } });

describe(`the certificate check page's status on ${runtime}`, () => {
  it('answers 200 with the app for a code a certificate has, in both languages', async () => {
    for (const path of [`/verify/${knownCode}`, `/bn/verify/${knownCode}`]) {
      const page = await openPage(path);
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).toContain('<!-- app-shell -->');
    }
  });

  it('answers 404, still with the app (its own "not found" screen), for a code no certificate has', async () => {
    const unknown = 'f'.repeat(32);
    for (const path of [`/verify/${unknown}`, `/bn/verify/${unknown}`, '/verify/not-a-code', `/verify/${knownCode.toUpperCase()}x`]) {
      const page = await openPage(path);
      expect(page.status, path).toBe(404);
      expect(page.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(await page.text(), path).toContain('<!-- app-shell -->');
    }
    // The check itself says the same.
    expect((await api.fetch(`/api/verify/${unknown}`)).status).toBe(404);
  });

  it('leaves every other app address as it was: the shell, 200', async () => {
    for (const path of ['/dashboard', '/verify', '/bn/dashboard/payment/x']) {
      const page = await openPage(path);
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).toContain('<!-- app-shell -->');
    }
  });

  it("counts against the check's per-client limit: walking codes by the page's status is cut off", async () => {
    // Every page above asked the API once, like the screen's own check; a few more use up the rest.
    const statuses: number[] = [];
    for (let i = 0; i < verifyLimit; i++) statuses.push((await openPage(`/verify/${i.toString(16).padStart(32, '0')}`)).status);
    // Once the limit is met the page no longer tells (200: the screen explains), and the check says 429.
    expect(statuses.at(-1)).toBe(200);
    expect(statuses[0]).toBe(404);
    expect((await api.fetch(`/api/verify/${'e'.repeat(32)}`)).status).toBe(429);
  });
});
