/**
 * The device's copy of what the user may see, in IndexedDB through Dexie: the public
 * catalogue (policies, blogs, FAQ, agents) and the signed-in user's own applications (or
 * the claims assigned to them). Filled from GET /sync; screens read it with useLiveQuery,
 * so they render offline and update live when data arrives.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { Application as ServerApplication } from 'edge-api/src/db/applications.ts';
import type { Blog } from 'edge-api/src/db/blogs.ts';
import type { PublicAgent } from 'edge-api/src/db/agents.ts';
import type { Policy } from 'edge-api/src/db/policies.ts';
import type { Notification } from 'edge-api/src/db/notifications.ts';

export type { Blog, Notification, Policy, PublicAgent };

export interface Faq {
  id: string;
  position: number;
  question: string;
  answer: string;
  /** In Bangla, or absent/null (an older copy, or none yet): Bangla pages show the English. */
  question_bn?: string | null;
  answer_bn?: string | null;
}

/** An application as the API answers it (edge-api db/applications.ts), plus what only this device knows. */
export interface Application extends ServerApplication {
  /**
   * Set only on this device while a change to this application waits in the outbox (see
   * outbox-overlay.ts): screens show 'Waiting to send' and hold back further actions. A row
   * whose id starts with 'local:' is an application applied for offline, not on the server yet.
   */
  pending?: PendingChange;
}

/** The not-yet-sent change shown on a local row. */
export interface PendingChange {
  mutationId: string;
  type: OutboxMutationType;
  /** For a decision: what the agent decided. */
  decision?: 'approved' | 'rejected';
  /** queued: not sent yet ('Waiting to send'); sent: the server has it, the local copy catches up. */
  state: 'queued' | 'sent';
}

export type OutboxMutationType = 'application.create' | 'application.delete' | 'application.decide';

/**
 * A write made on this device, kept until the server has it (POST /sync/push). Keyed by a
 * client-made mutation id that the server remembers, so sending it twice changes nothing.
 */
export interface OutboxItem {
  /** Order of creation; items are sent in this order. */
  seq?: number;
  mutationId: string;
  /** Whose write it is: only ever sent with that user's session. */
  userId: string;
  type: OutboxMutationType;
  payload: Record<string, unknown>;
  /**
   * queued: not yet accepted by the server; sent: the server has it, and the next pull will
   * bring its effect (then the item goes); refused: the server said no, shown to the user until
   * they dismiss it.
   */
  state: 'queued' | 'sent' | 'refused';
  /** Words for the user, e.g. 'Application for Shurokkha Term Shield'. */
  summary: string;
  /** The application it changes (delete, decide), or the local row of a new one (create). */
  targetId: string;
  createdAt: string;
  attempts: number;
  /** The last transient failure (network, server error), for the sync panel. */
  lastError: string | null;
  /** The server's answer once it gave one. */
  result: { status: number; reason: string | null; body: unknown; current: unknown } | null;
  /** When the server accepted it (ms): the first pull started after this brings its effect. */
  sentAt: number | null;
  /** For a new application: the row shown in My Applications until the server's arrives. */
  preview: Application | null;
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
  /** The signed-in person's inbox (issue 28), filled by GET /sync like the applications. */
  notifications: EntityTable<Notification, 'id'>;
  meta: EntityTable<MetaEntry, 'key'>;
  outbox: EntityTable<OutboxItem, 'seq'>;
};

export type LocalDb = typeof localDb;

localDb.version(1).stores({
  policies: 'id, category, creationDate',
  blogs: 'id, publishDate',
  faqs: 'id, position',
  agents: 'id, name',
  applications: 'id, userEmail, assignedAgent, status, appliedAt',
  meta: 'key',
});

// The outbox of offline writes (issue 7). Existing tables are unchanged.
localDb.version(2).stores({
  outbox: '++seq, &mutationId, userId, state',
});

// The inbox (issue 28). Existing tables are unchanged.
localDb.version(3).stores({
  notifications: 'id, createdAt',
});

export async function getMeta<T>(key: string): Promise<T | undefined> {
  return (await localDb.meta.get(key))?.value as T | undefined;
}

export async function setMeta(key: string, value: unknown): Promise<void> {
  await localDb.meta.put({ key, value });
}
