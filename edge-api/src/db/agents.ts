import type { UserRow } from './schema.ts';

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
