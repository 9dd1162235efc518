/**
 * The popular six (GET /policies/6): highest popularity first (db/policies.ts popularityOf),
 * newest first among equals. Reads a bounded number of rows whatever the catalogue's size:
 *  1. the policies whose score reaches the sixth-best score, straight from the index on the
 *     score (migrations/0050), ties included, so the order among equals is exact;
 *  2. only if fewer than six policies have any score, the newest others (all scoring 0) from
 *     the creation-date index.
 */
import { sql, type Kysely } from 'kysely';
import { selectPolicies, toPolicy, type Policy } from './policies.ts';
import type { Database } from './schema.ts';

export const popularCount = 6;

/** Exactly the indexed expression of migrations/0050, so SQLite uses that index. */
const score = sql<number>`policy_stats.view_count + 5 * policy_stats.application_count`;

const withdrawnIds = (db: Kysely<Database>) => db.selectFrom('policies').select('id').where('withdrawn_at', 'is not', null);

export async function popularPolicies(db: Kysely<Database>): Promise<Policy[]> {
  const sixth = db
    .selectFrom('policy_stats')
    .select(score.as('score'))
    // Withdrawn policies (issue 29) are few and leave the ranking.
    .where('policy_stats.policy_id', 'not in', withdrawnIds(db))
    .orderBy(score, 'desc')
    .limit(1)
    .offset(popularCount - 1);
  const scored = await selectPolicies(db)
    .where(score, '>=', sql<number>`max(1, coalesce((${sixth}), 1))`)
    .where('policies.withdrawn_at', 'is', null)
    .orderBy(score, 'desc')
    .orderBy('policies.creation_date', 'desc')
    .limit(popularCount)
    .execute();
  if (scored.length === popularCount) return scored.map(toPolicy);
  // Every policy with a score is in `scored`; the rest all score 0: the newest of them.
  // Scoring 0 with a stats row, or without one: both count as 0.
  const rest = await selectPolicies(db)
    .where((eb) => eb.or([eb('policy_stats.policy_id', 'is', null), eb(score, '<=', 0)]))
    .where('policies.withdrawn_at', 'is', null)
    .orderBy('policies.creation_date', 'desc')
    .limit(popularCount - scored.length)
    .execute();
  return [...scored, ...rest].map(toPolicy);
}
