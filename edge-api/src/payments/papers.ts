/**
 * What a payment and a policy leave the customer to keep: the receipt of every confirmed
 * payment, and the certificate of a policy in force (approved and paid). Both are read from
 * the application's own row (migration 0170), so they travel with it into the owner's and the
 * admins' offline copies (db/sync.ts) and open without a network. Amounts are poisha.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { certificateOf } from '../db/papers.ts';

export { certificateOf, receiptOf, type CertificateBasis, type Receipt } from '../db/papers.ts';

/** The public check of a certificate (the PWA's /verify/:code page), in English; pathInLanguage for the holder's. */
export const verifyPathOf = (code: string) => `/verify/${encodeURIComponent(code)}`;

/** The policy's term and coverage, for the certificate (poisha; the term in years). */
export interface CertificateTerms {
  coverageMinor: number | null;
  termYears: number | null;
  endsAt: string | null;
}

/** `coverage`: the cover the application was quoted for (issue 48), else the policy's own. */
export function termsOf(startsAt: string, policy: { coverage_range: number; duration: number } | undefined, coverage: number | null = null): CertificateTerms {
  if (!policy) return { coverageMinor: coverage, termYears: null, endsAt: null };
  const end = new Date(startsAt);
  end.setUTCFullYear(end.getUTCFullYear() + policy.duration);
  return { coverageMinor: coverage ?? policy.coverage_range, termYears: policy.duration, endsAt: end.toISOString() };
}

export const policyTermsRow = (db: Kysely<Database>, policyId: string | null) =>
  policyId
    ? db.selectFrom('policies').select(['coverage_range', 'duration']).where('id', '=', policyId).executeTakeFirst()
    : Promise.resolve(undefined);

/** "Rahim Uddin" -> "R**** U****": enough to recognise one's own, nothing to learn a stranger's. */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => {
      const letters = Array.from(part);
      return `${letters[0] ?? ''}${'*'.repeat(Math.max(3, letters.length - 1))}`;
    })
    .join(' ');
}

export interface Verification {
  /** Issued by us and not refunded. */
  valid: boolean;
  /** Valid and today between its start and end. */
  inForce: boolean;
  policyNumber: string;
  policyName: string;
  /** The policy's Bangla title (issue 48), or null. */
  policyNameBn: string | null;
  holder: string;
  startsAt: string;
  endsAt: string | null;
  /**
   * Issue 51: set when this code is of an older version of the certificate, replaced by a change
   * (a new nominee, a duplicate): the date of the version that replaced it. Such a code is not valid.
   */
  replacedBy?: { versionAt: string };
}

/** The public answer for a certificate's code; null when no certificate has it. */
export async function verifyCertificate(db: Kysely<Database>, code: string, now: Date): Promise<Verification | null> {
  if (!/^[0-9a-f]{32}$/.test(code)) return null;
  const row = await db.selectFrom('applications').selectAll().where('verify_code', '=', code).executeTakeFirst();
  if (!row) return replacedVersion(db, code);
  const certificate = certificateOf(row);
  const refunded = Boolean(row.refunded_at);
  if (!certificate && !refunded && row.status !== 'rejected') return null;
  const startsAt = certificate?.startsAt ?? row.paid_at ?? row.applied_at;
  const terms = termsOf(startsAt, await policyTermsRow(db, row.policy_id));
  const valid = certificate !== null;
  const inForce = valid && startsAt <= now.toISOString() && (terms.endsAt === null || now.toISOString() < terms.endsAt);
  return {
    valid,
    inForce,
    policyNumber: row.policy_number ?? '',
    policyName: row.policy_name,
    policyNameBn: row.policy_name_bn ?? null,
    holder: maskName(row.name),
    startsAt,
    endsAt: terms.endsAt,
  };
}

/** An older version's code (issue 51): the policy, not valid, and the date of the version that replaced it. */
async function replacedVersion(db: Kysely<Database>, code: string): Promise<Verification | null> {
  const replaced = await db
    .selectFrom('replaced_certificates')
    .innerJoin('applications', 'applications.id', 'replaced_certificates.application_id')
    .select(['replaced_certificates.replaced_at', 'applications.policy_number', 'applications.policy_name', 'applications.policy_name_bn', 'applications.name', 'applications.paid_at', 'applications.applied_at', 'applications.policy_id'])
    .where('replaced_certificates.verify_code', '=', code)
    .executeTakeFirst();
  if (!replaced) return null;
  // The version that replaced it: the next one issued after it (a later change may have replaced that too).
  const startsAt = replaced.paid_at ?? replaced.applied_at;
  const terms = termsOf(startsAt, await policyTermsRow(db, replaced.policy_id));
  return {
    valid: false,
    inForce: false,
    policyNumber: replaced.policy_number ?? '',
    policyName: replaced.policy_name,
    policyNameBn: replaced.policy_name_bn ?? null,
    holder: maskName(replaced.name),
    startsAt,
    endsAt: terms.endsAt,
    replacedBy: { versionAt: replaced.replaced_at },
  };
}
