/**
 * The app on the Worker (`wrangler dev`: workerd, local D1 and R2) set up as the README tells
 * an operator to: migrations, `npm run seed -- --d1 local`, `npm run create-admin -- --d1
 * local`, `.dev.vars` from the committed example. Then a browser: home, the catalogue, a deep
 * link refreshed, the operator's admin signing in, one offline reload; and the security
 * headers on the app's HTML, its static files and the API.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStats } from '../edge-api/src/db/admin-stats.ts';
import { premiumStats } from '../edge-api/src/premiums/persistency.ts';
import { defaultGraceDays, defaultRevivalDays } from '../edge-api/src/schemas/premium-schedule.ts';
import { seedDemo } from '../edge-api/src/seed/demo.ts';
import { demoPolicies } from '../edge-api/src/seed/demo-policies.ts';
import { operatorActor } from '../scripts/create-admin.ts';
import { openNode } from '../scripts/operator/operator-db.ts';
import { launchBrowser, newContext, type Browser } from './support/browser.ts';
import { reloadOffline, waitForServiceWorker } from './support/offline.ts';
import { repoRoot } from './support/app-server.ts';
import { expectedScriptsLink } from './support/page-scripts.ts';
import { migratedState, operatorTool, startWorkerServer, type WorkerServer } from './support/worker-server.ts';

const admin = { email: 'owner@example.test', password: 'first-admin-pass' };
let worker: WorkerServer;
let browser: Browser;

beforeAll(async () => {
  const state = migratedState();
  operatorTool('seed', ['--d1', 'local', '--persist-to', state]);
  operatorTool('create-admin', ['--email', admin.email, '--password', admin.password, '--d1', 'local', '--persist-to', state]);
  [worker, browser] = await Promise.all([startWorkerServer(state), launchBrowser()]);
  // wrangler runs several times here, each a few seconds (more on a busy machine).
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await worker?.dispose();
});

describe('security headers from the Worker', () => {
  it('are on the HTML, a deep link, static files and the API alike', async () => {
    const html = await (await fetch(worker.url)).text();
    const script = html.match(/<script[^>]+src="([^"]+)"/)?.[1];
    expect(script).toBeTruthy();
    const answers: [string, number, Record<string, string>][] = [];
    for (const path of ['/', script!, '/manifest.webmanifest', '/sw.js', '/api/faqs']) {
      const res = await fetch(new URL(path, worker.url));
      answers.push([path, res.status, Object.fromEntries(res.headers)]);
    }
    // A deep link as a browser asks for it (a navigation, which fetch cannot make): the
    // platform answers with index.html.
    const page = await (await newContext(browser)).newPage();
    const deepLink = await page.goto(`${worker.url}/all-policies`);
    answers.push(['/all-policies', deepLink!.status(), deepLink!.headers()]);
    await page.context().close();

    for (const [path, status, headers] of answers) {
      expect(status, path).toBe(200);
      // The API's answers are never documents: nothing at all may load in them.
      expect(headers['content-security-policy'], path).toContain(path.startsWith('/api/') ? "default-src 'none'" : "default-src 'self'");
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['strict-transport-security'], path).toContain('max-age=');
    }
  });
});

describe('prerendered public pages from the Worker', () => {
  const dist = join(repoRoot, 'pwa/dist');
  const built = (file: string) => readFileSync(join(dist, file), 'utf8');
  const inlineHashes = JSON.parse(built('pages/inline-hashes.json')) as { style: string[]; script: string[] };

  it('answers a plain fetch of / and /all-policies with the page HTML and its CSP, as Node does', async () => {
    const policy = readFileSync(join(dist, 'pages/all-policies.html'), 'utf8').match(/<h3 class="card__title">([^<]+)<\/h3>/)?.[1];
    expect(demoPolicies.map((p) => p.title)).toContain(policy);
    const firstPolicyPage = built('pages/all-policies.html').match(/href="(\/policies\/[a-z0-9-]+)"/)?.[1];
    expect(firstPolicyPage).toBeTruthy();
    const pages: [string, string][] = [
      ['/', 'pages/index.html'],
      ['/all-policies', 'pages/all-policies.html'],
      ['/policies', 'pages/policies.html'],
      [firstPolicyPage!, `pages${firstPolicyPage}.html`],
      ['/get-quote', 'pages/get-quote.html'],
      ['/blogs', 'pages/blogs.html'],
      ['/about', 'pages/about.html'],
      ['/contact', 'pages/contact.html'],
      // The Bangla pages (issue 25): /bn plus the English path.
      ['/bn', 'pages/bn.html'],
      ['/bn/all-policies', 'pages/bn/all-policies.html'],
      [`/bn${firstPolicyPage!}`, `pages/bn${firstPolicyPage}.html`],
      ['/bn/get-quote', 'pages/bn/get-quote.html'],
      ['/bn/contact', 'pages/bn/contact.html'],
    ];
    for (const [path, file] of pages) {
      const res = await fetch(new URL(path, worker.url));
      const html = await res.text();
      expect(res.status, path).toBe(200);
      // The very file the Node server answers for this address (static-pwa.ts).
      expect(html === built(file), `${path} is ${file}`).toBe(true);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      const [scriptSrc, styleSrc] = ['script-src', 'style-src'].map((name) => csp.split(';').find((part) => part.trim().startsWith(`${name} `)) ?? '');
      for (const hash of inlineHashes.style) expect(styleSrc, path).toContain(`'${hash}'`);
      // The early answers (decision 0091): allowed as scripts, by their hashes only.
      expect(inlineHashes.script.length).toBeGreaterThan(0);
      for (const hash of inlineHashes.script) expect(scriptSrc, path).toContain(`'${hash}'`);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      // Its scripts, asked for as the headers arrive (decision 0097).
      expect(res.headers.get('link'), path).toBe(expectedScriptsLink(html));
    }
    const banglaQuote = await (await fetch(new URL('/bn/get-quote', worker.url))).text();
    expect(banglaQuote).toContain('<html lang="bn">');
    expect(banglaQuote).toContain('বিনামূল্যে প্রিমিয়াম জেনে নিন');
    const home = await (await fetch(worker.url)).text();
    expect(home).toContain('Secure Your Tomorrow Today');
    const catalogue = await (await fetch(new URL('/all-policies', worker.url))).text();
    expect(catalogue).toContain('<h1>All Policies</h1>');
    expect(catalogue).toContain(`<h3 class="card__title">${policy}</h3>`);
    // A query is not the page the build rendered: the app shell answers, with the same headers.
    const searched = await fetch(new URL('/all-policies?search=term', worker.url));
    expect(await searched.text()).toBe(built('index.html'));
    expect(searched.headers.get('x-content-type-options')).toBe('nosniff');
    expect(searched.headers.get('link')).toBeNull();
  });

  it('hydrates the prerendered catalogue without errors, and its links work', async () => {
    const page = await (await newContext(browser)).newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${worker.url}/all-policies`);
    await page.getByRole('heading', { name: 'All Policies', level: 1 }).waitFor();
    const link = page.getByRole('link', { name: /^View Details of / }).first();
    const title = (await link.innerText()).replace(/^View Details\s*of /, '').trim();
    await page.waitForLoadState('networkidle');
    await link.click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/policies\//);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the demo seeded on the Worker by npm run seed -- --d1 local', () => {
  const countBy = (values: string[]) => values.reduce<Record<string, number>>((counts, v) => ({ ...counts, [v]: (counts[v] ?? 0) + 1 }), {});

  it("has the Node demo's activity: the demo admin sees the same audit log and dashboard figures", async () => {
    // The Node demo, seeded as `npm start` seeds it.
    const dir = mkdtempSync(join(tmpdir(), 'e2e-node-demo-'));
    const node = openNode(dir);
    let nodeActions: Record<string, number>;
    let nodeStats: Awaited<ReturnType<typeof adminStats>> & { premiums: Awaited<ReturnType<typeof premiumStats>> };
    try {
      await seedDemo({ db: node.db, batch: node.batch, clock: () => new Date() }, { password: 'demo1234' });
      nodeActions = countBy((await node.db.selectFrom('audit_log').select('action').execute()).map((row) => row.action));
      // And the premiums' figures (issue 49), with the default grace and revival the Worker runs with.
      nodeStats = { ...(await adminStats(node.db)), premiums: await premiumStats(node.db, new Date(), { graceDays: defaultGraceDays, revivalDays: defaultRevivalDays }) };
    } finally {
      await node.close();
      rmSync(dir, { recursive: true, force: true });
    }

    const signIn = await fetch(new URL('/api/auth/login', worker.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.local', password: 'demo1234' }),
    });
    expect(signIn.status).toBe(200);
    const headers = { authorization: `Bearer ${((await signIn.json()) as { accessToken: string }).accessToken}` };
    const actions: string[] = [];
    for (let cursor: string | null = ''; cursor !== null; ) {
      const page = (await (await fetch(new URL(`/api/audit?limit=200${cursor ? `&before=${cursor}` : ''}`, worker.url), { headers })).json()) as {
        items: { action: string; actorEmail: string }[];
        nextCursor: string | null;
      };
      // create-admin's own entry aside (the operator, not the demo).
      actions.push(...page.items.filter((item) => item.actorEmail !== operatorActor.email).map((item) => item.action));
      cursor = page.nextCursor;
    }
    expect(actions.length).toBeGreaterThan(50);
    expect(countBy(actions)).toEqual(nodeActions);
    expect(nodeActions['application.approve']).toBeGreaterThan(0);
    const stats = await (await fetch(new URL('/api/admin-stats', worker.url), { headers })).json();
    // The operator's admin is one more account on the Worker.
    expect(stats).toEqual({ ...nodeStats, totalUsers: nodeStats.totalUsers + 1 });
    expect(stats.totalPayments).toBeGreaterThan(0);
  });
});

describe('the app on the Worker', () => {
  it('shows the seeded home page and catalogue, and a refreshed deep link', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(worker.url);
    await page.getByRole('heading', { name: 'Popular Policies' }).waitFor();
    await page.getByRole('link', { name: /View Details/ }).first().waitFor();

    // On a phone the main navigation sits behind the menu button.
    const menu = page.getByRole('button', { name: 'Menu' });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Policies' }).click();
    await page.getByRole('heading', { name: 'All Policies', level: 1 }).waitFor();
    // The newest demo policy leads the catalogue.
    const link = page.getByRole('link', { name: /^View Details of / }).first();
    const title = (await link.innerText()).replace(/^View Details\s*of /, '').trim();
    expect(demoPolicies.map((policy) => policy.title)).toContain(title);
    await link.click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    const deepLink = new URL(page.url()).pathname;
    expect(deepLink).toMatch(/^\/policies\//);

    // A refresh asks the Worker for the deep link itself: the app comes back on the same page.
    await page.reload();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(deepLink);
    await page.context().close();
  });

  it('lets the admin made by create-admin sign in and see the admin dashboard', async () => {
    const page = await (await newContext(browser)).newPage();
    // The dashboard guard sends a visitor to /login, and the login page brings them back.
    await page.goto(`${worker.url}/dashboard`);
    await page.waitForFunction(() => location.pathname === '/login');
    await page.getByRole('heading', { name: 'Login', exact: true }).waitFor();
    // The sign-in form settles (its Google option asks the server) before typing into it.
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(admin.email);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForFunction(() => location.pathname === '/dashboard', undefined, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.context().close();
  });

  it('reloads offline after one visit', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(worker.url);
    await waitForServiceWorker(page);
    await page.getByRole('heading', { name: 'Popular Policies' }).waitFor();
    await context.setOffline(true);
    await reloadOffline(page);
    await page.getByRole('banner').getByText('Offline', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Popular Policies' }).waitFor();
    await context.close();
  });
});
