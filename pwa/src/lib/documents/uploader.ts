/**
 * Sends the documents waiting on this device, each after the write it belongs to, with the
 * resumable protocol of the API (tus; docs/decisions/0078) through tus-js-client: the file goes
 * in parts of 64 KB, the server acknowledges each, and a try after a dropped link asks the
 * server where it stands (HEAD) and continues from that byte. The upload's address is kept with
 * the file, so this holds across reloads too. The server ties each document to (write, file
 * key): a replay finds the same upload, never a second document.
 *
 * Run by the push engine after each push (lib/offline/push-engine.ts), so on start-up, on
 * `online`, and after the write itself went; a failure retries on the outbox's backoff.
 */
import { Upload, type DetailedError } from 'tus-js-client';
import { documentLimits } from 'edge-api/src/schemas/document.ts';
import { localDb, type PendingDocument } from '../local-db.ts';
import { retryDelayMs } from '../offline/backoff.ts';
import { getAccessToken, refreshSession, sessionStore } from '../session.ts';

type Outcome = { done: 'sent'; documentId: string | null } | { done: 'refused'; reason: string } | { done: 'retry' } | { done: 'renew' };

const reasonOf = (error: DetailedError): string => {
  try {
    const body = JSON.parse(error.originalResponse?.getBody() ?? '') as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // Not the API's JSON error: say what the protocol said.
  }
  return error.message;
};

function uploadOne(file: PendingDocument, applicationId: string): Promise<Outcome> {
  // A claim's document goes to the claim's own address (migration 0225); `applicationId` is then the claim's id.
  const owner = file.claimId ? 'claims' : 'applications';
  return new Promise((resolve) => {
    const upload = new Upload(file.blob, {
      endpoint: new URL(`/api/${owner}/${encodeURIComponent(applicationId)}/documents/uploads`, location.origin).href,
      uploadUrl: file.uploadUrl ?? undefined,
      metadata: { kind: file.kind, writeId: file.writeId, fileKey: file.fileKey, ...(file.note ? { note: file.note } : {}), ...(file.paper ? { paper: file.paper } : {}) },
      chunkSize: documentLimits.chunkBytes,
      // Quick tries for a link that flaps; past them the outbox's backoff takes over.
      retryDelays: [0, 1000, 3000],
      storeFingerprintForResuming: false,
      onBeforeRequest: (req) => {
        const token = getAccessToken();
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
      },
      onUploadUrlAvailable: () => {
        if (upload.url && upload.url !== file.uploadUrl) void localDb.pendingDocuments.update(file.fileKey, { uploadUrl: upload.url });
      },
      onChunkComplete: (_chunk, accepted) => {
        void localDb.pendingDocuments.update(file.fileKey, { sentBytes: accepted });
      },
      onSuccess: ({ lastResponse }) => resolve({ done: 'sent', documentId: lastResponse.getHeader('Document-Id') ?? null }),
      onError: (error) => {
        const status = (error as DetailedError).originalResponse?.getStatus() ?? 0;
        if (status === 401) resolve({ done: 'renew' });
        else if (status >= 400 && status < 500 && status !== 409 && status !== 423 && status !== 408 && status !== 429) {
          resolve({ done: 'refused', reason: reasonOf(error as DetailedError) });
        } else resolve({ done: 'retry' });
      },
    });
    upload.start();
  });
}

/** The application a waiting file goes to, once its write is on the server; null: not yet. */
async function readyFor(file: PendingDocument): Promise<string | null | 'orphan'> {
  const write = await localDb.outbox.where('mutationId').equals(file.writeId).first();
  if (write && write.state !== 'sent') return null;
  if (file.claimId) return file.claimId;
  if (file.applicationId) return file.applicationId;
  const body = write?.result?.body as { application?: { id?: string } } | null | undefined;
  // The write is gone and never told us its application: it was withdrawn or dismissed.
  return body?.application?.id ?? (write ? null : 'orphan');
}

async function keep(file: PendingDocument, applicationId: string, documentId: string | null) {
  await localDb.transaction('rw', localDb.pendingDocuments, localDb.keptDocuments, async () => {
    await localDb.pendingDocuments.delete(file.fileKey);
    if (!documentId) return;
    await localDb.keptDocuments.put({
      id: documentId,
      applicationId,
      kind: file.kind,
      writeId: file.writeId,
      fileKey: file.fileKey,
      contentType: file.blob.type || 'image/jpeg',
      size: file.size,
      width: file.width,
      height: file.height,
      createdAt: new Date().toISOString(),
      ownerId: file.userId,
      note: file.note,
      ...(file.claimId ? { claimId: file.claimId, paper: file.paper ?? null } : file.paper ? { paper: file.paper } : {}),
      userId: file.userId,
      blob: file.blob,
      keptAt: Date.now(),
    });
  });
}

let running: Promise<void> | null = null;
let again = false;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

async function sendAll(): Promise<void> {
  const user = sessionStore.get().user;
  if (!user || !getAccessToken()) return;
  let renewed = false;
  const files = (await localDb.pendingDocuments.where('userId').equals(user.id).sortBy('createdAt')).filter((file) => file.state === 'waiting');
  for (const file of files) {
    if (!navigator.onLine || sessionStore.get().user?.id !== user.id) return;
    const target = await readyFor(file);
    if (target === 'orphan') {
      await localDb.pendingDocuments.delete(file.fileKey);
      continue;
    }
    if (!target) continue;
    let outcome = await uploadOne(file, target);
    if (outcome.done === 'renew' && !renewed) {
      renewed = true;
      if (await refreshSession()) outcome = await uploadOne((await localDb.pendingDocuments.get(file.fileKey)) ?? file, target);
    }
    if (outcome.done === 'sent') {
      failures = 0;
      await keep(file, target, outcome.documentId);
    } else if (outcome.done === 'refused') {
      await localDb.pendingDocuments.update(file.fileKey, { state: 'refused', reason: outcome.reason });
    } else {
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => void sendDocuments(), retryDelayMs(failures));
      failures = Math.min(failures + 1, 16);
      return;
    }
  }
}

/** Sends what waits (one run at a time per tab; a call during a run makes one more after it). */
export function sendDocuments(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        await sendAll();
      } while (again);
    } catch (error) {
      console.error('Sending documents failed', error);
    } finally {
      running = null;
    }
  })();
  return running;
}
