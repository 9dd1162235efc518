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

function key(config: AppConfig): Uint8Array {
  return new TextEncoder().encode(config.jwtSecret);
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
    .sign(key(config));
}

/** Verifies with the algorithm pinned and issuer, audience and expiry required; null when invalid. */
export async function verifyAccessToken(
  config: AppConfig,
  token: string,
  now: Date,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(config), {
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
