import { z } from './zod.ts';

/** The languages of the product (pwa/src/lib/i18n/locale.ts has the same list). */
export const languages = ['en', 'bn'] as const;
export type Language = (typeof languages)[number];

/** PUT /auth/language: the signed-in person's language, followed by their other devices. */
export const languageChoice = z.object({ language: z.enum(languages, { message: 'Language must be en or bn' }) });
