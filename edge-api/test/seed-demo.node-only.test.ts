/**
 * The embedded default's first start: demo content and one account per role, seeded once.
 * Node-only because seeding belongs to the Node entry point (node.ts); the Worker over D1
 * never seeds.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsDir, startNodeServer } from '../src/node/node.ts';
import { newLogFile } from './support/logs.ts';
import { testJwtSecret } from './support/target.ts';

const demoPassword = 'demo-pass-for-tests';
const dirs: string[] = [];
const running: { stop(): Promise<void> }[] = [];

afterAll(async () => {
  await Promise.allSettled(running.map((s) => s.stop()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'seed-demo-'));
  dirs.push(dir);
  return dir;
}

async function start(dataDir: string, env: Record<string, string> = {}) {
  const server = await startNodeServer({
    env: {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_SECRET: testJwtSecret, LOG_FILE: newLogFile('node'),
      SEED_DEMO: 'true',
      DEMO_PASSWORD: demoPassword,
      ...env,
    },
    servePwa: false,
    quiet: true,
  });
  running.push(server);
  return server;
}

type Server = Awaited<ReturnType<typeof start>>;

async function getJson<T>(server: Server, path: string): Promise<T> {
  const res = await fetch(`${server.url}${path}`);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

function counts(server: Server) {
  const count = (table: string) => (server.sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  return {
    policies: count('policies'),
    blogs: count('blogs'),
    users: count('users'),
    agentRequests: count('agent_requests'),
    applications: count('applications'),
    policyStats: count('policy_stats'),
  };
}

const migrationFiles = readdirSync(migrationsDir).filter((name) => /^\d{4}_.+\.sql$/.test(name));

describe('demo seed on first start', () => {
  const dataDir = freshDataDir();
  let server: Server;

  it('fills the catalogue: 24+ policies across the three categories, in the API shape', async () => {
    server = await start(dataDir);
    const policies = await getJson<
      { title: string; category: string; coverageRange: number; duration: number; basePremium: number; image: string; trackingId: string; minAge: number; maxAge: number; description: string; shortDetails: string }[]
    >(server, '/api/policies');
    expect(policies.length).toBeGreaterThanOrEqual(24);
    for (const category of ['Term Life', 'Senior', 'Child']) {
      expect(policies.filter((p) => p.category === category).length).toBeGreaterThanOrEqual(8);
    }
    expect(new Set(policies.map((p) => p.title)).size).toBe(policies.length);
    for (const p of policies) {
      expect([3, 5, 7, 10]).toContain(p.duration);
      // Poisha: ৳1,00,000 to ৳10,00,000 base premiums, ৳5 lakh to ৳1 crore of coverage.
      expect([10_000_000, 50_000_000, 100_000_000]).toContain(p.basePremium);
      expect(p.coverageRange).toBeGreaterThanOrEqual(50_000_000);
      expect(p.coverageRange).toBeLessThanOrEqual(1_000_000_000);
      expect(p.minAge).toBeLessThan(p.maxAge);
      expect(p.trackingId).toMatch(/^TID-\d+$/);
      expect(p.image).toMatch(/^\/demo\/policies\/[a-z0-9-]+\.webp$/);
      expect(p.description.length).toBeGreaterThan(80);
      expect(p.shortDetails.length).toBeGreaterThan(10);
    }
  });

  it('ships a picture for every policy, agent and blog it names', async () => {
    const publicDir = join(migrationsDir, '../pwa/public');
    const policies = await getJson<{ image: string }[]>(server, '/api/policies');
    const agents = await getJson<{ photoURL: string | null }[]>(server, '/api/agents');
    const blogs = (server.sqlite.prepare('SELECT image_url FROM blogs').all() as { image_url: string }[]).map((b) => b.image_url);
    const paths = [...policies.map((p) => p.image), ...agents.map((a) => a.photoURL ?? ''), ...blogs];
    for (const path of paths) expect(existsSync(join(publicDir, path)), path).toBe(true);
  });

  it('orders popular policies by real-looking use', async () => {
    const popular = await getJson<{ popularity: number }[]>(server, '/api/policies/6');
    expect(popular).toHaveLength(6);
    const scores = popular.map((p) => p.popularity);
    expect(scores[0]).toBeGreaterThan(0);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(new Set(scores).size).toBeGreaterThan(1);
  });

  it('publishes 8 blogs by the demo agents', async () => {
    const blogs = await getJson<{ title: string; content: string; authorEmail: string; publishDate: string }[]>(server, '/api/blogs');
    expect(blogs).toHaveLength(8);
    const agents = await getJson<{ email: string }[]>(server, '/api/agents');
    const agentEmails = new Set(agents.map((a) => a.email));
    for (const blog of blogs) {
      expect(agentEmails.has(blog.authorEmail)).toBe(true);
      const paragraphs = blog.content.split('\n\n');
      expect(paragraphs.length).toBeGreaterThanOrEqual(3);
      expect(paragraphs.length).toBeLessThanOrEqual(6);
    }
    expect(new Set(blogs.map((b) => b.publishDate.slice(0, 10))).size).toBe(8);
  });

  it('lists 6 approved agents with photos and phones, one without a bio', async () => {
    const agents = await getJson<{ email: string; photoURL: string | null; phone: string | null; bio: string | null; role: string }[]>(server, '/api/agents');
    expect(agents.length).toBeGreaterThanOrEqual(6);
    for (const agent of agents) {
      expect(agent.role).toBe('Agent');
      expect(agent.photoURL).toMatch(/^\/demo\/agents\/[a-z-]+\.webp$/);
      expect(agent.phone).toMatch(/^\+880 /);
    }
    expect(agents.filter((a) => a.bio === null)).toHaveLength(1);
    const approved = server.sqlite
      .prepare("SELECT email FROM agent_requests WHERE status = 'approved' AND user_id IS NOT NULL")
      .all() as { email: string }[];
    expect(new Set(approved.map((r) => r.email))).toEqual(new Set(agents.map((a) => a.email)));
  });

  it('creates one account per role, each with its own password hash', async () => {
    const rows = server.sqlite
      .prepare("SELECT email, role, password_hash FROM users WHERE email LIKE '%@demo.local' AND password_hash IS NOT NULL ORDER BY email")
      .all() as { email: string; role: string; password_hash: string }[];
    expect(rows.map((r) => [r.email, r.role])).toEqual([
      ['admin@demo.local', 'admin'],
      ['agent@demo.local', 'agent'],
      ['user@demo.local', 'user'],
    ]);
    for (const row of rows) expect(row.password_hash).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect(new Set(rows.map((r) => r.password_hash.split('$')[4])).size).toBe(3);
  });

  it('gives the demo user one application waiting, one with the demo agent, three approved (issue 49: in force, in grace, lapsed) and one rejected', async () => {
    const apps = server.sqlite
      .prepare("SELECT status, assigned_agent, policy_id FROM applications WHERE user_email = 'user@demo.local' ORDER BY status")
      .all() as { status: string; assigned_agent: string | null; policy_id: string | null }[];
    expect(apps.map((a) => a.status)).toEqual(['approved', 'approved', 'approved', 'assigned', 'pending', 'rejected']);
    expect(apps.find((a) => a.status === 'assigned')?.assigned_agent).toBe('agent@demo.local');
    for (const app of apps) expect(app.policy_id).not.toBeNull();
  });

  it("gives every demo policy a nominee NID, and the demo user's claim as a nominee is checked against it (issue 47)", async () => {
    const withoutNid = server.sqlite.prepare('SELECT count(*) AS n FROM applications WHERE nominee_nid IS NULL').get() as { n: number };
    expect(withoutNid.n).toBe(0);
    const nomineeClaims = server.sqlite
      .prepare("SELECT nominee_unverified AS unverified FROM claims WHERE claimant_relation = 'nominee' AND claimant_email = 'user@demo.local'")
      .all() as { unverified: number }[];
    expect(nomineeClaims).toEqual([{ unverified: 0 }]);
  });

  it('lets the demo admin sign in with the demo password', async (ctx) => {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.local', password: demoPassword }),
    });
    // Sign-in lands separately; until it is mounted there is nothing to sign in to.
    if (res.status === 404 && (await res.clone().text()).includes('No such endpoint')) ctx.skip();
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).toContain('admin@demo.local');
    const wrong = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.local', password: 'not-the-demo-password' }),
    });
    expect(wrong.status).toBe(401);
  });

  it('seeds nothing twice and applies no migration twice on restart', async () => {
    const before = counts(server);
    await server.stop();
    running.splice(running.indexOf(server), 1);
    server = await start(dataDir);
    expect(counts(server)).toEqual(before);
    const migrations = server.sqlite.prepare('SELECT name FROM d1_migrations ORDER BY name').all() as { name: string }[];
    expect(migrations.map((m) => m.name)).toEqual([...migrationFiles].sort());
    expect((await getJson<unknown[]>(server, '/api/policies')).length).toBe(before.policies);
  });

  it('never overwrites data: a database with one user gets nothing', async () => {
    const dir = freshDataDir();
    const first = await start(dir, { SEED_DEMO: 'false' });
    first.sqlite
      .prepare("INSERT INTO users (id, email, name, role, created_at) VALUES ('u1', 'someone@example.test', 'Someone', 'user', ?)")
      .run(new Date().toISOString());
    await first.stop();
    running.splice(running.indexOf(first), 1);
    const second = await start(dir);
    expect(counts(second)).toMatchObject({ policies: 0, blogs: 0, users: 1 });
  });
});

describe('no demo content where it does not belong', () => {
  it('seeds nothing in production', async () => {
    const server = await start(freshDataDir(), { NODE_ENV: 'production' });
    expect(await getJson<unknown[]>(server, '/api/policies')).toEqual([]);
    expect(counts(server)).toMatchObject({ policies: 0, blogs: 0, users: 0 });
  });

  it('seeds nothing with SEED_DEMO=false', async () => {
    const server = await start(freshDataDir(), { SEED_DEMO: 'false' });
    expect(await getJson<unknown[]>(server, '/api/agents')).toEqual([]);
    expect(counts(server)).toMatchObject({ policies: 0, blogs: 0, users: 0 });
  });
});
