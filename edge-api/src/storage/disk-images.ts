import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImageStore } from './images.ts';

/** Images as files under `<DATA_DIR>/images`, content type kept in a sidecar. */
export function diskImageStore(dir: string): ImageStore {
  const safe = (name: string) => {
    if (!/^[A-Za-z0-9_-]+\.(png|jpg|webp|gif)$/.test(name)) throw new Error(`Unsafe image name: ${name}`);
    return join(dir, name);
  };
  return {
    async put(name, bytes, contentType) {
      await mkdir(dir, { recursive: true });
      await writeFile(safe(name), bytes);
      await writeFile(`${safe(name)}.type`, contentType);
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
