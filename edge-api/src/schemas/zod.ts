/**
 * zod, as every schema here uses it. In a browser the page's Content-Security-Policy forbids
 * eval, so zod's compiled fast path could never run there, and its probe for it (a caught
 * `new Function`) was reported as a CSP violation on every page that loaded the schemas
 * (Lighthouse's best-practices audit). `jitless` skips the probe; Node keeps the fast path, and
 * zod itself skips it on a Worker.
 */
import { z } from 'zod';

if ('document' in globalThis) z.config({ jitless: true });

export { z };
