import { t, type MessageId } from '../lib/i18n/runtime.ts';

/** The nominee's relationship choices, stored in English (the application form's list). */
export const relationshipChoices = ['Spouse', 'Parent', 'Child', 'Sibling', 'Other'] as const;

const relationships: Record<string, MessageId> = {
  Spouse: 'relation.spouse',
  Parent: 'relation.parent',
  Child: 'relation.child',
  Sibling: 'relation.sibling',
  Other: 'relation.other',
};

const conditions: Record<string, MessageId> = {
  Diabetes: 'health.diabetes',
  'High Blood Pressure': 'health.bloodPressure',
  'Heart Disease': 'health.heart',
  Cancer: 'health.cancer',
  'None of the Above': 'health.none',
};

/** A relationship as stored (English) in the page's language; a text of the person's own as written. */
export const relationshipLabel = (value: string) => (relationships[value] ? t(relationships[value]) : value);

/** A health condition (one of the form's choices, stored in English) in the page's language. */
export const healthLabel = (value: string) => (conditions[value] ? t(conditions[value]) : value);
