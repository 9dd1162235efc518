/**
 * Issue 48 at 360x740 with the browser's locale bn-BD: one name per thing, in Bangla.
 * - A customer quotes ৳5 lakh on a policy's page and applies: the application records that cover
 *   (and the premium the server works out for it); the policy is named by its Bangla title on the
 *   Apply form, the payment, the receipt, the certificate, the public verification, the claim
 *   form's picker, the claims list and page, and every inbox line, never by its English title. The
 *   district is chosen in Bangla; a second claim of a kind says why it is refused.
 * - The admin's agent picker puts the agents of the claim's district first, named in Bangla.
 * - The agent who approves too early is told which papers are missing, and asks for them with one
 *   tap, online and after an approval queued offline; the claimant's page names the agent with a
 *   phone to tap and marks each required paper.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { estimatePremium, wholePoisha } from '../edge-api/src/schemas/premium.ts';
import { attachBanglaSuffixes } from '../edge-api/src/schemas/bangla-suffixes.ts';
import { birthDateWithin } from './support/application-form.ts';
import { newContext } from './support/browser.ts';
import { expectNothingOverflows } from './support/fits.ts';
import { demoUser, insertApplication } from './support/dashboard-data.ts';
import { apiAs, loginAs, queryDb } from './support/login.ts';
import { offlineJourney, readOutbox, waitForLocalCopy, waitForRoleScreens, waitForServiceWorker } from './support/offline.ts';

const journey = offlineJourney();
const bangla = { width: 360, height: 740, locale: 'bn-BD' };
const lakh = 100_000 * 100;
const bengali = (n: number | string) => String(n).replace(/[0-9]/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);

interface CataloguePolicy {
  id: string;
  title: string;
  titleBn: string | null;
  coverageRange: number;
  duration: number;
  minAge: number;
  maxAge: number;
}

const catalogue = async () => (await (await fetch(`${journey.server.url}/api/policies`)).json()) as CataloguePolicy[];

/** Signs in, then chooses বাংলা: the same screen under /bn, and the account's language Bangla. */
async function signInInBangla(page: Page, role: 'user' | 'agent' | 'admin', target: string) {
  await loginAs(page, journey.server, role, target);
  // An account already in Bangla (from an earlier step) moves to /bn by itself once its session
  // is read, which may replace the link under the tap: tap it while the screen is still English.
  const inBangla = () => new URL(page.url()).pathname === `/bn${target}`;
  const bangla = page.getByRole('link', { name: 'বাংলা', exact: true });
  await expect
    .poll(async () => inBangla() || (await bangla.click({ timeout: 2_000 }).then(() => page.waitForURL(inBangla, { timeout: 5_000 })).then(() => true, () => inBangla())), { timeout: 30_000 })
    .toBe(true);
}

/** What a person taps is on the 360 px screen. */
async function tap(target: Locator) {
  // In CI the element was once replaced mid-scroll ("not attached to the DOM"; what redrew it is
  // not known): the scroll is tried again and the locator finds the element now on the screen.
  // The tap and the on-screen checks below stay as strict.
  await expect
    .poll(() => target.scrollIntoViewIfNeeded({ timeout: 5_000 }).then(() => true, () => false))
    .toBe(true);
  const box = await target.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(bangla.width + 0.5);
  await target.click();
}

/** The screen names the policy in Bangla and no policy of the catalogue in English. */
async function expectBanglaNames(page: Page, titleBn: string, englishTitles: string[], screen: string) {
  const main = page.locator('main');
  await expect.poll(() => main.innerText(), { timeout: 20_000 }).toContain(titleBn);
  const text = await main.innerText();
  expect(englishTitles.filter((title) => text.includes(title)), screen).toEqual([]);
  await expectNothingOverflows(page, screen);
}

describe('one name per thing in Bangla, at 360 px', () => {
  it('a customer: the quoted cover carried, the Bangla title on every screen and in the inbox, a district chosen in Bangla', async () => {
    const policies = await catalogue();
    const englishTitles = policies.map((p) => p.title);
    // A policy whose Bangla title has no Latin letters, with more cover than the ৳5 lakh quoted.
    const policy = policies.find((p) => p.titleBn && !/[A-Za-z]/.test(p.titleBn) && p.coverageRange > 5 * lakh && p.maxAge > p.minAge)!;
    const titleBn = policy.titleBn!;
    const bornOn = birthDateWithin(policy);
    const age = Math.min(policy.minAge + 1, policy.maxAge);

    const page = await (await newContext(journey.browser, bangla)).newPage();
    await signInInBangla(page, 'user', `/policies/${policy.id}`);
    // The base premium with its unit and period.
    await page.getByText(`পুরো ${bengali(policy.duration)} বছরের মেয়াদে ৳`).waitFor();
    await tap(page.getByRole('link', { name: 'প্রিমিয়াম হিসাব করুন' }));
    await page.getByLabel('বয়স').fill(bengali(age));
    await page.getByLabel('বিমার অঙ্ক (৳)').fill('৫০০০০০');
    await tap(page.getByRole('button', { name: 'প্রিমিয়াম হিসাব করুন' }));
    await tap(page.getByRole('button', { name: 'পলিসির জন্য আবেদন করুন' }));

    // The Apply form: the policy in Bangla, the quoted cover, the premium for it.
    await page.getByRole('heading', { level: 1, name: 'পলিসির জন্য আবেদন করুন' }).waitFor();
    await expect.poll(() => page.getByLabel('পলিসি', { exact: true }).inputValue()).toBe(titleBn);
    expect(await page.getByLabel('বিমার অঙ্ক', { exact: true }).inputValue()).toBe('৳৫,০০,০০০');
    await page.getByLabel('জন্মতারিখ').fill(bornOn);
    await page.getByLabel('ঠিকানা').fill('বাড়ি ৩, রোড ৯, মিরপুর, ঢাকা');
    await page.getByLabel('জাতীয় পরিচয়পত্র নম্বর').fill('১৯৯০১২৩৪৫৬৭৮৯');
    await page.getByLabel('নমিনির নাম').fill('সালমা বেগম');
    await page.getByLabel('নমিনির এনআইডি নম্বর').fill('১৯৮৫১২৩৪৫৬৭৮৯');
    await page.getByLabel('নমিনির সাথে সম্পর্ক').selectOption('Spouse');
    await expectNothingOverflows(page, 'Apply (bn)');
    await tap(page.getByRole('button', { name: 'আবেদন জমা দিন' }));
    await page.getByText('আবেদন জমা হয়েছে').first().waitFor();

    // Recorded with the quoted cover and the premium for it (this age, the policy's term).
    const premium = wholePoisha(estimatePremium({ age, coverage: 5 * lakh, duration: policy.duration, gender: 'Male', smoker: 'No' }).monthly);
    await expect
      .poll(() => queryDb<{ id: string; coverage_poisha: number; estimated_premium: number; policy_name_bn: string }>(journey.server, 'SELECT id, coverage_poisha, estimated_premium, policy_name_bn FROM applications WHERE policy_id = ? AND address LIKE ?', policy.id, '%মিরপুর%'))
      .toEqual([{ id: expect.any(String), coverage_poisha: 5 * lakh, estimated_premium: premium, policy_name_bn: titleBn }]);
    const [{ id } = { id: '' }] = queryDb<{ id: string }>(journey.server, 'SELECT id FROM applications WHERE policy_id = ? AND address LIKE ?', policy.id, '%মিরপুর%');

    // Assigned and approved (the agent's inbox line names it in Bangla too), then paid.
    const admin = await apiAs(journey.server, 'admin');
    const agent = await apiAs(journey.server, 'agent');
    const customer = await apiAs(journey.server, 'user');
    await admin.json(`/api/applications/assign/${id}`, { method: 'PATCH', body: JSON.stringify({ agentEmail: 'agent@demo.local' }) });
    await agent.json(`/api/applications/${id}/status`, { method: 'PATCH', body: JSON.stringify({ status: 'approved' }) });
    await page.goto(`${journey.server.url}/bn/dashboard/payment/${id}`);
    await expectBanglaNames(page, titleBn, englishTitles, 'Payment (bn)');
    const intent = await customer.json<{ paymentIntentId: string }>('/api/create-payment-intent', { method: 'POST', body: JSON.stringify({ applicationId: id }) });
    await customer.json('/api/payments/demo/confirm', { method: 'POST', body: JSON.stringify({ paymentIntentId: intent.paymentIntentId, cardNumber: '4242 4242 4242 4242' }) });
    await customer.json('/api/payments/save', { method: 'POST', body: JSON.stringify({ applicationId: id, transactionId: intent.paymentIntentId }) });

    await page.goto(`${journey.server.url}/bn/dashboard/receipts/${id}`);
    await expectBanglaNames(page, titleBn, englishTitles, 'Receipt (bn)');
    await page.goto(`${journey.server.url}/bn/dashboard/certificates/${id}`);
    await expectBanglaNames(page, titleBn, englishTitles, 'Certificate (bn)');
    // The certificate's cover is the one quoted, not the policy's.
    await page.getByText('৳৫,০০,০০০.০০').waitFor();
    const [{ code } = { code: '' }] = queryDb<{ code: string; number: string }>(journey.server, 'SELECT verify_code AS code, policy_number AS number FROM applications WHERE id = ?', id);
    await page.goto(`${journey.server.url}/bn/verify/${code}`);
    await expectBanglaNames(page, titleBn, englishTitles, 'Verify (bn)');

    // A claim: the picker names the policy in Bangla; the district is chosen in Bangla.
    await page.goto(`${journey.server.url}/bn/dashboard/claims/new`);
    await page.getByRole('heading', { level: 1, name: 'দাবি করুন' }).waitFor();
    await tap(page.getByLabel('পলিসিধারী'));
    const picker = page.getByLabel('আপনার পলিসি');
    const choice = picker.locator('option', { hasText: titleBn });
    await expect.poll(() => choice.count(), { timeout: 20_000 }).toBe(1);
    expect((await picker.locator('option').allInnerTexts()).filter((text) => text.includes(policy.title))).toEqual([]);
    await picker.selectOption({ label: (await choice.innerText()).trim() });
    await page.getByLabel('দাবির ধরন').selectOption('hospitalisation');
    const fileOne = async () => {
      await page.getByLabel('ঘটনার তারিখ').fill(new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Dhaka' }));
      await page.getByLabel('কী হয়েছিল').fill('ডেঙ্গু জ্বরে তিন রাত হাসপাতালে ছিলাম।');
      await page.getByLabel('জেলা', { exact: true }).selectOption({ label: 'ঢাকা' });
      await page.getByLabel('বিকাশ বা নগদ নম্বর').fill('০১৭১২৩৪৫৬৭৮');
      await expectNothingOverflows(page, 'File a claim (bn)');
      await tap(page.getByRole('button', { name: 'দাবি জমা দিন' }));
    };
    await fileOne();
    const heading = page.getByRole('heading', { level: 1, name: /^দাবি CLM-/ });
    await heading.waitFor({ timeout: 20_000 });
    const claimNumber = (await heading.innerText()).replace('দাবি ', '');
    await expectBanglaNames(page, titleBn, englishTitles, 'Claim (bn)');
    await expect.poll(() => queryDb(journey.server, 'SELECT district, policy_name_bn FROM claims WHERE claim_number = ?', claimNumber), { timeout: 20_000 }).toEqual([
      { district: 'Dhaka', policy_name_bn: titleBn },
    ]);
    // The district shown in Bangla.
    await page.locator('.claim__facts').getByText('ঢাকা', { exact: true }).waitFor();
    await page.goto(`${journey.server.url}/bn/dashboard/claims`);
    await expectBanglaNames(page, titleBn, englishTitles, 'My claims (bn)');

    // A second hospitalisation claim on it: refused, saying why, in Bangla.
    await page.goto(`${journey.server.url}/bn/dashboard/claims/new`);
    await tap(page.getByLabel('পলিসিধারী'));
    await expect.poll(() => picker.locator('option', { hasText: titleBn }).count(), { timeout: 20_000 }).toBe(1);
    await picker.selectOption({ label: (await picker.locator('option', { hasText: titleBn }).innerText()).trim() });
    await page.getByLabel('দাবির ধরন').selectOption('hospitalisation');
    await fileOne();
    await page.getByRole('alert').filter({ hasText: `ইতিমধ্যে একটি খোলা হাসপাতালে ভর্তি দাবি (${claimNumber}) আছে` }).waitFor({ timeout: 20_000 });

    // The inbox: every line about it names it in Bangla; no line names any policy in English.
    await page.goto(`${journey.server.url}/bn/dashboard/notifications`);
    await page.getByRole('heading', { level: 1, name: 'নোটিফিকেশন' }).waitFor();
    const lines = page.locator('.inbox__item');
    await expect.poll(async () => (await lines.allInnerTexts()).filter((line) => line.includes(titleBn)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
    const all = (await lines.allInnerTexts()).join('\n');
    expect(englishTitles.filter((title) => all.includes(title))).toEqual([]);
    await expectNothingOverflows(page, 'Inbox (bn)');
    // The agent's line says it was given an application (আবেদন), not a claim (দাবি).
    const agentPage = await (await newContext(journey.browser, bangla)).newPage();
    await signInInBangla(agentPage, 'agent', '/dashboard/notifications');
    await agentPage.locator('.inbox__item', { hasText: attachBanglaSuffixes(`${titleBn}-এর একটি আবেদন যাচাইয়ের জন্য আপনাকে দেওয়া হয়েছে।`) }).first().waitFor({ timeout: 30_000 });
    await agentPage.context().close();
    await page.context().close();
  }, 300_000);

  it("the admin's picker puts the claim's district first in Bangla; the agent is told which papers are missing and asks for them, online and offline; the claimant sees the agent and the papers", async () => {
    const customer = await apiAs(journey.server, 'user');
    const admin = await apiAs(journey.server, 'admin');
    // A policy of the demo customer's own whose term has ended (so a maturity claim is due), in
    // Bangla, with a disability during its term and the maturity: two claims filed from "ঢাকা".
    const [policy] = queryDb<{ id: string; title: string; title_bn: string; duration: number }>(
      journey.server,
      'SELECT id, title, title_bn, duration FROM policies WHERE title_bn IS NOT NULL AND withdrawn_at IS NULL ORDER BY duration LIMIT 1',
    );
    const yearsAgo = (years: number) => new Date(Date.now() - years * 366 * 86_400_000);
    const dhakaDay = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: 'Asia/Dhaka' });
    const began = yearsAgo(policy!.duration + 1);
    const inForce = insertApplication(journey.server, demoUser(journey.server), {
      policy_id: policy!.id,
      policy_name: policy!.title,
      policy_name_bn: policy!.title_bn,
      nominee_nid: '1985123456789',
      status: 'approved',
      payment_status: 'paid',
      applied_at: began.toISOString(),
      decided_at: began.toISOString(),
      policy_number: `BD-E2E48-${String(Date.now()).slice(-6)}`,
    });
    const file = async (kind: 'disability' | 'maturity') => {
      const id = crypto.randomUUID();
      const claimNumber = `CLM-${kind === 'disability' ? 'DS48' : 'MT48'}-${String(Date.now()).slice(-4)}`;
      await customer.json('/api/claims', {
        method: 'POST',
        body: JSON.stringify({
          id, claimNumber, policyNumber: inForce.policy_number, insuredNid: inForce.nid, relation: 'policyholder', kind,
          eventDate: dhakaDay(kind === 'disability' ? yearsAgo(policy!.duration) : new Date()),
          description: 'A fall at work.', district: 'ঢাকা', payoutMethod: 'bkash', payoutAccount: '01712345678',
        }),
      });
      return { id, claimNumber };
    };
    const online = await file('disability');
    const offline = await file('maturity');

    // The admin, in Bangla: the Dhaka agent suggested first; districts named in Bangla.
    const desk = await (await newContext(journey.browser, bangla)).newPage();
    await signInInBangla(desk, 'admin', `/dashboard/claims/${online.id}`);
    const agentChoice = desk.getByLabel('এজেন্ট (আগে ঢাকা জেলার এজেন্টরা)');
    await expect.poll(() => agentChoice.inputValue(), { timeout: 20_000 }).toBe('agent@demo.local');
    const choices = await agentChoice.locator('option').allInnerTexts();
    expect(choices[0]).toContain('ঢাকা');
    expect(choices.filter((text) => /Dhaka|Chattogram|Sylhet|Rajshahi|Khulna|Barishal/.test(text))).toEqual([]);
    await expectNothingOverflows(desk, 'Assign an agent (bn)');
    await tap(desk.getByRole('button', { name: 'দিন', exact: true }));
    await expect.poll(() => queryDb(journey.server, 'SELECT assigned_agent AS a FROM claims WHERE id = ?', online.id), { timeout: 20_000 }).toEqual([{ a: 'agent@demo.local' }]);
    await desk.context().close();
    await admin.json(`/api/claims/${offline.id}/assign`, { method: 'PATCH', body: JSON.stringify({ agentEmail: 'agent@demo.local' }) });

    // The agent approves too early, online: told which papers, in Bangla, and asks for them.
    const fieldPage = await (await newContext(journey.browser, bangla)).newPage();
    await signInInBangla(fieldPage, 'agent', `/dashboard/claims/${online.id}`);
    await waitForServiceWorker(fieldPage);
    await waitForLocalCopy(fieldPage);
    await waitForRoleScreens(fieldPage);
    const status = fieldPage.getByTestId('claim-status');
    await expect.poll(() => status.innerText(), { timeout: 20_000 }).toBe('এজেন্টের কাছে');
    await tap(fieldPage.getByLabel('অঙ্কসহ অনুমোদন'));
    await fieldPage.getByLabel(/অনুমোদনের অঙ্ক/).fill('১০০০');
    await tap(fieldPage.getByRole('button', { name: 'সংরক্ষণ করুন' }));
    const missing = fieldPage.getByRole('alert').filter({ hasText: 'এই দরকারি কাগজগুলো যোগ করা হয়নি: প্রতিবন্ধিতা সনদ, মেডিকেল রিপোর্ট, বিমাকৃত ব্যক্তির এনআইডি' });
    await missing.waitFor({ timeout: 20_000 });
    await expectNothingOverflows(fieldPage, 'Approval refused (bn)');
    await tap(missing.getByRole('button', { name: 'বাকি কাগজ চেয়ে পাঠান' }));
    await expect.poll(() => status.innerText(), { timeout: 20_000 }).toBe('কাগজ দরকার');
    expect(queryDb(journey.server, 'SELECT missing_documents AS m FROM claims WHERE id = ?', online.id)).toEqual([
      { m: 'অনুগ্রহ করে এগুলোর ছবি যোগ করুন: প্রতিবন্ধিতা সনদ, মেডিকেল রিপোর্ট, বিমাকৃত ব্যক্তির এনআইডি।' },
    ]);

    // The same, approved offline: the refusal comes when the network returns, on the claim's page.
    await fieldPage.goto(`${journey.server.url}/bn/dashboard/claims/${offline.id}`);
    await expect.poll(() => status.innerText(), { timeout: 20_000 }).toBe('এজেন্টের কাছে');
    await fieldPage.context().setOffline(true);
    await fieldPage.getByRole('banner').getByText('অফলাইন', { exact: true }).waitFor();
    await tap(fieldPage.getByLabel('অঙ্কসহ অনুমোদন'));
    await fieldPage.getByLabel(/অনুমোদনের অঙ্ক/).fill('১০০০');
    await tap(fieldPage.getByRole('button', { name: 'সংরক্ষণ করুন' }));
    // The approval waits on the phone (the send-back before it may still be marked sent until the next pull).
    await expect.poll(async () => (await readOutbox(fieldPage)).filter((item) => item.state === 'queued' && item.type === 'claim.review').length).toBe(1);
    await fieldPage.context().setOffline(false);
    const missingLater = fieldPage.getByRole('alert').filter({ hasText: 'এই দরকারি কাগজগুলো যোগ করা হয়নি: পলিসির কাগজ, বিমাকৃত ব্যক্তির এনআইডি' });
    await missingLater.waitFor({ timeout: 30_000 });
    await tap(missingLater.getByRole('button', { name: 'বাকি কাগজ চেয়ে পাঠান' }));
    await expect.poll(() => status.innerText(), { timeout: 20_000 }).toBe('কাগজ দরকার');
    // Answered: the refused approval leaves Sync problems.
    await expect.poll(async () => (await readOutbox(fieldPage)).filter((item) => item.state === 'refused').length, { timeout: 20_000 }).toBe(0);
    await fieldPage.context().close();

    // The claimant: the agent by name with a phone to tap; each required paper marked.
    const claimant = await (await newContext(journey.browser, bangla)).newPage();
    await signInInBangla(claimant, 'user', `/dashboard/claims/${online.id}`);
    const call = claimant.getByRole('link', { name: /^Tanvir Ahmed-কে .+ নম্বরে কল করুন$/ });
    await call.waitFor({ timeout: 20_000 });
    expect(await call.getAttribute('href')).toBe('tel:+8801711204518');
    expect(await claimant.locator('.claim__facts').innerText()).not.toContain('agent@demo.local');
    const papers = claimant.locator('.claim__checklist li');
    await expect.poll(() => papers.allInnerTexts(), { timeout: 20_000 }).toEqual([
      'প্রতিবন্ধিতা সনদ · এখনো যোগ করা হয়নি',
      'মেডিকেল রিপোর্ট · এখনো যোগ করা হয়নি',
      'বিমাকৃত ব্যক্তির এনআইডি · এখনো যোগ করা হয়নি',
    ].map((text) => expect.stringContaining(text)));
    await expectNothingOverflows(claimant, "Claimant's claim (bn)");
    await claimant.context().close();
  }, 300_000);
});
