/**
 * Insurance claims (issue 31) at 360x740: a nominee files a death claim offline with two
 * photographed papers, and claim and photos sync when back online; the admin assigns the agent
 * suggested for the claim's district; the agent sees the photos offline and asks for the missing
 * paper; the claimant answers with its photo; the agent approves offline (refused by the server
 * until every paper is there, so the photos are part of the journey);
 * the admin records a bKash payout; the claimant sees every step in the claim's timeline and in
 * the inbox, in Bangla too. (offline-claims.test.ts is about applications.)
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { insertApplication } from './support/dashboard-data.ts';
import { loginAs, queryDb, writeDb } from './support/login.ts';
import { offlineJourney, openReadyForOffline, readOutbox, readStore } from './support/offline.ts';
import { newContext } from './support/browser.ts';
import { expectNothingOverflows } from './support/fits.ts';
import { cameraPhoto } from './support/documents.ts';

const journey = offlineJourney();
const phone = { width: 360, height: 740 };

/** What a person taps is on the screen at 360 px, not off its side. */
async function expectOnScreen(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  expect(box, 'the control has a box').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width + 0.5);
}

async function tap(page: Page, target: Locator) {
  await expectOnScreen(page, target);
  await target.click();
}

/** The insured: a customer with a policy in force (approved and paid); the demo user is their nominee. */
function insuredWithPolicy() {
  const id = crypto.randomUUID();
  writeDb(journey.server, "INSERT INTO users (id, email, name, role, created_at) VALUES (?, 'insured@example.test', 'Abdul Karim', 'user', ?)", id, new Date().toISOString());
  const [policy] = queryDb<{ id: string; title: string; coverage_range: number }>(journey.server, 'SELECT id, title, coverage_range FROM policies ORDER BY id LIMIT 1');
  const application = insertApplication(journey.server, { id, email: 'insured@example.test', name: 'Abdul Karim' }, {
    policy_id: policy!.id,
    policy_name: policy!.title,
    nid: '1970123456789',
    // Issue 47: the nominee's NID on the policy, which the demo user gives as their own.
    nominee_nid: '1985123456789',
    status: 'approved',
    payment_status: 'paid',
  });
  return { ...application, coverageTaka: policy!.coverage_range / 100 };
}

const claimStatus = (page: Page) => page.getByTestId('claim-status');

/** A paper photographed "with the camera": the capture input of that paper's field, given a JPEG. */
async function photograph(page: Page, paper: string, seed: number) {
  const camera = page.locator(`input[name="document-${paper}"][capture="environment"]`);
  await expectOnScreen(page, page.locator('label', { has: camera }));
  const thumbnails = page.locator('.document-field__item img');
  const before = await thumbnails.count();
  await camera.setInputFiles({ name: `${paper}.jpg`, mimeType: 'image/jpeg', buffer: cameraPhoto(1200, 900, seed) });
  // Prepared on the phone, shown as a thumbnail; one picture per paper, so its buttons go.
  await expect.poll(() => thumbnails.count(), { timeout: 30_000 }).toBe(before + 1);
  await camera.waitFor({ state: 'detached' });
}

const claimDocuments = (id: string) => queryDb<{ paper: string | null; kind: string }>(journey.server, 'SELECT paper, kind FROM documents WHERE claim_id = ? ORDER BY paper', id);

describe('an insurance claim from filing to payout, at 360 px', () => {
  it('files offline, clears offline, pays by bKash, and shows every step to the claimant', async () => {
    const policy = insuredWithPolicy();
    const eventDate = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);

    // The nominee, signed in with their own account, in a village without network.
    const nominee = await openReadyForOffline(journey, { role: 'user', path: '/dashboard/claims', viewport: phone });
    const claimant = nominee.page;
    await claimant.getByRole('heading', { name: 'My Claims' }).waitFor();
    await nominee.context.setOffline(true);
    await claimant.getByRole('banner').getByText('Offline', { exact: true }).waitFor();
    await tap(claimant, claimant.getByRole('link', { name: 'File a claim' }));
    await claimant.getByRole('heading', { name: 'File a claim' }).waitFor();
    await expectNothingOverflows(claimant, 'File a claim');
    await claimant.getByLabel('Policy number').fill(policy.id);
    await claimant.getByRole('textbox', { name: "Insured person's NID" }).fill('১৯৭০১২৩৪৫৬৭৮৯');
    await claimant.getByLabel('Your own NID number').fill('1985123456789');
    await claimant.getByLabel('Date of the event').fill(eventDate);
    await claimant.getByLabel('What happened').fill('My father passed away at home.');
    await claimant.getByLabel('District').selectOption('Dhaka');
    await claimant.getByLabel('bKash or Nagad number').fill('01712 345678');
    // The papers a death claim needs, each with its camera: two are at hand, photographed offline.
    await claimant.getByText('Death certificate').first().waitFor();
    await photograph(claimant, 'death-certificate', 2);
    await photograph(claimant, 'insured-nid', 3);
    await tap(claimant, claimant.getByRole('button', { name: 'File the claim' }));

    // The claim number and the due date at once, offline; waiting to send.
    const heading = claimant.getByRole('heading', { name: /^Claim CLM-/ });
    await heading.waitFor();
    const claimNumber = (await heading.innerText()).replace('Claim ', '');
    await claimant.getByText('Waiting to send').first().waitFor();
    await claimant.getByText(/Decision due by/).first().waitFor();
    const outbox = await readOutbox(claimant);
    expect(outbox.map((item) => [item.type, item.state])).toEqual([['claim.file', 'queued']]);
    // The photos wait on the phone, tied to the filing's mutation id and shown on the claim.
    await expect.poll(() => claimant.locator('.document-gallery__item[data-state="waiting"]').count()).toBe(2);
    await claimant.getByRole('button', { name: 'Open Death certificate full screen' }).waitFor();

    // Back online: it is sent, once.
    await nominee.context.setOffline(false);
    await expect.poll(() => queryDb(journey.server, 'SELECT id FROM claims WHERE claim_number = ?', claimNumber).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => claimant.getByText('Waiting to send').count(), { timeout: 20_000 }).toBe(0);
    const [{ id } = { id: '' }] = queryDb<{ id: string }>(journey.server, 'SELECT id FROM claims WHERE claim_number = ?', claimNumber);
    // The photos follow the filing, to the claim's id made on the phone.
    await expect.poll(() => claimDocuments(id).length, { timeout: 60_000 }).toBe(2);
    expect(claimDocuments(id)).toEqual([
      { paper: 'death-certificate', kind: 'other' },
      { paper: 'insured-nid', kind: 'other' },
    ]);
    expect(queryDb(journey.server, 'SELECT DISTINCT write_id AS w FROM documents WHERE claim_id = ?', id)).toEqual([{ w: outbox[0]!.mutationId }]);

    // The admin gives it to the agent suggested first: the demo agent works in Dhaka, the claim's district.
    const desk = await newContext(journey.browser, phone);
    const adminPage = await desk.newPage();
    await loginAs(adminPage, journey.server, 'admin', `/dashboard/claims/${id}`);
    await adminPage.getByRole('heading', { name: 'Assign an agent' }).waitFor();
    await expect.poll(() => adminPage.getByLabel('Agent (those in Dhaka first)').inputValue(), { timeout: 15_000 }).toBe('agent@demo.local');
    await tap(adminPage, adminPage.getByRole('button', { name: 'Assign', exact: true }));
    await expect.poll(() => claimStatus(adminPage).innerText(), { timeout: 15_000 }).toBe('With an agent');

    // The agent, in the field, offline: asks for a missing document.
    const field = await openReadyForOffline(journey, { role: 'agent', path: '/dashboard/claims', viewport: phone });
    const agent = field.page;
    await agent.getByRole('heading', { name: 'Claims to Clear' }).waitFor();
    // The claim's photos come to the agent's phone with the claim, to be seen offline.
    await expect.poll(async () => (await readStore(agent, 'keptDocuments')).length, { timeout: 30_000 }).toBe(2);
    await field.context.setOffline(true);
    await agent.getByRole('banner').getByText('Offline', { exact: true }).waitFor();
    await tap(agent, agent.getByRole('link', { name: new RegExp(claimNumber) }));
    await agent.getByRole('heading', { name: `Claim ${claimNumber}` }).waitFor();
    await expectNothingOverflows(agent, 'a claim to clear');
    await expect.poll(() => agent.locator('.document-gallery__item[data-state="sent"]').count()).toBe(2);
    await agent.getByRole('button', { name: "Open Insured person's NID full screen" }).waitFor();
    await tap(agent, agent.getByLabel('Ask for a missing document'));
    await agent.getByLabel('What is missing').fill('A photo of your own NID card');
    await tap(agent, agent.getByRole('button', { name: 'Save' }));
    await agent.getByText('Waiting to send').first().waitFor();
    await field.context.setOffline(false);
    await expect.poll(() => claimStatus(agent).innerText(), { timeout: 20_000 }).toBe('Document needed');

    // The claimant sees what is missing, and answers.
    await claimant.reload();
    await claimant.getByText('A photo of your own NID card').first().waitFor({ timeout: 20_000 });
    await claimant.getByLabel('What did you add?').fill("Added my NID.");
    await photograph(claimant, 'claimant-nid', 4);
    await tap(claimant, claimant.getByRole('button', { name: 'Send back to the agent' }));
    await expect.poll(() => claimStatus(claimant).innerText(), { timeout: 20_000 }).toBe('With an agent');
    await expect.poll(() => claimDocuments(id).length, { timeout: 60_000 }).toBe(3);

    // The agent approves offline, up to the coverage.
    await agent.reload();
    await expect.poll(() => claimStatus(agent).innerText(), { timeout: 20_000 }).toBe('With an agent');
    await field.context.setOffline(true);
    await agent.getByRole('banner').getByText('Offline', { exact: true }).waitFor();
    await tap(agent, agent.getByLabel('Approve with an amount'));
    await agent.getByLabel(/Amount to approve/).fill(String(policy.coverageTaka));
    await tap(agent, agent.getByRole('button', { name: 'Save' }));
    await agent.getByText('Waiting to send').first().waitFor();
    await field.context.setOffline(false);
    await expect.poll(() => claimStatus(agent).innerText(), { timeout: 20_000 }).toBe('Approved');
    await field.context.close();

    // The admin records the bKash payout; the screen says the app moves no money.
    await adminPage.reload();
    await adminPage.getByText('This app does not send money.', { exact: false }).waitFor();
    expect(await adminPage.getByLabel('Paid through').inputValue()).toBe('bkash');
    await adminPage.getByLabel("Provider's reference (transaction ID)").fill('BK8X2M4Q7Z');
    await tap(adminPage, adminPage.getByRole('button', { name: 'Record the payout' }));
    await adminPage.getByRole('heading', { name: 'Payout receipt' }).waitFor();
    await expectNothingOverflows(adminPage, 'a paid claim');
    await desk.close();
    expect(queryDb(journey.server, "SELECT count(*) AS n FROM audit_log WHERE entity_id = ? AND action = 'claim.payout'", id)).toEqual([{ n: 1 }]);

    // The claimant: paid, with the receipt and every step in the timeline...
    await claimant.reload();
    await expect.poll(() => claimStatus(claimant).innerText(), { timeout: 20_000 }).toBe('Paid');
    await claimant.getByRole('heading', { name: 'Payout receipt' }).waitFor();
    await claimant.getByText('BK8X2M4Q7Z').first().waitFor();
    const timeline = claimant.locator('.claim__timeline > li strong');
    expect(await timeline.allInnerTexts()).toEqual(['Filed', 'Given to an agent', 'Sent back for a document', 'Missing document added', 'Approved', 'Policy ended', 'Paid out']);
    // ...and in the inbox.
    await claimant.goto(`${journey.server.url}/dashboard/notifications`);
    for (const text of [/received your claim/, /now checking your claim/, /needs another document/, /was approved/, /payout of your claim/]) {
      await claimant.getByText(text).first().waitFor({ timeout: 20_000 });
    }
    // In Bangla too, and nothing runs off the side of a 360 px screen.
    await claimant.goto(`${journey.server.url}/bn/dashboard/claims/${id}`);
    await claimant.getByRole('heading', { name: 'পরিশোধের রসিদ' }).waitFor();
    expect(await claimStatus(claimant).innerText()).toBe('পরিশোধিত');
    await expectNothingOverflows(claimant, 'a paid claim in Bangla');
    await nominee.context.close();
  });
});
