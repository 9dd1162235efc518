/**
 * Smaller sizes of uploaded pictures (lib/picture-sizes.ts, docs/decisions/0086): made at upload
 * with the WebAssembly resizer and WebP encoder on both runtimes, served as `?w=<width>` with the
 * original's headers and access, never upscaled, and never in the way of the original.
 */
import { encode as encodePng } from 'fast-png';
import { imageSize } from 'image-size';
import jpeg from 'jpeg-js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import piexif from 'piexifjs';
import { describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { cutOff, gifImage, jpegImage, pngImage } from './support/images.ts';
import { runtime, type ApiTarget } from './support/target.ts';
import type { TestUser } from './support/users.ts';
import { compileWasm, decodeWebpPixels, useWebpDecoder } from '../src/lib/webp-decode.ts';
import { widthsOf as widthsInColumn } from '../src/lib/image-uploads.ts';
import { pictureSizeName } from '../src/schemas/image.ts';

useWebpDecoder(await compileWasm(readFileSync(fileURLToPath(import.meta.resolve('@jsquash/webp/codec/dec/webp_dec.wasm')))));

/**
 * A phone's portrait photo: stored as 400x200 landscape pixels (left half red, right half blue)
 * with EXIF orientation 6 (turn 90° clockwise), so it shows 200x400, red on top.
 */
function portraitPhoto(): Uint8Array {
  const [width, height] = [400, 200];
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set((i % width) < width / 2 ? [220, 30, 30, 255] : [30, 30, 220, 255], i * 4);
  const encoded = jpeg.encode({ width, height, data }, 90).data;
  const exif = piexif.dump({ '0th': { [piexif.ImageIFD.Orientation]: 6 } });
  return new Uint8Array(Buffer.from(piexif.insert(exif, encoded.toString('binary')), 'binary'));
}

const immutable = 'public, max-age=31536000, immutable';

function uploader(api: ApiTarget, user: TestUser) {
  return async (bytes: Uint8Array, name: string, type: string) => {
    const form = new FormData();
    form.set('image', new Blob([bytes], { type }), name);
    return api.fetch('/api/uploads', { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form });
  };
}

async function uploadedUrl(res: Response): Promise<string> {
  expect(res.status).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

/** GET the picture at a width: its type, caching headers and real dimensions. */
async function served(api: ApiTarget, url: string, width?: number) {
  const res = await api.fetch(width ? `${url}?w=${width}` : url);
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(res.headers.get('cache-control')).toBe(immutable);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('content-length')).toBe(String(bytes.byteLength));
  const { width: w, height: h, type } = imageSize(bytes);
  return { contentType: res.headers.get('content-type'), width: w, height: h, type, bytes: bytes.byteLength };
}

describe(`picture sizes on ${runtime}`, () => {
  const { api, user } = useApi({ user: 'user' });
  const upload = uploader(api, user);
  const widthsOf = async (url: string) =>
    (await api.sql<{ widths: string }>('SELECT widths FROM images WHERE id = ?', url.split('/').pop()!))[0]?.widths;

  it('makes 160, 360 and 720 px WebP sizes of a PNG, served with the same headers as the original', async () => {
    const url = await uploadedUrl(await upload(pngImage(800, 500), 'wide.png', 'image/png'));
    expect(await widthsOf(url)).toBe('160,360,720');
    expect(await served(api, url)).toMatchObject({ contentType: 'image/png', width: 800, height: 500 });
    for (const [width, height] of [[160, 100], [360, 225], [720, 450]] as const) {
      expect(await served(api, url, width)).toMatchObject({ contentType: 'image/webp', type: 'webp', width, height });
    }
  });

  it('never upscales: a 400 px JPEG gets 160 and 360, and ?w=720 answers the original', async () => {
    const url = await uploadedUrl(await upload(jpegImage(400, 300), 'photo.jpg', 'image/jpeg'));
    expect(await widthsOf(url)).toBe('160,360');
    expect(await served(api, url, 360)).toMatchObject({ contentType: 'image/webp', width: 360, height: 270 });
    expect(await served(api, url, 720)).toMatchObject({ contentType: 'image/jpeg', type: 'jpg', width: 400, height: 300 });
  });

  it('turns a phone photo as its EXIF says: the size of a portrait photo stored on its side is upright', async () => {
    const url = await uploadedUrl(await upload(portraitPhoto(), 'portrait.jpg', 'image/jpeg'));
    expect(await widthsOf(url)).toBe('160');
    const res = await api.fetch(`${url}?w=160`);
    const picture = await decodeWebpPixels(new Uint8Array(await res.arrayBuffer()));
    expect([picture.width, picture.height]).toEqual([160, 320]);
    const colourAt = (x: number, y: number) => [...picture.data.subarray((y * picture.width + x) * 4, (y * picture.width + x) * 4 + 3)];
    const [top, bottom] = [colourAt(80, 60), colourAt(80, 260)];
    expect(top[0]! > 150 && top[2]! < 100, `top ${top}`).toBe(true);
    expect(bottom[2]! > 150 && bottom[0]! < 100, `bottom ${bottom}`).toBe(true);
  });

  it('reads every PNG layout: 16-bit grey with alpha', async () => {
    const grey = encodePng({ width: 200, height: 100, depth: 16, channels: 2, data: Uint16Array.from({ length: 200 * 100 * 2 }, (_, i) => (i * 331) % 65536) });
    const url = await uploadedUrl(await upload(grey, 'grey.png', 'image/png'));
    expect(await widthsOf(url)).toBe('160');
    expect(await served(api, url, 160)).toMatchObject({ contentType: 'image/webp', width: 160, height: 80 });
  });

  it('serves a GIF as it is at every width (a WebP of one frame would stop its animation)', async () => {
    const url = await uploadedUrl(await upload(gifImage(400, 300), 'moving.gif', 'image/gif'));
    expect(await widthsOf(url)).toBe('');
    expect(await served(api, url, 360)).toMatchObject({ contentType: 'image/gif', width: 400, height: 300 });
  });

  it('refuses a cut-off JPEG with 415 before any size is made, and answers 400 for a width it does not make', async () => {
    const before = await api.sql<{ n: number }>('SELECT count(*) AS n FROM images');
    const res = await upload(cutOff(jpegImage(800, 600)), 'cut.jpg', 'image/jpeg');
    expect(res.status).toBe(415);
    expect(await api.sql<{ n: number }>('SELECT count(*) AS n FROM images')).toEqual(before);
    const url = await uploadedUrl(await upload(pngImage(200, 100), 'small.png', 'image/png'));
    expect((await api.fetch(`${url}?w=500`)).status).toBe(400);
    expect((await api.fetch(`${url.replace(/.png$/, '-160.webp')}`)).status).toBe(404);
  });

  it('removes the sizes with the picture when nothing uses it', async () => {
    const url = await uploadedUrl(await upload(pngImage(400, 250), 'unused.png', 'image/png'));
    const name = url.split('/').pop()!;
    const [row] = await api.sql<Record<string, unknown>>('SELECT * FROM images WHERE id = ?', name);
    expect(row!.widths).toBe('160,360');
    // Older than the grace period and used by nothing: the next upload's clean-up removes it.
    await api.sql("UPDATE images SET created_at = '2000-01-01T00:00:00.000Z' WHERE id = ?", name);
    await uploadedUrl(await upload(pngImage(64, 64), 'next.png', 'image/png'));
    expect(await api.sql('SELECT id FROM images WHERE id = ?', name)).toEqual([]);
    // Its record put back by hand: the files behind it are gone from the image store.
    await api.sql(
      'INSERT INTO images (id, content_type, byte_size, owner_id, created_at, widths) VALUES (?, ?, ?, ?, ?, ?)',
      row!.id, row!.content_type, row!.byte_size, row!.owner_id, new Date().toISOString(), row!.widths,
    );
    for (const width of ['', '?w=160', '?w=360']) expect((await api.fetch(`${url}${width}`)).status).toBe(404);
  });
});

describe(`pictures uploaded before sizes were made, on ${runtime}`, () => {
  const { api, user } = useApi({ user: 'user' });
  const upload = uploader(api, user);
  const rowOf = async (url: string) =>
    (await api.sql<{ widths: string; sizes_pending: number }>('SELECT widths, sizes_pending FROM images WHERE id = ?', url.split('/').pop()!))[0];
  /**
   * As every picture was before migration 0230: no sizes in the store, none recorded, and
   * marked as 0240 marks it.
   */
  const asUploadedBeforeSizes = async (url: string) => {
    const name = url.split('/').pop()!;
    const [row] = await api.sql<{ widths: string }>('SELECT widths FROM images WHERE id = ?', name);
    for (const width of widthsInColumn(row!.widths)) await api.deleteStoredImage(pictureSizeName(name, width));
    await api.sql("UPDATE images SET widths = '', sizes_pending = 1 WHERE id = ?", name);
  };

  it('get their sizes from the housekeeping; until then every width answers the original', async () => {
    const url = await uploadedUrl(await upload(pngImage(800, 500), 'old.png', 'image/png'));
    expect(await rowOf(url)).toEqual({ widths: '160,360,720', sizes_pending: 0 });
    await asUploadedBeforeSizes(url);
    expect(await served(api, url, 360)).toMatchObject({ contentType: 'image/png', width: 800, height: 500 });

    await api.housekeeping();
    expect(await rowOf(url)).toEqual({ widths: '160,360,720', sizes_pending: 0 });
    for (const [width, height] of [[160, 100], [360, 225], [720, 450]] as const) {
      expect(await served(api, url, width)).toMatchObject({ contentType: 'image/webp', type: 'webp', width, height });
    }
    expect(await served(api, url)).toMatchObject({ contentType: 'image/png', width: 800, height: 500 });
  });

  it('are tried once: a GIF stays as it is and is not tried again', async () => {
    const url = await uploadedUrl(await upload(gifImage(400, 300), 'old.gif', 'image/gif'));
    await asUploadedBeforeSizes(url);
    await api.housekeeping();
    expect(await rowOf(url)).toEqual({ widths: '', sizes_pending: 0 });
    expect(await served(api, url, 360)).toMatchObject({ contentType: 'image/gif', width: 400, height: 300 });
  });

  it('leave new uploads alone: they were sized at upload', async () => {
    const url = await uploadedUrl(await upload(jpegImage(400, 300), 'new.jpg', 'image/jpeg'));
    expect(await rowOf(url)).toEqual({ widths: '160,360', sizes_pending: 0 });
    expect(await api.sql('SELECT id FROM images WHERE sizes_pending = 1')).toEqual([]);
  });
});

describe(`a picture past the sizing cap on ${runtime}`, () => {
  const { api, user } = useApi({ user: 'user' }, { env: { IMAGE_MAX_SIZED_PIXELS: '100000' } });
  const upload = uploader(api, user);

  it('is stored without sizes and served as uploaded at every width', async () => {
    const url = await uploadedUrl(await upload(pngImage(500, 400), 'big.png', 'image/png'));
    for (const width of [undefined, 160, 720]) {
      expect(await served(api, url, width)).toMatchObject({ contentType: 'image/png', width: 500, height: 400 });
    }
  });
});
