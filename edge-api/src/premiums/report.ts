/**
 * The admin's collections report (issue 49, docs/premiums-api.md): premiums received between two
 * Dhaka days, in the field (cash to an agent) and online (the customer, through a gateway), by
 * day and by who collected them. A receipt counts on the day the server recorded it (`paid_at`,
 * indexed): the books' day, which a late outbox does not move backwards.
 * Bounded: one statement over an index range of at most `reportMaxDays` days, summed by the
 * database into at most days x collectors x 2 rows.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { dhakaDayStartsAt } from '../schemas/premium-report.ts';
import { addDays } from '../schemas/premium-schedule.ts';

export interface ReportDay {
  day: string;
  fieldMinor: number;
  onlineMinor: number;
  count: number;
}

export interface ReportAgent {
  /** The collecting agent's email; null: paid online by the customer. */
  agent: string | null;
  /** Their name, when they have an account. */
  agentName: string | null;
  fieldMinor: number;
  onlineMinor: number;
  count: number;
}

export interface CollectionsReport {
  from: string;
  to: string;
  byDay: ReportDay[];
  byAgent: ReportAgent[];
  fieldMinor: number;
  onlineMinor: number;
  totalMinor: number;
  count: number;
}

interface SumRow {
  day: string;
  collector: string | null;
  field: number;
  minor: number;
  n: number;
}

/** Premiums received from `from` to `to` (Dhaka days, both included). */
export async function collectionsReport(db: Kysely<Database>, range: { from: string; to: string }): Promise<CollectionsReport> {
  const start = dhakaDayStartsAt(range.from);
  const end = dhakaDayStartsAt(addDays(range.to, 1));
  // The Dhaka day of a stored UTC moment: six hours on (SQLite reads the ISO text with its Z).
  const rows = (
    await sql<SumRow>`
      SELECT date(paid_at, '+6 hours') AS day, lower(collected_by) AS collector, provider = 'field' AS field,
        SUM(amount_minor) AS minor, COUNT(*) AS n
      FROM premium_receipts
      WHERE paid_at >= ${start} AND paid_at < ${end}
      GROUP BY day, collector, field`.execute(db)
  ).rows;

  const days = new Map<string, ReportDay>();
  const agents = new Map<string | null, ReportAgent>();
  let fieldMinor = 0;
  let onlineMinor = 0;
  let count = 0;
  for (const row of rows) {
    const minor = Number(row.minor);
    const n = Number(row.n);
    const isField = Boolean(row.field);
    const day = days.get(row.day) ?? { day: row.day, fieldMinor: 0, onlineMinor: 0, count: 0 };
    // Online receipts carry no collector; a cash receipt always does (the agent or admin who took it).
    const who = isField ? row.collector : null;
    const agent = agents.get(who) ?? { agent: who, agentName: null, fieldMinor: 0, onlineMinor: 0, count: 0 };
    for (const line of [day, agent]) {
      if (isField) line.fieldMinor += minor;
      else line.onlineMinor += minor;
      line.count += n;
    }
    days.set(row.day, day);
    agents.set(who, agent);
    if (isField) fieldMinor += minor;
    else onlineMinor += minor;
    count += n;
  }

  const names = await namesOf(db, [...agents.keys()].filter((email): email is string => email !== null));
  const byAgent = [...agents.values()]
    .map((line) => ({ ...line, agentName: line.agent ? (names.get(line.agent) ?? null) : null }))
    // The agents by what they collected, most first; the customers' own online payments last.
    .sort((a, b) => (a.agent === null ? 1 : b.agent === null ? -1 : b.fieldMinor + b.onlineMinor - (a.fieldMinor + a.onlineMinor) || a.agent.localeCompare(b.agent)));
  const byDay = [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
  return { from: range.from, to: range.to, byDay, byAgent, fieldMinor, onlineMinor, totalMinor: fieldMinor + onlineMinor, count };
}

/** The account names of collectors' emails (lower case; users.email is NOCASE, so its index serves), as one JSON parameter (D1 binds at most 100 values). */
async function namesOf(db: Kysely<Database>, emails: string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = (
    await sql<{ email: string; name: string | null }>`
      SELECT lower(email) AS email, name FROM users WHERE email IN (SELECT value FROM json_each(${JSON.stringify(emails)}))`.execute(db)
  ).rows;
  return new Map(rows.filter((row) => row.name).map((row) => [row.email, row.name!]));
}
