/**
 * This device's Web Push subscription (the Push API), saved on the server so it can push the
 * person's notifications here (issue 28). Permission is asked only from a person's click
 * (components/notification-permission.tsx), never on load. Turning it off, or signing out on
 * this device, removes the subscription on both sides.
 */
import { ApiRequestError, answerOf } from './api-error.ts';
import { api } from './http.ts';
import { plainApi } from './api-client.ts';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export const pushSupported = () =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window;

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** The push service wants the key as bytes; the server gives it base64url. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const plain = atob(base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await (await registration())?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/**
 * What turning push on can end in besides a state: the server sends no pushes at all
 * ('unavailable'), or it refused this browser's push service (decision 0100: it sends only to
 * the browsers' known push services), so this device gets no pushes ('refused').
 */
export type TurnOnOutcome = PushState | 'unavailable' | 'refused';

/** Asks for permission (call it from a click), subscribes this device and tells the server. */
export async function turnOnPush(): Promise<TurnOnOutcome> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const { publicKey } = await answerOf(await api.notifications['push-key'].$get());
  // This server sends no pushes (no VAPID keys): the inbox still tells everything.
  if (!publicKey) return 'unavailable';
  const ready = await navigator.serviceWorker.ready;
  const subscription =
    (await ready.pushManager.getSubscription()) ?? (await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = subscription.toJSON();
  try {
    await answerOf(
      await api.notifications.subscriptions.$put({
        json: { endpoint: subscription.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } },
      }),
    );
  } catch (error) {
    if (!isRefusedAddress(error)) throw error;
    // A subscription the server will never push to would only make the switch look on.
    await subscription.unsubscribe().catch(() => undefined);
    return 'refused';
  }
  return 'on';
}

/** The server's 422 about the endpoint: a push service it does not send to (not a passing failure). */
const isRefusedAddress = (error: unknown) => error instanceof ApiRequestError && error.status === 422 && Boolean(error.body?.fields?.endpoint);

/**
 * Stops pushes to this device: the server forgets it and the browser drops the subscription.
 * Also used at sign-out, when the session may be gone already: the server knows the device by
 * its endpoint alone, and a dropped browser subscription would be refused by the push service anyway.
 */
export async function turnOffPush(): Promise<void> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (!subscription) return;
  try {
    await plainApi.notifications.subscriptions.$delete({ json: { endpoint: subscription.endpoint } }, { init: { signal: AbortSignal.timeout(5000) } });
  } finally {
    await subscription.unsubscribe();
  }
}
