/** The questions on the home page, in their order. */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export const listFaqs = (db: Kysely<Database>) => db.selectFrom('faqs').selectAll().orderBy('position').execute();
