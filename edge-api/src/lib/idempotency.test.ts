import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { requestHash, useSha256, webCryptoSha256 } from './idempotency.ts';

const nodeSha256 = (text: string) => createHash('sha256').update(text).digest('hex');

afterEach(() => useSha256(webCryptoSha256));

describe('request hash', () => {
  const input = { b: 1, a: [1, { d: 'ü', c: null }], skipped: undefined };
  // Canonical JSON: keys sorted, undefined left out.
  const expected = nodeSha256('["application.create",{"a":[1,{"c":null,"d":"ü"}],"b":1}]');

  it('is the same with WebCrypto (the Worker) and node:crypto (the Node server), whatever the key order', async () => {
    useSha256(webCryptoSha256);
    const onWorker = await requestHash('application.create', input);
    useSha256(nodeSha256);
    const onNode = await requestHash('application.create', { a: [1, { c: null, d: 'ü' }], b: 1 });
    expect(onWorker).toBe(expected);
    expect(onNode).toBe(expected);
    expect(onNode).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs for another command or another input', async () => {
    useSha256(nodeSha256);
    expect(await requestHash('application.delete', input)).not.toBe(expected);
    expect(await requestHash('application.create', { ...input, b: 2 })).not.toBe(expected);
  });
});
