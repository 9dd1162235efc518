/**
 * Users and roles (spec section 7): a user's role and profile by email (their own; admins
 * anyone's), the profile upsert the PWA sends after signing in, and promotion to admin.
 */
import { Hono } from 'hono';
import { currentUser } from '../auth/access.ts';
import { sameEmail } from '../db/users.ts';
import { emailParam, roleQuery, userUpsert } from '../schemas/auth.ts';
import { findProfile, toUserProfile } from '../auth/user-profile.ts';
import { recordSignIn } from '../commands/users.ts';
import { roleByEmail } from '../db/users.ts';
import type { AppEnv, SessionUser } from '../http/env.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { assertUploadedImage } from '../lib/image-uploads.ts';
import { validate } from '../http/validation.ts';

/** Only the user themself or an admin may look at a user's data. */
function assertSelfOrAdmin(user: SessionUser, email: string) {
  if (user.role !== 'admin' && !sameEmail(user.email, email)) {
    throw forbidden("You can only see your own account's details.");
  }
}

export const userRoutes = new Hono<AppEnv>()
  // Registered before /users/:email, which would otherwise take "role" for an email.
  .get('/role', validate('query', roleQuery), async (c) => {
    const { email } = c.req.valid('query');
    const user = currentUser(c);
    assertSelfOrAdmin(user, email);
    const role = await roleByEmail(c.var.deps.db, email);
    // The spec's default: someone without an account is a plain user.
    return c.json({ role: role ? role.toLowerCase() : 'user' }, 200);
  })

  .get('/:email', validate('param', emailParam), async (c) => {
    const { email } = c.req.valid('param');
    assertSelfOrAdmin(currentUser(c), email);
    c.header('Cache-Control', 'no-store');
    const row = await findProfile(c.var.deps.db, { email });
    if (!row) throw notFound('User');
    return c.json(toUserProfile(row), 200);
  })

  .post('/', validate('json', userUpsert), async (c) => {
    const body = c.req.valid('json');
    const { deps } = c.var;
    const user = currentUser(c);
    if (body.email !== undefined && !sameEmail(body.email, user.email)) {
      throw forbidden('You can only update your own profile.');
    }
    await assertUploadedImage(deps.db, body.photoURL);
    // The account exists (the session loaded it); `role` in the body is never read.
    const row = await recordSignIn(deps, user, body);
    if (!row) throw notFound('User');
    return c.json(toUserProfile(row), 200);
  });
