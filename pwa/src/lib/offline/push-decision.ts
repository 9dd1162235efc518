/**
 * What the push engine does next, as pure functions of what happened (no I/O, no clock), so
 * every branch is unit-tested (push-decision.test.ts) and push-engine.ts only carries them out.
 */

/** One answer of POST /sync/push for one write. */
export interface PushAnswer {
  mutationId: string;
  result: 'applied' | 'duplicate' | 'refused';
  status: number;
  body?: unknown;
  reason?: string;
  current?: unknown;
}

/** What came back for one batch, as transport.ts reads it. */
export type BatchOutcome =
  | { kind: 'answered'; answers: PushAnswer[] }
  | { kind: 'retry-later'; error: string; retryAfterMs?: number; slow?: boolean }
  | { kind: 'session-ended' }
  | { kind: 'bad-request'; status: number; reason: string };

/** How an HTTP status of POST /sync/push is taken (before its body is read). */
export function classifyStatus(status: number, retryAfterSeconds: number | null): 'answered' | 'session-ended' | 'bad-request' | { retryAfterMs?: number } {
  if (status === 401) return 'session-ended';
  if (status >= 500 || status === 429 || status === 408) {
    return { retryAfterMs: retryAfterSeconds !== null && retryAfterSeconds > 0 ? retryAfterSeconds * 1000 : undefined };
  }
  if (status < 200 || status >= 300) return 'bad-request';
  return 'answered';
}

export type Step =
  /** Record the server's answers (then look at what they said: afterAnswers). */
  | { do: 'record'; answers: PushAnswer[] }
  /** The access token expired: renew the session once and send the same batch again. */
  | { do: 'renew-session' }
  /** The session is over (or would not renew): the writes wait for their owner. */
  | { do: 'wait-for-session' }
  /** Keep the writes, note the failure, try again after the backoff. */
  | { do: 'retry-later'; error: string; retryAfterMs?: number }
  /** The server refused a whole batch: send its items one at a time to find the bad one. */
  | { do: 'send-singly'; count: number }
  /** The server refused this single write: it leaves the queue as refused, the user is told. */
  | { do: 'refuse'; status: number; reason: string };

export interface BatchContext {
  /** How many items the batch held. */
  size: number;
  /** Whether this push already renewed the session once. */
  renewed: boolean;
}

export function afterBatch(outcome: BatchOutcome, context: BatchContext): Step {
  switch (outcome.kind) {
    case 'answered':
      return { do: 'record', answers: outcome.answers };
    case 'session-ended':
      return context.renewed ? { do: 'wait-for-session' } : { do: 'renew-session' };
    case 'retry-later':
      return { do: 'retry-later', error: outcome.error, retryAfterMs: outcome.retryAfterMs };
    case 'bad-request':
      return context.size > 1 ? { do: 'send-singly', count: context.size } : { do: 'refuse', status: outcome.status, reason: outcome.reason };
  }
}

/** After the answers were recorded: go on with the next batch, or back off when none fitted. */
export function afterAnswers(answered: number): 'next' | 'retry-later' {
  // The server answered none of them: do not spin; try again later.
  return answered > 0 ? 'next' : 'retry-later';
}

/** How many items the next batch takes: one while hunting for a refused item, else a full batch. */
export const nextBatchSize = (singlesLeft: number, batchSize: number) => (singlesLeft > 0 ? 1 : batchSize);

/** Whether the server took a write (applied now or before) or refused it, and why. */
export function verdictOf(answer: PushAnswer): { accepted: true } | { accepted: false; reason: string } {
  if (answer.result !== 'refused' && answer.status < 400) return { accepted: true };
  const message = (answer.body as { message?: unknown } | null | undefined)?.message;
  return { accepted: false, reason: answer.reason ?? (typeof message === 'string' ? message : `Refused by the server (${answer.status})`) };
}
