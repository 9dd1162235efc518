/**
 * On Node the pushes are sent by this loop, in the server's process: every PUSH_SEND_INTERVAL_MS
 * it delivers what is due (notifications/sender.ts). Nothing is kept in memory: what to send
 * is in the database, written with the change itself, so a restart (even a kill -9) loses
 * nothing; a push claimed but not answered is tried again once its lease is over.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VapidKeys } from '../http/push-config.ts';
import { deliverDuePushes, type SenderDeps } from '../notifications/sender.ts';
import { deliverDueSms } from '../sms/queue.ts';
import type { SmsDeps } from '../sms/sender.ts';
import { generateVapidKeys } from '../notifications/vapid.ts';

const perRound = 20;

export function startPushLoop(deps: SenderDeps & SmsDeps, log: (line: string) => void = console.error) {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        // A full round may mean more are due: go on until a round finds fewer.
        while (!stopped && (await deliverDuePushes(deps, perRound)).claimed === perRound);
        // The SMS about policies (issue 50) ride on the same timer: queued with the change, like the pushes.
        while (!stopped && (await deliverDueSms(deps, perRound)) === perRound);
      } catch (error) {
        log(`Push sending failed; it will be tried again: ${String(error)}`);
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, deps.config.push.sendIntervalMs);
  timer.unref();
  tick();
  return {
    /** Waits for the round in flight, so the database is not closed under it. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** The embedded default's VAPID keys: made on first start and kept in DATA_DIR, like the JWT secret. */
export async function persistentVapidKeys(dataDir: string): Promise<VapidKeys> {
  const file = join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  const keys = await generateVapidKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
