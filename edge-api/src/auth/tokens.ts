import { jwtVerify, SignJWT } from 'jose';
import type { AppConfig } from '../http/config.ts';

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

/**
 * An HMAC of `message` under the deployment's secret, for values the server must be able to make
 * again from their input alone (a refresh token's successor). Callers prefix the message with
 * their purpose and a ':', which no JWT signing input (base64url and '.') contains, so such a
 * value is never a valid signature of an access token.
 */
export async function macWithSecret(config: AppConfig, message: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign('HMAC', await key(config), new TextEncoder().encode(message)));
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

interface Verified {
  claims: AccessClaims;
  /** The token's exp, in seconds since the epoch. */
  expiresAt: number;
}

const verifiedCapacity = 1000;

/**
 * Tokens whose signature and claims were already checked, per configuration (so per secret,
 * issuer and audience). The same bytes under the same key verify the same way every time, so a
 * signed-in client's repeated requests skip the HMAC; only expiry depends on the clock and is
 * checked again on every use. Only successes are kept. Revocation and the user's current role
 * are not token matters: loadSession reads them from the database on every request.
 */
const verifiedTokens = new WeakMap<AppConfig, Map<string, Verified>>();

function rememberVerified(config: AppConfig, token: string, verified: Verified) {
  let tokens = verifiedTokens.get(config);
  if (!tokens) verifiedTokens.set(config, (tokens = new Map()));
  if (tokens.size >= verifiedCapacity) {
    const oldest = tokens.keys().next().value;
    if (oldest !== undefined) tokens.delete(oldest);
  }
  tokens.set(token, verified);
}

/** Verifies with the algorithm pinned and issuer, audience and expiry required; null when invalid. */
export async function verifyAccessToken(
  config: AppConfig,
  token: string,
  now: Date,
): Promise<AccessClaims | null> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const known = verifiedTokens.get(config)?.get(token);
  // Expired exactly when jose would say so: exp <= now.
  if (known) return known.expiresAt > nowSeconds ? known.claims : null;
  try {
    const { payload } = await jwtVerify(token, await key(config), {
      algorithms: [algorithm],
      issuer: config.jwtIssuer,
      audience: config.jwtAudience,
      requiredClaims: ['exp', 'sub', 'iat'],
      currentDate: now,
    });
    if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
    const claims = typeof payload.sid === 'string' ? { sub: payload.sub, sid: payload.sid } : { sub: payload.sub };
    // A token with a not-before time depends on the clock beyond its expiry: not kept.
    if (payload.nbf === undefined) rememberVerified(config, token, { claims, expiresAt: payload.exp });
    return claims;
  } catch {
    return null;
  }
}
