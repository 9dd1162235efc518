/**
 * The statements of POST /applications (the busiest write), compiled once (db/prepared.ts):
 * the policy applied for, the new row, the policy's application count, and the row as stored.
 */
import { sql } from 'kysely';
import { prepareQuery } from './prepared.ts';
import type { ApplicationStatus, PaymentStatus } from './schema.ts';

export const policyToApplyFor = prepareQuery(1, (db, id: string) =>
  db.selectFrom('policies').select(['id', 'title', 'category']).where('id', '=', id),
);

export interface NewApplication {
  id: string;
  user_id: string;
  user_email: string;
  name: string;
  address: string;
  nid: string;
  phone: string | null;
  nominee_name: string;
  relationship: string;
  health_conditions: string;
  estimated_premium: number | null;
  policy_id: string;
  policy_name: string;
  category: string | null;
  status: ApplicationStatus;
  payment_status: PaymentStatus;
  applied_at: string;
}

const newApplicationColumns = [
  'id',
  'user_id',
  'user_email',
  'name',
  'address',
  'nid',
  'phone',
  'nominee_name',
  'relationship',
  'health_conditions',
  'estimated_premium',
  'policy_id',
  'policy_name',
  'category',
  'status',
  'payment_status',
  'applied_at',
] as const satisfies readonly (keyof NewApplication)[];

const insertNewApplication = prepareQuery(newApplicationColumns.length, (db, ...values: unknown[]) =>
  db
    .insertInto('applications')
    .values(Object.fromEntries(newApplicationColumns.map((column, index) => [column, values[index]])) as unknown as NewApplication),
);

export const insertApplication = (db: Parameters<typeof insertNewApplication.compile>[0], row: NewApplication) =>
  insertNewApplication.compile(db, ...newApplicationColumns.map((column) => row[column] ?? null));

export const countApplicationForPolicy = prepareQuery(1, (db, policyId: string) =>
  db
    .insertInto('policy_stats')
    .values({ policy_id: policyId, application_count: 1 })
    .onConflict((oc) => oc.column('policy_id').doUpdateSet({ application_count: sql`application_count + 1` })),
);

export const applicationRowById = prepareQuery(1, (db, id: string) => db.selectFrom('applications').selectAll().where('id', '=', id));
