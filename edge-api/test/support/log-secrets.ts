/**
 * What must never be in a log line (issue 30): a password, a token, a cookie, an NID, an address
 * or a document's bytes. Found three ways: the shapes those take (a JWT, a bearer header, an
 * image's base64 or binary signature), the values the suite itself sends (its passwords, NIDs,
 * addresses, secrets), and field names no log line may have.
 */
import { testJwtSecret } from './target.ts';

/** Sent by the API tests (passwords, NIDs, addresses): long enough to mean nothing else. */
const sentBySuite = [
  'secret-1', 'secret-2', 'own-pass-1', 'first-pass', 'matrix-pass', 'victim-pass', 'right-pass', 'attacker-pass',
  'first-secret', 'made-in-api', 'not-the-demo-password', 'demo1234',
  '1990123456789', '1987654321', '1234567890',
  // Issue 47: the nominees' and claimants' NIDs the claim and application tests send.
  '1985123456789', '1999888777666', '1970123456789',
  'Dhanmondi', 'Somewhere',
  // Issue 50: the new passwords the reset tests set.
  'reset-pass-1', 'reset-pass-2', 'reset-pass-3',
];

/** The operator token the tests use (health details, metrics). */
export const testOpsToken = 'test-ops-token-0123456789abcdef';

const shapes: [string, RegExp][] = [
  ['an access token (JWT)', /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+/],
  ['a bearer header', /Bearer\s+\S/i],
  ['a refresh cookie', /refresh_token=/],
  // Issue 50: a password-reset link's token.
  ['a reset link', /reset-password\?token=/],
  ['a PNG', /iVBORw0KGgo|\x89PNG/],
  ['a JPEG', /\/9j\/4|JFIF/],
  ['a WebP', /UklGR|WEBPVP8/],
  ['a GIF', /R0lGOD|GIF8[79]a/],
];

/** Field names a log line may not carry, at any depth. */
const forbiddenKey = /pass(word)?|token|secret|cookie|authori[sz]ation|nid$|national|address|document|^body$|headers|^email$|^phone$/i;

function keysOf(value: unknown, path = ''): string[] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [`${path}${key}`, ...keysOf(inner, `${path}${key}.`)]);
}

/** What is wrong with one line of a log file: empty when nothing. */
export function secretsIn(line: string): string[] {
  const found: string[] = [];
  for (const [what, shape] of shapes) if (shape.test(line)) found.push(what);
  for (const value of [...sentBySuite, testJwtSecret, testOpsToken]) if (line.includes(value)) found.push(`"${value}", sent by the tests`);
  if (line.startsWith('{')) {
    try {
      for (const key of keysOf(JSON.parse(line))) if (forbiddenKey.test(key.split('.').pop()!)) found.push(`a field named ${key}`);
    } catch {
      // Not JSON after all: the shapes and values above still apply.
    }
  }
  return found;
}
