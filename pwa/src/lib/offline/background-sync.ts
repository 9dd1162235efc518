/**
 * Background Sync: asks the browser to wake the service worker when the network returns, so
 * a queue left behind by a closed tab is sent (sw.ts asks an open page to push), or, under
 * another tag, so the worker itself sends what it can send alone (owed sign-outs).
 */
import { outboxSyncTag } from '../outbox-sync-tag.ts';

export async function registerBackgroundSync(tag: string = outboxSyncTag): Promise<void> {
  try {
    if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      sync?: { register(tag: string): Promise<void> };
    };
    await registration.sync?.register(tag);
  } catch {
    // Not supported (Safari, Firefox) or not allowed: the other triggers cover it.
  }
}
