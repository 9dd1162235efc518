/**
 * The periodic clean-up of both runtimes: hourly on Node (node.ts), by the cron trigger on the
 * Worker (worker.ts, wrangler.toml).
 */
import type { AppDeps } from '../http/env.ts';
import { retryRefunds } from '../payments/refunds.ts';
import { forgetOldWindows } from './rate-limit.ts';
import { removeUnusedUploads } from './unused-uploads.ts';
import { backfillPictureSizes } from './picture-size-backfill.ts';
import { forgetSettledPushes } from '../notifications/sender.ts';
import { tellOverdueClaims } from '../notifications/claim-events.ts';
import { removeAbandonedUploads } from '../documents/abandoned-uploads.ts';
import { removeDocumentLeftovers } from '../documents/leftovers.ts';
import { sendPremiumReminders } from '../premiums/reminders.ts';

export async function housekeeping(deps: AppDeps): Promise<void> {
  await removeUnusedUploads(deps);
  await forgetOldWindows(deps);
  await retryRefunds(deps);
  await forgetSettledPushes(deps);
  await tellOverdueClaims(deps);
  await removeAbandonedUploads(deps);
  await removeDocumentLeftovers(deps);
  // Premium reminders (issue 49): hourly, so what quiet hours held goes out soon after 08:00 in Dhaka.
  await sendPremiumReminders(deps, deps.clock());
  // Last: the heaviest on the CPU, so a run cut short (a Worker's cron time) has done the rest;
  // and after the removal of unused uploads, so no picture is sized only to be removed.
  await backfillPictureSizes(deps);
}
