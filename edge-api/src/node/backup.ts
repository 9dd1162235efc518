/**
 * `npm run backup [-- destination]`: a consistent copy of the live database, taken online
 * while the server keeps serving. Uses SQLite's backup API (through better-sqlite3), which
 * copies a snapshot page by page; copying a raw file mid-write could tear it.
 *
 * Reads DATA_DIR like the server does. Without a destination, writes
 * DATA_DIR/backups/insurance-<UTC timestamp>.sqlite. Prints the path of the backup.
 * To restore: stop the server, put the copy in place of DATA_DIR/insurance.sqlite (and remove
 * insurance.sqlite-wal and -shm), start it. The copy has its own sync epoch, so every client
 * pulls afresh once and none misses a change.
 */
import SQLite from 'better-sqlite3';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export async function backupDatabase(dataDir: string, destination?: string): Promise<string> {
  const source = join(dataDir, 'insurance.sqlite');
  if (!existsSync(source)) throw new Error(`No database at ${source}: is DATA_DIR right?`);
  const target = resolve(
    destination ?? join(dataDir, 'backups', `insurance-${new Date().toISOString().replace(/[:.]/g, '-')}.sqlite`),
  );
  if (existsSync(target)) throw new Error(`${target} already exists; not overwriting it`);
  mkdirSync(resolve(target, '..'), { recursive: true });

  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // All remaining pages in one step: a step reads one snapshot, so writes by the server
    // cannot restart the copy (with small steps, every write would start it over).
    await db.backup(target, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }

  // Prove the copy is whole before telling anyone it exists.
  const copy = new SQLite(target, { fileMustExist: true });
  let verdict: string;
  try {
    // The copy starts a line of versions of its own (migration 0060): once it is restored,
    // clients that synced with the live server after this moment hold cursors of the old
    // epoch, and their next pull starts over instead of missing what the restore undid.
    copy.prepare('UPDATE sync_clock SET epoch = lower(hex(randomblob(8))) WHERE id = 1').run();
    verdict = String(copy.pragma('integrity_check', { simple: true }));
  } finally {
    copy.close();
  }
  if (verdict !== 'ok') {
    rmSync(target, { force: true });
    throw new Error(`The backup failed its integrity check (${verdict}); nothing was kept`);
  }
  return target;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  try {
    const path = await backupDatabase(resolve(process.env.DATA_DIR ?? './data'), process.argv[2]);
    console.log(`Backup written to ${path}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
