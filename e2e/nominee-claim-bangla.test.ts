/**
 * Issue 47 in Bangla on a 360x740 phone: the holder applies giving the nominee's NID (typed in
 * Bengali digits, a wrong length refused in Bangla), and the nominee, on their own account,
 * claims as the nominee with their own NID: a wrong NID and a date before the policy began are
 * refused by the server with Bangla words, and the right NID files the claim, checked.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useAppAndBrowser } from './support/app-server.ts';
import { birthDateWithin } from './support/application-form.ts';
import { newContext } from './support/browser.ts';
import { expectFullyOnScreen, expectNothingOverflows } from './support/fits.ts';
import { loginAs, queryDb, writeDb } from './support/login.ts';
import { waitForLocalCopy } from './support/page-state.ts';
import { signInThroughForm } from './support/public-site.ts';

const app = useAppAndBrowser();
const phone = { width: 360, height: 740, locale: 'bn-BD' };
const day = 86_400_000;
const toBengali = (digits: string) => digits.replace(/[0-9]/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);
const fromBengali = (digits: string) => digits.replace(/[০-৯]/g, (d) => String('০১২৩৪৫৬৭৮৯'.indexOf(d)));
/** A day (YYYY-MM-DD) in Dhaka, `daysAgo` before now. */
const dhakaDay = (daysAgo: number) => new Date(Date.now() - daysAgo * day + 6 * 3_600_000).toISOString().slice(0, 10);

async function tap(page: Page, target: Locator, what: string) {
  await expectFullyOnScreen(page, target, what);
  await target.click();
}

describe('the nominee, in Bangla at 360 px', () => {
  it("is named with their NID on the application, and claims with it; a stranger's NID and an impossible date are refused", async () => {
    // The holder (the demo user) applies, in Bangla, from the quote's premium.
    const holder = await (await newContext(app.browser, phone)).newPage();
    await loginAs(holder, app.server, 'user', '/dashboard');
    await holder.goto(`${app.server.url}/bn/policy-apply-from`);
    await holder.evaluate(() => history.replaceState({ ...history.state, usr: { estimatedPremium: 125_000 } }, ''));
    await holder.reload();
    await holder.getByRole('heading', { name: 'পলিসির জন্য আবেদন করুন' }).waitFor();
    const policy = holder.getByLabel('পলিসি', { exact: true });
    await policy.locator('option:not([value=""])').first().waitFor({ state: 'attached' });
    await policy.selectOption({ index: 1 });
    const ages = /(\S+) থেকে (\S+) বছর বয়সীদের/.exec(await holder.getByText(/এই পলিসি .+ বছর বয়সীদের জন্য।/).innerText());
    await holder.getByLabel('জন্মতারিখ').fill(birthDateWithin({ minAge: Number(fromBengali(ages![1]!)), maxAge: Number(fromBengali(ages![2]!)) }));
    await holder.getByLabel('ঠিকানা').fill('বাড়ি ৭, রোড ৩, মিরপুর, ঢাকা');
    const holderNid = `1980${String(Date.now()).slice(-9)}`;
    await holder.getByLabel('জাতীয় পরিচয়পত্র নম্বর').fill(toBengali(holderNid));
    await holder.getByLabel('নমিনির নাম').fill('রাশেদা বেগম');
    const nomineeNidField = holder.getByLabel('নমিনির এনআইডি নম্বর');
    await expectFullyOnScreen(holder, nomineeNidField, "the nominee's NID");
    await nomineeNidField.fill('১২৩৪৫');
    await holder.getByLabel('নমিনির সাথে সম্পর্ক').selectOption('Spouse');
    await holder.getByLabel('উপরের কোনোটিই নয়').check();
    const submit = holder.getByRole('button', { name: 'আবেদন জমা দিন' });
    await tap(holder, submit, 'Submit');
    // Five digits are no NID: said in Bangla beside the field, which takes the focus; nothing sent.
    await holder.getByText('বাংলাদেশের জাতীয় পরিচয়পত্র নম্বর লিখুন: ১০, ১৩ বা ১৭ অঙ্কের').waitFor();
    await expect.poll(() => nomineeNidField.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await nomineeNidField.getAttribute('aria-invalid')).toBe('true');
    await expectNothingOverflows(holder, 'the application with a refused nominee NID (bn)');
    const nomineeNid = '1985246813579';
    await nomineeNidField.fill(toBengali(nomineeNid));
    await tap(holder, submit, 'Submit');
    await holder.getByText('আবেদন জমা হয়েছে').first().waitFor();
    await expect.poll(() => queryDb<{ nominee_nid: string | null }>(app.server, 'SELECT nominee_nid FROM applications WHERE nid = ?', holderNid), { timeout: 20_000 }).toEqual([
      { nominee_nid: nomineeNid },
    ]);
    await holder.context().close();

    // Approved and paid four days ago: a policy in force with its certificate's number.
    const [{ id: applicationId } = { id: '' }] = queryDb<{ id: string }>(app.server, 'SELECT id FROM applications WHERE nid = ?', holderNid);
    const since = new Date(Date.now() - 4 * day).toISOString();
    const policyNumber = `BD-${holderNid.slice(-8)}`;
    writeDb(
      app.server,
      "UPDATE applications SET status = 'approved', payment_status = 'paid', decided_at = ?, paid_at = ?, policy_number = ? WHERE id = ?",
      since, since, policyNumber, applicationId,
    );

    // The nominee has an account of their own (the demo password's hash, to sign in with it).
    const nomineeEmail = `nominee-${holderNid}@example.test`;
    writeDb(
      app.server,
      "INSERT INTO users (id, email, name, role, password_hash, created_at) SELECT ?, ?, 'Rasheda Begum', 'user', password_hash, ? FROM users WHERE email = 'user@demo.local'",
      crypto.randomUUID(), nomineeEmail, new Date().toISOString(),
    );
    const nominee = await (await newContext(app.browser, phone)).newPage();
    await nominee.goto(`${app.server.url}/login`);
    await signInThroughForm(nominee, nomineeEmail);
    await nominee.goto(`${app.server.url}/bn/dashboard/claims/new`);
    await nominee.getByRole('heading', { name: 'দাবি করুন' }).waitFor();
    await nominee.getByLabel('পলিসি নম্বর').fill(policyNumber);
    // The papers' slots carry the same words: the field to type in is the textbox.
    await nominee.getByRole('textbox', { name: 'বিমাকৃত ব্যক্তির এনআইডি', exact: true }).fill(toBengali(holderNid));
    const claimantNid = nominee.getByRole('textbox', { name: 'আপনার নিজের জাতীয় পরিচয়পত্র নম্বর', exact: true });
    await expectFullyOnScreen(nominee, claimantNid, "the claimant's NID");
    await claimantNid.fill(toBengali('1999888777666'));
    const eventDate = nominee.getByLabel('ঘটনার তারিখ');
    await eventDate.fill(dhakaDay(10));
    await nominee.getByLabel('কী হয়েছিল').fill('বাড়িতে হঠাৎ মারা গেছেন।');
    await nominee.getByLabel('জেলা', { exact: true }).selectOption({ label: 'ঢাকা' });
    await nominee.getByLabel('বিকাশ বা নগদ নম্বর').fill('০১৭১২৩৪৫৬৭৮');
    const file = nominee.getByRole('button', { name: 'দাবি জমা দিন' });

    // Someone else's NID: the server refuses it, in Bangla, and repeats no NID.
    await tap(nominee, file, 'File the claim');
    const notTheNominee = 'এই এনআইডি এই পলিসির নমিনির এনআইডি নয়। নম্বরটি আবার দেখুন: পলিসিতে যাঁর নাম নমিনি হিসেবে আছে, শুধু তিনিই নমিনি হিসেবে দাবি করতে পারবেন।';
    await nominee.getByText(notTheNominee).first().waitFor({ timeout: 20_000 });
    expect(await claimantNid.getAttribute('aria-invalid')).toBe('true');
    expect(await nominee.locator('body').innerText()).not.toContain(nomineeNid);

    // The right NID, but a day before the policy began: refused, saying the policy's first day.
    await claimantNid.fill(toBengali(nomineeNid));
    await tap(nominee, file, 'File the claim');
    await nominee.getByText(/^ঘটনার তারিখ পলিসি শুরুর \(.+\) আগের হতে পারে না।$/).waitFor({ timeout: 20_000 });
    await expectNothingOverflows(nominee, 'a refused claim (bn)');
    expect(queryDb(app.server, 'SELECT id FROM claims WHERE application_id = ?', applicationId)).toEqual([]);

    // The event two days ago: filed, checked against the nominee's NID.
    await eventDate.fill(dhakaDay(2));
    await tap(nominee, file, 'File the claim');
    await nominee.getByRole('heading', { name: /^দাবি CLM-/ }).waitFor({ timeout: 20_000 });
    await expect.poll(() => queryDb(app.server, 'SELECT nominee_unverified, claimant_nid FROM claims WHERE application_id = ?', applicationId), { timeout: 20_000 }).toEqual([
      { nominee_unverified: 0, claimant_nid: nomineeNid },
    ]);
    expect(await nominee.getByText('নমিনি যাচাই হয়নি').count()).toBe(0);
    await expectNothingOverflows(nominee, 'the filed claim (bn)');
    await nominee.context().close();
  });

  it('shows an older queued application the new rules refuse, and opens it in the form to correct', async () => {
    const page = await (await newContext(app.browser, phone)).newPage();
    await loginAs(page, app.server, 'user', '/dashboard');
    await page.goto(`${app.server.url}/bn/dashboard`);
    // The app's database exists (with its outbox) before a row is put in it: opened before the
    // app had made it, the write below would make an empty one and wait for ever (seen once).
    await waitForLocalCopy(page);
    const [policyRow] = queryDb<{ id: string; min_age: number; max_age: number }>(app.server, 'SELECT id, min_age, max_age FROM policies ORDER BY title LIMIT 1');
    const address = `পুরনো আবেদন ${Date.now()}`;
    // What an app of before issue 47 left in the outbox: an NID of one digit, a foreign phone, no nominee NID.
    await page.evaluate(
      ({ policyId, address, dateOfBirth }) =>
        new Promise<void>((resolve, reject) => {
          const user = JSON.parse(localStorage.getItem('session-user') ?? '{}') as { id: string };
          const open = indexedDB.open('insurance');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const mutationId = crypto.randomUUID();
            if (!db.objectStoreNames.contains('outbox')) return reject(new Error('The app has no outbox yet'));
            const added = db.transaction('outbox', 'readwrite').objectStore('outbox').add({
              mutationId, userId: user.id, type: 'application.create', summary: 'Application (older app)', targetId: `local:${mutationId}`,
              payload: { policyId, name: 'Demo User', address, nid: '1', dateOfBirth, phone: '+1 415 555 0100', nomineeName: 'রাশেদা বেগম', relationship: 'Spouse', healthConditions: ['None of the Above'], estimatedPremium: 125_000 },
              preview: null, state: 'queued', createdAt: new Date().toISOString(), attempts: 0, lastError: null, result: null, sentAt: null,
            });
            added.onsuccess = () => {
              db.close();
              resolve();
            };
            added.onerror = () => reject(added.error);
          };
        }),
      { policyId: policyRow!.id, address, dateOfBirth: birthDateWithin({ minAge: policyRow!.min_age, maxAge: policyRow!.max_age }) },
    );
    // The app starts again and sends it: refused, and kept where the person sees it.
    await page.reload();
    const problems = page.locator('.header-status button.badge--danger');
    await problems.waitFor({ timeout: 30_000 });
    await tap(page, problems, 'Sync problems');
    const panel = page.getByRole('dialog', { name: 'সিঙ্ক সমস্যা' });
    await panel.getByText('বাংলাদেশের জাতীয় পরিচয়পত্র নম্বর লিখুন: ১০, ১৩ বা ১৭ অঙ্কের').waitFor();
    await expectNothingOverflows(page, 'Sync problems (bn)');
    await tap(page, panel.getByRole('button', { name: 'ঠিক করুন' }), 'Correct it');

    // The form, filled in as it was queued, says what to correct beside each field.
    await page.getByRole('heading', { name: 'পলিসির জন্য আবেদন করুন' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/bn/policy-apply-from');
    expect(await page.getByLabel('ঠিকানা').inputValue()).toBe(address);
    const nid = page.getByLabel('জাতীয় পরিচয়পত্র নম্বর');
    expect(await nid.inputValue()).toBe('1');
    expect(await nid.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('বাংলাদেশের জাতীয় পরিচয়পত্র নম্বর লিখুন: ১০, ১৩ বা ১৭ অঙ্কের').waitFor();
    await page.getByText('বাংলাদেশি মোবাইল নম্বর লিখুন: 01 এবং আরও ৯টি সংখ্যা (01712345678), +880 সহ বা ছাড়া').waitFor();
    const correctedNid = `1991${String(Date.now()).slice(-9)}`;
    await nid.fill(correctedNid);
    await page.getByLabel('ফোন (ঐচ্ছিক)').fill('০১৮১১২২২৩৩৩');
    await page.getByLabel('নমিনির এনআইডি নম্বর').fill('1985246813579');
    await tap(page, page.getByRole('button', { name: 'আবেদন জমা দিন' }), 'Submit');
    await page.getByText('আবেদন জমা হয়েছে').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => queryDb(app.server, 'SELECT nid, phone, nominee_nid, address FROM applications WHERE nid = ?', correctedNid), { timeout: 20_000 }).toEqual([
      { nid: correctedNid, phone: '+8801811222333', nominee_nid: '1985246813579', address },
    ]);
    // The refusal was answered: Sync problems has nothing left.
    expect(await problems.count()).toBe(0);
    await page.context().close();
  });
});
