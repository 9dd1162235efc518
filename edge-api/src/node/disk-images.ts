import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImageStore } from '../storage/images.ts';

/**
 * Flushes a file (or a folder's entries) to the disk. The image row is committed with
 * synchronous = FULL after the file is stored (decision 0075); without this the row could
 * survive a power cut while the bytes, still in the OS's cache, did not.
 */
async function flush(path: string, data: boolean) {
  const handle = await open(path, 'r');
  try {
    await (data ? handle.datasync() : handle.sync());
  } finally {
    await handle.close();
  }
}

/**
 * Images as files under `<DATA_DIR>/images`, content type kept in a sidecar; also the parts of
 * a document upload under way (`.part`, documents/upload-parts.ts).
 */
export function diskImageStore(dir: string): ImageStore {
  const safe = (name: string) => {
    if (!/^[A-Za-z0-9_-]+\.(png|jpg|webp|gif|part)$/.test(name)) throw new Error(`Unsafe image name: ${name}`);
    return join(dir, name);
  };
  return {
    async put(name, bytes, contentType) {
      await mkdir(dir, { recursive: true });
      const path = safe(name);
      // Written under temporary names and renamed into place: a write that fails half-way (a
      // full disk) leaves no partial image behind, only nothing. The temporary names are this
      // write's own, so two writes at once never write into, or rename away, each other's file
      // (issue 47: three sends of one upload part at once shared one name, and two failed).
      const own = randomUUID();
      const partial = `${path}.${own}.partial`;
      const partialType = `${path}.${own}.type-partial`;
      let placed = false;
      try {
        await Promise.all([writeFile(partialType, contentType), writeFile(partial, bytes)]);
        await Promise.all([flush(partialType, true), flush(partial, true)]);
        await rename(partialType, `${path}.type`);
        await rename(partial, path);
        placed = true;
        // The new names themselves live in the folder: flushed too, so the files are found after a power cut.
        // (Windows cannot open a folder as a file; its file system records the rename itself.)
        await flush(dir, false).catch((error: unknown) => {
          if (process.platform !== 'win32') throw error;
        });
      } catch (error) {
        await Promise.all([rm(partial, { force: true }), rm(partialType, { force: true }), placed ? undefined : rm(`${path}.type`, { force: true })]);
        throw error;
      }
    },
    async get(name) {
      try {
        const [body, contentType] = await Promise.all([readFile(safe(name)), readFile(`${safe(name)}.type`, 'utf8')]);
        return { body: new Uint8Array(body), contentType, size: body.byteLength };
      } catch {
        return null;
      }
    },
    async delete(name) {
      await rm(safe(name), { force: true });
      await rm(`${safe(name)}.type`, { force: true });
    },
  };
}
