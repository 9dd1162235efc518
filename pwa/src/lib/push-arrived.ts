/**
 * What the service worker says to open pages when a push arrives (sw-push.ts): the page then
 * pulls at once, so the bell's count rises without waiting for the next periodic pull.
 */
export const pushArrivedMessage = 'notification-arrived';

/** What a push carries (edge-api/src/notifications/texts.ts PushPayload). */
export interface PushPayload {
  id: string;
  title: string;
  body: string;
  link: string;
}
