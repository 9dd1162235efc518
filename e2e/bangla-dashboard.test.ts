/**
 * The signed-in screens in Bangla at 360x740 with the browser's locale bn-BD (issue 25): the
 * customer's quote, application (an NID typed in Bengali digits is stored in ASCII), My Policies
 * and payment; the agent's clearance with an offline decision; every admin screen. Each in
 * Bangla with `lang="bn"`, nothing wider than the screen, axe clean. The switch, chosen on one
 * device, follows the person to a second browser context through their account.
 */
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectNothingOverflows } from './support/fits.ts';
import { newContext, type Page } from './support/browser.ts';
import { apiAs, loginAs, queryDb } from './support/login.ts';
import { birthDateWithin } from './support/application-form.ts';
import { offlineJourney, waitForLocalCopy, waitForServiceWorker } from './support/offline.ts';

const journey = offlineJourney();
const bangla = { width: 360, height: 740, locale: 'bn-BD' };

async function expectBanglaScreen(page: Page, heading: string | RegExp, screen: string) {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('bn');
  await expectNothingOverflows(page, screen);
  await expectNoAxeViolations(page, screen);
}

/** Signs in (on the English page), then chooses বাংলা with the switch: the same screen under /bn. */
async function signInInBangla(page: Page, role: 'user' | 'agent' | 'admin', target = '/dashboard') {
  await loginAs(page, journey.server, role, target);
  await page.getByRole('link', { name: 'বাংলা', exact: true }).click();
  await page.waitForURL((url) => url.pathname === `/bn${target}`);
}

describe('the dashboards in Bangla at 360 px', () => {
  it('a customer: quote in Bengali digits, apply with a Bangla NID, My Policies; the choice follows them to another browser', async () => {
    const context = await newContext(journey.browser, bangla);
    const page = await context.newPage();
    await signInInBangla(page, 'user');
    await expectBanglaScreen(page, 'আমার পলিসি', 'My Policies (bn)');

    await page.goto(`${journey.server.url}/bn/get-quote`);
    await page.getByLabel('বয়স').fill('৩৫');
    await page.getByLabel('বিমার অঙ্ক (৳)').fill('২০০০০০০');
    await page.getByLabel('মেয়াদ (বছর)').selectOption('10');
    await page.getByRole('button', { name: 'প্রিমিয়াম হিসাব করুন' }).click();
    await page.getByRole('button', { name: 'পলিসির জন্য আবেদন করুন' }).click();
    await expectBanglaScreen(page, 'পলিসির জন্য আবেদন করুন', 'Apply (bn)');
    const nid = `১৯৯৫১২৩৪${String(Date.now()).slice(-5).replace(/[0-9]/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!)}`;
    const asciiNid = nid.replace(/[০-৯]/g, (d) => String('০১২৩৪৫৬৭৮৯'.indexOf(d)));
    await page.getByLabel('পলিসি', { exact: true }).selectOption({ index: 1 });
    // The date of birth (issue 29), in Bengali digits, within the chosen policy's ages.
    const ages = /(\S+) থেকে (\S+) বছর বয়সীদের/.exec(await page.getByText(/এই পলিসি .+ বছর বয়সীদের জন্য।/).innerText());
    const fromBangla = (digits: string) => Number(digits.replace(/[০-৯]/g, (d) => String('০১২৩৪৫৬৭৮৯'.indexOf(d))));
    await page.getByLabel('জন্মতারিখ').fill(birthDateWithin({ minAge: fromBangla(ages![1]!), maxAge: fromBangla(ages![2]!) }));
    await page.getByLabel('ঠিকানা').fill('বাড়ি ১২, রোড ৭, ধানমন্ডি, ঢাকা');
    await page.getByLabel('জাতীয় পরিচয়পত্র নম্বর').fill(nid);
    await page.getByLabel('ফোন (ঐচ্ছিক)').fill('০১৭১১৫৫৫০০১');
    await page.getByLabel('নমিনির নাম').fill('করিমা খাতুন');
    await page.getByLabel('নমিনির এনআইডি নম্বর').fill('১৯৮৫১২৩৪৫৬৭৮৯');
    await page.getByLabel('নমিনির সাথে সম্পর্ক').selectOption('Spouse');
    await page.getByLabel('উপরের কোনোটিই নয়').check();
    await page.getByRole('button', { name: 'আবেদন জমা দিন' }).click();
    await page.getByText('আবেদন জমা হয়েছে').first().waitFor();
    await expect.poll(() => queryDb<{ nid: string; phone: string }>(journey.server, 'SELECT nid, phone FROM applications WHERE nid = ?', asciiNid)).toEqual([
      { nid: asciiNid, phone: '+8801711555001' },
    ]);

    // My Policies lists it, with the Pay link in Bangla; the payment screen shows ৳ in Bengali digits.
    await page.goto(`${journey.server.url}/bn/dashboard/myApplication`);
    const pay = page.getByRole('link', { name: /প্রিমিয়াম পরিশোধ করুন$/ }).first();
    await pay.click();
    await expectBanglaScreen(page, 'পেমেন্ট', 'Payment (bn)');
    await expect.poll(() => page.locator('.payment__amount').innerText()).toBe('৳৫০.০০');

    // Another browser, the same person: it follows the language their account now has.
    const other = await (await newContext(journey.browser, { width: 360, height: 740, locale: 'en-US' })).newPage();
    await loginAs(other, journey.server, 'user', '/dashboard');
    await other.waitForURL((url) => url.pathname === '/bn/dashboard', { timeout: 30_000 });
    await other.getByRole('heading', { level: 1, name: 'আমার পলিসি' }).waitFor();
    expect(await other.evaluate(() => document.documentElement.lang)).toBe('bn');
  });

  it("the agent's clearance, an offline decision included", async () => {
    // A customer's application, assigned to the demo agent by the admin.
    const applicant = `আবেদনকারী ${Date.now()}`;
    const customer = await apiAs(journey.server, 'user');
    const admin = await apiAs(journey.server, 'admin');
    const [policy] = (await (await fetch(`${journey.server.url}/api/policies`)).json()) as { id: string; minAge: number; maxAge: number }[];
    const created = await customer.json<{ insertedId: string }>('/api/applications', {
      method: 'POST',
      body: JSON.stringify({ policyId: policy!.id, name: applicant, address: 'সিলেট', nid: '১৯৮৭৬৫৪৩২১', dateOfBirth: birthDateWithin(policy!), nomineeName: 'নমিনি', relationship: 'Parent', healthConditions: ['None of the Above'], estimatedPremium: 120 }),
    });
    await admin.json(`/api/applications/assign/${created.insertedId}`, { method: 'PATCH', body: JSON.stringify({ agentEmail: 'agent@demo.local' }) });

    const context = await newContext(journey.browser, bangla);
    const page = await context.newPage();
    await signInInBangla(page, 'agent', '/dashboard/agentPolicyClearance');
    await waitForServiceWorker(page);
    await waitForLocalCopy(page);
    await expectBanglaScreen(page, 'পলিসির আবেদন অনুমোদন', 'Clearance (bn)');
    const details = page.getByRole('button', { name: `${applicant}-এর আবেদনের বিস্তারিত দেখুন` });
    await details.waitFor();
    await context.setOffline(true);
    await page.getByRole('banner').getByText('অফলাইন', { exact: true }).waitFor();
    await details.click();
    const dialog = page.getByRole('dialog', { name: 'পলিসির আবেদনের বিস্তারিত' });
    await dialog.getByText('আবেদনকারীর তথ্য').waitFor();
    await dialog.getByRole('button', { name: 'অনুমোদন করুন', exact: true }).click();
    await page.getByRole('dialog', { name: 'পাঠানোর অপেক্ষায়' }).waitFor();
    await expectNoAxeViolations(page, 'Clearance offline decision (bn)');
    await page.getByRole('button', { name: 'ঠিক আছে' }).click();
    await page.getByRole('row').filter({ hasText: applicant }).getByText('পাঠানোর অপেক্ষায়').waitFor();
    await page.getByRole('button', { name: '১টি পাঠানোর অপেক্ষায়' }).waitFor();
    expect(created.insertedId).toBeTruthy();
  });

  it('every admin screen', async () => {
    const page = await (await newContext(journey.browser, bangla)).newPage();
    await signInInBangla(page, 'admin');
    await expectBanglaScreen(page, 'অ্যাডমিন ড্যাশবোর্ড', 'Admin dashboard (bn)');
    const screens: [string, string][] = [
      ['addPolicy', 'নতুন বিমা পলিসি যোগ করুন'],
      ['manageAgent', 'এজেন্ট ব্যবস্থাপনা'],
      ['manageApplications', 'আবেদন ব্যবস্থাপনা'],
      ['makeAdmin', 'অ্যাডমিন করুন'],
      ['auditLog', 'অডিট লগ'],
      ['manageBlogs', 'ব্লগ ব্যবস্থাপনা'],
      ['adminTransactions', 'লেনদেন ড্যাশবোর্ড'],
    ];
    for (const [path, heading] of screens) {
      await page.goto(`${journey.server.url}/bn/dashboard/${path}`);
      await expectBanglaScreen(page, heading, `${path} (bn)`);
    }
    // The transactions' totals: counts in Bengali digits, money in ৳ (the heading's screen is still open).
    const totals = page.getByRole('list', { name: 'সারসংক্ষেপ' });
    await expect.poll(() => totals.locator('.stat-card__value').first().innerText()).toMatch(/^[০-৯,]+$/);
    expect(await totals.locator('.stat-card__value').nth(1).innerText()).toMatch(/^৳[০-৯,]+\.[০-৯]{2}$/);
  });

  it('keeps the switch offline: the other language opens from the device, and the choice holds on a reload', async () => {
    const context = await newContext(journey.browser, bangla);
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/bn/get-quote`);
    await page.getByRole('heading', { level: 1, name: 'বিনামূল্যে প্রিমিয়াম জেনে নিন' }).waitFor();
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.getByRole('link', { name: 'English', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Get a Free Quote' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/get-quote');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Get a Free Quote' }).waitFor();
    await page.getByRole('link', { name: 'বাংলা', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'বিনামূল্যে প্রিমিয়াম জেনে নিন' }).waitFor();
    // The device remembers Bangla, offline too: an English address opens the Bangla page.
    await page.goto(`${journey.server.url}/about`);
    await page.getByRole('heading', { level: 1, name: 'লাইফশিওর ইনস্যুরেন্স সম্পর্কে' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/bn/about');
    await context.setOffline(false);
  });
});
