/**
 * What the Node server prints when it cannot start: one line that says what to fix, instead
 * of a stack trace (a read-only data folder used to surface as a raw SqliteError).
 */
const notWritable = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST', 'EISDIR', 'SQLITE_READONLY', 'SQLITE_CANTOPEN', 'SQLITE_READONLY_DIRECTORY']);

export function describeStartupFailure(error: unknown, dataDir: string, port: string | undefined): string {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  const message = error instanceof Error ? error.message : String(error);
  if (notWritable.has(code) || /read-?only|unable to open database/i.test(message)) {
    return `Cannot start: the data folder ${dataDir} is not writable (${code || message}). Set DATA_DIR to a folder this user can write to.`;
  }
  if (code === 'ENOSPC' || code === 'SQLITE_FULL') {
    return `Cannot start: there is no space left for the data folder ${dataDir}. Free some disk space and start again.`;
  }
  if (code === 'EADDRINUSE') return `Cannot start: port ${port ?? 8787} is already in use. Stop the other server or set PORT.`;
  return `Cannot start: ${message.split('\n')[0]}`;
}
