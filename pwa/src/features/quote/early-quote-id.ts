/** The <template> the build writes for the quote's early answer, and the script finds it by. */
export const earlyQuoteId = 'early-quote';

/** The placeholder of each figure in that template: `{{annual}}`. */
export const figurePlaceholder = (name: string) => `{{${name}}}`;
