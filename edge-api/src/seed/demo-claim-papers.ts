/**
 * The demo's photos of a claim's papers (migration 0225): the server approves a claim only with
 * every required paper attached, and the demo approves some, so each gets one picture per paper
 * before its approval, as if the claimant had photographed them when filing. The picture is a
 * plain page drawn here (jpeg-js, no file shipped), stored like an upload's bytes when the seed
 * is given the image store; `npm run seed` fills only the database, so there the rows are made
 * without bytes and the photo answers "not found" (docs/decisions/0084-claims.md).
 */
import jpeg from 'jpeg-js';
import { sql } from 'kysely';
import type { AppDeps } from '../http/env.ts';
import { newId } from '../lib/ids.ts';
import { requiredDocuments, type ClaimKind } from '../schemas/claim.ts';

const width = 480;
const height = 640;

/** A pale page with dark lines of "text": what a photo of a certificate looks like from afar. */
function paperPicture(): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const line = y > 80 && y < height - 60 && y % 28 < 6;
    for (let x = 0; x < width; x++) {
      const ink = line && x > 48 && x < width - 48 - ((y * 7) % 120);
      const at = (y * width + x) * 4;
      data[at] = ink ? 40 : 244;
      data[at + 1] = ink ? 40 : 238;
      data[at + 2] = ink ? 60 : 222;
      data[at + 3] = 255;
    }
  }
  return new Uint8Array(jpeg.encode({ data, width, height }, 70).data);
}

let picture: Uint8Array | null = null;

export async function attachDemoPapers(
  deps: Pick<AppDeps, 'db' | 'batch' | 'clock'> & { images?: AppDeps['images'] },
  claim: { id: string; kind: ClaimKind; claimantId: string },
): Promise<void> {
  picture ??= paperPicture();
  const row = await deps.db.selectFrom('claims').select(['application_id']).where('id', '=', claim.id).executeTakeFirstOrThrow();
  const now = deps.clock().toISOString();
  for (const paper of requiredDocuments[claim.kind]) {
    const id = newId();
    const storedName = `${id}.jpg`;
    await deps.images?.put(storedName, picture, 'image/jpeg');
    await deps.batch([
      sql`insert into documents (id, application_id, claim_id, paper, owner_id, kind, write_id, client_key, note, stored_name, content_type, byte_size, width, height, created_at)
          values (${id}, ${row.application_id}, ${claim.id}, ${paper}, ${claim.claimantId}, 'other', 'demo-filing', ${paper}, null, ${storedName}, 'image/jpeg',
                  ${picture.byteLength}, ${width}, ${height}, ${now})`.compile(deps.db),
    ]);
  }
}
