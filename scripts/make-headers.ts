/**
 * Writes pwa/public/_headers (security headers of the Worker's static assets) from
 * edge-api/src/http/security.ts. Run after changing the CSP: `node --import tsx scripts/make-headers.ts`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { headersFileText } from '../edge-api/src/worker/static-headers.ts';
import { repoRoot } from './operator/wrangler.ts';

const file = join(repoRoot, 'pwa/public/_headers');
writeFileSync(file, await headersFileText());
console.log(`Wrote ${file.slice(repoRoot.length + 1)}`);
