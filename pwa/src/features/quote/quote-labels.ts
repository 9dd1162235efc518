/**
 * The words for the person's gender and smoking answers in the estimate's breakdown, by message
 * id: the app's estimate and the early one (early-quote.ts, with their texts carried in the
 * template) name them alike.
 */
import type { MessageId } from '../../lib/i18n/runtime.ts';

export const genderLabelId = (gender: string): MessageId => (gender === 'Male' ? 'quote.male' : gender === 'Female' ? 'quote.female' : 'quote.other');

export const smokerLabelId = (smoker: string): MessageId => (smoker === 'Yes' ? 'quote.smoker' : 'quote.nonSmoker');

/** Every id the two above give. */
export const answerLabelIds: readonly MessageId[] = ['quote.male', 'quote.female', 'quote.other', 'quote.smoker', 'quote.nonSmoker'];
