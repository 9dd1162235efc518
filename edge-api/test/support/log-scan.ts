/**
 * vitest globalSetup of the API projects: gives the run a log folder (every server started by the
 * test support writes its lines there, logs.ts) and, when the whole run is over, scans every line
 * for secrets (log-secrets.ts). One found fails the run and keeps the folder to look at.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { secretsIn } from './log-secrets.ts';

export interface ScanResult {
  files: number;
  lines: number;
  requestLines: number;
  findings: string[];
}

export function scanLogFolder(dir: string): ScanResult {
  const result: ScanResult = { files: 0, lines: 0, requestLines: 0, findings: [] };
  for (const name of readdirSync(dir)) {
    result.files += 1;
    readFileSync(join(dir, name), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (!line) return;
        result.lines += 1;
        if (line.includes('"reqId"')) result.requestLines += 1;
        for (const what of secretsIn(line)) result.findings.push(`${name}:${index + 1}: ${what}`);
      });
  }
  return result;
}

export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), `api-logs-${project.name}-`));
  project.provide('logDir', dir);
  return () => {
    const result = scanLogFolder(dir);
    // Servers were started and no request was logged: the log itself is broken, and so is the scan.
    const broken = result.files > 0 && result.requestLines === 0 ? [`no request line in ${result.files} server logs`] : [];
    const problems = [...result.findings, ...broken];
    if (problems.length) {
      // vitest prints an error thrown here but still exits 0: the exit code is set by hand.
      process.exitCode = 1;
      throw new Error(`The API's logs fail the scan (kept in ${dir}):\n${problems.slice(0, 50).join('\n')}`);
    }
    console.log(`Log scan: ${result.requestLines} request lines of ${result.lines} in ${result.files} server logs, no secret found.`);
    rmSync(dir, { recursive: true, force: true });
  };
}
