/**
 * The premium estimator (/get-quote) against the spec's formula, read from the screen, and the
 * application form (/policy-apply-from) it leads to: checks, sign-in on the way, and sending.
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { birthDateWithin, calculateQuote } from './support/application-form.ts';
import { newContext, type Page } from './support/browser.ts';
import { recordApiCalls, signInThroughForm } from './support/public-site.ts';

const app = useAppAndBrowser();

/** Spec section 9, written out again here so the screen is checked against the spec, not itself. */
function specPremium(age: number, coverage: number, years: number, gender: string, smoker: string) {
  const ageFactor = age < 30 ? 1 : age < 50 ? 1.5 : 2;
  const genderFactor = gender === 'Male' ? 1.1 : 1;
  const smokerFactor = smoker === 'Yes' ? 1.5 : 1;
  const annual = ((coverage / 100000) * 5 * ageFactor * genderFactor * smokerFactor * (years / 10)) / 10;
  const taka = (amount: number) => `৳${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  return { annual: taka(annual), monthly: taka(annual / 12), monthlyValue: annual / 12 };
}

async function fillQuote(page: Page, q: { age: number; coverage: number; years: number; gender: string; smoker: string }) {
  await calculateQuote(page, { ...q, age: String(q.age), coverage: String(q.coverage), years: String(q.years) });
}

/** Rahim's date of birth: set once the policy (and its ages) is chosen. */
let applicantBorn = '';

/** The applicant's part of the application form, as Rahim fills it in. */
async function fillApplicant(page: Page) {
  await page.getByLabel('Name', { exact: true }).fill('Rahim Uddin');
  await page.getByLabel('Date of birth').fill(applicantBorn);
  await page.getByLabel('Address').fill('House 5, Road 2, Uttara, Dhaka');
  await page.getByLabel('NID number').fill('1990123456789');
  await page.getByLabel('Nominee name').fill('Salma Begum');
  await page.getByLabel("Nominee's NID").fill('1985123456789');
  await page.getByLabel('Relationship with nominee').selectOption('Spouse');
}

const shown = (page: Page, label: string) => page.locator('dl.quote__totals').getByText(label).locator('xpath=following-sibling::dd').textContent();

describe('the quote', () => {
  it('computes the spec formula for many inputs, shows each factor, and needs no network', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await page.goto(`${app.server.url}/get-quote`);
    await page.getByRole('heading', { name: 'Get a Free Quote', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const calls = recordApiCalls(page, app.server.url);
    await page.context().setOffline(true);
    const cases = [
      { age: 25, coverage: 1_000_000, years: 10, gender: 'Female', smoker: 'No' },
      { age: 29, coverage: 500_000, years: 3, gender: 'Male', smoker: 'No' },
      { age: 30, coverage: 500_000, years: 5, gender: 'Male', smoker: 'Yes' },
      { age: 45, coverage: 2_500_000, years: 7, gender: 'Other', smoker: 'Yes' },
      { age: 49, coverage: 100_000, years: 10, gender: 'Female', smoker: 'Yes' },
      { age: 50, coverage: 5_000_000, years: 3, gender: 'Male', smoker: 'No' },
      { age: 67, coverage: 1_234_567, years: 7, gender: 'Male', smoker: 'Yes' },
    ];
    for (const q of cases) {
      await fillQuote(page, q);
      const expected = specPremium(q.age, q.coverage, q.years, q.gender, q.smoker);
      expect({ q, annual: await shown(page, 'Annual premium'), monthly: await shown(page, 'Monthly premium') }).toEqual({
        q,
        annual: expected.annual,
        monthly: expected.monthly,
      });
    }
    // The breakdown names every factor of the last case (67, male smoker, 7 years).
    const breakdown = page.getByRole('table', { name: 'Premium breakdown' });
    expect(await breakdown.getByRole('row', { name: /Age factor \(age 67\)/ }).textContent()).toContain('× 2');
    expect(await breakdown.getByRole('row', { name: /Gender factor \(Male\)/ }).textContent()).toContain('× 1.1');
    expect(await breakdown.getByRole('row', { name: /Smoker factor \(smoker\)/ }).textContent()).toContain('× 1.5');
    expect(await breakdown.getByRole('row', { name: /Duration factor \(7 years/ }).textContent()).toContain('× 0.7');
    expect(await breakdown.getByRole('row', { name: /Coverage in lakh/ }).textContent()).toContain('12.3457');
    // Nothing but the app's own background sync (which fails quietly offline).
    expect(calls.filter((call) => call !== 'GET /api/sync')).toEqual([]);
    await page.context().close();
  });

  it('needs age, coverage and duration as numbers', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await page.goto(`${app.server.url}/get-quote`);
    await page.getByRole('button', { name: 'Calculate Premium' }).click();
    await page.getByText('Age is required', { exact: true }).waitFor();
    await page.getByText('Coverage is required').waitFor();
    await page.getByText('Duration is required').waitFor();
    expect(await page.getByLabel('Age', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByLabel('Age', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('dl.quote__totals').count()).toBe(0);

    await page.getByLabel('Age', { exact: true }).fill('0');
    await page.getByLabel('Coverage amount (৳)').fill('-5');
    await page.getByRole('button', { name: 'Calculate Premium' }).click();
    await page.getByText('Age must be a number between 1 and 120').waitFor();
    await page.getByText('Coverage must be a number greater than 0').waitFor();
    await page.context().close();
  });
});

describe('applying for a policy', () => {
  it('refuses a visitor, signs them in on the way, then sends the application', async () => {
    const policies = (await (await fetch(`${app.server.url}/api/policies`)).json()) as {
      id: string;
      title: string;
      minAge: number;
      maxAge: number;
      /** Poisha; the quote is typed in taka. */
    coverageRange: number;
      duration: number;
    }[];
    const policy = policies[2]!;
    // Within the policy's limits (issue 29): its ages, its coverage and its term.
    applicantBorn = birthDateWithin(policy);
    const page = await (await newContext(app.browser)).newPage();

    // From the policy, through the quote, to the form.
    await page.goto(`${app.server.url}/policies/${policy.id}`);
    await page.getByRole('link', { name: 'Get a Quote' }).click();
    // The quote's age is the applicant's on their date of birth: the server prices the application for that age (issue 48).
    const q = { age: Math.min(policy.minAge + 1, policy.maxAge), coverage: policy.coverageRange / 100, years: policy.duration, gender: 'Male', smoker: 'No' };
    await fillQuote(page, q);
    const premium = specPremium(q.age, q.coverage, q.years, q.gender, q.smoker);
    await page.getByRole('button', { name: 'Apply for Policy' }).click();
    await page.getByRole('heading', { name: 'Apply for a Policy' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/policy-apply-from');
    expect(await page.getByLabel('Estimated premium (monthly)').inputValue()).toBe(premium.monthly);
    expect(await page.getByLabel('Estimated premium (monthly)').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Policy', { exact: true }).inputValue()).toBe(policy.title);

    // The required checks.
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Name is required', { exact: true }).waitFor();
    await page.getByText('Address is required').waitFor();
    await page.getByText('NID is required', { exact: true }).waitFor();
    await page.getByText('Nominee name is required').waitFor();
    await page.getByText("Nominee's NID is required").waitFor();
    await page.getByText('Relationship is required').waitFor();
    await page.getByLabel('NID number').fill('12ab');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Please enter a Bangladeshi NID number: 10, 13 or 17 digits').waitFor();

    // A visitor is refused and offered the login, which comes back here with the premium.
    await fillApplicant(page);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'User not authenticated.' });
    await refusal.waitFor();
    await refusal.getByRole('link', { name: 'Log in to continue' }).click();
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await signInThroughForm(page, 'user@demo.local');
    await page.getByRole('heading', { name: 'Apply for a Policy' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/policy-apply-from');
    expect(await page.getByLabel('Estimated premium (monthly)').inputValue()).toBe(premium.monthly);
    expect(await page.getByLabel('Email').inputValue()).toBe('user@demo.local');
    expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();

    // What the visitor typed came back with them (a draft kept on the device per user), and
    // stays through a reload.
    const typed = async () => ({
      name: await page.getByLabel('Name', { exact: true }).inputValue(),
      address: await page.getByLabel('Address').inputValue(),
      nid: await page.getByLabel('NID number').inputValue(),
      nominee: await page.getByLabel('Nominee name').inputValue(),
      nomineeNid: await page.getByLabel("Nominee's NID").inputValue(),
      relationship: await page.getByLabel('Relationship with nominee').inputValue(),
    });
    const kept = { name: 'Rahim Uddin', address: 'House 5, Road 2, Uttara, Dhaka', nid: '1990123456789', nominee: 'Salma Begum', nomineeNid: '1985123456789', relationship: 'Spouse' };
    expect(await typed()).toEqual(kept);
    await page.reload();
    await page.getByRole('heading', { name: 'Apply for a Policy' }).waitFor();
    await expect.poll(typed).toEqual(kept);
    expect(await page.getByLabel('Estimated premium (monthly)').inputValue()).toBe(premium.monthly);

    // Health conditions: 'None of the Above' stands alone.
    await page.getByLabel('Diabetes').check();
    await page.getByLabel('High Blood Pressure').check();
    await page.getByLabel('None of the Above').check();
    expect(await page.getByLabel('Diabetes').isChecked()).toBe(false);
    await page.getByLabel('High Blood Pressure').check();
    expect(await page.getByLabel('None of the Above').isChecked()).toBe(false);

    await fillApplicant(page);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Application submitted').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard/myApplication');
    // Sent: the draft is gone; the next application starts with this one's address and NID
    // (issue 48), and nothing else of it.
    await page.goto(`${app.server.url}/policy-apply-from`);
    await page.getByRole('heading', { name: 'Apply for a Policy' }).waitFor();
    await expect.poll(() => page.getByLabel('Address').inputValue(), { timeout: 20_000 }).toBe('House 5, Road 2, Uttara, Dhaka');
    expect(await page.getByLabel('NID number').inputValue()).toBe('1990123456789');
    expect(await page.getByLabel('Nominee name').inputValue()).toBe('');

    // The server has it, as the applicant sent it.
    const login = (await (
      await fetch(`${app.server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'user@demo.local', password: 'demo1234' }),
      })
    ).json()) as { accessToken: string };
    const mine = (await (
      await fetch(`${app.server.url}/api/applications`, { headers: { authorization: `Bearer ${login.accessToken}` } })
    ).json()) as { policyId: string; name: string; nid: string; nomineeNid: string | null; estimatedPremium: number; coveragePoisha: number | null; healthConditions: string[]; relationship: string }[];
    const created = mine.find((a) => a.policyId === policy.id && a.name === 'Rahim Uddin');
    expect(created).toMatchObject({ nid: '1990123456789', nomineeNid: '1985123456789', relationship: 'Spouse', healthConditions: ['High Blood Pressure'] });
    // Sent and stored in whole poisha (issue 26).
    expect(created!.estimatedPremium).toBe(Math.round(premium.monthlyValue * 100));
    // With the cover it was quoted for (issue 48).
    expect(created!.coveragePoisha).toBe(policy.coverageRange);
    await page.context().close();
  });

  it('offers a policy choice and a quote when neither was carried', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await page.goto(`${app.server.url}/login`);
    await signInThroughForm(page, 'user@demo.local');
    await page.goto(`${app.server.url}/policy-apply-from`);
    await page.getByRole('heading', { name: 'Apply for a Policy' }).waitFor();
    const select = page.getByLabel('Policy', { exact: true });
    await expect.poll(() => select.locator('option').count()).toBeGreaterThan(10);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Please choose a policy').waitFor();
    await page.getByText('Please get a quote first: the estimated premium comes from it.').waitFor();
    await page.getByRole('link', { name: 'Get a free quote' }).click();
    await page.getByRole('heading', { name: 'Get a Free Quote' }).waitFor();
    await page.context().close();
  });
});
