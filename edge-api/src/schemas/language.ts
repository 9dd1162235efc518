import { z } from './zod.ts';

/** The languages of the product (pwa/src/lib/i18n/locale.ts has the same list). */
export const languages = ['en', 'bn'] as const;
export type Language = (typeof languages)[number];

/** The page's language a request names (sign-in, registration, a payment started): issue 48. */
export const languageField = z.enum(languages, { message: 'Language must be en or bn' });

/** PUT /auth/language: the signed-in person's language, followed by their other devices. */
export const languageChoice = z.object({ language: z.enum(languages, { message: 'Language must be en or bn' }) });
