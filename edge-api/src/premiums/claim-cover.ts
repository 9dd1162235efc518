/**
 * Was the policy in force on the day of a claim's event (issue 49)? A policy with a premium
 * schedule had lapsed that day when a due's grace had ended unpaid (schemas/claim-lapse.ts); a
 * policy sold before premiums were kept has no schedule and is never refused for it.
 */
import type { PremiumDeps } from './view.ts';
import { duesOf, premiumBasisOf } from './dues.ts';
import { findApplication } from '../db/applications.ts';
import { lapsedOnEvent, type LapsedOnEvent } from '../schemas/claim-lapse.ts';

export async function lapseOnEventDay(deps: PremiumDeps, applicationId: string, eventDate: string): Promise<LapsedOnEvent | null> {
  const application = await findApplication(deps.db, applicationId);
  const basis = application ? await premiumBasisOf(deps.db, application) : null;
  if (!basis) return null;
  const dues = await duesOf(deps, basis);
  return lapsedOnEvent(dues, eventDate, basis.termEndsOn, deps.config.premiums);
}
