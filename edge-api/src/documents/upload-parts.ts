/**
 * The parts of a resumable upload in the image store (migration 0255, docs/decisions/0101).
 * Each PATCH writes its bytes under a name no other write shares (`<upload>-<offset>-<length>-
 * <token>.part`), noted in document_upload_parts before the bytes are written. The batch that
 * moves the upload's `received` from the part's offset also accepts the part, so sends racing at
 * one offset (a reply lost on 2G and the bytes sent again, perhaps in another size) never write
 * over each other: one is accepted, the others are told 409 and their bytes removed, and the
 * document is joined from the accepted parts alone. A part that no batch accepted and no request
 * removed (the server stopped in between) is an orphan, removed by `removeOrphanedParts`.
 */
import { sql } from 'kysely';
import type { AppDeps } from '../http/env.ts';

type Deps = Pick<AppDeps, 'db' | 'batch' | 'clock' | 'images'>;
interface Upload {
  id: string;
  length: number;
  received: number;
}

/** A part neither accepted nor removed this long after it was noted is an orphan (a PATCH takes seconds). */
export const orphanedAfterSeconds = 3600;
const sweepBatchSize = 50;

function randomToken(): string {
  return [...crypto.getRandomValues(new Uint8Array(8))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Before migration 0255 a part was named by its offset alone, and had no row. */
const legacyPartName = (uploadId: string, start: number) => `${uploadId}-${start}.part`;

/** Notes a part of `bytes` at `start` and stores it under its own name, which is returned. */
export async function writePart(deps: Deps, upload: Upload, start: number, bytes: Uint8Array): Promise<string> {
  const name = `${upload.id}-${start}-${bytes.byteLength}-${randomToken()}.part`;
  // Noted first: bytes stored without a row could never be found again to be removed.
  await deps.db
    .insertInto('document_upload_parts')
    .values({ stored_name: name, upload_id: upload.id, start_at: start, byte_length: bytes.byteLength, created_at: deps.clock().toISOString() })
    .execute();
  try {
    await deps.images.put(name, bytes, 'application/octet-stream');
  } catch (error) {
    await forgetParts(deps, [name]).catch(() => undefined);
    throw error;
  }
  return name;
}

/**
 * Accepts the part and moves the upload to its end, both only if the upload is still at the
 * part's start: false when another send got there first (the part is then removed).
 */
export async function acceptPart(deps: Deps, upload: Upload, name: string, start: number, end: number): Promise<boolean> {
  const stillAt = sql`(select received from document_uploads where id = ${upload.id}) = ${start}`;
  const [, moved] = await deps.batch([
    sql`update document_upload_parts set accepted = 1 where stored_name = ${name} and ${stillAt}`.compile(deps.db),
    sql`update document_uploads set received = ${end}, updated_at = ${deps.clock().toISOString()} where id = ${upload.id} and received = ${start}`.compile(deps.db),
  ]);
  if (moved?.changes) return true;
  await forgetParts(deps, [name]);
  return false;
}

/** Removes parts from the store, then their rows (a row without bytes is harmless; bytes without a row are lost). */
export async function forgetParts(deps: Pick<AppDeps, 'db' | 'images'>, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await Promise.all(names.map((name) => deps.images.delete(name)));
  await deps.db.deleteFrom('document_upload_parts').where('stored_name', 'in', names).execute();
}

async function readPart(deps: Deps, name: string): Promise<Uint8Array | null> {
  const stored = await deps.images.get(name);
  if (!stored) return null;
  return stored.body instanceof Uint8Array ? stored.body : new Uint8Array(await new Response(stored.body).arrayBuffer());
}

export type JoinedParts =
  | { complete: true; bytes: Uint8Array; names: string[] }
  /** The store lacks the part that begins at `missingAt`. */
  | { complete: false; missingAt: number };

/** The bytes of a complete upload, joined from its accepted parts in order, and every part name it holds. */
export async function joinParts(deps: Deps, upload: Upload): Promise<JoinedParts> {
  const accepted = await deps.db
    .selectFrom('document_upload_parts')
    .select(['stored_name', 'start_at', 'byte_length'])
    .where('upload_id', '=', upload.id)
    .where('accepted', '=', 1)
    .orderBy('start_at')
    .execute();
  const bytes = new Uint8Array(upload.length);
  const names: string[] = [];
  let at = 0;
  // An upload begun before migration 0255: its first parts have no rows and are walked by offset.
  const legacyEnd = Math.min(accepted[0]?.start_at ?? upload.length, upload.length);
  while (at < legacyEnd) {
    const name = legacyPartName(upload.id, at);
    const piece = await readPart(deps, name);
    if (!piece || piece.byteLength === 0) return { complete: false, missingAt: at };
    bytes.set(piece.subarray(0, upload.length - at), at);
    names.push(name);
    at += piece.byteLength;
  }
  for (const part of accepted) {
    if (part.start_at !== at) return { complete: false, missingAt: at };
    const piece = await readPart(deps, part.stored_name);
    if (!piece || piece.byteLength !== part.byte_length || at + piece.byteLength > upload.length) return { complete: false, missingAt: at };
    bytes.set(piece, at);
    names.push(part.stored_name);
    at += piece.byteLength;
  }
  if (at < upload.length) return { complete: false, missingAt: at };
  return { complete: true, bytes, names: [...names, ...(await unacceptedPartNames(deps, upload.id))] };
}

/** Parts of this upload no batch accepted: sends that lost a race and are still being removed, or were never. */
async function unacceptedPartNames(deps: Pick<AppDeps, 'db'>, uploadId: string): Promise<string[]> {
  const rows = await deps.db.selectFrom('document_upload_parts').select('stored_name').where('upload_id', '=', uploadId).where('accepted', '=', 0).execute();
  return rows.map((row) => row.stored_name);
}

/**
 * The store lost a part of a complete upload: the upload goes back to where that part began, so
 * the device sends the rest again (its next PATCH answer or HEAD tells it the offset) instead of
 * being refused for ever. Only if the upload is still complete and unfinished; false otherwise.
 */
export async function rewindUpload(deps: Deps, upload: Upload, to: number): Promise<boolean> {
  const unfinished = sql`id = ${upload.id} and received = ${upload.received} and document_id is null and refusal is null`;
  const [, moved] = await deps.batch([
    sql`update document_upload_parts set accepted = 0
        where upload_id = ${upload.id} and start_at >= ${to} and accepted = 1 and exists (select 1 from document_uploads where ${unfinished})`.compile(deps.db),
    sql`update document_uploads set received = ${to}, updated_at = ${deps.clock().toISOString()} where ${unfinished}`.compile(deps.db),
  ]);
  return Boolean(moved?.changes);
}

/** The parts written before migration 0255 of an upload that went (they have no rows to leave behind). */
export async function removeLegacyParts(deps: Pick<AppDeps, 'images'>, uploadId: string, received: number): Promise<void> {
  for (let at = 0; at < received; ) {
    const name = legacyPartName(uploadId, at);
    const part = await deps.images.get(name);
    await deps.images.delete(name);
    if (!part || part.size === 0) break;
    if (!(part.body instanceof Uint8Array)) await part.body.cancel().catch(() => undefined);
    at += part.size;
  }
}

/**
 * Orphaned parts, a bounded batch at a time: parts no batch accepted, and parts of an upload that
 * is finished or refused (its request stopped before removing them), once no request can still
 * be writing them.
 */
export async function removeOrphanedParts(deps: Pick<AppDeps, 'db' | 'clock' | 'images'>): Promise<number> {
  const before = new Date(deps.clock().getTime() - orphanedAfterSeconds * 1000).toISOString();
  const orphans = await deps.db
    .selectFrom('document_upload_parts as part')
    .select('part.stored_name')
    .where('part.created_at', '<', before)
    .where((eb) =>
      eb.or([
        eb('part.accepted', '=', 0),
        eb.exists(
          eb
            .selectFrom('document_uploads as upload')
            .select(sql`1`.as('one'))
            .whereRef('upload.id', '=', 'part.upload_id')
            .where((inner) => inner.or([inner('upload.document_id', 'is not', null), inner('upload.refusal', 'is not', null)])),
        ),
      ]),
    )
    .limit(sweepBatchSize)
    .execute();
  await forgetParts(deps, orphans.map((orphan) => orphan.stored_name));
  return orphans.length;
}
