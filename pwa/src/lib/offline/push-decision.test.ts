import { describe, expect, it } from 'vitest';
import { afterAnswers, afterBatch, classifyStatus, nextBatchSize, verdictOf } from './push-decision.ts';

describe('how a push answer is classified', () => {
  it('takes 2xx as answered, 401 as an ended session, other 4xx as a refusal', () => {
    expect(classifyStatus(200, null)).toBe('answered');
    expect(classifyStatus(401, null)).toBe('session-ended');
    expect(classifyStatus(400, null)).toBe('bad-request');
    expect(classifyStatus(403, null)).toBe('bad-request');
    expect(classifyStatus(413, null)).toBe('bad-request');
  });

  it('retries server trouble, rate limits and timeouts, honouring Retry-After', () => {
    expect(classifyStatus(503, 7)).toEqual({ retryAfterMs: 7000 });
    expect(classifyStatus(429, null)).toEqual({ retryAfterMs: undefined });
    expect(classifyStatus(408, 0)).toEqual({ retryAfterMs: undefined });
    expect(classifyStatus(500, null)).toEqual({ retryAfterMs: undefined });
  });
});

describe('what the push engine does after a batch', () => {
  const answers = [{ mutationId: 'm1', result: 'applied' as const, status: 201 }];

  it('records answers', () => {
    expect(afterBatch({ kind: 'answered', answers }, { size: 1, renewed: false })).toEqual({ do: 'record', answers });
  });

  it('renews an expired session once, then waits for the owner', () => {
    expect(afterBatch({ kind: 'session-ended' }, { size: 3, renewed: false })).toEqual({ do: 'renew-session' });
    expect(afterBatch({ kind: 'session-ended' }, { size: 3, renewed: true })).toEqual({ do: 'wait-for-session' });
  });

  it('keeps the writes and retries later on a network failure', () => {
    expect(afterBatch({ kind: 'retry-later', error: 'No connection' }, { size: 5, renewed: false })).toEqual({
      do: 'retry-later',
      error: 'No connection',
      retryAfterMs: undefined,
    });
  });

  it('splits a batch the server refused as a whole, and refuses a single write', () => {
    const refusal = { kind: 'bad-request' as const, status: 400, reason: 'Bad' };
    expect(afterBatch(refusal, { size: 4, renewed: false })).toEqual({ do: 'send-singly', count: 4 });
    expect(afterBatch(refusal, { size: 1, renewed: false })).toEqual({ do: 'refuse', status: 400, reason: 'Bad' });
  });

  it('does not spin when the server answered none of the batch', () => {
    expect(afterAnswers(0)).toBe('retry-later');
    expect(afterAnswers(2)).toBe('next');
  });

  it('sends one at a time while hunting for a refused write', () => {
    expect(nextBatchSize(3, 20)).toBe(1);
    expect(nextBatchSize(0, 20)).toBe(20);
  });
});

describe('the verdict on one write', () => {
  it('accepts applied and duplicate answers', () => {
    expect(verdictOf({ mutationId: 'a', result: 'applied', status: 201 })).toEqual({ accepted: true });
    expect(verdictOf({ mutationId: 'a', result: 'duplicate', status: 200 })).toEqual({ accepted: true });
  });

  it('gives the reason of a refusal: the server reason, its message, or the status', () => {
    expect(verdictOf({ mutationId: 'a', result: 'refused', status: 409, reason: 'Already decided' })).toEqual({ accepted: false, reason: 'Already decided' });
    expect(verdictOf({ mutationId: 'a', result: 'refused', status: 400, body: { message: 'Invalid NID' } })).toEqual({ accepted: false, reason: 'Invalid NID' });
    expect(verdictOf({ mutationId: 'a', result: 'applied', status: 422 })).toEqual({ accepted: false, reason: 'Refused by the server (422)' });
  });
});
