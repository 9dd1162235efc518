/**
 * The one way the server sends an SMS (issue 50): only to a Bangladeshi mobile number, within
 * the daily caps, through the configured gateway (sms/provider.ts) with a few tries. The caps
 * hold against parallel requests: a message is counted by one conditional insert into sms_log
 * that also checks both counts, so no two requests can both take the last place. The text is
 * never stored or logged (it may hold a code): sms_log keeps the number, kind and parts only.
 */
import { sql } from 'kysely';
import type { AppDeps } from '../http/env.ts';
import { newId } from '../lib/ids.ts';
import { smsSize } from './segments.ts';

export type SmsDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'sms'>;

/** +8801[3-9]XXXXXXXX: the only numbers the server sends to. */
export const bangladeshiMobile = /^\+8801[3-9]\d{8}$/;

export type SmsKind = 'sign-in-code' | 'reset-code' | 'verify-code' | 'password-changed' | 'premium-paid' | 'premium-reminder' | 'decision';
export type SmsResult = 'sent' | 'kept' | 'capped' | 'failed' | 'refused';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function sendSms(deps: SmsDeps, message: { phone: string; text: string; kind: SmsKind }): Promise<SmsResult> {
  const { db, config } = deps;
  if (!bangladeshiMobile.test(message.phone)) return 'refused';
  const now = deps.clock();
  const day = now.toISOString().slice(0, 10);
  const id = newId();
  const segments = smsSize(message.text).segments;
  const counted = sql`status <> 'capped'`;
  const taken = await sql<{ id: string }>`INSERT INTO sms_log (id, phone, day, kind, segments, status, created_at)
    SELECT ${id}, ${message.phone}, ${day}, ${message.kind}, ${segments}, 'sending', ${now.toISOString()}
    WHERE (SELECT count(*) FROM sms_log WHERE day = ${day} AND phone = ${message.phone} AND ${counted}) < ${config.sms.dailyLimitPerNumber}
      AND (SELECT count(*) FROM sms_log WHERE day = ${day} AND ${counted}) < ${config.sms.dailyLimit}
    RETURNING id`.execute(db);
  if (taken.rows.length === 0) {
    await db.insertInto('sms_log').values({ id, phone: message.phone, day, kind: message.kind, segments, status: 'capped', created_at: now.toISOString() }).execute();
    return 'capped';
  }
  const provider = deps.sms;
  if (!provider) return settle(deps, id, 'failed', 0, 'no SMS gateway configured');
  const number = message.phone.slice(1);
  for (let attempt = 1; ; attempt++) {
    const outcome = await provider.send(number, message.text).catch((error: unknown) => ({
      ok: false as const,
      retry: true,
      reason: error instanceof Error ? error.name : 'error',
    }));
    if (outcome.ok) return settle(deps, id, provider.name === 'outbox' ? 'kept' : 'sent', attempt, outcome.reference ?? null);
    if (!outcome.retry || attempt >= config.sms.maxAttempts) return settle(deps, id, 'failed', attempt, outcome.reason);
    await pause(250 * 2 ** (attempt - 1));
  }
}

async function settle(deps: SmsDeps, id: string, status: 'sent' | 'kept' | 'failed', attempts: number, detail: string | null): Promise<SmsResult> {
  await deps.db.updateTable('sms_log').set({ status, attempts, detail: detail?.slice(0, 200) ?? null }).where('id', '=', id).execute();
  return status;
}
