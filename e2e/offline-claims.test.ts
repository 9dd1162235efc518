/**
 * A decision made offline that the server can no longer accept (issue 7): the agent approves
 * a claim while offline (queued, marked 'Waiting to send'); meanwhile an admin rejects the
 * same application online. When the agent's device reconnects, the push is refused: the agent
 * is shown the refusal with its reason (kept in Sync problems until dismissed), and the server
 * keeps the admin's decision.
 */
import { describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './support/axe.ts';
import { apiAs, queryDb } from './support/login.ts';
import { birthDateWithin } from './support/application-form.ts';
import { offlineJourney, openReadyForOffline, readOutbox } from './support/offline.ts';

const journey = offlineJourney();

/** A customer's application, assigned by the admin to the demo agent. */
async function assignedClaim(applicant: string): Promise<string> {
  const customer = await apiAs(journey.server, 'user');
  const admin = await apiAs(journey.server, 'admin');
  const [policy] = await (await fetch(`${journey.server.url}/api/policies`)).json() as { id: string; minAge: number; maxAge: number }[];
  const created = await customer.json<{ insertedId: string }>('/api/applications', {
    method: 'POST',
    body: JSON.stringify({
      policyId: policy!.id,
      name: applicant,
      address: 'Road 2, Sylhet',
      dateOfBirth: birthDateWithin(policy!),
      nid: '1987654321',
      nomineeName: 'A Nominee',
      relationship: 'Parent',
      healthConditions: ['None of the Above'],
      estimatedPremium: 120,
    }),
  });
  await admin.json(`/api/applications/assign/${created.insertedId}`, { method: 'PATCH', body: JSON.stringify({ agentEmail: 'agent@demo.local' }) });
  return created.insertedId;
}

describe('an offline decision overtaken by an online one', () => {
  it('shows the agent the refusal and keeps the admin’s decision', async () => {
    const applicant = `Claimant ${Date.now()}`;
    const id = await assignedClaim(applicant);

    const { context, page } = await openReadyForOffline(journey, { role: 'agent', path: '/dashboard/agentPolicyClearance' });
    const row = page.getByRole('row').filter({ hasText: applicant });
    await row.waitFor();

    // In the field, no network: the agent approves. It is queued and shown as waiting.
    await context.setOffline(true);
    await page.getByRole('banner').getByText('Offline', { exact: true }).waitFor();
    await row.getByRole('button', { name: /View Details/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
    await row.getByText('Waiting to send').waitFor();
    await page.getByRole('button', { name: '1 waiting to send' }).waitFor();
    // The header's status (offline, waiting) is accessible.
    const waitingViolations = await axeViolations(page);
    expect(waitingViolations, describeViolations(waitingViolations)).toEqual([]);
    expect((await readOutbox(page)).map((item) => [item.type, item.state])).toEqual([['application.decide', 'queued']]);

    // Meanwhile, online, the admin rejects the same application.
    const admin = await apiAs(journey.server, 'admin');
    const rejected = await admin.fetch(`/api/applications/reject/${id}`, { method: 'PATCH' });
    expect(rejected.status).toBe(200);

    // The agent reconnects: the push is refused, and the agent is told why.
    await context.setOffline(false);
    const problems = page.getByRole('button', { name: '1 sync problem' });
    await problems.waitFor({ timeout: 20_000 });
    await page.getByText('Not accepted by the server').first().waitFor();
    const outbox = await readOutbox(page);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ type: 'application.decide', state: 'refused', result: { status: 409, reason: 'This application was already rejected' } });

    // The claim leaves the agent's list (the server's state replaced the waiting one).
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(0);

    // The refusal stays until dismissed, with its reason, in the Sync problems panel.
    await page.reload();
    await problems.click();
    const panel = page.getByRole('dialog', { name: 'Sync problems' });
    await panel.getByText('This application was already rejected').waitFor();
    await panel.getByText(`Approve the claim of ${applicant}`, { exact: false }).waitFor();
    const panelViolations = await axeViolations(page);
    expect(panelViolations, describeViolations(panelViolations)).toEqual([]);
    await panel.getByRole('button', { name: 'Dismiss' }).click();
    await panel.getByText('Everything on this device has been sent.').waitFor();
    await panel.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => problems.count()).toBe(0);
    expect(await readOutbox(page)).toEqual([]);

    // The server kept the admin's decision; the agent's approval never happened.
    const [stored] = queryDb<{ status: string }>(journey.server, 'SELECT status FROM applications WHERE id = ?', id);
    expect(stored!.status).toBe('rejected');
    const approvals = queryDb(journey.server, "SELECT * FROM audit_log WHERE entity_id = ? AND action = 'application.approve'", id);
    expect(approvals).toEqual([]);
    await context.close();
  });
});
