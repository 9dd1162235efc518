/**
 * Prepares a picture off the main thread: at most 1600 px on its long side, re-encoded as a
 * JPEG of about 250 KB. Drawing it on a canvas and encoding that drops every metadata segment
 * (EXIF, GPS) of the original. browser-image-compression runs its own work inline when it finds
 * itself in a worker, so this module worker is where it runs: its `useWebWorker` would build a
 * worker from a blob: URL and fetch the library from a CDN, which neither works offline nor
 * passes the app's Content-Security-Policy (worker-src 'self').
 */
import imageCompression from 'browser-image-compression';
import { documentLimits } from 'edge-api/src/schemas/document.ts';

export interface PrepareRequest {
  id: number;
  file: Blob;
}

export type PrepareReply = { id: number; blob: Blob; width: number; height: number } | { id: number; error: string };

self.addEventListener('message', (event: MessageEvent<PrepareRequest>) => {
  const { id, file } = event.data;
  void (async () => {
    try {
      // The library reads the name; a Blob from IndexedDB has none.
      const named = file instanceof File ? file : new File([file], 'document.jpg', { type: file.type });
      const blob = await imageCompression(named, {
        maxWidthOrHeight: documentLimits.maxLongSide,
        maxSizeMB: documentLimits.targetBytes / 1024 / 1024,
        fileType: 'image/jpeg',
        initialQuality: 0.82,
        useWebWorker: false,
        preserveExif: false,
      });
      const bitmap = await createImageBitmap(blob);
      const reply: PrepareReply = { id, blob, width: bitmap.width, height: bitmap.height };
      bitmap.close();
      self.postMessage(reply);
    } catch (error) {
      self.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies PrepareReply);
    }
  })();
});
