/**
 * GET /api/policies/:id answers from the policy's JSON kept per catalogue version
 * (db/policy-answers.ts): every edit, however it is made, shows on the very next request, the
 * answer is exactly the policy's shape, and popularity stays current.
 */
import { describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { call, insertPolicy } from './support/calls.ts';
import { runtime } from './support/target.ts';

const { api, admin } = useApi({ admin: 'admin' });

describe(`a policy's own page on ${runtime}`, () => {
  it('shows an edit, a change in the database and a deletion at once, in the policy’s exact shape', async () => {
    const policy = await insertPolicy(api, { title: 'Kept Plan' });
    const other = await insertPolicy(api, { title: 'Other Plan' });
    expect((await call(api, 'GET', `/api/policies/${policy.id}`)).body).toMatchObject({ title: 'Kept Plan', popularity: 1 });
    expect((await call(api, 'GET', `/api/policies/${other.id}`)).body).toMatchObject({ title: 'Other Plan', popularity: 1 });

    const edited = await call(api, 'PATCH', `/api/policies/${policy.id}`, admin, { title: 'Edited Plan', maxAge: 61 });
    expect(edited.status).toBe(200);
    const shown = await call(api, 'GET', `/api/policies/${policy.id}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('application/json');
    // The Node server is told the length (so it need not read the answer back); workerd sends its own framing.
    if (runtime === 'node') expect(shown.headers.get('content-length')).toBe(String(new TextEncoder().encode(JSON.stringify(shown.body)).byteLength));
    // The same keys in the same order as the edit's answer, with this view counted.
    expect(JSON.stringify(shown.body)).toBe(JSON.stringify({ ...edited.body.policy, popularity: 2 }));

    await api.sql('UPDATE policies SET title = ? WHERE id = ?', 'Changed "in" the database', policy.id);
    expect((await call(api, 'GET', `/api/policies/${policy.id}`)).body).toMatchObject({ title: 'Changed "in" the database', popularity: 3 });
    // Another policy's page follows too, and its popularity went on counting.
    expect((await call(api, 'GET', `/api/policies/${other.id}`)).body).toMatchObject({ title: 'Other Plan', popularity: 2 });

    // Two applications (5 each): the page's popularity reads the counts on every request.
    await api.sql(
      'INSERT INTO policy_stats (policy_id, view_count, application_count) VALUES (?, 0, 2) ON CONFLICT (policy_id) DO UPDATE SET application_count = 2',
      policy.id,
    );
    expect((await call(api, 'GET', `/api/policies/${policy.id}`)).body.popularity).toBe(4 + 10);

    await api.sql('DELETE FROM policies WHERE id = ?', other.id);
    expect((await call(api, 'GET', `/api/policies/${other.id}`)).status).toBe(404);
  });
});
