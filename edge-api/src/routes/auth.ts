/**
 * Identity: accounts with email and password or Google, sessions (access token + rotating
 * refresh cookie) and the signed-in user's own profile and password. See docs/api-auth.md for the flow as the PWA uses it.
 */
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { currentUser } from '../auth/access.ts';
import { verifyGoogleIdToken } from '../auth/google-id-token.ts';
import { clientKey, emailKey, forgetAttempts, releaseAttempt, reserveAttempt, userKey } from '../auth/login-throttle.ts';
import { clientAddress } from '../http/client-address.ts';
import { queuedHashPassword as hashPassword, queuedVerifyPassword as verifyPassword } from '../auth/hash-queue.ts';
import { needsRehash } from '../auth/password.ts';
import { clearRefreshCookie, readRefreshCookie } from '../auth/refresh-cookie.ts';
import { endAllRefreshFamilies, endNamedFamily, endRefreshFamily, familyOfToken, rotateRefreshToken } from '../auth/refresh-sessions.ts';
import { googleBody, loginBody, passwordChange, profileUpdate, registerForm, signOutBody } from '../schemas/auth.ts';
import { answerWithSession, passwordDecoy } from '../auth/sign-in.ts';
import { findProfile, toUserProfile } from '../auth/user-profile.ts';
import { createPasswordAccount, linkGoogleAccount, noteSignIn, setAccountLanguage, setPasswordHash } from '../commands/accounts.ts';
import { updateProfile } from '../commands/profile.ts';
import { mutationKey, reply } from './reply.ts';
import { languageChoice } from '../schemas/language.ts';
import { accountExists, passwordHashOf, passwordSignInRow, sessionUserById, userByExternalIdentity } from '../db/users.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiError, conflict, forbidden, unauthorized } from '../http/errors.ts';
import { newId } from '../lib/ids.ts';
import { rateLimit } from '../lib/rate-limit.ts';
import { acceptImage, hasFile, putImage, removeStoredImage, type StoredUpload } from '../lib/image-uploads.ts';
import { validate } from '../http/validation.ts';

const invalidCredentials = 'Invalid email or password.';
const emailTaken = 'An account with this email already exists.';
const sessionOver = 'Your session has ended. Please sign in again.';

/** Registration is a form (multipart/form-data) because it carries the profile picture. */
const formOnly = createMiddleware<AppEnv>(async (c, next) => {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type)) {
    throw new ApiError(415, 'unsupported_media_type', 'Please send the registration form as multipart/form-data.');
  }
  await next();
});

export const authRoutes = new Hono<AppEnv>()
  .post('/register', rateLimit('register'), formOnly, validate('form', registerForm), async (c) => {
    const { name, email, password, photo, language } = c.req.valid('form');
    const { deps } = c.var;
    const { db, clock } = deps;
    if (await accountExists(db, email)) throw conflict(emailTaken);
    // The picture is checked before the (slow) hash, with the same rules as POST /uploads.
    const picture = hasFile(photo) ? await acceptImage(photo, deps.config) : null;
    const passwordHash = await hashPassword(password);
    const stored: StoredUpload | null = picture ? await putImage(deps.images, picture, deps.config.maxSizedPixels) : null;
    const id = newId();
    if (!(await createPasswordAccount(deps, { id, email, name, passwordHash, picture: stored, at: clock().toISOString(), language }))) {
      if (stored) await removeStoredImage(deps.images, stored.name, stored.widths);
      throw conflict(emailTaken);
    }
    const answer = await answerWithSession(c, { id, email, name, role: 'user', photo_url: stored?.url ?? null });
    return c.json(answer, 201);
  })

  .post('/login', rateLimit('signIn'), validate('json', loginBody), async (c) => {
    const { email, password, language } = c.req.valid('json');
    const { deps } = c.var;
    const { login } = deps.config;
    // Both reservations come before the hash (auth/login-throttle.ts): the address first, so a
    // guesser spraying many emails from one address stops adding to their owners' counts.
    const client = clientKey(clientAddress(c));
    await reserveAttempt(c, client, login.clientFreeAttempts);
    await reserveAttempt(c, emailKey(email), login.freeAttempts);
    const row = await passwordSignInRow(deps.db, email);
    // Same work and same answer whether the account is unknown or the password wrong.
    const ok = await verifyPassword(password, row?.password_hash ?? (await passwordDecoy()));
    if (!row?.password_hash || !ok) throw unauthorized(invalidCredentials);
    await forgetAttempts(deps, emailKey(email));
    await releaseAttempt(deps, client);
    await noteSignIn(deps.db, row.id, deps.clock().toISOString(), language);
    // A hash made with older parameters is replaced now, while the password is at hand (decision
    // 0015); only if it is still the hash just checked (not changed meanwhile).
    if (needsRehash(row.password_hash)) {
      await setPasswordHash(deps.db, row.id, await hashPassword(password), row.password_hash);
    }
    return c.json(await answerWithSession(c, row), 200);
  })

  .post('/google', validate('json', googleBody), async (c) => {
    const { idToken, language } = c.req.valid('json');
    const { deps } = c.var;
    const { db } = deps;
    const identity = await verifyGoogleIdToken(deps, idToken);
    const now = deps.clock().toISOString();
    const linkedUser = () => userByExternalIdentity(db, identity.issuer, identity.subject);

    let user = await linkedUser();
    if (!user) {
      if (!identity.email) {
        throw new ApiError(400, 'bad_request', 'Your Google account did not share an email address, so we cannot sign you in with it.');
      }
      // The email becomes the account's key, so it must be one Google has verified: both to
      // link to an existing account (otherwise anyone could claim it) and to create one.
      const existing = await accountExists(db, identity.email);
      if (!identity.emailVerified) {
        throw existing
          ? conflict(
              'An account with this email already exists, and Google has not verified that this email is yours. Please sign in with your email and password.',
            )
          : new ApiError(400, 'bad_request', 'Google has not verified your email address. Please verify it with Google, or register with email and password.');
      }
      await linkGoogleAccount(deps, { ...identity, email: identity.email }, newId(), now);
      user = await linkedUser();
      if (!user) throw new ApiError(500, 'internal', 'Google sign-in could not be completed. Please try again.');
    }
    await noteSignIn(db, user.id, now, language);
    return c.json(await answerWithSession(c, user), 200);
  })

  .post('/refresh', async (c) => {
    const { deps } = c.var;
    const token = readRefreshCookie(c);
    if (!token) throw unauthorized('You are not signed in.');
    const result = await rotateRefreshToken(deps, token);
    if (result.outcome !== 'rotated') {
      clearRefreshCookie(c);
      throw unauthorized(
        result.outcome === 'reused'
          ? 'This sign-in was ended for your safety because an old session token was used again. Please sign in again.'
          : sessionOver,
      );
    }
    const user = await sessionUserById(deps.db, result.userId);
    if (!user) {
      clearRefreshCookie(c);
      throw unauthorized('This account no longer exists.');
    }
    return c.json(await answerWithSession(c, user, result.next), 200);
  })

  .post('/logout', validate('json', signOutBody), async (c) => {
    const { sessionId, key } = c.req.valid('json');
    const token = readRefreshCookie(c);
    if (sessionId !== undefined && key !== undefined) {
      // A named sign-out ends that session only: the cookie sent with it may be of whoever is
      // signed in on the device now (issue 24), and it goes only if it is of the ended session.
      if (!(await endNamedFamily(c.var.deps, sessionId, key))) throw forbidden('This sign-out does not match a session of this device.');
      if (token && (await familyOfToken(c.var.deps, token)) === sessionId) clearRefreshCookie(c);
      return c.json({ message: 'You have been signed out.' }, 200);
    }
    if (token) await endRefreshFamily(c.var.deps, token);
    clearRefreshCookie(c);
    return c.json({ message: 'You have been signed out.' }, 200);
  })

  .get('/me', async (c) => {
    const row = await findProfile(c.var.deps.db, { id: currentUser(c).id });
    if (!row) throw unauthorized('This account no longer exists.');
    return c.json(toUserProfile(row), 200);
  })

  .patch('/me', validate('json', profileUpdate), async (c) => {
    const user = currentUser(c);
    return reply(c, await updateProfile(c.var.deps, user, c.req.valid('json'), mutationKey(c, user)));
  })

  .put('/language', validate('json', languageChoice), async (c) => {
    const row = await setAccountLanguage(c.var.deps.db, currentUser(c).id, c.req.valid('json').language);
    if (!row) throw unauthorized('This account no longer exists.');
    return c.json({ language: row.language }, 200);
  })

  .post('/password', validate('json', passwordChange), async (c) => {
    const { oldPassword, newPassword } = c.req.valid('json');
    const { deps } = c.var;
    const user = currentUser(c);
    // Guessing the old password with a stolen access token is throttled like signing in, but on
    // the user's own key: strangers guessing at the email cannot block this change.
    await reserveAttempt(c, userKey(user.id), deps.config.login.freeAttempts);
    const passwordHash = await passwordHashOf(deps.db, user.id);
    if (!passwordHash) {
      throw new ApiError(400, 'bad_request', 'This account signs in with Google and has no password to change.');
    }
    if (!(await verifyPassword(oldPassword, passwordHash))) {
      // 400, not 401: a wrong old password must not sign the user out of the app.
      throw new ApiError(400, 'validation_failed', 'Your current password is incorrect.', {
        fields: { oldPassword: 'Your current password is incorrect.' },
      });
    }
    await setPasswordHash(deps.db, user.id, await hashPassword(newPassword));
    await forgetAttempts(deps, userKey(user.id));
    // Every other sign-in ends; this device continues with the new session in the answer.
    await endAllRefreshFamilies(deps, user.id);
    const answer = await answerWithSession(c, {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      photo_url: user.photoUrl,
    });
    return c.json({ message: 'Password updated successfully.', ...answer }, 200);
  });
