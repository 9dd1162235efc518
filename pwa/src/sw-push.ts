/**
 * The service worker's part of push notifications (issue 28): shows each push, tells open
 * pages (they pull the inbox at once), and opens the right screen on a click, in the
 * installed app's window when there is one. A push carries only a title, a body with at most
 * the policy's name, and a link inside this app (docs/decisions/0076-notification-delivery.md).
 */
/// <reference lib="webworker" />
import { pushArrivedMessage, type PushPayload } from './lib/push-arrived.ts';

declare const self: ServiceWorkerGlobalScope;

const inbox = '/dashboard/notifications';

function readPayload(event: PushEvent): PushPayload | null {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined;
    if (!data || typeof data.title !== 'string') return null;
    return { id: String(data.id ?? ''), title: data.title, body: String(data.body ?? ''), link: String(data.link ?? inbox) };
  } catch {
    return null;
  }
}

/** Only a path of this app: a push can never send the person elsewhere. */
function sameOriginLink(link: string | undefined): string {
  const url = new URL(link ?? inbox, self.location.origin);
  return url.origin === self.location.origin ? url.href : new URL(inbox, self.location.origin).href;
}

export function handlePushes(): void {
  self.addEventListener('push', (event) => {
    const payload = readPayload(event);
    event.waitUntil(
      (async () => {
        // Chrome requires a notification for every push (userVisibleOnly); an unreadable one still points at the inbox.
        await self.registration.showNotification(payload?.title ?? 'New notification', {
          body: payload?.body ?? '',
          // The same notification delivered twice (a retry after a lost answer) replaces itself.
          tag: payload?.id || undefined,
          data: { link: payload?.link ?? inbox },
          icon: '/icons/icon-192.png',
          badge: '/icons/icon-maskable-192.png',
        });
        for (const page of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) page.postMessage({ type: pushArrivedMessage });
      })(),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const opening = openScreen(sameOriginLink((event.notification.data as { link?: string } | null)?.link));
    keepAlive(event, opening);
  });
}

/** The browser's own events are kept alive until done; an untrusted one (a test's) cannot be, and need not. */
function keepAlive(event: ExtendableEvent, work: Promise<unknown>) {
  if (event.isTrusted) event.waitUntil(work);
  else void work;
}

/** An open page of the app goes to the screen; with none, the app opens on it (its own window when installed). */
async function openScreen(target: string): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const page = pages.find((client) => new URL(client.url).origin === self.location.origin) as WindowClient | undefined;
  // navigate() only works on a page this worker controls; focus() only from a real click.
  const moved = page ? await page.navigate(target).catch(() => null) : null;
  if (moved) {
    await moved.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(target);
}
