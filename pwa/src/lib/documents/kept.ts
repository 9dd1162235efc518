/**
 * The documents this device keeps to show offline (issue 27): those of the person's own
 * applications, and on an agent's phone those of the claims assigned to them. Downloaded in
 * the background after each pull, within a budget: open applications (pending, assigned) come
 * first, and when the budget is full the documents of closed ones go first, oldest first.
 * The server answers them `private, no-store`: the app keeps them here, not the HTTP cache, and
 * sign-out removes them (lib/sync-pull.ts clearPrivateData).
 */
import type { DocumentInfo } from 'edge-api/src/schemas/document.ts';
import { api } from '../http.ts';
import { documentsListedKey, getMeta, localDb, setMeta, type Application, type KeptDocument } from '../local-db.ts';
import { sessionStore } from '../session.ts';

/** At about 250 KB a picture, some 200 pictures: the papers of forty open claims. */
export const keptDocumentsBudgetBytes = 50 * 1024 * 1024;

const isOpen = (application: Pick<Application, 'status'>) => application.status === 'pending' || application.status === 'assigned';

/**
 * A claim's documents (migration 0225) are kept under the claim's id in `applicationId`, the
 * key this device shows documents by; ids starting `claim:` in this module mean a claim.
 */
const claimKey = (claimId: string) => `claim:${claimId}`;

async function listOf(key: string): Promise<DocumentInfo[] | null> {
  if (key.startsWith('claim:')) {
    const id = key.slice('claim:'.length);
    const res = await api.claims[':id'].documents.$get({ param: { id } });
    return res.ok ? ((await res.json()) as DocumentInfo[]).map((doc) => ({ ...doc, applicationId: id })) : null;
  }
  const res = await api.applications[':id'].documents.$get({ param: { id: key } });
  return res.ok ? ((await res.json()) as DocumentInfo[]) : null;
}

async function bytesOf(doc: DocumentInfo): Promise<Blob | null> {
  const res = doc.claimId
    ? await api.claims[':id'].documents[':documentId'].$get({ param: { id: doc.claimId, documentId: doc.id } })
    : await api.applications[':id'].documents[':documentId'].$get({ param: { id: doc.applicationId, documentId: doc.id } });
  return res.ok ? res.blob() : null;
}

/** Rows whose kept documents were removed for room: their lists are read again (keepAll). */
const evictedRows = new Set<string>();

/** Removes the least needed documents until `room` more bytes fit in the budget. */
async function makeRoom(room: number, open: Set<string>): Promise<boolean> {
  const kept = await localDb.keptDocuments.toArray();
  let used = kept.reduce((sum, doc) => sum + doc.size, 0);
  if (used + room <= keptDocumentsBudgetBytes) return true;
  // Closed applications' documents first, then the oldest kept.
  const order = [...kept].sort((a, b) => Number(open.has(a.applicationId)) - Number(open.has(b.applicationId)) || a.keptAt - b.keptAt);
  for (const doc of order) {
    if (used + room <= keptDocumentsBudgetBytes) break;
    if (open.has(doc.applicationId)) return false;
    await localDb.keptDocuments.delete(doc.id);
    evictedRows.add(doc.applicationId);
    used -= doc.size;
  }
  return used + room <= keptDocumentsBudgetBytes;
}

/**
 * How bringing one row's documents ended: `kept` (every document on its list is here now),
 * `unfinished` (the list or a document could not be read: try again after the next pull) or
 * `full` (the budget has no room).
 */
type KeepEnd = 'kept' | 'unfinished' | 'full';

/** Brings one application's (or claim's) documents that are not here yet. */
async function keepOne(userId: string, key: string, open: Set<string>): Promise<KeepEnd> {
  const list = await listOf(key);
  if (!list) return 'unfinished';
  const applicationId = key.startsWith('claim:') ? key.slice('claim:'.length) : key;
  const have = new Set(await localDb.keptDocuments.where('applicationId').equals(applicationId).primaryKeys());
  let end: KeepEnd = 'kept';
  for (const doc of list) {
    if (have.has(doc.id)) continue;
    if (!(await makeRoom(doc.size, open))) return 'full';
    const blob = await bytesOf(doc);
    if (!blob || sessionStore.get().user?.id !== userId) {
      end = 'unfinished';
      continue;
    }
    const copy: KeptDocument = { ...doc, userId, blob, keptAt: Date.now() };
    await localDb.keptDocuments.put(copy);
  }
  return end;
}

/** One application's documents, when its details are opened online (an admin's way to see them). */
export async function keepDocumentsOf(applicationId: string): Promise<void> {
  const user = sessionStore.get().user;
  if (!user || !navigator.onLine || applicationId.startsWith('local:')) return;
  await keepOne(user.id, applicationId, new Set([applicationId])).catch((error: unknown) => console.error('Keeping documents failed', error));
}

/** One claim's documents, when it is opened online (an admin's way to see them). */
export async function keepClaimDocumentsOf(claimId: string): Promise<void> {
  const user = sessionStore.get().user;
  if (!user || !navigator.onLine) return;
  await keepOne(user.id, claimKey(claimId), new Set([claimId])).catch((error: unknown) => console.error('Keeping documents failed', error));
}

let running: Promise<void> | null = null;

async function keepAll(): Promise<void> {
  const user = sessionStore.get().user;
  // An admin's copy may hold every application (decision 0030): admins see documents online, when opened.
  if (!user || user.role === 'admin' || !navigator.onLine) return;
  const applications = (await localDb.applications.toArray()).filter((row) => !row.id.startsWith('local:'));
  const open = new Set(applications.filter(isOpen).map((row) => row.id));
  // Open ones first, then the newest.
  const ordered = [...applications].sort((a, b) => Number(open.has(b.id)) - Number(open.has(a.id)) || b.appliedAt.localeCompare(a.appliedAt));
  const claims = await localDb.claims.toArray();
  const known = new Set([...(await localDb.applications.toCollection().primaryKeys()), ...claims.map((claim) => claim.id)]);
  // A claim's papers are kept like an open application's while it is undecided.
  for (const claim of claims) if (['submitted', 'assigned', 'more_documents'].includes(claim.status)) open.add(claim.id);
  // Documents of applications this device no longer holds (re-assigned, deleted) go.
  await localDb.keptDocuments.filter((doc) => !known.has(doc.applicationId)).delete();
  // A row whose version has not moved since its list was read in full has no new document
  // (migration 0245): its list is not asked for again. Rows this device no longer holds drop out.
  const listedBefore = (await getMeta<Record<string, number>>(documentsListedKey)) ?? {};
  const rows = [
    ...ordered.map((application) => ({ key: application.id, version: application.version })),
    // The claimant's own claims, and on an agent's phone the claims assigned to them (issue 31).
    ...[...claims]
      .sort((a, b) => Number(open.has(b.id)) - Number(open.has(a.id)) || b.filedAt.localeCompare(a.filedAt))
      .map((claim) => ({ key: claimKey(claim.id), version: claim.version })),
  ];
  const listed: Record<string, number> = Object.fromEntries(rows.filter((row) => listedBefore[row.key] === row.version).map((row) => [row.key, row.version]));
  // Written as each row is done, so a page closed part-way leaves the next start less to ask;
  // for the person it was read for only: a sign-out meanwhile has cleared it.
  const remember = async () => {
    if (sessionStore.get().user?.id === user.id) await setMeta(documentsListedKey, listed);
  };
  // Rows whose documents made room for others (here or when a row was opened) are read again.
  const forgetEvicted = () => {
    for (const id of evictedRows) {
      delete listed[id];
      delete listed[claimKey(id)];
    }
    evictedRows.clear();
  };
  forgetEvicted();
  for (const row of rows) {
    if (listed[row.key] === row.version) continue;
    if (sessionStore.get().user?.id !== user.id || !navigator.onLine) return;
    const end = await keepOne(user.id, row.key, open);
    forgetEvicted();
    if (end === 'kept') listed[row.key] = row.version;
    await remember();
    if (end === 'full') return;
  }
  // Lets a test or a benchmark know this device holds every document it keeps (bench/return-visit.ts).
  performance.mark('documents-kept');
}

/** Brings the documents of the person's applications onto the device (one run at a time). */
export function keepDocuments(): Promise<void> {
  running ??= keepAll()
    .catch((error: unknown) => console.error('Keeping documents failed', error))
    .finally(() => {
      running = null;
    });
  return running;
}
