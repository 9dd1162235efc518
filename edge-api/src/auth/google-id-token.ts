/**
 * Google sign-in by OpenID Connect: the browser gets an ID token from Google and posts it;
 * we verify it with jose against the issuer's published keys (JWKS), with the algorithms
 * pinned and issuer, audience (our client id) and expiry required. The issuer, client id and
 * optionally the JWKS URL come from configuration, so tests run a local issuer with its own keys.
 */
import { createRemoteJWKSet, customFetch, errors, jwtVerify, type JWTPayload } from 'jose';
import type { AppConfig } from '../http/config.ts';
import type { AppDeps } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { cleanLine, hasVisibleText } from '../schemas/text.ts';

type GoogleConfig = NonNullable<AppConfig['google']>;

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

export const notConfiguredMessage = 'Google sign-in is not configured.';
const unavailableMessage = 'Google sign-in is unavailable right now. Please try again later.';
const invalidTokenMessage = 'Google sign-in failed: the sign-in token is not valid. Please try again.';

const algorithms = ['RS256', 'ES256'];

/** Google writes its issuer both with and without the scheme; accept both spellings of it. */
function acceptedIssuers(issuer: string): string[] {
  const bare = issuer.replace(/^https:\/\//, '');
  return bare === 'accounts.google.com' ? ['https://accounts.google.com', 'accounts.google.com'] : [issuer];
}

interface Verifier {
  keys: Promise<ReturnType<typeof createRemoteJWKSet>>;
}

/**
 * One key set per configuration (that is, per app), kept for the app's life so keys are
 * fetched once and refetched only when jose's cache expires or an unknown key id appears
 * (key rotation), at most once per cooldown.
 */
const verifiers = new WeakMap<GoogleConfig, Verifier>();

async function discoverJwksUrl(google: GoogleConfig, fetcher: typeof fetch): Promise<URL> {
  if (google.jwksUrl) return new URL(google.jwksUrl);
  const res = await fetcher(`${google.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
    headers: { accept: 'application/json' },
    redirect: 'manual',
  });
  if (!res.ok) throw new Error(`OpenID discovery answered ${res.status}`);
  const document = (await res.json()) as { issuer?: unknown; jwks_uri?: unknown };
  if (typeof document.jwks_uri !== 'string') throw new Error('OpenID discovery has no jwks_uri');
  // The discovery document must be the configured issuer's own (OpenID Discovery 4.3).
  if (typeof document.issuer !== 'string' || !acceptedIssuers(google.issuer).includes(document.issuer)) {
    throw new Error('OpenID discovery names another issuer');
  }
  return new URL(document.jwks_uri);
}

function verifierFor(deps: AppDeps, google: GoogleConfig): Verifier {
  let verifier = verifiers.get(google);
  if (!verifier) {
    const fetcher = deps.fetch ?? fetch;
    const keys = discoverJwksUrl(google, fetcher).then((url) =>
      createRemoteJWKSet(url, {
        cooldownDuration: google.jwksCooldownSeconds * 1000,
        [customFetch]: (input, init) => fetcher(input, init),
      }),
    );
    verifier = { keys };
    verifiers.set(google, verifier);
    // A failed discovery is retried on the next sign-in instead of being remembered.
    keys.catch(() => verifiers.delete(google));
  }
  return verifier;
}

const cleanedName = (name: string | null) => {
  const cleaned = name === null ? '' : cleanLine(name);
  return hasVisibleText(cleaned) ? cleaned : null;
};

const stringClaim = (payload: JWTPayload, name: string) =>
  typeof payload[name] === 'string' && payload[name] !== '' ? (payload[name] as string) : null;

/** Verifies a Google ID token; 401 when it is not valid, 503 when Google cannot be reached. */
export async function verifyGoogleIdToken(deps: AppDeps, idToken: string): Promise<VerifiedIdentity> {
  const google = deps.config.google;
  if (!google) throw new ApiError(503, 'internal', notConfiguredMessage);
  let payload: JWTPayload;
  try {
    const keys = await verifierFor(deps, google).keys;
    ({ payload } = await jwtVerify(idToken, keys, {
      algorithms,
      issuer: acceptedIssuers(google.issuer),
      audience: google.clientId,
      requiredClaims: ['exp', 'iat', 'sub'],
      currentDate: deps.clock(),
    }));
  } catch (err) {
    if (err instanceof errors.JOSEError && !(err instanceof errors.JWKSTimeout) && !(err instanceof errors.JWKSInvalid)) {
      throw new ApiError(401, 'unauthorized', invalidTokenMessage);
    }
    console.error('Google sign-in: could not reach the issuer:', err);
    throw new ApiError(503, 'internal', unavailableMessage);
  }
  const subject = stringClaim(payload, 'sub');
  if (!subject || typeof payload.iss !== 'string') throw new ApiError(401, 'unauthorized', invalidTokenMessage);
  const email = stringClaim(payload, 'email');
  return {
    // Keyed by the configured spelling, so both spellings of Google's issuer map to one account.
    issuer: google.issuer,
    subject,
    email: email ? email.toLowerCase() : null,
    // Some issuers send the flag as a string.
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    // A Google account's name is typed by its owner too: cleaned like every name (schemas/text.ts).
    name: cleanedName(stringClaim(payload, 'name')),
    picture: stringClaim(payload, 'picture'),
  };
}
