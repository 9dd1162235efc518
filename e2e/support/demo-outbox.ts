/**
 * The SMS and emails the app server kept instead of sending (issue 50: the embedded demo's
 * outbox, GET /api/demo/outbox, read as the demo admin), as a person reads their phone or inbox:
 * the newest message to them, waited for (the server sends after it has answered).
 */
import { expect } from 'vitest';
import type { AppServer } from './app-server.ts';
import { apiAs } from './login.ts';

export interface KeptMessage {
  id: string;
  channel: 'sms' | 'email';
  to: string;
  subject: string | null;
  body: string;
  createdAt: string;
}

// One admin session per server: a sign-in for every look would meet the sign-in rate limit.
const admins = new WeakMap<AppServer, ReturnType<typeof apiAs>>();

async function messagesTo(server: AppServer, channel: 'sms' | 'email', to: string): Promise<KeptMessage[]> {
  if (!admins.has(server)) admins.set(server, apiAs(server, 'admin'));
  const admin = await admins.get(server)!;
  const query = new URLSearchParams({ channel, to });
  return (await admin.json<{ messages: KeptMessage[] }>(`/api/demo/outbox?${query}`)).messages;
}

/** Waits for a message to `to` that was not there before (`seen`: ids already read) and returns it. */
export async function nextMessage(server: AppServer, channel: 'sms' | 'email', to: string, seen: Set<string>): Promise<KeptMessage> {
  let found: KeptMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await messagesTo(server, channel, to)).find((message) => !seen.has(message.id));
        return found !== undefined;
      },
      { timeout: 15_000, interval: 250 },
    )
    .toBe(true);
  seen.add(found!.id);
  return found!;
}

/** The ids of the messages to `to` so far: a later `nextMessage` returns only a newer one. */
export async function messagesSoFar(server: AppServer, channel: 'sms' | 'email', to: string): Promise<Set<string>> {
  return new Set((await messagesTo(server, channel, to)).map((message) => message.id));
}

/** The 6-digit code in an SMS. */
export function codeIn(message: KeptMessage): string {
  const code = /\b(\d{6})\b/.exec(message.body)?.[1];
  if (!code) throw new Error(`No 6-digit code in the SMS: ${message.body}`);
  return code;
}

/** The reset link in an email. */
export function resetLinkIn(message: KeptMessage): URL {
  const link = /https?:\/\/\S+\/reset-password\?token=[^\s"<>]+/.exec(message.body)?.[0];
  if (!link) throw new Error(`No reset link in the email: ${message.body}`);
  return new URL(link);
}
