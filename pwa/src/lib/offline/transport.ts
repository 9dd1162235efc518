/**
 * Sends one batch of queued writes with POST /sync/push, through the typed client, and reads
 * what came back as a BatchOutcome. The engine handles a 401 itself (it must never send one
 * user's writes with another user's renewed token), so this call uses the plain fetch, not the
 * client's renew-and-repeat one. Every send has a time limit (timeouts.ts).
 */
import { toApiError } from '../api-error.ts';
import { api } from '../http.ts';
import type { OutboxItem } from '../local-db.ts';
import { classifyStatus, type BatchOutcome, type PushAnswer } from './push-decision.ts';
import { failureText, isTimeout, pushTimeoutMs } from './timeouts.ts';

export async function sendBatch(items: OutboxItem[], token: string): Promise<BatchOutcome> {
  let res: Response;
  try {
    res = await api.sync.push.$post(
      { json: { mutations: items.map(({ mutationId, type, payload }) => ({ mutationId, type, payload })) } },
      {
        fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, { ...init, credentials: 'same-origin' }),
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        // Also bounds reading the answer: a stalled body never holds the queue either.
        init: { signal: AbortSignal.timeout(pushTimeoutMs) },
      },
    );
  } catch (error) {
    return { kind: 'retry-later', error: failureText(error), slow: isTimeout(error) };
  }
  const retryAfter = res.headers.get('retry-after');
  const taken = classifyStatus(res.status, retryAfter === null ? null : Number(retryAfter) || null);
  if (taken === 'session-ended') return { kind: 'session-ended' };
  if (typeof taken === 'object') return { kind: 'retry-later', error: `The server is not available (${res.status})`, retryAfterMs: taken.retryAfterMs };
  if (taken === 'bad-request') return { kind: 'bad-request', status: res.status, reason: (await toApiError(res)).message };
  try {
    const data = (await res.json()) as { results?: PushAnswer[] };
    if (!Array.isArray(data.results)) throw new Error('no answers');
    return { kind: 'answered', answers: data.results };
  } catch (error) {
    // A cut-off answer: the server may have applied the batch. Sending it again is safe.
    return { kind: 'retry-later', error: isTimeout(error) ? failureText(error) : 'The answer from the server was incomplete', slow: isTimeout(error) };
  }
}
