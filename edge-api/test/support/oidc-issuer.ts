/**
 * A local OpenID Connect issuer standing in for Google in tests: a node:http server on
 * 127.0.0.1 serving the discovery document and its JWKS, with keys made by jose. Keys can be
 * rotated (a new key id appears in the JWKS) and retired, and ID tokens signed with any of
 * them, or with a key the JWKS never publishes.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';

interface IssuerKey {
  kid: string;
  alg: 'RS256' | 'ES256';
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export interface LocalIssuer {
  /** The issuer URL (also the `iss` of its tokens). */
  issuer: string;
  jwksUrl: string;
  /** How many times the JWKS and the discovery document were fetched. */
  fetches: { jwks: number; discovery: number };
  /** Adds a new signing key to the JWKS and makes it the current one. */
  rotate(alg?: 'RS256' | 'ES256'): Promise<string>;
  /** Removes a key from the JWKS. */
  retire(kid: string): void;
  currentKid(): string;
  /** A signed ID token with sensible defaults (audience, expiry, a verified email). */
  idToken(claims: JWTPayload & Record<string, unknown>, options?: SignOptions): Promise<string>;
  stop(): Promise<void>;
}

export interface SignOptions {
  kid?: string;
  /** Sign with a key the issuer does not publish (the JWKS does not hold it). */
  unpublishedKey?: boolean;
  audience?: string;
  issuer?: string;
  /** Seconds from now; negative for an expired token; null for no `exp` at all. */
  expiresIn?: number | null;
}

async function makeKey(alg: 'RS256' | 'ES256', kid: string): Promise<IssuerKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  return { kid, alg, privateKey, publicJwk };
}

let kidCounter = 0;
const nextKid = () => `test-key-${++kidCounter}`;

export async function startLocalIssuer(options: { clientId: string }): Promise<LocalIssuer> {
  const keys: IssuerKey[] = [await makeKey('RS256', nextKid())];
  let current = keys[0]!;
  const fetches = { jwks: 0, discovery: 0 };
  let issuer = '';

  const server: Server = createServer((req, res) => {
    const send = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/.well-known/openid-configuration') {
      fetches.discovery += 1;
      send({ issuer, jwks_uri: `${issuer}/jwks`, id_token_signing_alg_values_supported: ['RS256', 'ES256'] });
    } else if (req.url === '/jwks') {
      fetches.jwks += 1;
      send({ keys: keys.map((key) => key.publicJwk) });
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    fetches,
    async rotate(alg = 'RS256') {
      current = await makeKey(alg, nextKid());
      keys.push(current);
      return current.kid;
    },
    retire(kid) {
      const index = keys.findIndex((key) => key.kid === kid);
      if (index >= 0) keys.splice(index, 1);
    },
    currentKid: () => current.kid,
    async idToken(claims, sign = {}) {
      const key = sign.unpublishedKey
        ? await makeKey(current.alg, sign.kid ?? current.kid)
        : (keys.find((k) => k.kid === (sign.kid ?? current.kid)) ?? current);
      const now = Math.floor(Date.now() / 1000);
      const jwt = new SignJWT({ email_verified: true, ...claims })
        .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
        .setIssuer(sign.issuer ?? issuer)
        .setAudience(sign.audience ?? options.clientId)
        .setIssuedAt(now);
      if (sign.expiresIn !== null) jwt.setExpirationTime(now + (sign.expiresIn ?? 600));
      return jwt.sign(key.privateKey);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
