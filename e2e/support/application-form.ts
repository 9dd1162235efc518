/**
 * The public site's quote calculator and Apply for a Policy form, filled in as a person does:
 * by their labels, with the values a test chooses.
 */
import type { Page } from 'playwright-core';

export interface QuoteInputs {
  age: string;
  coverage: string;
  years: string;
  gender?: string;
  smoker?: string;
}

/** Fills the quote calculator (on /get-quote) and asks for the premium. */
export async function calculateQuote(page: Page, quote: QuoteInputs) {
  await page.getByLabel('Age', { exact: true }).fill(quote.age);
  await page.getByLabel('Coverage amount (৳)').fill(quote.coverage);
  await page.getByLabel('Duration (years)').selectOption(quote.years);
  if (quote.gender) await page.getByLabel('Gender').selectOption(quote.gender);
  if (quote.smoker) await page.getByLabel('Do you smoke?').selectOption(quote.smoker);
  await page.getByRole('button', { name: 'Calculate Premium' }).click();
}

/** Opens the application form with an estimated premium in its navigation state, as the quote page sends it. */
export async function openApplicationForm(page: Page, serverUrl: string, estimatedPremium: number) {
  await page.goto(`${serverUrl}/policy-apply-from`);
  await page.evaluate((premium) => history.replaceState({ ...history.state, usr: { estimatedPremium: premium } }, ''), estimatedPremium);
  await page.reload();
}

export interface Applicant {
  address: string;
  nid: string;
  nominee: string;
  /** The nominee's NID (issue 47); a 13-digit one by default. */
  nomineeNid?: string;
  relationship: string;
  /** Ticks 'None of the Above' among the health conditions. */
  healthy?: boolean;
  /** yyyy-mm-dd; by default one within the age range the form tells for the chosen policy. */
  dateOfBirth?: string;
}

/** A date of birth the chosen policy covers, read from the form's "This policy is for ages X to Y." */
export async function birthDateForForm(page: Page): Promise<string> {
  const hint = page.getByText(/^This policy is for ages \d+ to \d+\.$/);
  const shown = await hint.waitFor({ timeout: 5_000 }).then(() => true, () => false);
  const match = shown ? /ages (\d+) to (\d+)/.exec(await hint.innerText()) : null;
  return birthDateWithin(match ? { minAge: Number(match[1]), maxAge: Number(match[2]) } : { minAge: 29, maxAge: 60 });
}

/** Fills the applicant's part of the form and submits it (the policy already chosen). */
export async function fillAndSubmitApplication(page: Page, applicant: Applicant) {
  await page.getByLabel('Date of birth').fill(applicant.dateOfBirth ?? (await birthDateForForm(page)));
  await page.getByLabel('Address').fill(applicant.address);
  await page.getByLabel('NID number').fill(applicant.nid);
  await page.getByLabel('Nominee name').fill(applicant.nominee);
  await page.getByLabel("Nominee's NID").fill(applicant.nomineeNid ?? '1985123456789');
  await page.getByLabel('Relationship with nominee').selectOption(applicant.relationship);
  if (applicant.healthy) await page.getByRole('checkbox', { name: 'None of the Above' }).check();
  await page.getByRole('button', { name: 'Submit Application' }).click();
}

/**
 * Chooses the first policy on offer once the form's list has arrived (from the network or the
 * local copy), then fills and submits the form; returns the chosen policy's title.
 */
export async function applyForFirstPolicy(page: Page, applicant: Applicant): Promise<string> {
  const policy = page.getByLabel('Policy', { exact: true });
  const firstChoice = policy.locator('option:not([value=""])').first();
  await firstChoice.waitFor({ state: 'attached' });
  const title = (await firstChoice.textContent())!;
  await policy.selectOption({ label: title });
  await fillAndSubmitApplication(page, applicant);
  return title;
}

/** A date of birth (yyyy-mm-dd) of someone a year past the policy's youngest age (issue 29's check). */
export function birthDateWithin(policy: { minAge: number; maxAge: number }): string {
  // Born on 1 January: the birthday has passed, so the age is exactly this this year.
  const age = Math.min(policy.minAge + 1, policy.maxAge);
  return `${new Date().getUTCFullYear() - age}-01-01`;
}
