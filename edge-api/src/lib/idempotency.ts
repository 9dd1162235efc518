/**
 * Client-made mutation ids, so that a write replayed from an offline outbox (or a retried
 * request) never happens twice. The id arrives as the `Idempotency-Key` header on REST and as
 * `mutationId` in sync push items; both lead here.
 *
 * - Ids are scoped per user: processed_mutations has PRIMARY KEY (user_id, mutation_id), so
 *   one user's id never meets another user's.
 * - The record of a mutation is written in the SAME batch as its effect. Two concurrent
 *   requests with one id both get past the first look-up, but the second batch hits the
 *   primary key, rolls back whole, and that request answers with the first one's result.
 * - A replay answers with the first result, same status and body, and changes nothing; the
 *   same id with a different request is refused with 422 `idempotency_mismatch`.
 * - A refused command (409, nothing changed) is recorded too, after the fact, so its replay
 *   also gets the first answer.
 *
 * A successful result often contains values only the batch knows (the row's new `version`,
 * say). So a command stores what it needs to rebuild its answer, typically the row itself as
 * JSON made by SQL inside the batch (see db/row-snapshot.ts), and gives `runOnce` a `revive`
 * function that turns the stored value into the body, with the same mapper as the live path.
 */
import { sql, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { prepareQuery } from '../db/prepared.ts';
import { rowSnapshotSql, type RowSnapshot } from '../db/row-snapshot.ts';
import type { Database } from '../db/schema.ts';
import { ApiError, type ErrorBody } from '../http/errors.ts';

export interface MutationKey {
  userId: string;
  mutationId: string;
}

/** A key plus the fingerprint of the request it was first used for. */
export interface Mutation {
  key: MutationKey;
  requestHash: string;
}

export type SuccessStatus = 200 | 201;

/** What a command answers: the status and body of its response, and whether it was a replay. */
export type Outcome<T> =
  | { ok: true; status: SuccessStatus; body: T; replayed: boolean }
  | { ok: false; status: ContentfulStatusCode; body: ErrorBody; replayed: boolean };

export const idempotencyHeader = 'Idempotency-Key';

const mutationIdPattern = /^[\x21-\x7e]{1,200}$/;
export const mutationIdMessage = 'A mutation id is 1 to 200 visible characters';

export function isValidMutationId(value: string): boolean {
  return mutationIdPattern.test(value);
}

/** The mutation key of a REST request: its Idempotency-Key header, scoped to the signed-in user. */
export function keyFromHeader(header: string | undefined, userId: string): MutationKey | undefined {
  if (header === undefined) return undefined;
  const mutationId = header.trim();
  if (!isValidMutationId(mutationId)) {
    throw new ApiError(400, 'bad_request', `The ${idempotencyHeader} header is not valid: ${mutationIdMessage.toLowerCase()}`);
  }
  return { userId, mutationId };
}

/** JSON with object keys sorted, so equal requests hash equally whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** SHA-256 as lowercase hex. */
export type Sha256 = (text: string) => string | Promise<string>;

/** WebCrypto's digest: on every runtime, but asynchronous (about 50 us a call on Node). */
export const webCryptoSha256: Sha256 = async (text) => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
};

let sha256: Sha256 = webCryptoSha256;

/**
 * The Node entry hands in node:crypto's synchronous hash (a few us); the Worker keeps WebCrypto.
 * Process-wide on purpose: the hash is the same function whichever app instance asks.
 */
export function useSha256(hash: Sha256) {
  sha256 = hash;
}

/** SHA-256 of the command name and its (validated) input. */
export async function requestHash(command: string, input: unknown): Promise<string> {
  return sha256(canonicalJson([command, input]));
}

export async function prepareMutation(
  key: MutationKey | undefined,
  command: string,
  input: unknown,
): Promise<Mutation | undefined> {
  return key ? { key, requestHash: await requestHash(command, input) } : undefined;
}

interface Processed {
  requestHash: string;
  status: number;
  response: string;
}

/** Asked before every write that carries a mutation id: compiled once. */
const processedMutation = prepareQuery(2, (db, userId: string, mutationId: string) =>
  db
    .selectFrom('processed_mutations')
    .select(['request_hash', 'status_code', 'response'])
    .where('user_id', '=', userId)
    .where('mutation_id', '=', mutationId),
);

export async function findProcessed(db: Kysely<Database>, key: MutationKey): Promise<Processed | undefined> {
  const [row] = (await processedMutation.execute(db, key.userId, key.mutationId)).rows;
  return row && { requestHash: row.request_hash, status: row.status_code, response: row.response };
}

export const idempotencyMismatch = () =>
  new ApiError(
    422,
    'idempotency_mismatch',
    'This mutation id was already used for a different request. Use a new id for a new request.',
  );

function replay<T>(mutation: Mutation, processed: Processed, revive: (stored: unknown) => T): Outcome<T> {
  if (processed.requestHash !== mutation.requestHash) throw idempotencyMismatch();
  const stored: unknown = JSON.parse(processed.response);
  if (processed.status < 400) {
    return { ok: true, status: processed.status as SuccessStatus, body: revive(stored), replayed: true };
  }
  return { ok: false, status: processed.status as ContentfulStatusCode, body: stored as ErrorBody, replayed: true };
}

/** Given to a command's body by `runOnce`: how to record its result for later replays. */
export interface Recorder<T> {
  /**
   * Queries to append to the effect's batch, after the effect (empty without a mutation id).
   * `stored` is a row read as JSON inside the batch (db/row-snapshot.ts) or a value to store
   * as JSON. With `afterChange`, the record is written only if the statement just before
   * it changed exactly one row, so a conditional effect that did not happen records nothing.
   */
  success(status: SuccessStatus, stored: RowSnapshot | { json: unknown }, options?: { afterChange?: boolean }): CompiledQuery[];
  /**
   * For a command that changed nothing and answers with an error (a refused transition):
   * records that answer and returns it; if a concurrent request with the same id recorded a
   * result first, returns that one instead.
   */
  refuse(status: ContentfulStatusCode, body: ErrorBody): Promise<Outcome<T>>;
}

/**
 * The record of a success, written in the effect's batch: compiled once per shape (every write
 * with a mutation id makes one). `response` is a JSON text parameter or a row snapshot's SQL;
 * with `afterChange`, only if the statement just before it changed exactly one row.
 */
const recordSuccess = (afterChange: boolean, response: (value: unknown) => RawBuilder<unknown>) =>
  prepareQuery(
    6,
    (_db, userId: string, mutationId: string, hash: string, status: SuccessStatus, value: unknown, at: string) =>
      sql`INSERT INTO processed_mutations (user_id, mutation_id, request_hash, status_code, response, created_at)
          SELECT ${userId}, ${mutationId}, ${hash}, ${status}, ${response(value)}, ${at} ${afterChange ? sql`WHERE changes() = 1` : sql``}`,
  );

const recordValue = recordSuccess(false, (json) => sql`${json}`);
const recordValueAfterChange = recordSuccess(true, (json) => sql`${json}`);

/** Per snapshot columns (one constant array per table) and afterChange. */
const recordRowQueries = new WeakMap<readonly string[], Map<string, ReturnType<typeof recordSuccess>>>();

function recordRow(snapshot: RowSnapshot, afterChange: boolean) {
  let byShape = recordRowQueries.get(snapshot.columns);
  if (!byShape) recordRowQueries.set(snapshot.columns, (byShape = new Map()));
  const shape = `${snapshot.table} ${afterChange}`;
  let query = byShape.get(shape);
  if (!query) {
    query = recordSuccess(afterChange, (id) => rowSnapshotSql(snapshot, id));
    byShape.set(shape, query);
  }
  return query;
}

/**
 * Runs a command at most once per mutation key. Without a key it simply runs. With one, an
 * earlier result is replayed (or the request refused as a mismatch); otherwise `run` executes
 * and must put `record.success(...)` in the batch of its effect.
 */
export async function runOnce<T>(
  deps: { db: Kysely<Database>; clock: () => Date },
  mutation: Mutation | undefined,
  revive: (stored: unknown) => T,
  run: (record: Recorder<T>) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  const { db, clock } = deps;
  if (!mutation) {
    return run({
      success: () => [],
      refuse: async (status, body) => ({ ok: false, status, body, replayed: false }),
    });
  }
  const earlier = await findProcessed(db, mutation.key);
  if (earlier) return replay(mutation, earlier, revive);

  const { key, requestHash: hash } = mutation;
  const recorder: Recorder<T> = {
    success(status, stored, options = {}) {
      const afterChange = options.afterChange === true;
      const at = clock().toISOString();
      return [
        'json' in stored
          ? (afterChange ? recordValueAfterChange : recordValue).compile(db, key.userId, key.mutationId, hash, status, JSON.stringify(stored.json), at)
          : recordRow(stored, afterChange).compile(db, key.userId, key.mutationId, hash, status, stored.id, at),
      ];
    },
    async refuse(status, body) {
      const result = await db
        .insertInto('processed_mutations')
        .values({
          user_id: key.userId,
          mutation_id: key.mutationId,
          request_hash: hash,
          status_code: status,
          response: JSON.stringify(body),
          created_at: clock().toISOString(),
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 0) {
        const first = await findProcessed(db, key);
        if (first) return replay(mutation, first, revive);
      }
      return { ok: false, status, body, replayed: false };
    },
  };

  try {
    return await run(recorder);
  } catch (error) {
    // A concurrent request with the same id committed first: its record made our batch fail
    // (primary key) and roll back. Answer as that first request did.
    const first = await findProcessed(db, key);
    if (first) return replay(mutation, first, revive);
    throw error;
  }
}
