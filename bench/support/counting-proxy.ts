/**
 * A pass-through HTTP proxy in front of the app that records every request reaching it and the
 * bytes of its answer as sent on the wire (status line, headers and the body as the server
 * encoded it), so what a browser got from its caches or its service worker costs nothing.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CountingProxy {
  url: string;
  seen: Counted[];
  /** When a request last started or an answer last sent bytes (ms since the epoch), and how many are open. */
  activity: { last: number; open: number };
  close(): Promise<void>;
}

export interface Counted {
  method: string;
  path: string;
  status: number;
  bytes: number;
}

/** A pass-through proxy that records each request and the size of its answer. */
export async function countingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  const seen: Counted[] = [];
  const activity = { last: Date.now(), open: 0 };
  const server: Server = createServer((req, res) => {
    activity.last = Date.now();
    activity.open++;
    res.on('close', () => {
      activity.open--;
      activity.last = Date.now();
    });
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const head = `HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}\r\n${answer.rawHeaders.map((v, i) => (i % 2 ? `${v}\r\n` : `${v}: `)).join('')}\r\n`;
        const entry: Counted = { method: req.method ?? 'GET', path: req.url ?? '/', status: answer.statusCode ?? 0, bytes: Buffer.byteLength(head) };
        seen.push(entry);
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.on('data', (chunk: Buffer) => {
          entry.bytes += chunk.length;
          activity.last = Date.now();
        });
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    activity,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
