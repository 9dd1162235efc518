/**
 * Documents and photos from the field (issue 27), at 360x740: a customer applies offline with an
 * NID front, an NID back and a photo (12-megapixel camera photos with GPS in their EXIF); they
 * wait on the device and go up when the network is back, over a link cut twice part-way; the
 * assigned agent sees them offline and approves with an evidence photo, which the customer then
 * sees; sign-out leaves none of them on either device.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { birthDateForForm, calculateQuote } from './support/application-form.ts';
import { newContext, type BrowserContext, type Page } from './support/browser.ts';
import { cameraPhoto, gpsOf, hasApp1, startCuttingProxy, type CuttingProxy } from './support/documents.ts';
import { loginAs, queryDb, writeDb } from './support/login.ts';
import { offlineJourney, readOutbox, readStore, waitForLocalCopy, waitForRoleScreens, waitForServiceWorker } from './support/offline.ts';

const journey = offlineJourney();
let proxy: CuttingProxy;
let photo: Buffer;
const viewport = { width: 360, height: 740 };
const paperKinds = ['nid-front', 'nid-back', 'photo'] as const;

beforeAll(async () => {
  proxy = await startCuttingProxy(journey.server.port);
  photo = cameraPhoto();
});
afterAll(async () => {
  await proxy?.close();
});

interface StoredDocument {
  id: string;
  application_id: string;
  kind: string;
  stored_name: string;
  byte_size: number;
  width: number;
  height: number;
  note: string | null;
}
const documentsOf = (applicationId: string) =>
  queryDb<StoredDocument>(journey.server, 'SELECT * FROM documents WHERE application_id = ? ORDER BY kind', applicationId);
const storedBytes = (doc: StoredDocument) => readFileSync(join(journey.server.dataDir, 'images', doc.stored_name));

/** What a person taps lies on the phone's screen. */
async function expectOnScreen(page: Page, what: ReturnType<Page['locator']>) {
  await what.scrollIntoViewIfNeeded();
  const box = await what.boundingBox();
  expect(box, 'tapped element has a box').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width + 0.5);
}

async function signOut(page: Page) {
  page.once('dialog', (dialog) => void dialog.accept());
  const signOutButton = page.getByRole('button', { name: 'Sign Out' });
  // On a phone the dashboard's menu folds it away.
  const menu = page.locator('.dashboard__menu-button');
  if (!(await signOutButton.isVisible()) && (await menu.isVisible())) await menu.click();
  await expectOnScreen(page, signOutButton);
  await signOutButton.click();
  await page.waitForURL((url) => url.pathname === '/login');
}

describe('documents and photos from the field', () => {
  let customer: { context: BrowserContext; page: Page };
  let applicationId: string;

  it('keeps an offline application’s three photos on the device, then sends them small and clean over a link cut twice', async () => {
    const context = await newContext(journey.browser, viewport);
    const page = await context.newPage();
    customer = { context, page };
    const viaProxy = { ...journey.server, url: proxy.url };
    await loginAs(page, viaProxy, 'user', '/dashboard/myApplication');
    await waitForServiceWorker(page);
    await waitForLocalCopy(page);
    // Ready for the field: the photo worker and the uploader are kept after sign-in, not in a
    // visitor's precache (decision 0087), like the role's screens.
    await waitForRoleScreens(page);

    await context.setOffline(true);
    const nominee = `Documents Nominee ${Date.now()}`;
    await page.goto(`${proxy.url}/get-quote`);
    await calculateQuote(page, { age: '30', coverage: '1000000', years: '5' });
    await page.getByRole('button', { name: 'Apply for Policy' }).click();
    await page.getByRole('heading', { name: 'Apply for a Policy' }).waitFor();
    const policy = page.getByLabel('Policy', { exact: true });
    const firstChoice = policy.locator('option:not([value=""])').first();
    await firstChoice.waitFor({ state: 'attached' });
    const policyTitle = (await firstChoice.textContent())!;
    await policy.selectOption({ label: policyTitle });
    await page.getByLabel('Date of birth').fill(await birthDateForForm(page));
    await page.getByLabel('Address').fill('House 3, Road 9, Mirpur, Dhaka');
    await page.getByLabel('NID number').fill('1990123456789');
    await page.getByLabel('Nominee name').fill(nominee);
    await page.getByLabel("Nominee's NID").fill('1985123456789');
    await page.getByLabel('Relationship with nominee').selectOption('Spouse');
    await page.getByRole('checkbox', { name: 'None of the Above' }).check();

    // Each taken "with the camera": the input that opens it, given a 12 MP photo with GPS.
    for (const kind of paperKinds) {
      const camera = page.locator(`input[name="document-${kind}"][capture="environment"]`);
      await expectOnScreen(page, page.locator('label', { has: camera }));
      await camera.setInputFiles({ name: `${kind}.jpg`, mimeType: 'image/jpeg', buffer: photo });
      await page.locator(`.document-field__item[data-kind="${kind}"] img`).waitFor({ timeout: 30_000 });
      await expectOnScreen(page, page.locator(`.document-field__item[data-kind="${kind}"] button`));
    }
    const submit = page.getByRole('button', { name: 'Submit Application' });
    await expectOnScreen(page, submit);
    await submit.click();
    await page.waitForURL((url) => url.pathname === '/dashboard/myApplication');
    await page.getByRole('row').filter({ hasText: policyTitle }).filter({ hasText: 'Waiting to send' }).waitFor();

    // On the device, with the write, and shown as waiting.
    const [write] = await readOutbox(page) as (Awaited<ReturnType<typeof readOutbox>>[number] & { targetId: string })[];
    expect(write?.type).toBe('application.create');
    const pending = await readStore<{ writeId: string; kind: string; size: number; state: string }>(page, 'pendingDocuments');
    expect(pending.map((doc) => [doc.writeId, doc.kind, doc.state]).sort()).toEqual(paperKinds.map((kind) => [write!.mutationId, kind, 'waiting']).sort());
    await page.goto(`${proxy.url}/dashboard/applications/${encodeURIComponent(write!.targetId)}`);
    await expect.poll(() => page.locator('.document-gallery__item[data-state="waiting"]').filter({ hasText: 'Waiting to send' }).count()).toBe(3);

    // Back online, through a link that drops twice part-way through the uploads.
    proxy.resetCount();
    proxy.cut(2, 100_000);
    await context.setOffline(false);
    await expect
      .poll(() => queryDb<{ id: string }>(journey.server, 'SELECT id FROM applications WHERE nominee_name = ?', nominee)[0]?.id ?? null, { timeout: 30_000 })
      .not.toBeNull();
    applicationId = queryDb<{ id: string }>(journey.server, 'SELECT id FROM applications WHERE nominee_name = ?', nominee)[0]!.id;
    await expect.poll(() => documentsOf(applicationId).length, { timeout: 60_000 }).toBe(3);
    await expect.poll(async () => (await readStore(page, 'pendingDocuments')).length, { timeout: 20_000 }).toBe(0);
    expect(proxy.cutsDone()).toBe(2);

    const stored = documentsOf(applicationId);
    expect(stored.map((doc) => doc.kind).sort()).toEqual([...paperKinds].sort());
    const total = stored.reduce((sum, doc) => sum + doc.byte_size, 0);
    for (const doc of stored) {
      expect(doc.byte_size).toBeLessThanOrEqual(300 * 1024);
      expect(Math.max(doc.width, doc.height)).toBeLessThanOrEqual(1600);
      const bytes = storedBytes(doc);
      expect(bytes.byteLength).toBe(doc.byte_size);
      expect(hasApp1(bytes), `${doc.kind} carries an APP1 (EXIF) segment`).toBe(false);
      expect(await gpsOf(bytes)).toBeNull();
    }
    // The original does carry its position: the check above would see it.
    expect(hasApp1(photo)).toBe(true);
    expect(await gpsOf(photo)).not.toBeNull();
    // Resumed from the last acknowledged byte, not from the start: the whole trip sent (with
    // the application, the pulls and every request's headers) is under 1.5 times the documents.
    expect(proxy.sent()).toBeLessThan(1.5 * total);

    // A file the server refuses (here: text that reached the device's store as a picture) is
    // kept, with the server's reason, in Sync problems: never dropped. Put in the store offline,
    // and the page opened again, so the app's own database layer knows the row from the start.
    await context.setOffline(true);
    await page.evaluate(
      ({ applicationId: id }) =>
        new Promise<void>((resolve, reject) => {
          const userId = (JSON.parse(localStorage.getItem('session-user') ?? 'null') as { id: string }).id;
          const open = indexedDB.open('insurance');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('pendingDocuments', 'readwrite');
            const blob = new Blob(['not a picture at all, only some words'.repeat(20)], { type: 'image/jpeg' });
            tx.objectStore('pendingDocuments').put({
              fileKey: 'e2e-refused', userId, writeId: 'e2e-write', targetId: id, applicationId: id, kind: 'other', blob, size: blob.size,
              width: 1, height: 1, note: null, state: 'waiting', sentBytes: 0, uploadUrl: null, reason: null, summary: 'Medical report', createdAt: new Date().toISOString(),
            });
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          };
        }),
      { applicationId },
    );
    await page.goto(`${proxy.url}/dashboard/applications/${applicationId}`);
    await page.locator('.document-gallery__item[data-kind="other"][data-state="waiting"]').waitFor();
    await context.setOffline(false);
    await expect
      .poll(async () => (await readStore<{ state: string; reason: string | null }>(page, 'pendingDocuments')).map((doc) => [doc.state, doc.reason]), { timeout: 20_000 })
      .toEqual([['refused', 'Please upload a photo or a picture of the document (jpg, png, webp).']]);
    const problems = page.getByRole('button', { name: '1 sync problem' });
    await problems.waitFor({ timeout: 10_000 });
    await expectOnScreen(page, problems);
    await problems.click();
    const panel = page.getByRole('dialog', { name: 'Sync problems' });
    await panel.getByText('Please upload a photo or a picture of the document (jpg, png, webp).').waitFor();
    await panel.getByText('Medical report').waitFor();
    await panel.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(async () => (await readStore(page, 'pendingDocuments')).length).toBe(0);
    await page.keyboard.press('Escape');
    expect(documentsOf(applicationId)).toHaveLength(3);
  });

  it('shows them to the assigned agent offline, takes the agent’s evidence, and leaves nothing on a device after sign-out', async () => {
    expect(applicationId, 'the first journey made the application').toBeTruthy();
    writeDb(
      journey.server,
      "UPDATE applications SET status = 'assigned', assigned_agent = 'agent@demo.local', assigned_at = ? WHERE id = ?",
      new Date().toISOString(),
      applicationId,
    );
    const [application] = queryDb<{ name: string; policy_name: string }>(journey.server, 'SELECT name, policy_name FROM applications WHERE id = ?', applicationId);
    const context = await newContext(journey.browser, viewport);
    const page = await context.newPage();
    await loginAs(page, journey.server, 'agent', '/dashboard/agentPolicyClearance');
    await waitForServiceWorker(page);
    await waitForLocalCopy(page);
    await waitForRoleScreens(page);
    // Kept on the device in the background, for the claims assigned to this agent.
    await expect.poll(async () => (await readStore<{ applicationId: string }>(page, 'keptDocuments')).filter((doc) => doc.applicationId === applicationId).length, { timeout: 30_000 }).toBe(3);

    await context.setOffline(true);
    await page.reload();
    const details = page.getByRole('button', { name: `View Details of ${application!.name}'s claim` }).first();
    await expectOnScreen(page, details);
    await details.click();
    const shown = page.locator('.document-gallery__item[data-state="sent"] img');
    await expect.poll(() => shown.count()).toBe(3);
    await expect.poll(() => shown.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0))).toBe(true);

    // Full screen and zoomable.
    await page.getByRole('button', { name: /^Open NID card \(front\) full screen$/ }).click();
    const viewer = page.locator('dialog.document-viewer');
    await viewer.waitFor();
    const image = viewer.locator('img');
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const before = (await image.boundingBox())!.width;
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await image.boundingBox())!.width).toBeGreaterThan(before * 1.4);
    await viewer.getByRole('button', { name: 'Close' }).click();
    await viewer.waitFor({ state: 'detached' });

    // Approve, offline, with an evidence photo and a note.
    const evidence = page.locator('input[name="document-evidence"][capture="environment"]');
    await evidence.setInputFiles({ name: 'visit.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.locator('.document-field__item[data-kind="evidence"] img').waitFor({ timeout: 30_000 });
    await page.getByLabel('Note (optional)').fill('Met the applicant at home; NID matches.');
    const approve = page.getByRole('button', { name: 'Approve', exact: true });
    await expectOnScreen(page, approve);
    await approve.click();
    const outcome = page.getByRole('dialog', { name: 'Waiting to send' });
    await outcome.waitFor();
    await outcome.getByRole('button', { name: 'Close' }).first().click();
    await outcome.waitFor({ state: 'detached' });
    expect(documentsOf(applicationId).filter((doc) => doc.kind === 'evidence')).toEqual([]);

    await context.setOffline(false);
    await expect.poll(() => documentsOf(applicationId).filter((doc) => doc.kind === 'evidence').length, { timeout: 60_000 }).toBe(1);
    const [evidenceRow] = documentsOf(applicationId).filter((doc) => doc.kind === 'evidence');
    expect(evidenceRow!.note).toBe('Met the applicant at home; NID matches.');
    expect(hasApp1(storedBytes(evidenceRow!))).toBe(false);

    // The customer sees it after their next sync.
    const customerPage = customer.page;
    await customerPage.goto(`${proxy.url}/dashboard/applications/${applicationId}`);
    const evidenceShown = customerPage.locator('.document-gallery__item[data-kind="evidence"] img');
    await expect.poll(() => evidenceShown.count(), { timeout: 30_000 }).toBe(1);
    await customerPage.getByText('Met the applicant at home; NID matches.').waitFor();

    // Sign-out removes them from both devices.
    for (const signedIn of [page, customerPage]) {
      await signOut(signedIn);
      expect(await readStore(signedIn, 'keptDocuments')).toEqual([]);
      expect(await readStore(signedIn, 'pendingDocuments')).toEqual([]);
    }
    await context.close();
    await customer.context.close();
  });
});
