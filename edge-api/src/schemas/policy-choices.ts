/**
 * The catalogue's fixed choices (spec sections 3, 5 and 9), without zod: the quote page, which a
 * visitor opens first on a slow phone, needs the terms and nothing of the schemas' library.
 */
export const policyCategories = ['Term Life', 'Senior', 'Child'] as const;
export type PolicyCategory = (typeof policyCategories)[number];
export const policyDurations = [3, 5, 7, 10] as const;
/** In poisha (৳1,00,000, ৳5,00,000, ৳10,00,000), like every amount (schemas/money.ts). */
export const basePremiumChoices = [10_000_000, 50_000_000, 100_000_000] as const;
