import { jwtVerify, SignJWT } from 'jose';
import type { AppConfig } from '../config.ts';

const algorithm = 'HS256';

export interface AccessClaims {
  /** The user's id. */
  sub: string;
}

function key(config: AppConfig): Uint8Array {
  return new TextEncoder().encode(config.jwtSecret);
}

export async function signAccessToken(config: AppConfig, userId: string, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
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
    return typeof payload.sub === 'string' ? { sub: payload.sub } : null;
  } catch {
    return null;
  }
}
