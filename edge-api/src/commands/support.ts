/**
 * The contact form's messages (issue 29): stored for the admins' support inbox, with the
 * sender's account when they were signed in. From the outbox (sync push 'support.send') the
 * message is stored once per mutation id and counted against the person's own limit, as the
 * REST endpoint counts the address's.
 */
import type { AppDeps, SessionUser } from '../http/env.ts';
import type { RateLimit } from '../http/config.ts';
import { newId } from '../lib/ids.ts';
import { prepareMutation, runOnce, type MutationKey, type Outcome } from '../lib/idempotency.ts';
import { countHit, hitArgs, tooManyRequestsBody, waitAfterHit } from '../lib/rate-limit.ts';
import type { SupportMessageBody } from '../schemas/support-message.ts';

type Deps = Pick<AppDeps, 'db' | 'batch' | 'clock'>;

export interface SupportMessageSent {
  message: string;
  id: string;
}

/** What the sender is told: the truth about what happens next. */
export const supportReply = 'Thank you: your message reached our support team. We will answer by email within 2 working days.';

export async function sendSupportMessage(
  deps: Deps,
  sender: SessionUser | null,
  input: SupportMessageBody,
  options: { key?: MutationKey; perPersonLimit?: RateLimit } = {},
): Promise<Outcome<SupportMessageSent>> {
  const { db, batch, clock } = deps;
  const mutation = await prepareMutation(options.key, 'support.send', input);
  return runOnce(deps, mutation, (stored) => stored as SupportMessageSent, async (record) => {
    const now = clock();
    if (sender && options.perPersonLimit) {
      const { rows } = await countHit.execute(db, ...hitArgs(`support:user:${sender.id}`, options.perPersonLimit, now.getTime()));
      const wait = rows[0] ? waitAfterHit(rows[0], options.perPersonLimit, now.getTime()) : null;
      if (wait !== null) return { ok: false, status: 429, body: tooManyRequestsBody(wait), replayed: false };
    }
    const id = newId();
    const body: SupportMessageSent = { message: supportReply, id };
    await batch([
      db
        .insertInto('support_messages')
        .values({
          id,
          name: input.name,
          email: input.email.toLowerCase(),
          message: input.message,
          user_id: sender?.id ?? null,
          account_email: sender?.email ?? null,
          created_at: now.toISOString(),
        })
        .compile(),
      ...record.success(201, { json: body }),
    ]);
    return { ok: true, status: 201, body, replayed: false };
  });
}
