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
import type { DocumentInfo, DocumentKind } from 'edge-api/src/schemas/document.ts';
import type { Claim as ServerClaim } from 'edge-api/src/db/claims.ts';
import type { ServiceRequestListItem } from 'edge-api/src/commands/service-requests.ts';

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

/**
 * An insurance claim as the API answers it (edge-api db/claims.ts; issue 31), plus the mark of a
 * step of it still in the outbox. A claim filed offline is here at once under its own id (made
 * on the device, like its number), marked until the server's copy arrives.
 */
export interface Claim extends ServerClaim {
  pending?: PendingChange;
}

/**
 * A policy servicing request (issue 51) as the pull carries it: the holder's own, an agent's on
 * their policies, an admin's open ones (edge-api db/sync-service-requests.ts).
 */
export type ServiceRequest = ServiceRequestListItem;

/** The not-yet-sent change shown on a local row. */
export interface PendingChange {
  mutationId: string;
  type: OutboxMutationType;
  /** For a decision: what the agent decided. */
  decision?: 'approved' | 'rejected';
  /** queued: not sent yet ('Waiting to send'); sent: the server has it, the local copy catches up. */
  state: 'queued' | 'sent';
}

export type OutboxMutationType =
  | 'application.create'
  | 'application.delete'
  | 'application.decide'
  // Insurance claims (issue 31): filed, cleared and answered offline.
  | 'claim.file'
  | 'claim.review'
  | 'claim.resubmit'
  // Issue 29: a profile edit and a support message may wait in the outbox too.
  | 'profile.update'
  | 'support.send'
  // Issue 51: a policyholder's request for a change to a policy in force.
  | 'service-request.create'
  // Issue 49: cash a field agent collected, recorded offline.
  | 'premium.collect';

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
  /** For a claim filed offline: the row shown in My Claims until the server's arrives. */
  claimPreview?: Claim | null;
}

/**
 * A document or photo prepared on this device (issue 27, lib/documents/), waiting to go up after
 * the write it belongs to. Tied to that write's mutation id, so it is sent once for it.
 */
export interface PendingDocument {
  /** The file's own key, made here: with the write's id it names the document on the server. */
  fileKey: string;
  userId: string;
  /** The mutation id of the write (application or decision) it belongs to. */
  writeId: string;
  /** The row it shows on until sent: a new application's local id, or the application decided. */
  targetId: string;
  /** The application on the server, once known (a new one's id comes with the write's answer). */
  applicationId: string | null;
  kind: DocumentKind;
  blob: Blob;
  size: number;
  width: number;
  height: number;
  /** The agent's note on a decision's evidence; null for an application's papers. */
  note: string | null;
  /**
   * waiting: not all sent yet (`sentBytes` acknowledged so far); refused: the server said no
   * (`reason`), kept in Sync problems until dismissed. A sent one moves to `documentCopies`.
   */
  state: 'waiting' | 'refused';
  sentBytes: number;
  /** The resumable upload's address, once the server made it: a later try continues there. */
  uploadUrl: string | null;
  reason: string | null;
  /** Words for Sync problems, e.g. 'NID card (front) for Shurokkha Term Shield'. */
  summary: string;
  createdAt: string;
  /**
   * On an insurance claim (migration 0225): the claim's id, made on the device before filing,
   * and the required paper the photo shows. Such a file goes to the claim's own address; on this
   * device its `targetId`, and its kept copy's `applicationId`, are the claim's id.
   */
  claimId?: string | null;
  paper?: string | null;
}

/** A document kept on this device to be seen offline: the user's own, or an agent's open claims'. */
export interface KeptDocument extends DocumentInfo {
  userId: string;
  blob: Blob;
  keptAt: number;
}

/**
 * Meta key: for each application (its id) and claim (`claim:<id>`) whose documents list this
 * device has read in full, the row's version then (lib/documents/kept.ts). A document added
 * stamps its row (migration 0245), so a list is read again only when its row has moved.
 */
export const documentsListedKey = 'documents-listed';

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
  /** Insurance claims (issue 31): the claimant's own, an agent's to clear, an admin's open ones. */
  claims: EntityTable<Claim, 'id'>;
  /** Service requests (issue 51), filled by GET /sync; they go with their policy. */
  serviceRequests: EntityTable<ServiceRequest, 'id'>;
  meta: EntityTable<MetaEntry, 'key'>;
  outbox: EntityTable<OutboxItem, 'seq'>;
  /** Issue 27: documents waiting to go up, and those kept to be seen offline (lib/documents/). */
  pendingDocuments: EntityTable<PendingDocument, 'fileKey'>;
  keptDocuments: EntityTable<KeptDocument, 'id'>;
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

// Insurance claims (issue 31). Existing tables are unchanged.
localDb.version(4).stores({
  claims: 'id, status, assignedAgent, filedAt',
});

// Documents (issue 27). Numbered by the issue, not the next free number, so that other new
// tables made at the same time keep their own numbers; existing tables are unchanged.
localDb.version(27).stores({
  pendingDocuments: 'fileKey, userId, writeId, targetId, applicationId',
  keptDocuments: 'id, applicationId, userId, keptAt',
});

// Service requests (issue 51; numbered by the issue, as 27). Existing tables are unchanged.
localDb.version(51).stores({
  serviceRequests: 'id, applicationId, status, createdAt',
});

export async function getMeta<T>(key: string): Promise<T | undefined> {
  return (await localDb.meta.get(key))?.value as T | undefined;
}

export async function setMeta(key: string, value: unknown): Promise<void> {
  await localDb.meta.put({ key, value });
}
