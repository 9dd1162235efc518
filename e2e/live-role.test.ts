/**
 * A role change reaches the signed-in person without a reload (issue 13): approved as an
 * agent, the customer's open dashboard shows the agent's menu when the window gets focus
 * again; made admin, it shows the admin's menu after the next pull of the local copy.
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { newContext } from './support/browser.ts';
import { apiAs, demoEmail, loginAs } from './support/login.ts';

const app = useAppAndBrowser();

describe('a role change, live', () => {
  it('follows an approved agent request on focus, then a promotion to admin on the next pull, without a reload', async () => {
    const page = await (await newContext(app.browser, { width: 1280, height: 900 })).newPage();
    await loginAs(page, app.server, 'user');
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    await sidebar.getByRole('link', { name: 'My Policies' }).waitFor();
    expect(await sidebar.getByRole('link', { name: 'Agent Policy Clearance' }).count()).toBe(0);
    // A mark that a reload would wipe.
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    const customer = await apiAs(app.server, 'user');
    const asked = await customer.fetch('/api/agents', {
      method: 'POST',
      body: JSON.stringify({ name: 'Demo User', phone: '+880 1711 000222', nid: '1990111222444', district: 'Sylhet' }),
    });
    expect(asked.status).toBeLessThan(300);
    const admin = await apiAs(app.server, 'admin');
    const requests = await admin.json<{ id: string; email: string }[]>('/api/agents/all');
    const request = requests.find((item) => item.email === demoEmail('user'));
    expect(request).toBeDefined();
    const approved = await admin.fetch(`/api/agents/${request!.id}/status`, { method: 'PATCH', body: JSON.stringify({ status: 'approved' }) });
    expect(approved.status).toBe(200);

    // The person comes back to the window.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await sidebar.getByRole('link', { name: 'Agent Policy Clearance' }).waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: 'Agent Dashboard' }).waitFor();
    expect(await sidebar.getByRole('link', { name: 'Manage Applications' }).count()).toBe(0);

    const promoted = await admin.fetch('/api/make-admin', { method: 'PUT', body: JSON.stringify({ email: demoEmail('user') }) });
    expect(promoted.status).toBe(200);
    // The next pull (here: the connection comes back), with no focus change.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await sidebar.getByRole('link', { name: 'Manage Applications' }).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  });
});
