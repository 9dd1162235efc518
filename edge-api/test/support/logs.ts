/**
 * The servers' log lines in tests (decision 0080). Every server the API suite starts writes its
 * lines to a file of its own in the run's log folder (log-scan.ts provides it), which the run's
 * teardown scans for secrets; tests read their own server's file to follow a request id.
 */
import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject, vi } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    logDir?: string;
  }
}

let fallbackDir: string | undefined;

/** A new log file in the run's folder (or, outside a project with the scan, a temporary one). */
export function newLogFile(kind: string): string {
  const dir = inject('logDir') ?? (fallbackDir ??= mkdtempSync(join(tmpdir(), 'api-logs-')));
  return join(dir, `${kind}-${process.pid}-${crypto.randomUUID()}.log`);
}

/** Workerd's console lines (Miniflare's structured logs), appended as they come. */
export const appendTo = (file: string) => (log: { message: string }) => appendFileSync(file, `${log.message}\n`);

export type LogLine = Record<string, unknown>;

export function readLogLines(file: string): LogLine[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/** The first line that matches, once written (Node writes it before answering; workerd a moment later). */
export async function waitForLogLine(file: string, matches: (line: LogLine) => boolean): Promise<LogLine> {
  return vi.waitFor(
    () => {
      const line = readLogLines(file).find(matches);
      if (!line) throw new Error(`No such line yet in ${file}`);
      return line;
    },
    { timeout: 10_000, interval: 20 },
  );
}
