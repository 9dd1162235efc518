/**
 * Issue 50 on a server that can send no SMS and no email (not the demo, no gateway, no mail
 * server): the sign-in page offers no phone form it could not keep, and the forgotten-password
 * page says no code or link can be sent, instead of promising one.
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { newContext } from './support/browser.ts';

const app = useAppAndBrowser({ seed: false, env: { DEMO_MODE: 'off' } });

describe('a server with no way to send codes', () => {
  it('shows email and Google sign-in only, and says a reset cannot be sent', async () => {
    const config = (await (await fetch(`${app.server.url}/api/client-config`)).json()) as { phoneSignIn: boolean; emailReset: boolean };
    expect(config).toMatchObject({ phoneSignIn: false, emailReset: false });

    const page = await (await newContext(app.browser, { width: 360, height: 740 })).newPage();
    await page.goto(`${app.server.url}/login`);
    await page.getByRole('heading', { name: 'With email and password' }).waitFor();
    await page.getByText('Google sign-in is not configured.').waitFor();
    await expect.poll(() => page.getByRole('region', { name: 'With your mobile number' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('alert').filter({ hasText: 'This server cannot send a code or a link right now.' }).waitFor();
    expect(await page.getByRole('radio').count()).toBe(0);
    await page.context().close();
  });
});
