/**
 * Raw HTTP requests with node:http: the exact bytes on the wire (no transparent
 * decompression, no headers added), as the load generator and a browser see them.
 */
import { request } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Headers;
  /** The body as sent (compressed if the server compressed it). */
  body: Buffer;
}

export function rawRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolveResponse, fail) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
    const req = request(url, { method: init.method ?? 'GET', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', fail);
      res.on('end', () => {
        const received = new Headers();
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          received.append(res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string);
        }
        resolveResponse({ status: res.statusCode ?? 0, headers: received, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', fail);
    req.end(init.body);
  });
}
