/**
 * Issue 50: whether the number on an application is one its applicant proved with a code, so
 * an agent or admin knows an SMS reaches them. The application keeps the number as typed
 * (`+880 1711 300037`, `01711300037`): compared in the one form a proven number is stored in.
 */
import type { ExpressionBuilder } from 'kysely';
import { normaliseBdMobile } from '../schemas/person.ts';
import type { Database } from './schema.ts';

/** The applicant's proven number, as a column of a query over applications (no join, no bound list: any page size). */
export const applicantProvenPhone = (eb: ExpressionBuilder<Database, 'applications'>) =>
  eb
    .selectFrom('users')
    .select('users.phone')
    .whereRef('users.id', '=', 'applications.user_id')
    .where('users.phone_verified_at', 'is not', null)
    .as('applicant_proven_phone');

export const numberIsProven = (typed: string | null, proven: string | null | undefined): boolean =>
  Boolean(typed && proven && normaliseBdMobile(typed) === proven);
