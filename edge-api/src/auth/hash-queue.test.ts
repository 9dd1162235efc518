import { afterEach, describe, expect, it } from 'vitest';
import { queuedHashPassword, queuedVerifyPassword, setHashConcurrency } from './hash-queue.ts';

describe('the password-hash queue', () => {
  afterEach(() => setHashConcurrency(2, 32, 1000));

  it('lets a request hash right after its own verify, even when hashes take longer than the wait allowed', async () => {
    // One hash at a time, and a wait shorter than one hash takes: as on a busy one-core server.
    setHashConcurrency(1, 32, 1);
    const stored = await queuedHashPassword('old-secret-1');
    // A password change: the old password checked, then the new one hashed, nothing else waiting.
    expect(await queuedVerifyPassword('old-secret-1', stored)).toBe(true);
    await expect(queuedHashPassword('new-secret-2')).resolves.toMatch(/\S/);
  });

  it('still refuses a hash that would wait behind another past the allowed wait', async () => {
    setHashConcurrency(1, 32, 1);
    const first = queuedHashPassword('first-secret');
    await expect(queuedHashPassword('second-secret')).rejects.toMatchObject({ status: 503 });
    await first;
  });
});
