import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../src/auth/password.ts';
import { useApi } from './support/app.ts';
import { bearer, login, refresh, refreshCookie, register, tinyPng, type AuthAnswer } from './support/auth-client.ts';
import { runtime } from './support/target.ts';
import { createTestUser } from './support/users.ts';

const { api } = useApi();

const png = () => new Blob([tinyPng], { type: 'image/png' });

describe(`registration on ${runtime}`, () => {
  it('creates an account with a picture, signs the visitor in and serves the picture', async () => {
    const res = await register(api, { name: 'Rahim Uddin', email: 'Rahim@Example.test', password: 'secret-1', photo: png() });
    expect(res.status).toBe(201);
    const body = (await res.json()) as AuthAnswer;
    expect(body.user).toEqual({
      id: expect.any(String),
      email: 'rahim@example.test',
      name: 'Rahim Uddin',
      role: 'user',
      photoURL: expect.stringMatching(/^\/api\/images\/[0-9a-f-]{36}\.png$/),
    });
    expect(body.accessToken.split('.')).toHaveLength(3);

    const cookie = res.headers.getSetCookie().find((line) => line.startsWith('refresh_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/auth/);
    expect(cookie).not.toMatch(/Secure/i); // http test origin; Secure comes with https

    const picture = await api.fetch(body.user.photoURL!);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(tinyPng);
    const [image] = await api.sql<{ owner_id: string }>('SELECT owner_id FROM images');
    expect(image?.owner_id).toBe(body.user.id);

    const [row] = await api.sql<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = ?', body.user.id);
    expect(row?.password_hash).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect(row?.password_hash).not.toContain('secret-1');

    const me = await api.fetch('/api/auth/me', { headers: bearer(body.accessToken) });
    expect(await me.json()).toMatchObject({ email: 'rahim@example.test', name: 'Rahim Uddin', role: 'user' });
  });

  it('registers without a picture too', async () => {
    const res = await register(api, { name: 'No Photo', email: 'nophoto@example.test', password: 'secret-1' });
    expect(res.status).toBe(201);
    expect(((await res.json()) as AuthAnswer).user.photoURL).toBeNull();
  });

  it("explains each invalid field with the spec's words, before any account exists", async () => {
    const cases: [Parameters<typeof register>[1], string, string][] = [
      [{ email: 'a@example.test', password: 'secret-1' }, 'name', 'Name is required'],
      [{ name: 'A', password: 'secret-1' }, 'email', 'Email is required'],
      [{ name: 'A', email: 'not-an-email', password: 'secret-1' }, 'email', 'Please enter a valid email address'],
      [{ name: 'A', email: 'a@example.test' }, 'password', 'Password is required'],
      [{ name: 'A', email: 'a@example.test', password: '' }, 'password', 'Password is required'],
      [{ name: 'A', email: 'a@example.test', password: '12345' }, 'password', 'Password must be at least 6 characters'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await register(api, fields);
      expect(res.status, message).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'validation_failed', message, fields: { [field]: message } });
    }
    expect(await api.sql("SELECT id FROM users WHERE email = 'a@example.test'")).toEqual([]);
  });

  it('refuses a second account for the same email, whatever its case', async () => {
    const res = await register(api, { name: 'Again', email: 'RAHIM@example.TEST', password: 'secret-2' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'conflict', message: 'An account with this email already exists.' });
  });

  it('asks for a form, not JSON', async () => {
    const res = await api.fetch('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'J', email: 'json@example.test', password: 'secret-1' }),
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ message: 'Please send the registration form as multipart/form-data.' });
  });
});

describe(`signing in on ${runtime}`, () => {
  it('signs in with email and password, answering the token and the user, and records the sign-in', async () => {
    await api.sql("UPDATE users SET last_log_in = NULL WHERE email = 'rahim@example.test'");
    const res = await login(api, 'RAHIM@example.test', 'secret-1');
    expect(res.status).toBe(200);
    const body = (await res.json()) as AuthAnswer;
    expect(body.user).toMatchObject({ email: 'rahim@example.test', name: 'Rahim Uddin', role: 'user' });
    expect(refreshCookie(res)).toMatch(/^refresh_token=.{40,}/);
    const [row] = await api.sql<{ last_log_in: string | null }>("SELECT last_log_in FROM users WHERE email = 'rahim@example.test'");
    expect(row?.last_log_in).toEqual(expect.any(String));
  });

  it('gives the same 401 answer for an unknown email and a wrong password', async () => {
    const unknown = await login(api, 'nobody@example.test', 'secret-1');
    const wrong = await login(api, 'rahim@example.test', 'wrong-password');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    const expected = { error: 'unauthorized', message: 'Invalid email or password.' };
    expect(await unknown.json()).toEqual(expected);
    expect(await wrong.json()).toEqual(expected);
    expect(refreshCookie(wrong)).toBeNull();
  });

  it("validates the sign-in form with the spec's messages", async () => {
    const empty = await login(api, 'rahim@example.test', '');
    expect(await empty.json()).toMatchObject({ message: 'Password is required' });
    const short = await login(api, 'rahim@example.test', '12345');
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ message: 'Password must be at least 6 characters' });
  });
});

describe(`password hashes across runtimes on ${runtime}`, () => {
  it('signs in through the API with a hash made in Node', async () => {
    const hash = await hashPassword('made-in-node');
    await api.sql(
      'INSERT INTO users (id, email, name, role, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      'node-hash-user',
      'nodehash@example.test',
      'Node Hash',
      'user',
      hash,
      new Date().toISOString(),
    );
    const res = await login(api, 'nodehash@example.test', 'made-in-node');
    expect(res.status).toBe(200);
    expect(((await res.json()) as AuthAnswer).user.id).toBe('node-hash-user');
  });

  it('verifies in Node a hash the API made at registration', async () => {
    const res = await register(api, { name: 'Api Hash', email: 'apihash@example.test', password: 'made-in-api' });
    expect(res.status).toBe(201);
    const [row] = await api.sql<{ password_hash: string }>("SELECT password_hash FROM users WHERE email = 'apihash@example.test'");
    expect(await verifyPassword('made-in-api', row!.password_hash)).toBe(true);
    expect(await verifyPassword('not-it', row!.password_hash)).toBe(false);
  });
});

describe(`the signed-in user's profile on ${runtime}`, () => {
  it('shows the profile and updates the name and photo', async () => {
    const user = await createTestUser(api, 'user', { name: 'Before' });
    const me = await api.fetch('/api/auth/me', { headers: user.headers });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: user.id, email: user.email, name: 'Before', role: 'user', photoURL: null });

    const form = new FormData();
    form.set('image', png(), 'avatar.png');
    const upload = await api.fetch('/api/uploads', { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form });
    const { url } = (await upload.json()) as { url: string };

    const res = await api.fetch('/api/auth/me', { method: 'PATCH', headers: user.headers, body: JSON.stringify({ name: 'After', photoURL: url }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'After', photoURL: url, role: 'user' });
    const again = (await (await api.fetch('/api/auth/me', { headers: user.headers })).json()) as { name: string };
    expect(again.name).toBe('After');
  });

  it('refuses a photo that was never uploaded here, or a script link', async () => {
    const user = await createTestUser(api);
    const unknown = await api.fetch('/api/auth/me', {
      method: 'PATCH',
      headers: user.headers,
      body: JSON.stringify({ photoURL: '/api/images/00000000-0000-0000-0000-000000000000.png' }),
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ message: 'That photo was not uploaded here. Please upload it again.' });
    const script = await api.fetch('/api/auth/me', { method: 'PATCH', headers: user.headers, body: JSON.stringify({ photoURL: 'javascript:alert(1)' }) });
    expect(script.status).toBe(400);
    const anonymous = await api.fetch('/api/auth/me');
    expect(anonymous.status).toBe(401);
  });
});

describe(`changing the password on ${runtime}`, { timeout: 90_000 }, () => {
  it('needs the old password and a matching confirmation, then ends the other sign-ins', async () => {
    const reg = await register(api, { name: 'Changer', email: 'changer@example.test', password: 'first-pass' });
    const { accessToken } = (await reg.json()) as AuthAnswer;
    const otherDevice = refreshCookie(reg);
    const change = (body: object, token = accessToken) =>
      api.fetch('/api/auth/password', { method: 'POST', headers: bearer(token), body: JSON.stringify(body) });

    const mismatch = await change({ oldPassword: 'first-pass', newPassword: 'second-pass', confirmPassword: 'second-pas' });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({ message: 'Passwords do not match.', fields: { confirmPassword: 'Passwords do not match.' } });

    const short = await change({ oldPassword: 'first-pass', newPassword: '12345', confirmPassword: '12345' });
    expect(await short.json()).toMatchObject({ message: 'Password must be at least 6 characters' });

    const wrongOld = await change({ oldPassword: 'not-the-pass', newPassword: 'second-pass', confirmPassword: 'second-pass' });
    expect(wrongOld.status).toBe(400); // not 401: the app must not sign the user out for a typo
    expect(await wrongOld.json()).toMatchObject({ message: 'Your current password is incorrect.' });

    const ok = await change({ oldPassword: 'first-pass', newPassword: 'second-pass', confirmPassword: 'second-pass' });
    expect(ok.status).toBe(200);
    const answer = (await ok.json()) as AuthAnswer & { message: string };
    expect(answer.message).toBe('Password updated successfully.');
    expect(refreshCookie(ok)).not.toBeNull();

    expect((await login(api, 'changer@example.test', 'first-pass')).status).toBe(401);
    expect((await login(api, 'changer@example.test', 'second-pass')).status).toBe(200);
    // The sign-in from before the change is over, refresh cookie and access token alike.
    expect((await refresh(api, otherDevice)).status).toBe(401);
    expect((await api.fetch('/api/auth/me', { headers: bearer(accessToken) })).status).toBe(401);
    expect((await api.fetch('/api/auth/me', { headers: bearer(answer.accessToken) })).status).toBe(200);
  });

  it('tells an account without a password (Google only) that there is none to change', async () => {
    const user = await createTestUser(api);
    const res = await api.fetch('/api/auth/password', {
      method: 'POST',
      headers: user.headers,
      body: JSON.stringify({ oldPassword: 'whatever', newPassword: 'second-pass', confirmPassword: 'second-pass' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'This account signs in with Google and has no password to change.' });
  });
});
