/**
 * The request shapes of identity and agent requests, with the spec's messages (section 5).
 * Pure zod, no server imports, so the PWA's forms can use the same rules.
 */
import { z } from './zod.ts';
import { isUploadedImage } from './image.ts';
import { cleanRequiredLine } from './text.ts';
import { bdMobilePhone, nidNumber, requiredPhone } from './person.ts';
import { languageField } from './language.ts';
import { districtField } from './districts.ts';

/** A name or a district: cleaned like all text shown to others (text.ts), with the spec's messages. */
const trimmed = (required: string, max = 120, tooLong = 'This is too long') => cleanRequiredLine(required, max, tooLong);

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Please enter a valid email address' }))
  .transform((email) => email.toLowerCase());

export const passwordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(6, 'Password must be at least 6 characters')
  // scrypt's cost does not depend on length, but a megabyte of "password" is never one.
  .max(256, 'Password must be at most 256 characters');

/**
 * A photo link the product may show: one of our own uploaded images, or an https address
 * (Google's profile pictures). Never `javascript:` or `data:` links.
 */
export const photoUrlField = z
  .string()
  .trim()
  .max(2048, 'The photo link is too long')
  .refine((value) => isUploadedImage(value) || /^https:\/\/[^\s]+$/.test(value), {
    message: 'The photo must be an uploaded image or an https link',
  });

/** `language`, when sent, becomes the account's (issue 48): the PWA sends it from a Bangla page, or the device's own choice. */
export const loginBody = z.object({ email: emailField, password: passwordField, language: languageField.optional() });

/** The registration form (multipart): the picture itself is checked as an image upload. */
export const registerForm = z.object({
  name: trimmed('Name is required', 120, 'Name is too long'),
  email: emailField,
  password: passwordField,
  photo: z.unknown().optional(),
  /** The page's language: the new account's (issue 48). */
  language: languageField.optional(),
});

/**
 * POST /auth/logout: empty (the refresh cookie's session), or naming the session to end with
 * the sign-out key the device was given at sign-in (an owed sign-out sent later).
 */
export const signOutBody = z
  .object({
    sessionId: z.string().min(1).max(100).optional(),
    key: z.string().min(1).max(200).optional(),
  })
  .refine((body) => (body.sessionId === undefined) === (body.key === undefined), {
    message: 'A sign-out that names a session needs its key too',
  });

export const googleBody = z.object({
  language: languageField.optional(),
  idToken: z.string({ error: 'The Google sign-in token is missing' }).min(1, 'The Google sign-in token is missing').max(8192, 'The Google sign-in token is too long'),
});

export const profileUpdate = z
  .object({
    name: trimmed('Name is required', 120, 'Name is too long').optional(),
    photoURL: photoUrlField.nullable().optional(),
    phone: bdMobilePhone.optional(),
  })
  .refine((body) => body.name !== undefined || body.photoURL !== undefined || body.phone !== undefined, {
    message: 'Nothing to update: send a name, a phone or a photo',
  });
export type ProfileUpdate = z.infer<typeof profileUpdate>;

export const passwordChange = z
  .object({
    oldPassword: z.string({ error: 'Your current password is required' }).min(1, 'Your current password is required').max(256),
    newPassword: passwordField,
    confirmPassword: z.string({ error: 'Please confirm the new password' }),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    message: 'Passwords do not match.',
    path: ['confirmPassword'],
  });

/** POST /users: the signed-in user's own profile. `role` may be sent (old clients do) but is ignored. */
export const userUpsert = z.object({
  email: emailField.optional(),
  name: trimmed('Name is required', 120, 'Name is too long').optional(),
  photoURL: photoUrlField.nullable().optional(),
});

export const roleQuery = z.object({ email: emailField });
export const emailParam = z.object({ email: emailField });
export const makeAdminBody = z.object({ email: emailField });

/** Returning an admin to user or agent (issue 29); the server keeps at least one admin. */
export const demoteAdminBody = z.object({
  email: emailField,
  role: z.enum(['user', 'agent'], { error: "Role must be 'user' or 'agent'" }),
});
export type DemoteAdminBody = z.infer<typeof demoteAdminBody>;

export const agentRequestBody = z.object({
  name: trimmed('Name is required'),
  phone: requiredPhone,
  nid: nidNumber,
  // One of the 64, by any known spelling, stored by its English name (issue 48).
  district: districtField,
});

export type AgentRequestInput = z.infer<typeof agentRequestBody>;

export const agentRequestStatus = z.object({
  status: z
    .string({ error: 'Status is required' })
    .trim()
    .toLowerCase()
    .pipe(z.enum(['approved', 'disapproved'], { error: 'Status must be approved or disapproved' })),
});
