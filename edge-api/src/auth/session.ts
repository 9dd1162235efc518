import { sql } from 'kysely';
import type { MiddlewareHandler } from 'hono';
import { prepareQuery } from '../db/prepared.ts';
import type { AppDeps, AppEnv, SessionUser } from '../http/env.ts';
import { unauthorized } from '../http/errors.ts';
import { verifyAccessToken } from './tokens.ts';

/**
 * Asked on every signed-in request, so compiled once (db/prepared.ts). One query: the user and
 * whether the sign-in the token belongs to has been ended.
 */
const sessionUser = prepareQuery(2, (db, userId: string, sessionId: string | null) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role', 'photo_url', 'language'])
    .select(
      sql<number>`exists (select 1 from refresh_sessions where family_id = ${sessionId} and revoked_at is not null)`.as('session_ended'),
    )
    .where('id', '=', userId),
);

/**
 * Reads the bearer token and loads its user from the database on every request, so a
 * demoted or deleted user loses access at once, not when the token expires.
 * A request without a token is a visitor; a request with a bad token is refused (401).
 * A token issued for a sign-in that has since been ended (sign-out, refresh-token reuse,
 * password change) is refused too.
 */
export const loadSession: MiddlewareHandler<AppEnv> = (c, next) => {
  c.set('user', null);
  const header = c.req.header('authorization');
  // A visitor passes on at once, without a promise of this layer's own (issue 32).
  if (!header) return next();
  return sessionUserOf(c.get('deps'), header).then((user) => {
    c.set('user', user);
    return next();
  });
};

/**
 * The user an Authorization header stands for, or the 401 that refuses it (the one check
 * behind loadSession, so that the API benchmark's same-work server makes exactly this one).
 */
export async function sessionUserOf(deps: Pick<AppDeps, 'config' | 'clock' | 'db'>, header: string): Promise<SessionUser> {
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized('Your session is not valid. Please sign in again.');
  const claims = await verifyAccessToken(deps.config, match[1], deps.clock());
  if (!claims) throw unauthorized('Your session has expired. Please sign in again.');
  const [row] = (await sessionUser.execute(deps.db, claims.sub, claims.sid ?? null)).rows;
  if (!row) throw unauthorized('This account no longer exists.');
  if (Number(row.session_ended) === 1) throw unauthorized('You have been signed out. Please sign in again.');
  // Roles are compared case-insensitively (spec section 6).
  const role = row.role.toLowerCase() as typeof row.role;
  return { id: row.id, email: row.email, name: row.name, role, photoUrl: row.photo_url, language: row.language };
}
