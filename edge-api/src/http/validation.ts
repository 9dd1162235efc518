import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { ApiError } from './errors.ts';

/**
 * zod validation at the route, turning failures into the API's error shape: the first
 * problem as the message, and one message per field so forms can show them in place.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (result.success) return;
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.') || target;
      fields[key] ??= issue.message;
    }
    const first = result.error.issues[0];
    throw new ApiError(400, 'validation_failed', first?.message ?? 'The request is not valid', { fields });
  });
}
