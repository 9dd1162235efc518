/**
 * Rotating refresh credentials. A sign-in starts a family; every refresh spends the presented
 * token and issues the next one in the same family. Only SHA-256 hashes are stored, so a
 * leaked database holds no usable token. A token presented a second time means it was copied:
 * the whole family is revoked, the thief's copy and the owner's newer token alike.
 *
 * One exception: a renewal whose answer never reached the device (a reload, a timeout, a
 * dropped connection on a phone network) leaves the device holding the spent token. Presented
 * again within a short grace, while its successor has not been used, it gets that same
 * successor back, not a revoked sign-in. The successor is an HMAC of the spent token under the
 * deployment's secret, so the server can make it again while storing only hashes.
 */
import { sql, type Kysely } from 'kysely';
import type { AppDeps } from '../http/env.ts';
import type { Database } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { macWithSecret } from './tokens.ts';

/**
 * How long a spent token may come back for its unused successor. Long enough for a renewal the
 * app gave up on (it waits 15 s) to be asked again; short enough that a copy found later is
 * caught as reuse at once.
 */
export const refreshRetryGraceSeconds = 60;

export interface IssuedRefresh {
  token: string;
  familyId: string;
  expiresAt: Date;
  /** Only when the family starts: the secret that lets this device end it later (endNamedFamily). */
  signOutKey?: string;
}

export type RotationResult =
  | { outcome: 'rotated'; userId: string; next: IssuedRefresh }
  /** The token had already been used: its family is now revoked. */
  | { outcome: 'reused' }
  /** Unknown, expired or revoked. */
  | { outcome: 'invalid' };

function randomToken(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** The token that follows `token`: the same one every time it is asked for. */
async function successorOf(deps: AppDeps, token: string): Promise<string> {
  return base64Url(await macWithSecret(deps.config, `refresh-successor:${token}`));
}

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function hashRefreshToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function expiryFrom(deps: AppDeps, now: Date): Date {
  return new Date(now.getTime() + deps.config.refreshTokenTtlSeconds * 1000);
}

/** Starts a new sign-in (family) for a user; also clears that user's long-dead sessions. */
export async function startRefreshFamily(deps: AppDeps, userId: string): Promise<IssuedRefresh> {
  const now = deps.clock();
  const token = randomToken();
  const signOutKey = randomToken();
  const familyId = newId();
  const expiresAt = expiryFrom(deps, now);
  await deps.batch([
    deps.db
      .deleteFrom('refresh_sessions')
      .where('user_id', '=', userId)
      .where('expires_at', '<', now.toISOString())
      .compile(),
    deps.db
      .insertInto('refresh_sessions')
      .values({
        id: newId(),
        family_id: familyId,
        user_id: userId,
        token_hash: await hashRefreshToken(token),
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
        sign_out_hash: await hashRefreshToken(signOutKey),
      })
      .compile(),
  ]);
  return { token, familyId, expiresAt, signOutKey };
}

/**
 * Spends a refresh token and issues its successor, atomically: the spend is one conditional
 * update, and the successor is inserted only when that update changed a row (`changes()`),
 * so two requests racing with the same token cannot both insert one. A spent token asked again
 * within the grace gets the successor it already has, if that is still unused; otherwise it is
 * reuse.
 */
export async function rotateRefreshToken(deps: AppDeps, token: string): Promise<RotationResult> {
  const { db } = deps;
  const clock = deps.clock();
  const now = clock.toISOString();
  const hash = await hashRefreshToken(token);
  const next = await successorOf(deps, token);
  const nextHash = await hashRefreshToken(next);
  const expiresAt = expiryFrom(deps, clock);
  const [spend, , current, successor] = await deps.batch([
    db
      .updateTable('refresh_sessions')
      .set({ used_at: now })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .compile(),
    sql`insert into refresh_sessions (id, family_id, user_id, token_hash, created_at, expires_at, sign_out_hash)
        select ${newId()}, family_id, user_id, ${nextHash}, ${now}, ${expiresAt.toISOString()}, sign_out_hash
        from refresh_sessions where token_hash = ${hash} and changes() = 1`.compile(db),
    db
      .selectFrom('refresh_sessions')
      .select(['family_id', 'user_id', 'used_at', 'revoked_at'])
      .where('token_hash', '=', hash)
      .compile(),
    db
      .selectFrom('refresh_sessions')
      .select(['family_id', 'used_at', 'revoked_at', 'expires_at'])
      .where('token_hash', '=', nextHash)
      .compile(),
  ]);
  const row = current?.rows[0] as { family_id: string; user_id: string; used_at: string | null; revoked_at: string | null } | undefined;
  if (!row) return { outcome: 'invalid' };
  if (spend?.changes === 1) {
    return { outcome: 'rotated', userId: row.user_id, next: { token: next, familyId: row.family_id, expiresAt } };
  }
  if (row.used_at === null || row.revoked_at !== null) return { outcome: 'invalid' };
  const kept = successor?.rows[0] as { family_id: string; used_at: string | null; revoked_at: string | null; expires_at: string } | undefined;
  const spentAgo = clock.getTime() - Date.parse(row.used_at);
  if (
    kept?.family_id === row.family_id &&
    kept.used_at === null &&
    kept.revoked_at === null &&
    kept.expires_at > now &&
    spentAgo <= refreshRetryGraceSeconds * 1000
  ) {
    return { outcome: 'rotated', userId: row.user_id, next: { token: next, familyId: row.family_id, expiresAt: new Date(kept.expires_at) } };
  }
  await revokeFamily(db, row.family_id, now);
  return { outcome: 'reused' };
}

async function revokeFamily(db: Kysely<Database>, familyId: string, now: string) {
  await db
    .updateTable('refresh_sessions')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Sign-out: revokes the family of the presented token, whatever state that token is in. */
export async function endRefreshFamily(deps: AppDeps, token: string): Promise<void> {
  const familyId = await familyOfToken(deps, token);
  if (familyId) await revokeFamily(deps.db, familyId, deps.clock().toISOString());
}

/**
 * A sign-out that names its session (an owed, offline sign-out sent later, maybe while someone
 * else is signed in here): revokes that family only, and only for the holder of its sign-out
 * key. One conditional UPDATE, then whether the key matches at all: true when the family is
 * now ended (by this call or an earlier one), false when the key is not that family's.
 */
export async function endNamedFamily(deps: AppDeps, familyId: string, signOutKey: string): Promise<boolean> {
  const { db } = deps;
  const keyHash = await hashRefreshToken(signOutKey);
  const [, match] = await deps.batch([
    db
      .updateTable('refresh_sessions')
      .set({ revoked_at: deps.clock().toISOString() })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .where('sign_out_hash', '=', keyHash)
      .compile(),
    db.selectFrom('refresh_sessions').select('family_id').where('family_id', '=', familyId).where('sign_out_hash', '=', keyHash).limit(1).compile(),
  ]);
  return (match?.rows.length ?? 0) > 0;
}

/** The family of a refresh token, whatever its state (undefined if unknown). */
export async function familyOfToken(deps: AppDeps, token: string): Promise<string | undefined> {
  const row = await deps.db
    .selectFrom('refresh_sessions')
    .select('family_id')
    .where('token_hash', '=', await hashRefreshToken(token))
    .executeTakeFirst();
  return row?.family_id;
}

/** Ends every sign-in of a user (after a password change). */
export async function endAllRefreshFamilies(deps: AppDeps, userId: string): Promise<void> {
  await deps.db
    .updateTable('refresh_sessions')
    .set({ revoked_at: deps.clock().toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
