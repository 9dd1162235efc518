import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headersFileText, securityHeaderList } from './static-headers.ts';

describe('the static assets\' _headers file', () => {
  it('is the one security.ts makes (run scripts/make-headers.ts after changing the CSP)', async () => {
    const committed = readFileSync(join(import.meta.dirname, '../../../pwa/public/_headers'), 'utf8');
    expect(committed).toBe(await headersFileText());
  });

  it('carries the CSP, frame protection, HSTS and nosniff', async () => {
    const names = (await securityHeaderList()).map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(['content-security-policy', 'x-frame-options', 'strict-transport-security', 'x-content-type-options']));
  });
});
