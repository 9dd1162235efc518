/**
 * Issue 47 §4: papers chosen one right after another are all kept. A claimant who photographs
 * each required paper without waiting for the one before to be prepared, and an applicant who
 * does the same with their documents, find every one of them on the server after submitting,
 * not only the last prepared. Picked as fast as a script can (each slot's input given a file, none
 * awaited before the next), and again on a CPU four times slower (CDP's CPU throttling), where
 * preparing a photo takes longer and the window in which one could overwrite another is wider.
 * Phones at 360x740; the claim in Bangla, where the issue was found.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { applyForFirstPolicy, openApplicationForm } from './support/application-form.ts';
import { newContext } from './support/browser.ts';
import { demoUser, insertApplication } from './support/dashboard-data.ts';
import { cameraPhoto } from './support/documents.ts';
import { apiAs, loginAs, queryDb } from './support/login.ts';
import { offlineJourney, readStore } from './support/offline.ts';

const journey = offlineJourney();
const phone = { width: 360, height: 740 };

/**
 * The speeds the papers are picked at: the CPU as it is, and four times slower. On the slower
 * one the claimant also taps Submit right after the last pick, while the photos are still being
 * prepared (as on a slow phone, where "Preparing the picture…" stays on screen for a while).
 */
const cpus = [
  { name: 'as fast as a script can', rate: 1, submitAtOnce: false },
  { name: 'on a 4x slower CPU', rate: 4, submitAtOnce: true },
] as const;

/** What a person taps is on the screen at 360 px, not off its side. */
async function expectOnScreen(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  expect(box, 'the control has a box').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width + 0.5);
}

/** Slows the page's CPU by `rate` (1: as it is), as a cheaper phone's. */
async function throttleCpu(page: Page, rate: number) {
  if (rate === 1) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/**
 * Gives every slot's camera input its photo at once: no pick waits for the one before to be
 * prepared (or even for the page to draw it), as a quick hand on a slow phone does.
 */
async function pickAllAtOnce(page: Page, slots: readonly string[]) {
  await Promise.all(
    slots.map((slot, index) =>
      page
        .locator(`input[name="document-${slot}"][capture="environment"]`)
        .setInputFiles({ name: `${slot}.jpg`, mimeType: 'image/jpeg', buffer: cameraPhoto(1200, 900, index + 1) }),
    ),
  );
}

/** The thumbnails the form shows, one per paper chosen, once each has been prepared. */
const previews = (page: Page) => page.locator('.document-field__item img');

/** Waits until the device has sent every document it held (lib/documents/uploader.ts). */
async function waitUntilAllSent(page: Page) {
  await expect.poll(async () => (await readStore(page, 'pendingDocuments')).length, { timeout: 60_000 }).toBe(0);
}

/** A policy of the demo customer in force since last year: approved and paid. */
function policyInForce() {
  const [policy] = queryDb<{ id: string; title: string }>(journey.server, 'SELECT id, title FROM policies ORDER BY id LIMIT 1');
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString();
  return insertApplication(journey.server, demoUser(journey.server), {
    policy_id: policy!.id,
    policy_name: policy!.title,
    status: 'approved',
    payment_status: 'paid',
    applied_at: yearAgo,
    decided_at: yearAgo,
  });
}

const hospitalPapers = ['discharge-paper', 'hospital-bills', 'insured-nid'] as const;
const hospitalPaperNames = ['বিমাকৃত ব্যক্তির এনআইডি', 'হাসপাতালের ছাড়পত্র', 'হাসপাতালের বিল'];
const applicationKinds = ['nid-front', 'nid-back', 'photo', 'other'] as const;

describe('papers chosen one right after another', () => {
  for (const cpu of cpus) {
    it(`keeps every paper of a claim chosen ${cpu.name}${cpu.submitAtOnce ? ', submitted at once' : ''}`, async () => {
      const policy = policyInForce();
      const context = await newContext(journey.browser, phone);
      const page = await context.newPage();
      await loginAs(page, journey.server, 'user', '/dashboard/claims');
      await page.goto(`${journey.server.url}/bn/dashboard/claims/new`);
      await page.getByRole('heading', { name: 'দাবি করুন' }).waitFor();
      await throttleCpu(page, cpu.rate);

      // The policyholder's own policy (from the device's copy), a hospital stay: three papers.
      await page.getByRole('radio', { name: 'পলিসিধারী' }).check();
      const ownPolicy = page.getByLabel('আপনার পলিসি');
      await ownPolicy.locator(`option[value="${policy.id}"]`).waitFor({ state: 'attached', timeout: 30_000 });
      await ownPolicy.selectOption(policy.id);
      await page.getByLabel('দাবির ধরন').selectOption('hospitalisation');
      await page.getByLabel('ঘটনার তারিখ').fill(new Date().toISOString().slice(0, 10));
      await page.getByLabel('কী হয়েছিল').fill('হাসপাতালে তিন দিন ভর্তি ছিলাম।');
      await page.getByLabel('জেলা', { exact: true }).selectOption({ label: 'সিলেট' });
      await page.getByLabel('বিকাশ বা নগদ নম্বর').fill('01712345678');

      const submit = page.getByRole('button', { name: 'দাবি জমা দিন' });
      await expectOnScreen(submit);
      await pickAllAtOnce(page, hospitalPapers);
      if (!cpu.submitAtOnce) await expect.poll(() => previews(page).count(), { timeout: 60_000 }).toBe(hospitalPapers.length);
      await submit.click();
      await page.waitForURL((url) => /^\/bn\/dashboard\/claims\/[0-9a-f-]{36}$/.test(url.pathname), { timeout: 30_000 });
      const claimId = new URL(page.url()).pathname.split('/').pop()!;
      await waitUntilAllSent(page);

      // The server holds each paper, and says so to the claimant's own API...
      const claimant = await apiAs(journey.server, 'user');
      const listed = await claimant.json<{ paper?: string }[]>(`/api/claims/${claimId}/documents`);
      expect(listed.map((doc) => doc.paper).sort()).toEqual([...hospitalPapers].sort());
      // ...and the claim's page lists each, sent.
      const sent = page.locator('.document-gallery__item[data-state="sent"] .document-gallery__caption');
      await expect.poll(async () => (await sent.allInnerTexts()).sort()).toEqual(hospitalPaperNames);
      await context.close();
    });

    it(`keeps every document of an application chosen ${cpu.name}`, async () => {
      const context = await newContext(journey.browser, phone);
      const page = await context.newPage();
      await loginAs(page, journey.server, 'user', '/dashboard');
      await openApplicationForm(page, journey.server.url, 5000);
      await page.getByRole('heading', { name: 'Apply for a Policy' }).waitFor();
      await throttleCpu(page, cpu.rate);

      await pickAllAtOnce(page, applicationKinds);
      await expect.poll(() => previews(page).count(), { timeout: 60_000 }).toBe(applicationKinds.length);
      const nominee = `Quick Pick ${cpu.rate} ${Date.now()}`;
      await applyForFirstPolicy(page, { address: 'House 3, Road 9, Mirpur, Dhaka', nid: '1990123456789', nominee, relationship: 'Spouse', healthy: true });
      await page.waitForURL((url) => url.pathname === '/dashboard/myApplication', { timeout: 30_000 });
      await waitUntilAllSent(page);

      const [application] = queryDb<{ id: string }>(journey.server, 'SELECT id FROM applications WHERE nominee_name = ?', nominee);
      expect(application, 'the application reached the server').toBeDefined();
      const applicant = await apiAs(journey.server, 'user');
      const listed = await applicant.json<{ kind: string }[]>(`/api/applications/${application!.id}/documents`);
      expect(listed.map((doc) => doc.kind).sort()).toEqual([...applicationKinds].sort());
      await context.close();
    });
  }
});
