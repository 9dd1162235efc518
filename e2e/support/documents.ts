/**
 * For the documents journeys (issue 27): a camera-sized photo carrying GPS EXIF, made here with
 * jpeg-js and piexifjs; a check that stored bytes carry no EXIF (the JPEG's own segments read
 * marker by marker, and exifr); and a TCP proxy that cuts the link after so many bytes.
 */
import { connect, createServer, type Socket } from 'node:net';
import exifr from 'exifr';
import jpeg from 'jpeg-js';
import piexif from 'piexifjs';

/** A 4000x3000 JPEG (12 MP) of soft gradients and grain, with the GPS position of Dhaka in its EXIF. */
export function cameraPhoto(width = 4000, height = 3000, seed = 1): Buffer {
  const data = Buffer.alloc(width * height * 4);
  let noise = seed * 2654435761;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      noise = (noise * 1103515245 + 12345) >>> 0;
      const grain = (noise >>> 24) % 24;
      const i = (y * width + x) * 4;
      data[i] = ((x * 255) / width + grain) & 0xff;
      data[i + 1] = ((y * 255) / height + grain + seed * 40) & 0xff;
      data[i + 2] = (((x + y) * 128) / (width + height) + grain) & 0xff;
      data[i + 3] = 0xff;
    }
  }
  const encoded = jpeg.encode({ width, height, data }, 85).data;
  const gps = {
    [piexif.GPSIFD.GPSLatitudeRef]: 'N',
    [piexif.GPSIFD.GPSLatitude]: [[23, 1], [48, 1], [3600, 100]],
    [piexif.GPSIFD.GPSLongitudeRef]: 'E',
    [piexif.GPSIFD.GPSLongitude]: [[90, 1], [24, 1], [1200, 100]],
  };
  const exif = piexif.dump({ '0th': { [piexif.ImageIFD.Make]: 'Field Phone' }, GPS: gps });
  return Buffer.from(piexif.insert(exif, encoded.toString('binary')), 'binary');
}

/** Whether a JPEG has an APP1 segment (EXIF or XMP): read segment by segment up to the image data. */
export function hasApp1(bytes: Uint8Array): boolean {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('not a JPEG');
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) throw new Error(`no marker at ${at}`);
    const marker = bytes[at + 1]!;
    if (marker === 0xda) return false; // start of scan: no more metadata segments
    if (marker === 0xe1) return true;
    at += 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!);
  }
  return false;
}

/** The GPS position exifr reads from a file, or null. */
export async function gpsOf(bytes: Uint8Array): Promise<{ latitude: number; longitude: number } | null> {
  const found = (await exifr.gps(Buffer.from(bytes)).catch(() => undefined)) as { latitude: number; longitude: number } | undefined;
  return found ?? null;
}

export interface CuttingProxy {
  url: string;
  /** Bytes the browser sent through the proxy (towards the server) since `resetCount`. */
  sent(): number;
  resetCount(): void;
  /** From now on, cut `times` connections, each once it has carried `afterBytes` towards the server. */
  cut(times: number, afterBytes: number): void;
  cutsDone(): number;
  /** Cuts every open connection now (a link that drops). */
  dropAll(): void;
  close(): Promise<void>;
}

/** A proxy in front of the app server: the browser talks to it, it forwards to `port`. */
export async function startCuttingProxy(port: number): Promise<CuttingProxy> {
  let sent = 0;
  let cutsLeft = 0;
  let cutAfter = Infinity;
  let cutsDone = 0;
  const sockets = new Set<Socket>();
  /** Bytes each connection carried towards the server since the cuts were armed. */
  const carried = new Map<Socket, number>();
  const server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    carried.set(client, 0);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk: Buffer) => {
      const before = carried.get(client) ?? 0;
      if (cutsLeft > 0 && before + chunk.length > cutAfter) {
        // Part of the chunk reaches the server, then the link is gone, as on a 2G drop.
        const part = chunk.subarray(0, Math.max(0, cutAfter - before));
        sent += part.length;
        cutsLeft -= 1;
        cutsDone += 1;
        upstream.write(part, drop);
        return;
      }
      carried.set(client, before + chunk.length);
      sent += chunk.length;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => {
      sockets.delete(client);
      carried.delete(client);
    });
    upstream.on('close', () => sockets.delete(upstream));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    sent: () => sent,
    resetCount: () => {
      sent = 0;
    },
    cut: (times, afterBytes) => {
      for (const socket of carried.keys()) carried.set(socket, 0);
      cutsLeft = times;
      cutAfter = afterBytes;
    },
    cutsDone: () => cutsDone,
    dropAll: () => {
      for (const socket of sockets) socket.destroy();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
