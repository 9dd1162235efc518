import { describe, expect, it } from 'vitest';
import { imageFileProblem } from 'edge-api/src/schemas/image.ts';
import { checkCredentials } from './auth-rules.ts';

describe('sign-in and registration checks (spec section 5)', () => {
  it('needs an email and a password of at least 6 characters', () => {
    expect(checkCredentials('', '')).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(checkCredentials('a@b.co', '12345')).toEqual({ password: 'Password must be at least 6 characters' });
    expect(checkCredentials('not-an-email', '123456')).toEqual({ email: 'Please enter a valid email address' });
    expect(checkCredentials('a@b.co', '123456')).toEqual({});
  });

  // The picture's first check (components/use-prepared-picture.ts), before it is prepared.
  it('accepts only images of at most 10MB as the profile picture', () => {
    expect(imageFileProblem(null)).toBeUndefined();
    expect(imageFileProblem({ type: 'application/pdf', size: 10 })).toBe('Please upload an image file (jpg, png, etc.)');
    expect(imageFileProblem({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe('Maximum size is 10MB');
    expect(imageFileProblem({ type: 'image/jpeg', size: 10 * 1024 * 1024 })).toBeUndefined();
  });
});
