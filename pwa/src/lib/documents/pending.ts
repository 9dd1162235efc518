/**
 * The documents prepared on this device and not yet on the server, kept in IndexedDB with the
 * write they belong to (its mutation id). A feature stashes them right before queueing that
 * write; the uploader (uploader.ts) sends them after it.
 */
import type { DocumentKind } from 'edge-api/src/schemas/document.ts';
import { documentLimits } from 'edge-api/src/schemas/document-limits.ts';
import { localDb, type PendingDocument } from '../local-db.ts';
import type { PreparedPicture } from './prepare.ts';

export interface ChosenDocument extends PreparedPicture {
  /** Made when the file was chosen; the field's thumbnails use it as their key too. */
  fileKey: string;
  kind: DocumentKind;
  /** On a claim: the required paper this picture shows. */
  paper?: string;
}

/** Bytes this person has sent or waits to send (what the device knows of their quota). */
async function bytesOf(userId: string): Promise<number> {
  const [pending, kept] = await Promise.all([
    localDb.pendingDocuments.where('userId').equals(userId).toArray(),
    localDb.keptDocuments.where('userId').equals(userId).toArray(),
  ]);
  return [...pending, ...kept.filter((doc) => doc.ownerId === userId)].reduce((sum, doc) => sum + doc.size, 0);
}

/** Whether `extraBytes` more fit in the person's space for documents, as far as this device knows. */
export async function fitsQuota(userId: string, extraBytes: number): Promise<boolean> {
  return (await bytesOf(userId)) + extraBytes <= documentLimits.quotaBytes;
}

/**
 * Keeps the chosen documents of a write that is about to be queued. `applicationId` is null for
 * a new application (its id comes with the write's answer, see attachWrite).
 */
export async function stashDocuments(
  write: {
    userId: string;
    writeId: string;
    targetId: string;
    applicationId: string | null;
    /** A claim's papers or evidence go to the claim (its id is made on the device). */
    claimId?: string;
    note?: string;
    summary: (kind: DocumentKind, paper?: string) => string;
  },
  chosen: ChosenDocument[],
): Promise<void> {
  if (chosen.length === 0) return;
  const createdAt = new Date().toISOString();
  await localDb.pendingDocuments.bulkAdd(
    chosen.map(
      (doc): PendingDocument => ({
        fileKey: doc.fileKey,
        userId: write.userId,
        writeId: write.writeId,
        targetId: write.targetId,
        applicationId: write.applicationId,
        kind: doc.kind,
        blob: doc.blob,
        size: doc.blob.size,
        width: doc.width,
        height: doc.height,
        note: write.note?.trim() || null,
        state: 'waiting',
        sentBytes: 0,
        uploadUrl: null,
        reason: null,
        summary: write.summary(doc.kind, doc.paper),
        createdAt,
        // A claim's papers go to the claim; a named paper of an application's own (a nominee change's NID photo) to the application.
        ...(write.claimId ? { claimId: write.claimId, paper: doc.paper ?? null } : doc.paper ? { paper: doc.paper } : {}),
      }),
    ),
  );
}

/** The write was not queued after all: its documents go too. */
export async function dropDocumentsOf(writeId: string): Promise<void> {
  await localDb.pendingDocuments.where('writeId').equals(writeId).delete();
}

/**
 * The server has the write: a new application's documents learn its id. Called inside the
 * push engine's transaction that records the answer, so the link is never lost in between.
 */
export async function attachWrite(writeId: string, applicationId: string): Promise<void> {
  await localDb.pendingDocuments.where('writeId').equals(writeId).modify({ applicationId });
}

/** The person has read why a document was refused: forget it. */
export async function dismissDocument(fileKey: string): Promise<void> {
  await localDb.pendingDocuments.where('fileKey').equals(fileKey).and((doc) => doc.state === 'refused').delete();
}
