/** The sign-in and registration checks of spec section 5, done in the browser before sending. */
import { loginBody, registerForm } from 'edge-api/src/schemas/auth.ts';
import { ApiRequestError, messageOf } from '../../lib/api-error.ts';
import { fieldErrors } from '../../lib/form-errors.ts';

/** Sign-in: the server's own request schema, so both give the same messages. */
export function checkCredentials(email: string, password: string): { email?: string; password?: string } {
  const checked = loginBody.safeParse({ email, password });
  return checked.success ? {} : fieldErrors<'email' | 'password'>(checked.error);
}

/** Registration's text fields, checked as POST /api/auth/register checks them. */
export function checkRegistration(name: string, email: string, password: string): { name?: string; email?: string; password?: string } {
  const checked = registerForm.safeParse({ name, email, password });
  return checked.success ? {} : fieldErrors<'name' | 'email' | 'password'>(checked.error);
}

/** The provider's words for a failed sign-in, or a plain fallback. */
export const failureText = (error: unknown) =>
  messageOf(
    error,
    error instanceof ApiRequestError ? `The server answered ${error.status}.` : 'Could not reach the server. Please check your connection.',
  );
