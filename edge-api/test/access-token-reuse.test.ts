import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../src/auth/tokens.ts';
import { readConfig } from '../src/http/config.ts';
import { runtime } from './support/target.ts';

// auth/tokens.ts keeps tokens it has verified, so a client's repeated requests skip the
// signature check. Reuse must never accept what a fresh check would refuse.

const config = readConfig({}, { jwtSecret: 'a-secret-that-is-long-enough-for-hs256-0001' });
const otherSecret = readConfig({}, { jwtSecret: 'another-secret-long-enough-for-hs256-00002' });
const otherAudience = readConfig({ JWT_AUDIENCE: 'someone-else' }, { jwtSecret: 'a-secret-that-is-long-enough-for-hs256-0001' });

describe(`a verified access token, used again, on ${runtime}`, () => {
  it('is accepted until its expiry and refused from then on', async () => {
    const issued = new Date('2026-05-01T10:00:00.000Z');
    const token = await signAccessToken(config, 'user-1', issued, 'family-1');
    expect(await verifyAccessToken(config, token, issued)).toEqual({ sub: 'user-1', sid: 'family-1' });
    const justBefore = new Date(issued.getTime() + (config.accessTokenTtlSeconds - 1) * 1000);
    expect(await verifyAccessToken(config, token, justBefore)).toEqual({ sub: 'user-1', sid: 'family-1' });
    const atExpiry = new Date(issued.getTime() + config.accessTokenTtlSeconds * 1000);
    expect(await verifyAccessToken(config, token, atExpiry)).toBeNull();
  });

  it('does not vouch for it under another secret or audience, nor for an altered copy', async () => {
    const now = new Date('2026-05-01T11:00:00.000Z');
    const token = await signAccessToken(config, 'user-2', now);
    expect(await verifyAccessToken(config, token, now)).toEqual({ sub: 'user-2' });
    expect(await verifyAccessToken(otherSecret, token, now)).toBeNull();
    expect(await verifyAccessToken(otherAudience, token, now)).toBeNull();
    const [header, payload, signature] = token.split('.');
    const altered = `${header}.${payload}.${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`;
    expect(await verifyAccessToken(config, altered, now)).toBeNull();
  });
});
