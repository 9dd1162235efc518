import type { R2Bucket } from '@cloudflare/workers-types';
import type { ImageStore } from '../storage/images.ts';

export function r2ImageStore(bucket: R2Bucket): ImageStore {
  return {
    async put(name, bytes, contentType) {
      await bucket.put(name, bytes, { httpMetadata: { contentType } });
    },
    async get(name) {
      const object = await bucket.get(name);
      if (!object) return null;
      return {
        body: object.body as unknown as ReadableStream<Uint8Array>,
        contentType: object.httpMetadata?.contentType ?? 'application/octet-stream',
        size: object.size,
      };
    },
    async delete(name) {
      await bucket.delete(name);
    },
  };
}
