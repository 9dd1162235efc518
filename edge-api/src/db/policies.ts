import type { Kysely, Selectable } from 'kysely';
import { prepareQuery } from './prepared.ts';
import type { Database, PolicyRow } from './schema.ts';

export interface Policy {
  id: string;
  title: string;
  category: PolicyRow['category'];
  description: string;
  shortDetails: string;
  /** The Bangla title, short details and description, or null (then the English ones are shown). */
  titleBn: string | null;
  shortDetailsBn: string | null;
  descriptionBn: string | null;
  minAge: number;
  maxAge: number;
  coverageRange: number;
  duration: number;
  basePremium: number;
  image: string;
  creatorEmail: string;
  trackingId: string;
  creationDate: string;
  /** When an admin withdrew it (issue 29): it has left the catalogue, its applications keep it. */
  withdrawnAt: string | null;
  popularity: number;
  version: number;
}

type PolicyWithStats = Selectable<PolicyRow> & { view_count: number | null; application_count: number | null };

/** An application weighs more than a view in popularity. */
export const popularityOf = (views: number, applications: number) => views + applications * 5;

export function toPolicy(row: PolicyWithStats): Policy {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    description: row.description,
    shortDetails: row.short_details,
    titleBn: row.title_bn,
    shortDetailsBn: row.short_details_bn,
    descriptionBn: row.description_bn,
    minAge: row.min_age,
    maxAge: row.max_age,
    coverageRange: row.coverage_range,
    duration: row.duration,
    basePremium: row.base_premium,
    image: row.image_url,
    creatorEmail: row.creator_email,
    trackingId: row.tracking_id,
    creationDate: row.creation_date,
    withdrawnAt: row.withdrawn_at ?? null,
    popularity: popularityOf(row.view_count ?? 0, row.application_count ?? 0),
    version: row.version,
  };
}

/** Policies joined with their usage counts, ready for `toPolicy`. */
export function selectPolicies(db: Kysely<Database>) {
  return db
    .selectFrom('policies')
    .leftJoin('policy_stats', 'policy_stats.policy_id', 'policies.id')
    .selectAll('policies')
    .select(['policy_stats.view_count', 'policy_stats.application_count']);
}

/** One policy with its counts (GET /policies/:id, the busiest read): compiled once. */
export const policyById = prepareQuery(1, (db, id: string) => selectPolicies(db).where('policies.id', '=', id));
