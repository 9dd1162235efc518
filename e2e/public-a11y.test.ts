/**
 * axe-core on every public screen, at phone size and on a desktop, in the states a visitor
 * meets (loaded, with the agent dialog and an FAQ answer open, with form errors shown).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { calculateQuote } from './support/application-form.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { useAppAndBrowser } from './support/app-server.ts';
import { newContext, type Page } from './support/browser.ts';

const app = useAppAndBrowser();
let policyId: string;
let blogId: string;

beforeAll(async () => {
  policyId = ((await (await fetch(`${app.server.url}/api/policies`)).json()) as { id: string }[])[0]!.id;
  blogId = ((await (await fetch(`${app.server.url}/api/blogs`)).json()) as { id: string }[])[0]!.id;
});

interface Screen {
  path: () => string;
  ready: (page: Page) => Promise<unknown>;
  /** Puts the screen in a further state worth checking. */
  then?: (page: Page) => Promise<unknown>;
}

/** Submits the screen's form empty: its first error shows. */
const submitEmpty = (button: string, error: string) => async (page: Page) => {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.getByText(error).waitFor();
};
/** The sign-in and registration forms settle once their Google option has asked the server. */
const googleOptionSettled = (page: Page) => page.getByText('Google sign-in is not configured.').waitFor();

const screens: Record<string, Screen> = {
  home: {
    path: () => '/',
    ready: (page) => page.getByRole('region', { name: 'Meet Our Agents' }).getByRole('button').first().waitFor(),
    then: async (page) => {
      await page.getByRole('region', { name: 'Frequently Asked Questions' }).getByRole('button').first().click();
      await page.getByRole('region', { name: 'Stay Updated!' }).getByRole('button', { name: 'Subscribe' }).scrollIntoViewIfNeeded();
      await page.getByRole('region', { name: 'Meet Our Agents' }).getByRole('button').first().click();
      await page.getByRole('dialog', { name: 'Agent Details' }).waitFor();
    },
  },
  catalogue: {
    path: () => '/all-policies',
    ready: (page) => page.getByRole('navigation', { name: 'Pagination' }).waitFor(),
    then: (page) => page.getByLabel('Search policies').fill('nothing matches this'),
  },
  'policy details': { path: () => `/policies/${policyId}`, ready: (page) => page.getByRole('link', { name: 'Get a Quote' }).waitFor() },
  quote: {
    path: () => '/get-quote',
    ready: (page) => page.getByRole('button', { name: 'Calculate Premium' }).waitFor(),
    then: async (page) => {
      await submitEmpty('Calculate Premium', 'Duration is required')(page);
      await calculateQuote(page, { age: '40', coverage: '500000', years: '5' });
      await page.getByRole('table', { name: 'Premium breakdown' }).waitFor();
    },
  },
  application: {
    path: () => '/policy-apply-from',
    ready: (page) => page.getByRole('button', { name: 'Submit Application' }).waitFor(),
    then: submitEmpty('Submit Application', 'Address is required'),
  },
  blogs: { path: () => '/blogs', ready: (page) => page.getByRole('article').first().waitFor() },
  'blog post': { path: () => `/blogs/${blogId}`, ready: (page) => page.getByText(/^by /).waitFor() },
  about: { path: () => '/about', ready: (page) => page.getByRole('heading', { name: 'Our Core Values' }).waitFor() },
  contact: {
    path: () => '/contact',
    ready: (page) => page.getByRole('button', { name: 'Send Message' }).waitFor(),
    then: submitEmpty('Send Message', 'Message is required'),
  },
  login: { path: () => '/login', ready: googleOptionSettled, then: submitEmpty('Login', 'Password is required') },
  register: { path: () => '/register', ready: googleOptionSettled, then: submitEmpty('Register', 'Name is required') },
  forbidden: { path: () => '/forbidden', ready: (page) => page.getByRole('heading', { name: '403 Forbidden' }).waitFor() },
  'not found': { path: () => '/no/such/page', ready: (page) => page.getByRole('heading', { name: '404 Not Found' }).waitFor() },
};

describe('accessibility of the public screens (axe-core)', () => {
  for (const size of [
    { width: 360, height: 780 },
    { width: 1280, height: 900 },
  ]) {
    it(`has no violations at ${size.width} px`, async () => {
      const context = await newContext(app.browser, size);
      const page = await context.newPage();
      const found: string[] = [];
      for (const [name, screen] of Object.entries(screens)) {
        await page.goto(`${app.server.url}${screen.path()}`);
        await screen.ready(page);
        const loaded = await axeViolations(page);
        if (loaded.length) found.push(`${name}:\n${describeViolations(loaded)}`);
        if (screen.then) {
          await screen.then(page);
          const after = await axeViolations(page);
          if (after.length) found.push(`${name} (after interaction):\n${describeViolations(after)}`);
        }
      }
      expect(found.join('\n\n')).toBe('');
      await context.close();
    });
  }
});
