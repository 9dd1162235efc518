/**
 * The rows of phone accounts, one-time codes, reset links and the SMS channel (issue 50,
 * migrations/0290 and 0291), kept beside schema.ts's Database, which names them. Times of codes
 * and links are milliseconds; the others ISO text.
 */
import type { Generated } from 'kysely';

/** A one-time code sent by SMS: its HMAC only (auth/one-time-codes.ts). */
export interface OneTimeCodeRow {
  id: string;
  phone: string;
  purpose: 'sign-in' | 'reset' | 'verify-phone';
  user_id: string | null;
  code_hash: string;
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** An emailed reset link: the SHA-256 of its token only. */
export interface PasswordResetTokenRow {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Every SMS tried, for the daily caps; never its text (sms/sender.ts). */
export interface SmsLogRow {
  id: string;
  phone: string;
  day: string;
  kind: string;
  segments: number;
  status: 'sending' | 'sent' | 'kept' | 'failed' | 'capped';
  attempts: Generated<number>;
  detail: string | null;
  created_at: string;
}

/** migrations/0291: an SMS owed about an inbox item (queued by a trigger on notifications; sms/queue.ts). */
export interface SmsQueueRow {
  id: Generated<number>;
  notification_id: string;
  status: Generated<'pending' | 'taken'>;
  created_at: string;
  /** What an SMS about premiums is about (migration 0313): a reminder of a due, or a receipt. */
  premium_due_id: string | null;
  premium_kind: 'before' | 'on_day' | 'mid_grace' | 'lapsed' | null;
  premium_receipt_id: string | null;
  /** 1: held through Dhaka's quiet hours (21:00-08:00). */
  quiet_at_night: Generated<number>;
}

/** The demo's kept SMS and emails (GET /api/demo/outbox). */
export interface DemoOutboxRow {
  id: string;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: string;
}
