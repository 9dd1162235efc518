/**
 * GET /api/policies/:id answers with one policy as JSON. Reading its 16 columns and serialising
 * them is most of what that read costs the app besides the HTTP layer (issue 17), yet the text
 * only changes when the catalogue does. It is kept per policy for the catalogue version it was
 * read at (db/policy-catalogue.ts: any insert, edit or delete of a policy raises that version);
 * each request reads only that version and the policy's two counts, and puts the popularity
 * between the kept text's two halves. Views do not change the version (they write
 * policy_stats), so a busy policy stays served from here.
 */
import type { Kysely } from 'kysely';
import { prepareQuery } from './prepared.ts';
import { policyById, toPolicy } from './policies.ts';
import { catalogueVersionOf } from './policy-catalogue.ts';
import type { Database } from './schema.ts';

/** The JSON of a policy up to its popularity, and from after it: popularity is counted per request. */
interface Kept {
  before: string;
  after: string;
}

export interface PolicyAnswer extends Kept {
  viewCount: number;
  applicationCount: number;
}

/** Policies kept per database; past it the whole set starts afresh (a catalogue has hundreds). */
const maxKept = 10_000;
const kept = new WeakMap<Kysely<Database>, { version: number; answers: Map<string, Kept> }>();

/** The catalogue version and one policy's counts, in one statement (no row when it has no stats). */
const versionAndCounts = prepareQuery(1, (db, id: string) =>
  db.selectNoFrom((eb) => [
    catalogueVersionOf.as('version'),
    eb.selectFrom('policy_stats').select('view_count').where('policy_id', '=', id).as('view_count'),
    eb.selectFrom('policy_stats').select('application_count').where('policy_id', '=', id).as('application_count'),
  ]),
);

function split(row: Parameters<typeof toPolicy>[0]): Kept {
  // The same keys in the same order as toPolicy's answer: popularity, then version, last.
  const { popularity: _counted, version, ...rest } = toPolicy(row);
  return { before: `${JSON.stringify(rest).slice(0, -1)},"popularity":`, after: `,"version":${JSON.stringify(version)}}` };
}

/** The policy's kept JSON halves and current counts; null when there is no such policy. */
export async function policyAnswer(db: Kysely<Database>, id: string): Promise<PolicyAnswer | null> {
  // The version is read before the row: a row read later is at least as new as the version it
  // is kept under, so an edit in between only makes the next request read it again.
  const [fresh] = (await versionAndCounts.execute(db, id)).rows;
  const version = Number(fresh?.version ?? 0);
  let current = kept.get(db);
  if (current?.version !== version) {
    current = { version, answers: new Map() };
    kept.set(db, current);
  }
  const hit = current.answers.get(id);
  // Named, not spread: V8 makes a spread-and-extended object slowly (a microsecond a request).
  if (hit) return { before: hit.before, after: hit.after, viewCount: fresh?.view_count ?? 0, applicationCount: fresh?.application_count ?? 0 };
  const [row] = (await policyById.execute(db, id)).rows;
  if (!row) return null;
  const answer = split(row);
  if (current.answers.size >= maxKept) current.answers.clear();
  current.answers.set(id, answer);
  return { before: answer.before, after: answer.after, viewCount: row.view_count ?? 0, applicationCount: row.application_count ?? 0 };
}
