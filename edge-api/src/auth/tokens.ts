import { jwtVerify, SignJWT } from 'jose';
import type { AppConfig } from '../config.ts';

const algorithm = 'HS256';

export interface AccessClaims {
  /** The user's id. */
  sub: string;
  /**
   * The sign-in (refresh-session family) the token was issued for. Signing out or a detected
   * refresh-token reuse revokes the family, and with it every access token still carrying it.
   */
  sid?: string;
}

/**
 * jose imports a raw Uint8Array secret into a CryptoKey on every call, a good part of a signed-in
 * request's CPU; the imported key is kept per secret instead (one secret per deployment, so the
 * map stays tiny). The promise is cached so concurrent first requests import once.
 */
type SecretKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;
const importedKeys = new Map<string, Promise<SecretKey>>();

function key(config: AppConfig): Promise<SecretKey> {
  let imported = importedKeys.get(config.jwtSecret);
  if (!imported) {
    imported = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(config.jwtSecret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    // A failed import is not kept, so the next call tries again.
    imported.catch(() => importedKeys.delete(config.jwtSecret));
    if (importedKeys.size >= 8) importedKeys.clear();
    importedKeys.set(config.jwtSecret, imported);
  }
  return imported;
}

export async function signAccessToken(
  config: AppConfig,
  userId: string,
  now: Date,
  sessionId?: string,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT(sessionId ? { sid: sessionId } : {})
    .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(config.jwtIssuer)
    .setAudience(config.jwtAudience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + config.accessTokenTtlSeconds)
    .sign(await key(config));
}

/** Verifies with the algorithm pinned and issuer, audience and expiry required; null when invalid. */
export async function verifyAccessToken(
  config: AppConfig,
  token: string,
  now: Date,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await key(config), {
      algorithms: [algorithm],
      issuer: config.jwtIssuer,
      audience: config.jwtAudience,
      requiredClaims: ['exp', 'sub', 'iat'],
      currentDate: now,
    });
    if (typeof payload.sub !== 'string') return null;
    return typeof payload.sid === 'string' ? { sub: payload.sub, sid: payload.sid } : { sub: payload.sub };
  } catch {
    return null;
  }
}
