import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { AppEnv, SessionUser } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { idempotencyHeader, keyFromHeader, type MutationKey, type Outcome, type SuccessStatus } from '../lib/idempotency.ts';

/** The mutation key of a request, from its Idempotency-Key header, scoped to the user. */
export const mutationKey = (c: Context<AppEnv>, user: SessionUser): MutationKey | undefined =>
  keyFromHeader(c.req.header(idempotencyHeader), user.id);

/**
 * A command's outcome as the HTTP response: its status and body; a refusal leaves through the
 * one onError (same error shape). A replayed mutation is marked with `Idempotent-Replayed`.
 */
export function reply<T extends object>(
  c: Context<AppEnv>,
  outcome: Outcome<T>,
): Response & TypedResponse<JSONParsed<T>, SuccessStatus, 'json'> {
  if (outcome.replayed) c.header('Idempotent-Replayed', 'true');
  if (!outcome.ok) {
    const { error, message, fields, details } = outcome.body;
    // A command's own limit (applications per day) says when to come back, as the middleware's do.
    const retryAfter = details?.retryAfterSeconds;
    if (outcome.status === 429 && typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter));
    throw new ApiError(outcome.status, error, message, { fields, details });
  }
  return c.json(outcome.body, outcome.status);
}
