/**
 * Slow clients cannot starve others (issue 24, finding 1; node/overload.ts, docs/security.md).
 * Before, 128 connections sending a body a byte a second held all 128 places of the overload
 * guard, and every other client got 503 for minutes. Here 200 such connections come from one
 * address (127.0.0.2: Linux routes all of 127/8 to the loopback) and are kept up for 30 s,
 * reconnecting whenever the server closes one, while another client (127.0.0.1) asks for the
 * page, the catalogue and the FAQ: each of its 20 requests must get 200 within 2 s.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeOnFreshData } from './support/target.ts';

const attacker = '127.0.0.2';
const visitor = '127.0.0.1';
const attackSeconds = 30;
const slowConnections = 200;

const dist = mkdtempSync(join(tmpdir(), 'pwa-dist-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>App</title>');
let node: Awaited<ReturnType<typeof startNodeOnFreshData>>;

beforeAll(async () => {
  // The fair share is what is under test: the suite's own setting (one address for every test) is undone.
  node = await startNodeOnFreshData({ PWA_DIST_DIR: dist, OVERLOAD_MAX_PER_CLIENT: '' }, { servePwa: true });
});
afterAll(async () => {
  await node?.stop();
  rmSync(dist, { recursive: true, force: true });
});

/** Keeps `count` sign-ins open from `attacker`, each sending its body a byte a second, until stopped. */
function slowBodies(port: number, count: number) {
  const sockets = new Set<Socket>();
  let stopped = false;
  let sentHeaders = 0;
  const open = () => {
    if (stopped) return;
    const socket = connect({ host: '127.0.0.1', port, localAddress: attacker });
    sockets.add(socket);
    let drip: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(
        `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`,
      );
      sentHeaders += 1;
      drip = setInterval(() => socket.write('a'), 1000);
    });
    socket.on('data', () => {}); // answers (503, 408) are read and dropped
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(drip);
      sockets.delete(socket);
      // As an attacker would: a closed connection is opened again, a second later.
      if (!stopped) setTimeout(open, 1000).unref();
    });
  };
  for (let i = 0; i < count; i++) open();
  return {
    /** Requests whose headers were sent, reconnections included. */
    sentHeaders: () => sentHeaders,
    stop() {
      stopped = true;
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** One GET from the visitor's address, on a connection of its own; its status and how long it took. */
function visit(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { localAddress: visitor, agent: false, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('timeout', () => req.destroy(new Error(`${url}: no answer within 10 s`)));
    req.on('error', reject);
    req.end();
  });
}

describe('200 slow request bodies from one address', () => {
  it('leave room for another client: 20 requests over 30 s, each answered 200 within 2 s', async () => {
    const { server } = node;
    const attack = slowBodies(server.port, slowConnections);
    try {
      // Every connection has sent its headers, and the server has taken in what it lets in.
      await expect.poll(() => attack.sentHeaders(), { timeout: 20_000 }).toBeGreaterThanOrEqual(slowConnections);
      await expect.poll(() => server.load().heldBy(attacker), { timeout: 20_000 }).toBeGreaterThan(0);
      const attackUntil = Date.now() + attackSeconds * 1000;
      const paths = ['/', '/api/policies', '/api/faqs'];
      const answers: { path: string; status: number; ms: number }[] = [];
      for (let i = 0; i < 20; i++) {
        const path = paths[i % paths.length]!;
        answers.push({ path, ...(await visit(`${server.url}${path}`)) });
        // Spread over the attack's 30 s (pacing only: nothing is asserted after a wait).
        const next = attackUntil - ((19 - i) * attackSeconds * 1000) / 20;
        if (next > Date.now()) await new Promise((resolve) => setTimeout(resolve, next - Date.now()));
      }
      // The attack was on the whole time: closed connections kept coming back, and it still held places at the end.
      expect(attack.sentHeaders()).toBeGreaterThan(slowConnections * 2);
      expect(server.load().heldBy(attacker)).toBeGreaterThan(0);
      for (const answer of answers) {
        expect({ path: answer.path, status: answer.status }).toEqual({ path: answer.path, status: 200 });
        expect(answer.ms).toBeLessThan(2000);
      }
      // What held the attacker back: its share of the places, and then its body's deadline.
      // (a quarter of the 128 places by default: OVERLOAD_MAX_PER_CLIENT)
      expect(server.load().heldBy(attacker)).toBeLessThanOrEqual(32);
      expect(server.load().shed).toBeGreaterThan(0);
      expect(server.load().timedOut).toBeGreaterThan(0);
    } finally {
      attack.stop();
    }
    // Once the attack is gone its places are given back.
    await expect.poll(() => server.load().heldBy(attacker), { timeout: 10_000 }).toBe(0);
  }, 90_000);
});
