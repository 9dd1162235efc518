import type { Kysely } from 'kysely';
import type { Database, UserRow } from './schema.ts';

/** An approved agent as the public sees one (spec: Agent). */
export interface PublicAgent {
  id: string;
  name: string;
  email: string;
  role: 'Agent';
  photoURL: string | null;
  phone: string | null;
  bio: string | null;
  version: number;
}

export function toPublicAgent(row: Pick<UserRow, 'id' | 'name' | 'email' | 'photo_url' | 'phone' | 'bio'> & { version: number }): PublicAgent {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: 'Agent',
    photoURL: row.photo_url,
    phone: row.phone,
    bio: row.bio,
    version: row.version,
  };
}

/** The approved agents (users whose role is agent), by name: GET /api/agents. */
export async function listApprovedAgents(db: Kysely<Database>): Promise<PublicAgent[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'photo_url', 'phone', 'bio', 'version'])
    .where('role', '=', 'agent')
    .orderBy('name')
    .execute();
  return rows.map(toPublicAgent);
}
