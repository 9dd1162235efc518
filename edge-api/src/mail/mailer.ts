/**
 * What account emails (a reset link, "your password was changed") need: send one plain text
 * email. On Node, nodemailer over SMTP_URL (mail/smtp-mailer.ts); in demo mode without it, the
 * demo outbox; on the Worker, which cannot speak SMTP, the outbox in demo mode and otherwise
 * none (docs/decisions/0110): email resets then are not offered, phone resets still are.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { keepInOutbox } from '../sms/outbox.ts';

export interface Email {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly name: string;
  send(email: Email): Promise<void>;
}

export function outboxMailer(db: Kysely<Database>, clock: () => Date): Mailer {
  return {
    name: 'outbox',
    send: (email) => keepInOutbox(db, clock(), { channel: 'email', recipient: email.to, subject: email.subject, body: email.text }),
  };
}
