/**
 * The premium estimate of spec section 9: the shared formula (edge-api/src/schemas/premium.ts,
 * in poisha), so the quote works with no network; shown to 2 decimals of taka (estimate-figures.ts).
 */

/** The policy terms on offer, the same list the catalogue's policies use. */
export { policyDurations as durationChoices } from 'edge-api/src/schemas/policy-choices.ts';
export { estimatePremium, wholePoisha, type PremiumBreakdown, type QuoteInput } from 'edge-api/src/schemas/premium.ts';
