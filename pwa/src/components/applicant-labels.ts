import type { NomineeRelationship } from 'edge-api/src/schemas/application.ts';
import { t, type MessageId } from '../lib/i18n/runtime.ts';

/** A label for each of the shared schema's choices (stored in English): a new choice fails type-check until it has one. */
const relationships: Record<NomineeRelationship, MessageId> = {
  Spouse: 'relation.spouse',
  Parent: 'relation.parent',
  Child: 'relation.child',
  Sibling: 'relation.sibling',
  Grandchild: 'relation.grandchild',
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
export const relationshipLabel = (value: string) =>
  // Own keys only: `in` would also find 'constructor' and friends on the prototype.
  Object.hasOwn(relationships, value) ? t(relationships[value as NomineeRelationship]) : value;

/** A health condition (one of the form's choices, stored in English) in the page's language. */
export const healthLabel = (value: string) => (conditions[value] ? t(conditions[value]) : value);
