/**
 * How many documents one account, and one client address, may start (docs/decisions/0102):
 * every upload created counts, whatever becomes of it, so a refused picture costs its sender a
 * try like an accepted one (a refusal gives its quota back, it does not give the decode back).
 * Counted when the upload is created (tus POST), before a byte of it is sent; continuing an
 * upload (HEAD, PATCH) is not counted, so a document sent over a flapping link costs one try.
 * The device answers a 429 by trying again later (pwa/src/lib/documents/uploader.ts).
 */
import { createMiddleware } from 'hono/factory';
import { currentUser } from '../auth/access.ts';
import type { AppEnv } from '../http/env.ts';
import { countRequest, tooManyRequests } from '../lib/rate-limit.ts';

export const documentUploadLimit = createMiddleware<AppEnv>(async (c, next) => {
  const user = currentUser(c);
  // Both windows count each try, so neither can be used up while the other refuses.
  const waits = [await countRequest(c, 'documentUploads', `user:${user.id}`), await countRequest(c, 'documentUploadsPerAddress')];
  const wait = Math.max(...waits.map((seconds) => seconds ?? 0));
  if (wait > 0) throw tooManyRequests(c, wait);
  await next();
});
