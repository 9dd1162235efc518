/** The sign-in and registration checks of spec section 5, done in the browser before sending. */
import { ApiRequestError, messageOf } from '../../lib/api-error.ts';

export const maxPictureBytes = 10 * 1024 * 1024;

export function checkCredentials(email: string, password: string): { email?: string; password?: string } {
  const errors: { email?: string; password?: string } = {};
  if (!email.trim()) errors.email = 'Email is required';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) errors.email = 'Please enter a valid email address';
  if (!password) errors.password = 'Password is required';
  else if (password.length < 6) errors.password = 'Password must be at least 6 characters';
  return errors;
}

/** A profile picture must be an image of at most 10MB (none at all is fine). */
export function checkPicture(file: Pick<File, 'type' | 'size'> | null): string | undefined {
  if (!file) return undefined;
  if (!file.type.startsWith('image/')) return 'Please upload an image file (jpg, png, etc.)';
  if (file.size > maxPictureBytes) return 'Maximum size is 10MB';
  return undefined;
}

/** The provider's words for a failed sign-in, or a plain fallback. */
export const failureText = (error: unknown) =>
  messageOf(
    error,
    error instanceof ApiRequestError ? `The server answered ${error.status}.` : 'Could not reach the server. Please check your connection.',
  );
