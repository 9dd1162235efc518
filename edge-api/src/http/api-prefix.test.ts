import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiPrefix, isApiPath } from './api-prefix.ts';

describe('the API prefix', () => {
  it('is what wrangler.toml sends to the Worker before its static assets', () => {
    const toml = readFileSync(new URL('../../../wrangler.toml', import.meta.url), 'utf8');
    const line = toml.split('\n').find((l) => l.trim().startsWith('run_worker_first'));
    expect(line, 'wrangler.toml [assets] run_worker_first').toBeDefined();
    // The public page addresses listed beside it are page-addresses.test.ts's concern.
    expect(JSON.parse(line!.split('=')[1]!.trim())[0]).toBe(`${apiPrefix}/*`);
  });

  it('tells API paths from page paths', () => {
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/api/policies/6')).toBe(true);
    expect(isApiPath('/policies/6')).toBe(false);
    expect(isApiPath('/apiary')).toBe(false);
  });
});
