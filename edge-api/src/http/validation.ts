import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { createMiddleware } from 'hono/factory';
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
  return zValidator(
    target,
    schema,
    (result) => {
      if (result.success) return;
      throw validationFailure(target, result.error);
    },
    // zod's synchronous parse: the schemas are shared with the PWA's forms and have no async
    // checks, and the asynchronous one costs a promise per check on every request (issue 32).
    // An async check added later would fail loudly here (zod throws), never pass unchecked.
    // (Cast: the option's type is conditional on the generic schema, which TypeScript cannot resolve here.)
    { validationFunction: parseNow as never },
  );
}

const parseNow = (schema: ZodType, value: unknown) => schema.safeParse(value);

/** The 400 a failed validation answers with (the API benchmark's floor answers it too). */
export function validationFailure(target: string, error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): ApiError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || target;
    fields[key] ??= issue.message;
  }
  const first = error.issues[0];
  return new ApiError(400, 'validation_failed', first?.message ?? 'The request is not valid', { fields });
}

/**
 * Before `validate('json', …)` on a route whose body is optional (the admin's reject): an empty
 * body sent with a JSON content type, as some clients send a body-less PATCH, reads as `{}`
 * rather than malformed JSON. A body that is there is parsed and validated as usual.
 */
export const emptyBodyIsEmptyObject = createMiddleware(async (c, next) => {
  // Hono parses JSON from its cache of the body's text, so the empty text is replaced by an
  // empty object's. (Cast: the cache holds promises of the bodies, though typed as the bodies.)
  if (!(await c.req.text()).trim()) (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve('{}');
  await next();
});
