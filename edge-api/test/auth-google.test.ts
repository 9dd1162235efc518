import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { useApi, useStarted } from './support/app.ts';
import { refreshCookie, type AuthAnswer } from './support/auth-client.ts';
import { startLocalIssuer } from './support/oidc-issuer.ts';
import { runtime, startApi } from './support/target.ts';
import { createTestUser } from './support/users.ts';

const clientId = 'insurance-test.apps.local';
const issuer = useStarted(() => startLocalIssuer({ clientId }), (started) => started.stop());
// No JWKS URL: the API discovers it from the issuer's openid-configuration. A cooldown of 0
// lets a rotated key be fetched at once (production keeps jose's 30 s).
const { api } = useApi({}, { env: () => ({ GOOGLE_ISSUER: issuer.issuer, GOOGLE_CLIENT_ID: clientId, GOOGLE_JWKS_COOLDOWN_SECONDS: '0' }) });

const google = (idToken: string, target = api) =>
  target.fetch('/api/auth/google', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ idToken }) });

describe(`Google sign-in against a local OpenID issuer on ${runtime}`, () => {
  it('tells the PWA that Google is configured, with our client id', async () => {
    const res = await api.fetch('/api/client-config');
    expect(await res.json()).toEqual({
      googleClientId: clientId,
      googleConfigured: true,
      payments: { mode: 'demo', publishableKey: null },
      sslcommerz: null,
      // Issue 50: the demo's outbox carries codes and reset links.
      phoneSignIn: true,
      premiums: { graceDays: 30, revivalDays: 1825, minimumChargeMinor: 1000 },
      emailReset: true,
    });
  });

  it('creates an account on first sign-in, keyed by issuer and subject, and finds it again', async () => {
    const token = await issuer.idToken({ sub: 'google-sub-1', email: 'Nadia@Gmail.test', name: 'Nadia Islam', picture: 'https://photos.example/nadia.jpg' });
    const res = await google(token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as AuthAnswer;
    expect(body.user).toEqual({ id: expect.any(String), email: 'nadia@gmail.test', name: 'Nadia Islam', role: 'user', photoURL: 'https://photos.example/nadia.jpg' });
    expect(refreshCookie(res)).not.toBeNull();
    expect((await api.fetch('/api/auth/me', { headers: { authorization: `Bearer ${body.accessToken}` } })).status).toBe(200);
    expect(issuer.fetches.discovery).toBe(1);

    const identities = await api.sql('SELECT issuer, subject, user_id FROM external_identities');
    expect(identities).toEqual([{ issuer: issuer.issuer, subject: 'google-sub-1', user_id: body.user.id }]);

    // Same subject, even with another email in the token: the same account, no second one.
    const again = await google(await issuer.idToken({ sub: 'google-sub-1', email: 'nadia.new@gmail.test' }));
    expect(again.status).toBe(200);
    expect(((await again.json()) as AuthAnswer).user.id).toBe(body.user.id);
    expect(await api.sql("SELECT id FROM users WHERE email LIKE 'nadia%'")).toHaveLength(1);
  });

  it('links to an existing email account when Google has verified the email', async () => {
    const existing = await createTestUser(api, 'agent', { email: 'karim@example.test', name: 'Karim' });
    const res = await google(await issuer.idToken({ sub: 'google-sub-karim', email: 'KARIM@example.test', email_verified: true }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as AuthAnswer).user).toMatchObject({ id: existing.id, role: 'agent', name: 'Karim' });
    const rows = await api.sql('SELECT user_id FROM external_identities WHERE subject = ?', 'google-sub-karim');
    expect(rows).toEqual([{ user_id: existing.id }]);
  });

  it('does not link when the email is not verified, saying why', async () => {
    const existing = await createTestUser(api, 'admin', { email: 'boss@example.test' });
    const res = await google(await issuer.idToken({ sub: 'google-sub-impostor', email: 'boss@example.test', email_verified: false }));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: 'conflict',
      message: 'An account with this email already exists, and Google has not verified that this email is yours. Please sign in with your email and password.',
    });
    expect(refreshCookie(res)).toBeNull();
    expect(await api.sql('SELECT * FROM external_identities WHERE subject = ?', 'google-sub-impostor')).toEqual([]);
    expect(await api.sql('SELECT id FROM users WHERE email = ?', 'boss@example.test')).toEqual([{ id: existing.id }]);
  });

  it('does not create an account on an unverified email either', async () => {
    const res = await google(await issuer.idToken({ sub: 'google-sub-unverified', email: 'fresh@example.test', email_verified: false }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: expect.stringContaining('not verified your email') });
    expect(await api.sql('SELECT id FROM users WHERE email = ?', 'fresh@example.test')).toEqual([]);
  });

  it('verifies tokens signed by a rotated key once it appears in the JWKS', async () => {
    const before = issuer.fetches.jwks;
    const oldKid = issuer.currentKid();
    const newKid = await issuer.rotate('ES256');
    expect(newKid).not.toBe(oldKid);
    const res = await google(await issuer.idToken({ sub: 'google-sub-rotated', email: 'rotated@gmail.test' }));
    expect(res.status).toBe(200);
    expect(issuer.fetches.jwks).toBeGreaterThan(before);
    // Tokens of the old key, still published, keep working during the overlap.
    const old = await google(await issuer.idToken({ sub: 'google-sub-rotated', email: 'rotated@gmail.test' }, { kid: oldKid }));
    expect(old.status).toBe(200);
  });

  const refused: [string, () => Promise<string>][] = [
    ['another audience', () => issuer.idToken({ sub: 'x', email: 'x@gmail.test' }, { audience: 'someone-elses-client' })],
    ['another issuer', () => issuer.idToken({ sub: 'x', email: 'x@gmail.test' }, { issuer: 'https://evil.example' })],
    ['an expired token', () => issuer.idToken({ sub: 'x', email: 'x@gmail.test' }, { expiresIn: -60 })],
    ['a token without expiry', () => issuer.idToken({ sub: 'x', email: 'x@gmail.test' }, { expiresIn: null })],
    ['a key the issuer never published (same kid)', () => issuer.idToken({ sub: 'x', email: 'x@gmail.test' }, { unpublishedKey: true })],
    [
      'an HS256 token keyed with the client id',
      () =>
        new SignJWT({ sub: 'x', email: 'x@gmail.test', email_verified: true })
          .setProtectedHeader({ alg: 'HS256', kid: issuer.currentKid() })
          .setIssuer(issuer.issuer)
          .setAudience(clientId)
          .setIssuedAt()
          .setExpirationTime('10m')
          .sign(new TextEncoder().encode(clientId.padEnd(32, '-'))),
    ],
    [
      'alg none',
      async () => {
        const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
        const now = Math.floor(Date.now() / 1000);
        return `${part({ alg: 'none' })}.${part({ sub: 'x', iss: issuer.issuer, aud: clientId, iat: now, exp: now + 600, email: 'x@gmail.test', email_verified: true })}.`;
      },
    ],
  ];
  for (const [name, make] of refused) {
    it(`refuses ${name} with 401 and makes no account`, async () => {
      const res = await google(await make());
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'unauthorized', message: expect.stringContaining('Google sign-in failed') });
      expect(await api.sql("SELECT id FROM users WHERE email = 'x@gmail.test'")).toEqual([]);
    });
  }

  it('asks for the token', async () => {
    const res = await api.fetch('/api/auth/google', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(400);
  });
});

describe(`Google sign-in with a configured JWKS URL on ${runtime}`, () => {
  it('uses the JWKS URL as given, without discovery', async () => {
    const own = await startLocalIssuer({ clientId });
    const target = await startApi({ GOOGLE_ISSUER: own.issuer, GOOGLE_CLIENT_ID: clientId, GOOGLE_JWKS_URL: own.jwksUrl });
    try {
      const res = await google(await own.idToken({ sub: 'direct', email: 'direct@gmail.test' }), target);
      expect(res.status).toBe(200);
      expect(own.fetches).toEqual({ jwks: 1, discovery: 0 });
    } finally {
      await target.stop();
      await own.stop();
    }
  });
});

describe(`Google sign-in without configuration on ${runtime}`, () => {
  it("answers 'Google sign-in is not configured.' and says so in the client config", async () => {
    const bare = await startApi();
    try {
      const res = await google('anything', bare);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ message: 'Google sign-in is not configured.' });
      expect(await (await bare.fetch('/api/client-config')).json()).toEqual({
        googleClientId: null,
        googleConfigured: false,
        payments: { mode: 'demo', publishableKey: null },
        sslcommerz: null,
        phoneSignIn: true,
        premiums: { graceDays: 30, revivalDays: 1825, minimumChargeMinor: 1000 },
        emailReset: true,
      });
    } finally {
      await bare.stop();
    }
  });
});
