/**
 * The device's copy of what the user may see, in IndexedDB through Dexie: the public
 * catalogue (policies, blogs, FAQ, agents) and the signed-in user's own applications (or
 * the claims assigned to them). Filled from GET /sync; screens read it with useLiveQuery,
 * so they render offline and update live when data arrives.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { Blog } from 'edge-api/src/db/blogs.ts';
import type { PublicAgent } from 'edge-api/src/db/agents.ts';
import type { Policy } from 'edge-api/src/db/policies.ts';

export type { Blog, Policy, PublicAgent };

export interface Faq {
  id: string;
  position: number;
  question: string;
  answer: string;
}

/** An application as the API answers it (edge-api routes/applications.ts). */
export interface Application {
  id: string;
  name: string;
  email: string;
  userEmail: string;
  address: string;
  nid: string;
  phone: string | null;
  nomineeName: string;
  relationship: string;
  healthConditions: string[];
  estimatedPremium: number | null;
  policyId: string | null;
  policyName: string;
  category: string | null;
  policyType: string | null;
  status: 'pending' | 'assigned' | 'approved' | 'rejected';
  paymentStatus: 'unpaid' | 'paid';
  assignedAgent: string | null;
  assignedAt: string | null;
  appliedAt: string;
  decidedAt: string | null;
  version: number;
}

/** Key-value facts about the local copy: the sync cursor, whose data it holds, ... */
export interface MetaEntry {
  key: string;
  value: unknown;
}

export const localDb = new Dexie('insurance') as Dexie & {
  policies: EntityTable<Policy, 'id'>;
  blogs: EntityTable<Blog, 'id'>;
  faqs: EntityTable<Faq, 'id'>;
  agents: EntityTable<PublicAgent, 'id'>;
  applications: EntityTable<Application, 'id'>;
  meta: EntityTable<MetaEntry, 'key'>;
};

localDb.version(1).stores({
  policies: 'id, category, creationDate',
  blogs: 'id, publishDate',
  faqs: 'id, position',
  agents: 'id, name',
  applications: 'id, userEmail, assignedAgent, status, appliedAt',
  meta: 'key',
});

export async function getMeta<T>(key: string): Promise<T | undefined> {
  return (await localDb.meta.get(key))?.value as T | undefined;
}

export async function setMeta(key: string, value: unknown): Promise<void> {
  await localDb.meta.put({ key, value });
}
