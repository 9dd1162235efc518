/**
 * Migration 0275 (issue 48) on rows made before it: applications, claims and inbox items get
 * their policy's Bangla title (and synced copies fetch it: the rows move on), and the districts
 * typed before (Bangla, older English spellings, "district" after the name) become the one stored
 * name; text that names no district stays as it was. D1 applies the same file in the api-worker
 * suites; the data it moves is checked here on Node, where a database can stop at an older migration.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/node/migrate.ts';
import { migrationsDir } from '../src/node/node.ts';
import { createNodeDatabase } from '../src/node/sqlite-node.ts';

const dir = mkdtempSync(join(tmpdir(), 'bangla-names-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('migration 0275: Bangla policy names, the quoted cover, one name per district', () => {
  it('fills the Bangla titles and rewrites the districts typed before', () => {
    const before = join(dir, 'before');
    mkdirSync(before);
    for (const name of readdirSync(migrationsDir).filter((n) => n.endsWith('.sql') && n < '0275')) copyFileSync(join(migrationsDir, name), join(before, name));
    const { sqlite } = createNodeDatabase(join(dir, 'db.sqlite'));
    migrate(sqlite, before);
    const at = '2026-01-02T00:00:00Z';
    sqlite.exec(`
      INSERT INTO users (id, email, name, created_at) VALUES ('u1', 'rahim@example.com', 'Rahim', '${at}');
      INSERT INTO policies (id, title, category, description, short_details, min_age, max_age, coverage_range, duration,
        base_premium, image_url, tracking_id, creation_date, title_bn)
      VALUES ('p1', 'Family Shield', 'Term Life', 'd', 's', 18, 60, 200000000, 10, 50000000, '/api/images/a.webp', 't1', '${at}', 'পরিবার সুরক্ষা'),
             ('p2', 'English Only', 'Term Life', 'd', 's', 18, 60, 200000000, 10, 50000000, '/api/images/a.webp', 't2', '${at}', NULL);
      INSERT INTO applications (id, user_id, user_email, name, address, nid, nominee_name, relationship, estimated_premium, policy_id, policy_name,
        status, payment_status, applied_at)
      VALUES ('a1', 'u1', 'rahim@example.com', 'Rahim', 'Dhaka', '1234567890', 'Karim', 'Sibling', 100, 'p1', 'Family Shield', 'approved', 'paid', '${at}'),
             ('a2', 'u1', 'rahim@example.com', 'Rahim', 'Dhaka', '1234567890', 'Karim', 'Sibling', 100, 'p2', 'English Only', 'pending', 'unpaid', '${at}');
      INSERT INTO notifications (id, user_id, event, entity_id, policy_name, link, created_at)
      VALUES ('n1', 'u1', 'application.approved', 'a1', 'Family Shield', '/dashboard', '${at}'),
             ('n2', 'u1', 'application.assigned', 'a2', 'English Only', '/dashboard', '${at}');
    `);
    const claim = sqlite.prepare(`INSERT INTO claims (id, claim_number, application_id, policy_id, policy_name, insured_name, claimant_id, claimant_email,
        claimant_name, claimant_relation, kind, event_date, description, district, payout_method, payout_account, coverage_poisha, status,
        filed_at, due_on, updated_at)
      VALUES (?, ?, 'a1', 'p1', 'Family Shield', 'Rahim', 'u1', 'rahim@example.com', 'Rahim', 'policyholder', ?, '2026-01-01', 'x', ?, 'bkash',
        '01712345678', 200000000, 'rejected', '${at}', '2026-01-20', '${at}')`);
    const typed: [district: string, expected: string][] = [
      ['ঢাকা', 'Dhaka'],
      ['Chittagong', 'Chattogram'],
      [' comilla district ', 'Cumilla'],
      ["Cox's Bazar", "Cox's Bazar"],
      ['বগুড়া', 'Bogura'],
      ['Uttara sector 4', 'Uttara sector 4'],
    ];
    typed.forEach(([district], i) => claim.run(`c${i}`, `CLM-0000-000${i}`, 'hospitalisation', district));
    const request = sqlite.prepare(`INSERT INTO agent_requests (id, user_id, name, email, phone, nid, district, status, created_at, updated_at)
      VALUES (?, 'u1', 'Rahim', 'rahim@example.com', '01700000000', '123', ?, 'approved', '${at}', '${at}')`);
    request.run('r1', 'Jessore');
    request.run('r2', 'সিলেট জেলা');
    const version = (table: string, id: string) => (sqlite.prepare(`SELECT version FROM ${table} WHERE id = ?`).get(id) as { version: number }).version;
    const versionsBefore = { a1: version('applications', 'a1'), c0: version('claims', 'c0'), n1: version('notifications', 'n1') };

    expect(migrate(sqlite, migrationsDir)).toContain('0275_bangla_names_cover_districts.sql');

    const one = (query: string, id: string) => sqlite.prepare(query).get(id) as Record<string, unknown>;
    expect(one('SELECT policy_name_bn, coverage_poisha FROM applications WHERE id = ?', 'a1')).toEqual({ policy_name_bn: 'পরিবার সুরক্ষা', coverage_poisha: null });
    expect(one('SELECT policy_name_bn FROM applications WHERE id = ?', 'a2')).toEqual({ policy_name_bn: null });
    expect(one('SELECT policy_name_bn FROM notifications WHERE id = ?', 'n1')).toEqual({ policy_name_bn: 'পরিবার সুরক্ষা' });
    expect(one('SELECT policy_name_bn FROM notifications WHERE id = ?', 'n2')).toEqual({ policy_name_bn: null });
    expect(one('SELECT policy_name_bn FROM claims WHERE id = ?', 'c0')).toEqual({ policy_name_bn: 'পরিবার সুরক্ষা' });
    // The devices' copies fetch the change.
    expect(version('applications', 'a1')).toBeGreaterThan(versionsBefore.a1);
    expect(version('claims', 'c0')).toBeGreaterThan(versionsBefore.c0);
    expect(version('notifications', 'n1')).toBeGreaterThan(versionsBefore.n1);

    const districts = sqlite.prepare("SELECT district FROM claims WHERE id LIKE 'c%' ORDER BY id").all() as { district: string }[];
    expect(districts.map((row) => row.district)).toEqual(typed.map(([, expected]) => expected));
    expect(sqlite.prepare('SELECT district FROM agent_requests ORDER BY id').all()).toEqual([{ district: 'Jashore' }, { district: 'Sylhet' }]);
    // The helper table is gone.
    expect(sqlite.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'district_spellings%'").all()).toEqual([]);
    sqlite.close();
  });
});
