/**
 * In-process, `router.match` only (decision 0123): the app's route table in Hono's default router (one
 * SmartRouter over the whole table, which falls back to the TrieRouter), in the grouped router the app
 * uses (http/grouped-router.ts), and bare Hono's one route, asked for `GET /api/policies/<an id>`.
 * Usage: node --import tsx bench/micro-router-match.ts [matches per round]
 */
import type { Router } from 'hono/router';
import { SmartRouter } from 'hono/router/smart-router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { TrieRouter } from 'hono/router/trie-router';
import { createApp, type AppDeps } from '../edge-api/src/app.ts';
import { readConfig } from '../edge-api/src/http/config.ts';
import { groupedRouter } from '../edge-api/src/http/grouped-router.ts';

// The app is only built for its route table: no request reaches it.
const app = createApp({ config: readConfig({ JWT_SECRET: 'micro-router-secret-0123456789-abcdefghij' }), clock: () => new Date() } as unknown as AppDeps);
const honoDefault = () => new SmartRouter<number>({ routers: [new RegExpRouter(), new TrieRouter()] });
const whole = honoDefault();
const grouped = groupedRouter<number>();
app.routes.forEach((route, i) => {
  whole.add(route.method, route.path, i);
  grouped.add(route.method, route.path, i);
});
const oneRoute = honoDefault();
oneRoute.add('GET', '/api/policies/:id', 0);

const paths = Array.from({ length: 1000 }, (_, i) => `/api/policies/bench-policy-${i + 1}`);
const n = Number(process.argv[2] ?? 300_000);
const routers: [string, Router<number>][] = [
  ["Hono's default over the app's table", whole],
  ['grouped over the same table', grouped],
  ["bare Hono's one route", oneRoute],
];
for (let round = 1; round <= 5; round++)
  for (const [name, router] of routers) {
    let matched = 0;
    const started = process.hrtime.bigint();
    for (let i = 0; i < n; i++) matched += router.match('GET', paths[i % 1000]!)[0].length;
    const micros = Number(process.hrtime.bigint() - started) / n / 1000;
    if (matched === 0) throw new Error(`${name}: matched nothing`);
    const answering = router === grouped ? grouped.groupOf('GET', paths[0]!).name : router.name;
    console.log(`round ${round}: ${name}: ${micros.toFixed(2)} µs a match (${answering})`);
  }
