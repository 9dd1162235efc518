/** LOG_LEVEL (issue 30): `error` keeps failed requests' lines and drops the rest; a wrong level stops the start. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readLogLines, waitForLogLine } from './support/logs.ts';
import { startNodeOnFreshData } from './support/target.ts';

let started: Awaited<ReturnType<typeof startNodeOnFreshData>>;
beforeAll(async () => {
  started = await startNodeOnFreshData({ LOG_LEVEL: 'error' });
});
afterAll(() => started?.stop());

it('logs only failed requests at LOG_LEVEL=error', async () => {
  const fine = await started.api.fetch('/api/faqs');
  expect(fine.status).toBe(200);
  await started.api.sql('ALTER TABLE faqs RENAME TO faqs_away');
  try {
    const failed = await started.api.fetch('/api/faqs');
    expect(failed.status).toBe(500);
    await waitForLogLine(started.api.logFile!, (line) => line.reqId === failed.headers.get('x-request-id'));
  } finally {
    await started.api.sql('ALTER TABLE faqs_away RENAME TO faqs');
  }
  // Written in order: the failure's line is out, so the earlier request's would be too.
  const lines = readLogLines(started.api.logFile!);
  expect(lines.map((line) => [line.level, line.status])).toEqual([['error', 500]]);
  expect(lines.some((line) => line.reqId === fine.headers.get('x-request-id'))).toBe(false);
});

it('refuses to start with a level it does not know', async () => {
  await expect(startNodeOnFreshData({ LOG_LEVEL: 'loud' })).rejects.toThrow(/LOG_LEVEL must be one of trace, debug, info/);
});
