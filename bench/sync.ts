/**
 * Benchmark 4: sync. (a) Bytes of a delta pull (`GET /sync?since=<cursor>`) after one change
 * among 10,000 policies, against a full pull (since=0, all pages summed), as sent (gzip, as
 * a browser asks) and as JSON. (b) Time to send 200 queued applications as 4 pushes of 50
 * (`POST /sync/push`) against 200 single `POST /applications`, one after another as an
 * outbox replays them, in alternating rounds.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { accessTokenFor, applicationBody, benchPolicies, fillDatabase, insertRows, insertUser, type BenchUser } from './support/data.ts';
import { rawRequest, type RawResponse } from './support/http.ts';
import { startApp, type AppServer } from './support/processes.ts';
import { markdownTable, noGoal, SkipBenchmark, type BenchContext, type BenchOutcome } from './support/report.ts';
import { openSqlite } from '../edge-api/src/node/sqlite-node.ts';
import { formatKb, formatMs, formatNumber, formatRatio, median } from './support/stats.ts';

const policyCount = 10_000;
const queuedWrites = 200;
const batchSize = 50;
const warmupWrites = 20;

interface SyncPage {
  /** `<version>.<scope>` (a bare number from older servers). */
  cursor: string | number;
  hasMore: boolean;
  changes: Record<string, { upserts?: { id: string }[]; deletes?: string[] } | undefined>;
}

const bodyText = (response: RawResponse) =>
  (response.headers.get('content-encoding') === 'gzip' ? gunzipSync(response.body) : response.body).toString('utf8');

const isMissingEndpoint = (response: RawResponse) =>
  response.status === 404 && /No such endpoint/.test(bodyText(response));

const versionOf = (cursor: string | number) => Number(String(cursor).split('.')[0]);

async function pull(app: AppServer, since: string | number, headers: Record<string, string>) {
  let cursor = since;
  let pages = 0;
  let wireBytes = 0;
  let jsonBytes = 0;
  const upserted = new Set<string>();
  for (;;) {
    const response = await rawRequest(`${app.url}/api/sync?since=${encodeURIComponent(cursor)}`, { headers: { ...headers, 'accept-encoding': 'gzip' } });
    if (isMissingEndpoint(response)) throw new SkipBenchmark('GET /sync is not built yet (edge-api/src/routes/sync.ts)');
    if (response.status !== 200) throw new Error(`GET /sync?since=${cursor} answered ${response.status}: ${bodyText(response).slice(0, 300)}`);
    const text = bodyText(response);
    const page = JSON.parse(text) as SyncPage;
    pages += 1;
    wireBytes += response.body.length;
    jsonBytes += Buffer.byteLength(text);
    for (const upsert of page.changes.policies?.upserts ?? []) upserted.add(upsert.id);
    if (!page.hasMore) return { cursor: page.cursor, pages, wireBytes, jsonBytes, upserted };
    if (!(versionOf(page.cursor) > versionOf(cursor))) throw new Error('GET /sync said hasMore without moving its cursor');
    if (pages > 10_000) throw new Error('GET /sync did not finish within 10,000 pages');
    cursor = page.cursor;
  }
}

async function timeSingles(app: AppServer, user: BenchUser, headers: Record<string, string>, policyIds: string[], count = queuedWrites) {
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${app.url}/api/applications`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: JSON.stringify(applicationBody(user, policyIds[i % policyIds.length] as string)),
    });
    const text = await response.text();
    if (!response.ok) {
      if (response.status === 404 && /No such endpoint/.test(text)) throw new SkipBenchmark('POST /applications is not built yet');
      throw new Error(`POST /applications answered ${response.status}: ${text.slice(0, 300)}`);
    }
  }
  return performance.now() - started;
}

async function timeBatches(app: AppServer, user: BenchUser, headers: Record<string, string>, policyIds: string[], count = queuedWrites) {
  const started = performance.now();
  for (let first = 0; first < count; first += batchSize) {
    const mutations = Array.from({ length: Math.min(batchSize, count - first) }, (_, i) => ({
      mutationId: randomUUID(),
      type: 'application.create',
      payload: applicationBody(user, policyIds[(first + i) % policyIds.length] as string),
    }));
    const response = await fetch(`${app.url}/api/sync/push`, { method: 'POST', headers, body: JSON.stringify({ mutations }) });
    const text = await response.text();
    if (!response.ok) {
      if (response.status === 404 && /No such endpoint/.test(text)) throw new SkipBenchmark('POST /sync/push is not built yet');
      throw new Error(`POST /sync/push answered ${response.status}: ${text.slice(0, 300)}`);
    }
    const { results } = JSON.parse(text) as { results?: { result: string; reason?: string }[] };
    const notApplied = (results ?? []).filter((r) => r.result !== 'applied');
    if (results?.length !== mutations.length || notApplied.length) {
      throw new Error(`POST /sync/push did not apply every mutation: ${text.slice(0, 300)}`);
    }
  }
  return performance.now() - started;
}

export async function runSyncBench(ctx: BenchContext): Promise<BenchOutcome> {
  const rounds = ctx.quick ? 1 : 3;
  let user: BenchUser | undefined;
  const app = await startApp({
    prepare: (dataDir) =>
      fillDatabase(dataDir, (sqlite) => {
        insertRows(sqlite, 'policies', benchPolicies(policyCount));
        user = insertUser(sqlite, 'user', 'Bench Applicant');
      }),
  });
  try {
    if (!user) throw new Error('the bench user was not created');
    const token = await accessTokenFor(user);
    const auth = { authorization: `Bearer ${token}` };

    // (a) Full pull, one change, delta pull.
    ctx.log(`  full pull of ${formatNumber(policyCount)} policies`);
    const fullStarted = performance.now();
    const full = await pull(app, 0, auth);
    const fullMs = performance.now() - fullStarted;
    if (full.upserted.size < policyCount) {
      throw new Error(`the full pull returned ${full.upserted.size} of ${policyCount} policies`);
    }
    const changedId = `bench-policy-${policyCount / 2}`;
    const sqlite = openSqlite(join(app.dataDir, 'insurance.sqlite'));
    try {
      sqlite.prepare("UPDATE policies SET title = title || ' (revised)' WHERE id = ?").run(changedId);
    } finally {
      sqlite.close();
    }
    const delta = await pull(app, full.cursor, auth);
    if (!delta.upserted.has(changedId)) throw new Error(`the delta pull did not contain the changed policy ${changedId}`);
    const deltaShare = delta.wireBytes / full.wireBytes;
    ctx.log(`  full ${formatKb(full.wireBytes)} gzip in ${full.pages} pages; delta ${formatNumber(delta.wireBytes)} bytes (${(deltaShare * 100).toFixed(3)} %)`);

    // (b) 200 queued writes: singles against batches, alternating.
    const headers = { ...auth, 'content-type': 'application/json' };
    const policyIds = Array.from({ length: 100 }, (_, i) => `bench-policy-${i + 1}`);
    const singles: number[] = [];
    const batches: number[] = [];
    let pushNote = '';
    try {
      // A short round of each first, unmeasured, to warm both paths.
      await timeSingles(app, user, headers, policyIds, warmupWrites);
      await timeBatches(app, user, headers, policyIds, warmupWrites);
      for (let round = 0; round < rounds; round++) {
        ctx.log(`  round ${round + 1}/${rounds}: ${queuedWrites} single POST /applications, then ${queuedWrites / batchSize} × POST /sync/push of ${batchSize}`);
        singles.push(await timeSingles(app, user, headers, policyIds));
        batches.push(await timeBatches(app, user, headers, policyIds));
      }
    } catch (error) {
      if (!(error instanceof SkipBenchmark)) throw error;
      pushNote = `skipped: ${error.message}`;
      ctx.log(`  writes ${pushNote}`);
    }
    const check = openSqlite(join(app.dataDir, 'insurance.sqlite'));
    const created = (check.prepare('SELECT count(*) AS n FROM applications WHERE user_id = ?').get(user.id) as { n: number }).n;
    check.close();
    const expected = (rounds * queuedWrites + warmupWrites) * 2;
    if (!pushNote && created !== expected) {
      throw new Error(`expected ${expected} applications to be created, found ${created}`);
    }

    const singleMs = median(singles);
    const batchMs = median(batches);
    const command = 'npm run bench -- sync';
    const goals = [
      {
        figure: `Delta pull after 1 change in ${formatNumber(policyCount)} policies (gzip bytes)`,
        goal: noGoal,
        measured: `${formatNumber(delta.wireBytes)} B (${(deltaShare * 100).toFixed(3)} % of the full pull)`,
        met: null,
        command,
      },
      {
        figure: `Full pull of ${formatNumber(policyCount)} policies (gzip, ${full.pages} pages)`,
        goal: noGoal,
        measured: formatKb(full.wireBytes),
        met: null,
        command,
      },
      {
        figure: `${queuedWrites} queued writes: ${queuedWrites / batchSize} pushes of ${batchSize} / ${queuedWrites} single requests (time)`,
        goal: noGoal,
        measured: pushNote || `${formatRatio(batchMs / singleMs)} (${formatMs(batchMs)} against ${formatMs(singleMs)})`,
        met: null,
        command,
      },
    ];
    const consoleLines = [
      `delta pull ${formatNumber(delta.wireBytes)} B against full pull ${formatKb(full.wireBytes)} (gzip, ${full.pages} pages, ${formatMs(fullMs)})`,
      pushNote ? `writes: ${pushNote}` : `${queuedWrites} writes: batched ${formatMs(batchMs)}, single ${formatMs(singleMs)} (ratio ${formatRatio(batchMs / singleMs)})`,
    ];
    return {
      goals,
      console: consoleLines,
      details: [
        [
          `Server: \`npm start\`'s Node entry over a fresh SQLite file with ${formatNumber(policyCount)} policies and one signed-in user.`,
          `Pulls ask with \`Accept-Encoding: gzip\` as a browser does; "wire" is the bytes sent, "JSON" the bytes after`,
          `decompression. The change is one policy's title, updated in the database (its version stamped by the triggers).`,
          `Writes go one after another (as an outbox replays them), each with a new Idempotency-Key / mutationId;`,
          `${rounds} alternating round(s), median shown. Every write is checked to have created its application.`,
        ].join('\n'),
        markdownTable(
          ['Pull', 'Pages', 'Wire (gzip)', 'JSON', 'Time'],
          [
            ['Full (since=0)', String(full.pages), formatKb(full.wireBytes), formatKb(full.jsonBytes), formatMs(fullMs)],
            [`Delta after 1 change (since=${full.cursor})`, String(delta.pages), `${formatNumber(delta.wireBytes)} B`, `${formatNumber(delta.jsonBytes)} B`, ''],
          ],
        ),
        pushNote
          ? `Writes: ${pushNote}.`
          : markdownTable(
              ['Writes', 'Median time', 'Per write', 'Runs'],
              [
                [`${queuedWrites} × POST /applications`, formatMs(singleMs), formatMs(singleMs / queuedWrites), singles.map(formatMs).join(', ')],
                [`${queuedWrites / batchSize} × POST /sync/push (${batchSize} each)`, formatMs(batchMs), formatMs(batchMs / queuedWrites), batches.map(formatMs).join(', ')],
              ],
            ),
      ],
    };
  } finally {
    await app.dispose();
  }
}
