/**
 * Addresses the server makes for a person, in their language (issue 48, docs/decisions/0105):
 * the way back from the payment gateway, a certificate's QR code, a push's link, later an
 * email's or an SMS's. The app's Bangla pages are /bn plus the English path (pwa
 * lib/i18n/locale.ts); an English address has no prefix.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { languages, type Language } from '../schemas/language.ts';

/** A person's language as stored, or null: unset (English pages until they choose). */
export const languageOrNull = (value: unknown): Language | null => ((languages as readonly unknown[]).includes(value) ? (value as Language) : null);

/** '/dashboard/payment/a1?result=paid' in Bangla: '/bn/dashboard/payment/a1?result=paid'. English (and unset) keeps the path. */
export function pathInLanguage(path: string, language: Language | null | undefined): string {
  if (language !== 'bn' || path === '/bn' || path.startsWith('/bn/') || path.startsWith('/bn?')) return path;
  return path === '/' ? '/bn' : `/bn${path}`;
}

/** The language of an account (users.language), null when unset or when there is no such account. */
export async function accountLanguage(db: Kysely<Database>, userId: string): Promise<Language | null> {
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return languageOrNull(row?.language);
}
