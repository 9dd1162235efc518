/**
 * vitest globalSetup of the browser tests: the demo accounts and catalogue, seeded once per run by
 * the built server itself (SEED_DEMO=catalogue, as every test server asks), kept as a database
 * file that each test server then starts on a copy of (app-server.ts). Seeding hashes a password
 * for each demo account: about 1.3 s of a server's 2.5 s start, paid some seventy times a run
 * (docs/decisions/0128-browser-tests-start-on-one-seeding.md).
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAppServer } from './app-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded database's file; empty when it could not be made (each server seeds then). */
    seededDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startAppServer({ fromSeededCopy: false });
  await server.stop();
  const kept = mkdtempSync(join(tmpdir(), 'e2e-seeded-'));
  const file = join(kept, 'insurance.sqlite');
  // One file with everything in it: the server's last writes may still be in its write-ahead log.
  const db = new Database(join(server.dataDir, 'insurance.sqlite'));
  try {
    await db.backup(file);
  } finally {
    db.close();
  }
  await server.dispose();
  project.provide('seededDatabase', file);
  return () => rmSync(kept, { recursive: true, force: true });
}
