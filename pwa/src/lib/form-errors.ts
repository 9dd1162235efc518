/**
 * A zod check's problems as one message per form field (the first one found), the way the
 * server's 400 answer lists them in `fields`, so a form shows its own and the server's the same.
 */
import type { ZodError } from 'zod';
import { fieldMessage } from '../lib/i18n/field-messages.ts';

export function fieldErrors<Field extends string>(error: ZodError): Partial<Record<Field, string>> {
  const found: Partial<Record<Field, string>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '') as Field;
    found[field] ??= fieldMessage(issue.message);
  }
  return found;
}
