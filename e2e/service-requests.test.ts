/**
 * Issue 51 in a browser, at 360x740, in English and in Bangla: a policyholder asks, while
 * offline, to change the nominee of a policy in force, with a photo of the new nominee's NID
 * taken on the phone; the request and its photo wait on the phone and reach the server exactly
 * once when the network returns; the assigned agent sees the photo and approves it with a
 * reason; the holder then sees the new nominee on the certificate and the change in the
 * policy's history.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/app-server.ts';
import type { Locator } from 'playwright-core';
import { newContext, type Page } from './support/browser.ts';
import { demoUser, insertApplication } from './support/dashboard-data.ts';
import { cameraPhoto } from './support/documents.ts';
import { expectFullyOnScreen } from './support/fits.ts';
import { loginAs, queryDb } from './support/login.ts';
import { offlineJourney, openReadyForOffline, readOutbox, readStore } from './support/offline.ts';

const journey = offlineJourney();
const phone = { width: 360, height: 740 };

type Language = 'en' | 'bn';
const catalogue = (language: Language) =>
  JSON.parse(readFileSync(join(repoRoot, `pwa/src/locales/${language}/messages.json`), 'utf8')) as Record<string, string>;
const catalogues = { en: catalogue('en'), bn: catalogue('bn') };

/** The app's own text for `key` in `language`, so the test reads what a person reads. */
function say(language: Language, key: string, values: Record<string, string> = {}): string {
  const text = catalogues[language][key];
  if (text === undefined) throw new Error(`No ${language} text ${key}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

const hex32 = () => [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');

/** A policy in force of the demo user's, assigned to the demo agent, with a certificate. */
function policyInForce(policyName: string, oldNominee: string) {
  const user = demoUser(journey.server);
  const [policy] = queryDb<{ id: string }>(journey.server, 'SELECT id FROM policies LIMIT 1');
  const since = '2026-01-05T06:00:00.000Z';
  const row = insertApplication(journey.server, user, {
    policy_id: policy!.id,
    policy_name: policyName,
    nominee_name: oldNominee,
    relationship: 'Spouse',
    nominee_nid: '1985123456789',
    status: 'approved',
    payment_status: 'paid',
    applied_at: since,
    decided_at: since,
    assigned_agent: 'agent@demo.local',
    assigned_at: since,
    receipt_number: `RCP-SRV-${hex32().slice(0, 8)}`,
    paid_amount_minor: 5000,
    paid_currency: 'bdt',
    paid_method: 'demo',
    paid_provider: 'demo',
    paid_transaction_id: `demo_srv_${hex32().slice(0, 10)}`,
    paid_at: since,
    policy_number: `BD-${hex32().slice(0, 10).toUpperCase()}`,
    verify_code: hex32(),
  });
  return row.id;
}

/**
 * What must be tapped lies wholly on screen once scrolled to the middle, as a person scrolls:
 * scrolled only "if needed", a Bangla line's fractional height can leave its bottom 0.08 px
 * below the screen's edge, which is layout rounding, not a defect.
 */
async function expectTappable(page: Page, locator: Locator, what: string) {
  // Scrolled again at each look: a pull redrawing the rows above moved Approve off the screen once.
  await expectFullyOnScreen(page, locator, what, { scroll: 'center' });
}

const nomineePhotosOf = (applicationId: string) =>
  queryDb<{ kind: string; write_id: string }>(journey.server, "SELECT kind, write_id FROM documents WHERE application_id = ? AND paper = 'nominee-nid'", applicationId);
const pendingPhotos = (page: Page) => readStore<{ paper?: string | null; state: string }>(page, 'pendingDocuments');

const requestsOf = (applicationId: string) =>
  queryDb<{ status: string; changes: string; reason: string | null }>(journey.server, 'SELECT status, changes, reason FROM service_requests WHERE application_id = ?', applicationId);

async function changeTheNomineeOffline(language: Language, names: { policy: string; oldNominee: string; newNominee: string }) {
  const prefix = language === 'bn' ? '/bn' : '';
  const applicationId = policyInForce(names.policy, names.oldNominee);

  // The holder, signed in while online, with the app ready to work offline.
  const { context, page } = await openReadyForOffline(journey, { role: 'user', path: '/dashboard/myApplication', viewport: phone });
  if (language === 'bn') await page.goto(`${journey.server.url}${prefix}/dashboard/myApplication`);
  await page.getByRole('heading', { level: 1, name: say(language, 'apps.heading') }).waitFor();
  const requestLink = page.getByRole('link', { name: say(language, 'service.changeFor', { policy: names.policy }) });
  await requestLink.waitFor();

  // No network: the holder asks for the change anyway.
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  await expectTappable(page, requestLink, 'Request a change');
  await requestLink.click();
  await page.getByRole('heading', { level: 1, name: say(language, 'service.requestHeading') }).waitFor();
  await expect.poll(() => page.getByRole('radio', { name: say(language, 'service.kindNominee') }).isChecked()).toBe(true);
  await page.getByLabel(say(language, 'service.nomineeName'), { exact: true }).fill(names.newNominee);
  await page.getByLabel(say(language, 'service.relationship'), { exact: true }).selectOption('Child');
  await page.getByLabel(say(language, 'service.nomineeNid'), { exact: true }).fill('1992555444333');
  const send = page.getByRole('button', { name: say(language, 'service.send') });

  // Without the photo of the new nominee's NID, it is asked for.
  await expectTappable(page, send, 'Send request');
  await send.click();
  await page.getByRole('alert').filter({ hasText: say(language, 'service.nomineeNidPhotoRequired') }).waitFor();

  // The photo, taken with the phone's camera (the documents' capture field), still offline.
  const photoField = page.getByRole('group', { name: say(language, 'service.nomineeNidPhoto') });
  const camera = photoField.locator('input[capture="environment"]');
  await expectTappable(page, photoField.locator('label', { has: page.locator('input[capture="environment"]') }), 'Take photo');
  await camera.setInputFiles({ name: 'nominee-nid.jpg', mimeType: 'image/jpeg', buffer: cameraPhoto(1200, 800, 51) });
  await photoField.locator('.document-field__item img').waitFor({ timeout: 30_000 });
  await expectTappable(page, send, 'Send request');
  await send.click();

  // It waits on the phone with its photo, said so; nothing has reached the server.
  await page.getByRole('status').filter({ hasText: say(language, 'service.queued') }).waitFor();
  const outbox = await readOutbox(page);
  expect(outbox.map((item) => [item.type, item.state])).toEqual([['service-request.create', 'queued']]);
  expect((await pendingPhotos(page)).map((photo) => [photo.paper, photo.state])).toEqual([['nominee-nid', 'waiting']]);
  expect(requestsOf(applicationId)).toEqual([]);
  expect(nomineePhotosOf(applicationId)).toEqual([]);

  // Back online: the request is sent, once, and its photo after it, once, tied to it.
  await context.setOffline(false);
  await expect.poll(() => readOutbox(page), { timeout: 30_000 }).toEqual([]);
  await expect.poll(() => requestsOf(applicationId).length, { timeout: 30_000 }).toBe(1);
  await expect.poll(() => pendingPhotos(page), { timeout: 30_000 }).toEqual([]);
  expect(nomineePhotosOf(applicationId)).toEqual([{ kind: 'other', write_id: outbox[0]!.mutationId }]);
  const [asked] = requestsOf(applicationId);
  expect(asked!.status).toBe('pending');
  expect(JSON.parse(asked!.changes)).toEqual({ nomineeName: names.newNominee, relationship: 'Child', nomineeNid: '1992555444333' });

  // The agent of the policy approves it, with a reason.
  const agentContext = await newContext(journey.browser, phone);
  const agent = await agentContext.newPage();
  await loginAs(agent, journey.server, 'agent', '/dashboard/serviceRequests');
  if (language === 'bn') await agent.goto(`${journey.server.url}${prefix}/dashboard/serviceRequests`);
  await agent.getByRole('heading', { level: 1, name: say(language, 'service.staffHeading') }).waitFor();
  const row = agent.getByRole('row').filter({ hasText: names.newNominee });
  await row.waitFor();
  // The agent sees the photo of the new nominee's NID before deciding.
  const photo = row.getByRole('img', { name: say(language, 'service.nomineeNidPhoto') });
  await photo.waitFor();
  await expect.poll(() => photo.evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);
  const reason = row.getByLabel(say(language, 'service.reason'), { exact: true });
  await expectTappable(agent, reason, 'the reason');
  await reason.fill(language === 'bn' ? 'কাগজপত্র দেখা হয়েছে' : 'Checked the papers');
  const approve = row.getByRole('button', { name: say(language, 'service.approve'), exact: true });
  await expectTappable(agent, approve, 'Approve');
  await approve.click();
  await row.getByText(say(language, 'service.approved'), { exact: true }).waitFor();
  await expect.poll(() => requestsOf(applicationId).map((request) => request.status)).toEqual(['approved']);
  expect(requestsOf(applicationId).length).toBe(1);
  await agentContext.close();

  // The holder sees the new nominee on the certificate.
  await page.goto(`${journey.server.url}${prefix}/dashboard/certificates/${applicationId}`);
  await page.getByText(names.newNominee, { exact: true }).waitFor();
  expect(await page.getByText(names.oldNominee, { exact: true }).count()).toBe(0);

  // And the policy's history lists the change: to whom, from whom, approved.
  await page.goto(`${journey.server.url}${prefix}/dashboard/myApplication`);
  const history = page.getByRole('link', { name: say(language, 'service.historyFor', { policy: names.policy }) });
  await expectTappable(page, history, 'History');
  await history.click();
  await page.getByRole('heading', { level: 1, name: say(language, 'service.historyHeading') }).waitFor();
  const change = page.getByRole('row').filter({ hasText: names.newNominee });
  await change.waitFor();
  await change.getByText(say(language, 'service.was', { value: names.oldNominee })).waitFor();
  await change.getByText(say(language, 'service.approved'), { exact: true }).waitFor();
  await context.close();
}

describe('a change of nominee asked offline (issue 51)', () => {
  // English first: the Bangla journey leaves the account's language set to Bangla.
  it('in English: waits offline, is sent once, approved by the agent, shown to the holder', async () => {
    const suffix = hex32().slice(0, 6);
    await changeTheNomineeOffline('en', { policy: `Servicing Plan ${suffix}`, oldNominee: 'Karima Uddin', newNominee: `Salma Begum ${suffix}` });
  });

  it('in Bangla: waits offline, is sent once, approved by the agent, shown to the holder', async () => {
    const suffix = hex32().slice(0, 6);
    await changeTheNomineeOffline('bn', { policy: `সেবা পরিকল্পনা ${suffix}`, oldNominee: 'করিমা উদ্দিন', newNominee: `সালমা বেগম ${suffix}` });
  });
});
