import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageScriptsLink, prerenderedPageFile, prerenderedPagePatterns } from './page-addresses.ts';
import { verifyPagePatterns } from './verify-page.ts';

describe('prerendered page addresses', () => {
  it('maps each public page the build renders to its file', () => {
    expect(prerenderedPageFile('/')).toBe('pages/index.html');
    expect(prerenderedPageFile('/all-policies')).toBe('pages/all-policies.html');
    expect(prerenderedPageFile('/policies')).toBe('pages/policies.html');
    expect(prerenderedPageFile('/policies/demo-term-life')).toBe('pages/policies/demo-term-life.html');
    for (const page of ['get-quote', 'blogs', 'about', 'contact']) expect(prerenderedPageFile(`/${page}`)).toBe(`pages/${page}.html`);
  });

  it('maps each Bangla page (/bn plus the English path) to its file', () => {
    expect(prerenderedPageFile('/bn')).toBe('pages/bn.html');
    expect(prerenderedPageFile('/bn/all-policies')).toBe('pages/bn/all-policies.html');
    expect(prerenderedPageFile('/bn/get-quote')).toBe('pages/bn/get-quote.html');
    expect(prerenderedPageFile('/bn/policies/demo-term-life')).toBe('pages/bn/policies/demo-term-life.html');
    for (const path of ['/bn/dashboard', '/bn/', '/bnx', '/bn/login']) expect(prerenderedPageFile(path), path).toBeNull();
  });

  it('gives no file for other addresses, a query, or odd names', () => {
    for (const path of ['/dashboard', '/login', '/policies/', '/policies/a/b/../c', '/policies/%2e%2e', '/index.html', '/assets/x.js', '/api/faqs']) {
      expect(prerenderedPageFile(path), path).toBeNull();
    }
    expect(prerenderedPageFile('/all-policies', '?page=2')).toBeNull();
  });

  it("are the addresses wrangler.toml sends to the Worker first, beside the API and the certificates' check pages", () => {
    const toml = readFileSync(join(import.meta.dirname, '../../../wrangler.toml'), 'utf8');
    const line = toml.match(/^run_worker_first\s*=\s*(\[.*\])\s*$/m)?.[1];
    expect(JSON.parse(line ?? '[]')).toEqual(['/api/*', ...prerenderedPagePatterns, ...verifyPagePatterns]);
  });
});

describe("a prerendered page's scripts as a Link header", () => {
  const built = { 'pages/index.html': ['/assets/index-Ab1.js', '/assets/shell-Cd2.js'] };

  it('lists each script as a module to preload, in the order the page loads them', () => {
    expect(pageScriptsLink(built, 'pages/index.html')).toBe('</assets/index-Ab1.js>; rel=modulepreload, </assets/shell-Cd2.js>; rel=modulepreload');
  });

  it('gives none for another page, an empty list, or a file that is not a built script', () => {
    expect(pageScriptsLink(built, 'pages/about.html')).toBeNull();
    expect(pageScriptsLink(built, '__proto__')).toBeNull();
    expect(pageScriptsLink({ 'pages/index.html': [] }, 'pages/index.html')).toBeNull();
    expect(pageScriptsLink(null, 'pages/index.html')).toBeNull();
    // A name that could end the header's value or add a header of its own is never sent.
    for (const odd of ['/assets/a.js>; rel=preload', '/assets/a.js\r\nset-cookie: x=1', 'https://elsewhere.example/a.js', '/sw.js', '/assets/../index.html']) {
      expect(pageScriptsLink({ 'pages/index.html': ['/assets/index-Ab1.js', odd] }, 'pages/index.html'), odd).toBeNull();
    }
  });
});
