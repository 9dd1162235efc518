/**
 * An overdue claim is flagged to admins (issue 31): housekeeping tells every admin once about
 * each claim still undecided after its due date, and never again about the same claim.
 * Node-only: it calls the housekeeping step on the database directly (no route starts it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tellOverdueClaims } from '../src/notifications/claim-events.ts';
import { migrate } from '../src/node/migrate.ts';
import { migrationsDir } from '../src/node/node.ts';
import { createNodeDatabase } from '../src/node/sqlite-node.ts';
import { applicationRow, userRow } from '../src/seed/factories.ts';

const dir = mkdtempSync(join(tmpdir(), 'claims-overdue-'));
const database = createNodeDatabase(join(dir, 'overdue.sqlite'));
migrate(database.sqlite, migrationsDir);
afterAll(() => {
  database.sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('overdue claims', () => {
  it('tells each admin once about a claim past its due date, and nothing about one on time', async () => {
    const { db, batch } = database;
    const admins = [userRow({ role: 'admin' }), userRow({ role: 'admin' })];
    const holder = userRow({ role: 'user' });
    await db.insertInto('users').values([...admins, holder]).execute();
    const application = applicationRow(holder, { status: 'approved', payment_status: 'paid' });
    await db.insertInto('applications').values(application).execute();
    const claim = (id: string, kind: 'death' | 'disability', dueOn: string) => ({
      id, claim_number: `CLM-0000-000${id.length}`, application_id: application.id, policy_name: 'Family Shield', insured_name: 'A',
      claimant_id: holder.id, claimant_email: holder.email, claimant_name: 'A', claimant_relation: 'policyholder' as const, kind,
      event_date: '2026-01-01', description: 'x', district: 'Dhaka', payout_method: 'bkash' as const, payout_account: '01712345678',
      coverage_poisha: 100, status: 'assigned' as const, filed_at: '2026-01-01T00:00:00Z', due_on: dueOn, updated_at: '2026-01-01T00:00:00Z',
    });
    await db.insertInto('claims').values([claim('late', 'death', '2026-01-15'), claim('on-time', 'disability', '2026-03-01')]).execute();
    const deps = { db, batch, clock: () => new Date('2026-02-01T10:00:00Z') };
    expect(await tellOverdueClaims(deps)).toBe(1);
    expect(await tellOverdueClaims(deps)).toBe(0);
    const told = await db.selectFrom('notifications').select(['user_id', 'entity_id', 'event']).execute();
    expect(told.map((n) => [n.user_id, n.entity_id, n.event]).sort()).toEqual(admins.map((a) => [a.id, 'late', 'insurance-claim.overdue']).sort());
  });
});
