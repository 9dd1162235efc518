/**
 * Migration 0220 (issue 26): a database made at the migration before it, holding a policy and an
 * application in taka, comes out in poisha, with the policy's stats, the application's link to
 * it, every column, index and sync trigger kept. D1 applies the same file (the api-worker suites
 * build every database through it); the data it moves is checked here on Node, where a database
 * can be stopped at an older migration.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/node/migrate.ts';
import { migrationsDir } from '../src/node/node.ts';
import { createNodeDatabase } from '../src/node/sqlite-node.ts';

const dir = mkdtempSync(join(tmpdir(), 'poisha-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('migration 0220: policy amounts from taka to poisha', () => {
  it('multiplies an existing row by 100 and keeps its stats, links, indexes and triggers', () => {
    const before = join(dir, 'before');
    mkdirSync(before);
    for (const name of readdirSync(migrationsDir).filter((n) => n.endsWith('.sql') && n < '0220')) {
      copyFileSync(join(migrationsDir, name), join(before, name));
    }
    const { sqlite } = createNodeDatabase(join(dir, 'db.sqlite'));
    migrate(sqlite, before);
    sqlite.exec(`
      INSERT INTO users (id, email, name, created_at) VALUES ('u1', 'rahim@example.com', 'Rahim', '2026-01-01T00:00:00Z');
      INSERT INTO policies (id, title, category, description, short_details, min_age, max_age, coverage_range, duration,
        base_premium, image_url, tracking_id, creation_date, title_bn, withdrawn_at)
      VALUES ('p1', 'Family Shield', 'Term Life', 'd', 's', 18, 60, 2000000, 10, 500000, '/api/images/a.webp', 't1',
        '2026-01-01T00:00:00Z', 'পরিবার', NULL);
      INSERT INTO policy_stats (policy_id, view_count, application_count) VALUES ('p1', 7, 2);
      INSERT INTO applications (id, user_id, user_email, name, address, nid, nominee_name, relationship,
        estimated_premium, policy_id, policy_name, applied_at)
      VALUES ('a1', 'u1', 'rahim@example.com', 'Rahim', 'Dhaka', '1234567890', 'Karim', 'Brother', 1237.5, 'p1', 'Family Shield',
        '2026-01-02T00:00:00Z');
    `);
    const versionBefore = (sqlite.prepare("SELECT version FROM policies WHERE id = 'p1'").get() as { version: number }).version;

    expect(migrate(sqlite, migrationsDir)).toContain('0220_policy_amounts_in_poisha.sql');

    const policy = sqlite.prepare("SELECT * FROM policies WHERE id = 'p1'").get() as Record<string, unknown>;
    expect(policy).toMatchObject({ coverage_range: 200000000, base_premium: 50000000, title_bn: 'পরিবার', withdrawn_at: null });
    expect(policy.version).toBeGreaterThan(versionBefore);
    expect(sqlite.prepare("SELECT view_count, application_count FROM policy_stats WHERE policy_id = 'p1'").get()).toEqual({
      view_count: 7,
      application_count: 2,
    });
    expect(sqlite.prepare("SELECT policy_id, estimated_premium FROM applications WHERE id = 'a1'").get()).toEqual({
      policy_id: 'p1',
      estimated_premium: 123750,
    });
    const names = (type: string) =>
      (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = ? AND tbl_name = 'policies' AND sql IS NOT NULL ORDER BY name").all(type) as { name: string }[]).map((r) => r.name);
    expect(names('index')).toEqual(['policies_creation_date', 'policies_version']);
    expect(names('trigger')).toEqual(['policies_stamp_insert', 'policies_stamp_update', 'policies_tombstone']);
    expect(sqlite.prepare("SELECT name FROM sqlite_master WHERE name LIKE '%kept' OR name = 'policies_poisha'").all()).toEqual([]);
    expect(sqlite.pragma('foreign_key_check')).toEqual([]);
    // The new CHECK takes poisha and refuses the old taka value.
    expect(() => sqlite.prepare("UPDATE policies SET base_premium = 500000 WHERE id = 'p1'").run()).toThrow(/CHECK/);
    // The triggers work: a delete leaves a tombstone for the sync.
    sqlite.prepare("DELETE FROM applications WHERE id = 'a1'").run();
    sqlite.prepare("DELETE FROM policies WHERE id = 'p1'").run();
    expect(sqlite.prepare("SELECT entity_id FROM tombstones WHERE entity = 'policies'").all()).toEqual([{ entity_id: 'p1' }]);
    sqlite.close();
  });
});
