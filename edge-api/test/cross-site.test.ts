/**
 * Cross-site request protection (docs/security.md): a page on another site cannot make a
 * signed-in visitor's browser register, sign in, sign out or change anything.
 */
import { describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { login, refresh, refreshCookie, register, registrationForm } from './support/auth-client.ts';
import { runtime } from './support/target.ts';

const { api } = useApi();

const evil = { origin: 'https://evil.example' };
const crossSiteFetch = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' };
const countUsers = async () => (await api.sql<{ n: number }>('SELECT count(*) AS n FROM users'))[0]!.n;

describe(`cross-site requests on ${runtime}`, { timeout: 60_000 }, () => {
  it('refuses a registration form posted from another site, url-encoded or multipart', async () => {
    const fields = { name: 'Attacker', email: 'attacker@evil.example', password: 'attacker-pass' };
    const before = await countUsers();
    const urlEncoded = await api.fetch('/api/auth/register', {
      method: 'POST',
      headers: { ...crossSiteFetch, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    expect(urlEncoded.status).toBe(403);
    expect(await urlEncoded.json()).toMatchObject({ error: 'forbidden', message: 'This request came from another site and was refused.' });
    expect(urlEncoded.headers.getSetCookie()).toEqual([]);

    // An older browser without Sec-Fetch-Site: its Origin alone gives it away.
    const multipart = await api.fetch('/api/auth/register', { method: 'POST', headers: evil, body: registrationForm(fields) });
    expect(multipart.status).toBe(403);
    expect(await countUsers()).toBe(before);
  });

  it('refuses the form content types where the app never sends them', async () => {
    const urlEncoded = await api.fetch('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=A&email=a%40b.test&password=secret-1',
    });
    expect(urlEncoded.status).toBe(415);
    const textPlain = await api.fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ email: 'a@b.test', password: 'secret-1' }),
    });
    expect(textPlain.status).toBe(415);
  });

  it('refuses a sign-out from another site and keeps the session', async () => {
    const res = await register(api, { name: 'Victim', email: 'victim@example.test', password: 'victim-pass' });
    const cookie = refreshCookie(res);
    const forged = await api.fetch('/api/auth/logout', { method: 'POST', headers: { ...crossSiteFetch, cookie: cookie! } });
    expect(forged.status).toBe(403);
    expect(refreshCookie(forged)).toBeNull();
    expect(forged.headers.getSetCookie()).toEqual([]);
    const still = await refresh(api, cookie);
    expect(still.status).toBe(200);

    // The app's own sign-out (same origin) works.
    const own = await api.fetch('/api/auth/logout', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin', origin: api.url, cookie: refreshCookie(still)! },
    });
    expect(own.status).toBe(200);
  });

  it("accepts the app's own requests from its origin", async () => {
    await register(api, { name: 'Own', email: 'own@example.test', password: 'own-pass-1' });
    const sameOrigin = await api.fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', origin: api.url },
      body: JSON.stringify({ email: 'own@example.test', password: 'own-pass-1' }),
    });
    expect(sameOrigin.status).toBe(200);
    // Behind a TLS-terminating proxy the browser's Origin is https while the server sees http.
    const proxied = await api.fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: api.url.replace('http:', 'https:') },
      body: JSON.stringify({ email: 'own@example.test', password: 'own-pass-1' }),
    });
    expect(proxied.status).toBe(200);
    const crossSiteJson = await login(api, 'own@example.test', 'own-pass-1');
    expect(crossSiteJson.status).toBe(200); // no browser headers: a script, not a page
    const fromEvil = await api.fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...evil },
      body: JSON.stringify({ email: 'own@example.test', password: 'own-pass-1' }),
    });
    expect(fromEvil.status).toBe(403);
  });
});
