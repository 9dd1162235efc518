import type { D1Database } from '@cloudflare/workers-types';
import { Kysely } from 'kysely';
import { D1Dialect } from 'kysely-d1';
import type { BatchRunner } from '../db/batch.ts';
import { runPreparedDirectly } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';

export function createD1Database(d1: D1Database): { db: Kysely<Database>; batch: BatchRunner } {
  const db = new Kysely<Database>({ dialect: new D1Dialect({ database: d1 }) });
  // The hot paths' prepared queries go to D1 without Kysely's executor, answering as kysely-d1's
  // connection does (db/prepared.ts).
  runPreparedDirectly(db, async (query) => {
    const result = await d1
      .prepare(query.sql)
      .bind(...(query.parameters as unknown[]))
      .all();
    const { changes, last_row_id: lastRowId } = result.meta;
    return {
      rows: (result.results ?? []) as never[],
      numAffectedRows: changes > 0 ? BigInt(changes) : undefined,
      insertId: lastRowId === undefined || lastRowId === null ? undefined : BigInt(lastRowId),
    };
  });
  const batch: BatchRunner = async (queries) => {
    if (queries.length === 0) return [];
    const results = await d1.batch(
      queries.map((query) => d1.prepare(query.sql).bind(...(query.parameters as unknown[]))),
    );
    return results.map((result) => ({
      changes: result.meta.changes ?? 0,
      rows: (result.results ?? []) as Record<string, unknown>[],
    }));
  };
  return { db, batch };
}
