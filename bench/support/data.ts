/**
 * Benchmark data written straight into the server's SQLite file before it starts: the schema
 * from migrations/, then rows made by the same factories the seed and the tests use.
 */
import type SQLite from 'better-sqlite3';
import type { Insertable } from 'kysely';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { signAccessToken } from '../../edge-api/src/auth/tokens.ts';
import { readConfig } from '../../edge-api/src/http/config.ts';
import { migrate } from '../../edge-api/src/node/migrate.ts';
import type { PolicyRow, Role } from '../../edge-api/src/db/schema.ts';
import { policyCategories } from '../../edge-api/src/schemas/policy.ts';
import { openSqlite } from '../../edge-api/src/node/sqlite-node.ts';
import type { LoadSpec } from './load.ts';
import { policyRow, userRow } from '../../edge-api/src/seed/factories.ts';
import { benchJwtSecret, benchTokenTtlSeconds, repoRoot } from './processes.ts';

/** Opens DATA_DIR's database as the server will, creates the schema, and lets `fill` add rows. */
export function fillDatabase<T>(dataDir: string, fill: (sqlite: SQLite.Database) => T): T {
  const sqlite = openSqlite(join(dataDir, 'insurance.sqlite'));
  try {
    migrate(sqlite, join(repoRoot, 'migrations'));
    return fill(sqlite);
  } finally {
    sqlite.close();
  }
}

export function insertRows(sqlite: SQLite.Database, table: string, rows: readonly object[]): void {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const insert = sqlite.prepare(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => '@' + c).join(', ')})`,
  );
  sqlite.transaction(() => {
    for (const row of rows) insert.run(row);
  })();
}

const words = ['Shurokkha', 'Nirapod', 'Bhorsha', 'Shonchoy', 'Probashi', 'Shishu', 'Probin', 'Amar', 'Sonali', 'Nobo'];
const kinds = ['Term Shield', 'Family Protector', 'Life Saver', 'Education Plan', 'Senior Care', 'Health Plus', 'Future Fund', 'Income Cover'];
const categories = policyCategories;
// About the length of a real catalogue entry; no digits, so a search for a plan number
// matches only that plan's title and description.
const descriptionText =
  'pays your family a lump sum if you die during the term. Premiums can be paid monthly through mobile ' +
  'banking, cover holds worldwide, and the claim is settled to the nominee without the family having to ' +
  'travel. Spouse cover can be added at a reduced rate when the plan is bought.';

/** A picture that exists in the build, so the catalogue does not show broken images. */
function demoImage(): string {
  const dir = join(repoRoot, 'pwa/public/demo/policies');
  const file = existsSync(dir) ? readdirSync(dir).find((name) => name.endsWith('.webp')) : undefined;
  return file ? `/demo/policies/${file}` : '/favicon.svg';
}

/** `count` policies, numbered 1..count, newest last; the title and description carry the number. */
export function benchPolicies(count: number): Insertable<PolicyRow>[] {
  const image = demoImage();
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const title = `${words[n % words.length]} ${kinds[Math.floor(n / words.length) % kinds.length]} ${n}`;
    return policyRow({
      id: `bench-policy-${n}`,
      title,
      category: categories[n % categories.length],
      short_details: `${title}: cover for the people who depend on you.`,
      description: `Plan ${n} ${descriptionText}`,
      image_url: image,
      creation_date: new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString(),
    });
  });
}

export interface BenchUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

export function insertUser(sqlite: SQLite.Database, role: Role = 'user', name = 'Bench User'): BenchUser {
  const row = userRow({ role, name });
  insertRows(sqlite, 'users', [row]);
  return { id: row.id as string, email: row.email as string, name: row.name as string, role };
}

/** A bearer token the bench server accepts (same secret and settings as it was started with). */
export async function accessTokenFor(user: BenchUser): Promise<string> {
  const config = readConfig({ JWT_SECRET: benchJwtSecret, ACCESS_TOKEN_TTL_SECONDS: benchTokenTtlSeconds });
  return signAccessToken(config, user.id, new Date());
}

/** A valid application for POST /applications and the sync push (the API's JSON shape). */
export function applicationBody(user: BenchUser, policyId: string) {
  return {
    policyId,
    name: user.name,
    address: 'House 12, Road 5, Dhanmondi, Dhaka',
    nid: '1990123456789',
    dateOfBirth: '1990-01-15',
    nomineeName: 'Nominee Name',
    relationship: 'Spouse',
    healthConditions: ['None of the Above'],
    estimatedPremium: 5000,
  };
}

/**
 * The signed-in, idempotent POST /api/applications the API benches send: every request a new
 * application (a replayed key would only measure the replay path).
 */
export function applicationPost(token: string, body: string): LoadSpec {
  return {
    method: 'POST',
    path: '/api/applications',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
    vary: () => ({ headers: { 'idempotency-key': randomUUID() } }),
  };
}
