/** Reads of the requests to become an agent (Manage Agents), and their shape in the API. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema.ts';

type RequestRow = Selectable<Database['agent_requests']>;

/** An agent request as the admin screen shows it (spec section 3, Agent request). */
export const toAgentRequest = (row: RequestRow) => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  nid: row.nid,
  district: row.district,
  status: row.status,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export type AgentRequest = ReturnType<typeof toAgentRequest>;

export async function findAgentRequest(db: Kysely<Database>, id: string): Promise<AgentRequest | undefined> {
  const row = await db.selectFrom('agent_requests').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toAgentRequest(row);
}

/** The newest requests first, at most `limit` of them (the spec's unpaged GET /agents/all). */
export async function newestAgentRequests(db: Kysely<Database>, limit: number): Promise<AgentRequest[]> {
  const rows = await db.selectFrom('agent_requests').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toAgentRequest);
}
