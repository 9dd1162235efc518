/**
 * Sign-outs owed to the server (made offline, or met by an error), each naming the session it
 * ends with that session's sign-out key (given at sign-in; docs/security.md, issue 24). They are
 * kept in IndexedDB, which the service worker can read too (localStorage it cannot), so the
 * worker sends them on Background Sync with no tab open, and a page sends them whenever it can.
 * An entry leaves only when the server has answered for it: never by a cookie, so a sign-out
 * sent after someone else signed in on this device cannot end that person's session.
 * Plain IndexedDB, not Dexie: the worker stays small and the page needs no schema of its own.
 */

export interface OwedSignOut {
  sessionId: string;
  key: string;
  /** When the person signed out (ISO), for diagnostics. */
  at: string;
}

/** The Background Sync tag under which the service worker sends owed sign-outs. */
export const signOutSyncTag = 'owed-sign-out';

const dbName = 'owed-sign-outs';
const storeName = 'owed';

function openStore(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(dbName, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName, { keyPath: 'sessionId' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
  });
}

async function inStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openStore();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(storeName, mode);
      const request = run(transaction.objectStore(storeName));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

export const oweSignOut = (entry: OwedSignOut) => inStore('readwrite', (store) => store.put(entry)).then(() => undefined);
export const owedSignOuts = () => inStore<OwedSignOut[]>('readonly', (store) => store.getAll() as IDBRequest<OwedSignOut[]>);
const settle = (sessionId: string) => inStore('readwrite', (store) => store.delete(sessionId)).then(() => undefined);

/** Sends one owed sign-out; the HTTP status, or throws when the server could not be reached. */
export type SendSignOut = (entry: OwedSignOut) => Promise<number>;

/**
 * Whether an answer settles the sign-out: ended (2xx), or a refusal no retry can change (the key
 * is not, or no longer, that session's: 400, 403). A 5xx, 408 or 429 is tried again later.
 */
export const settlesSignOut = (status: number) => status < 500 && status !== 408 && status !== 429;

/** Sends every owed sign-out, one at a time; true when none is left owed. */
export async function sendOwedSignOuts(send: SendSignOut): Promise<boolean> {
  let left = 0;
  for (const entry of await owedSignOuts()) {
    let status: number;
    try {
      status = await send(entry);
    } catch {
      left += 1;
      continue;
    }
    if (settlesSignOut(status)) await settle(entry.sessionId);
    else left += 1;
  }
  return left === 0;
}
