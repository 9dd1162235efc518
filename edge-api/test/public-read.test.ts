import { describe, expect, it } from 'vitest';
import { supportContact } from '../src/schemas/support-contact.ts';
import { blogRow, policyRow, userRow } from '../src/seed/factories.ts';
import { useApi } from './support/app.ts';
import { insertRow } from './support/rows.ts';
import { runtime } from './support/target.ts';

const { api } = useApi();

describe(`public reads on ${runtime}`, () => {
  it('lists policies, newest first, in the API shape', async () => {
    await insertRow(api, 'policies', policyRow({ id: 'p-old', title: 'Old Plan', creation_date: '2026-01-01T00:00:00.000Z' }));
    await insertRow(api, 'policies', policyRow({ id: 'p-new', title: 'New Plan', creation_date: '2026-02-01T00:00:00.000Z', category: 'Senior' }));
    const res = await api.fetch('/api/policies');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: string; title: string; category: string; coverageRange: number }[];
    expect(body.map((p) => p.id)).toEqual(['p-new', 'p-old']);
    expect(body[0]).toMatchObject({ title: 'New Plan', category: 'Senior', coverageRange: 100_000_000, popularity: 0 });
  });

  it('shows one policy by id and counts the view towards popularity', async () => {
    const first = await api.fetch('/api/policies/p-old');
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ id: 'p-old', title: 'Old Plan', popularity: 1 });
    const second = (await (await api.fetch('/api/policies/p-old')).json()) as { popularity: number };
    expect(second.popularity).toBe(2);
  });

  it('answers an unknown policy with 404 in the error shape', async () => {
    const res = await api.fetch('/api/policies/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'Policy not found' });
  });

  it('returns the six most popular policies, most used first', async () => {
    for (let i = 0; i < 8; i++) await insertRow(api, 'policies', policyRow({ id: `pop-${i}` }));
    // Applications weigh more than views: pop-3 has one application, pop-5 three views.
    await api.sql('INSERT INTO policy_stats (policy_id, application_count) VALUES (?, 1)', 'pop-3');
    await api.sql('INSERT INTO policy_stats (policy_id, view_count) VALUES (?, 3)', 'pop-5');
    const res = await api.fetch('/api/policies/6');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: string }[];
    expect(body).toHaveLength(6);
    expect(body.slice(0, 3).map((p) => p.id)).toEqual(['pop-3', 'pop-5', 'p-old']);
  });

  it('lists approved agents only, with their public details', async () => {
    await insertRow(api, 'users', userRow({ id: 'a1', name: 'Ayesha Rahman', email: 'ayesha@example.test', role: 'agent', phone: '+8801', bio: 'Ten years in life cover.' }));
    await insertRow(api, 'users', userRow({ id: 'u1', name: 'Not An Agent', role: 'user' }));
    const res = await api.fetch('/api/agents');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      expect.objectContaining({ id: 'a1', name: 'Ayesha Rahman', email: 'ayesha@example.test', role: 'Agent', phone: '+8801', bio: 'Ten years in life cover.' }),
    ]);
  });

  it('lists blogs newest first and shows one, with 404 for an unknown id', async () => {
    await insertRow(api, 'blogs', blogRow({ id: 'b1', title: 'First', publish_date: '2026-03-01T00:00:00.000Z' }));
    await insertRow(api, 'blogs', blogRow({ id: 'b2', title: 'Second', publish_date: '2026-03-02T00:00:00.000Z' }));
    const list = (await (await api.fetch('/api/blogs')).json()) as { id: string }[];
    expect(list.map((b) => b.id)).toEqual(['b2', 'b1']);
    const one = await api.fetch('/api/blogs/b1');
    expect(await one.json()).toMatchObject({ id: 'b1', title: 'First', authorName: 'Demo Agent', author: 'Demo Agent' });
    const missing = await api.fetch('/api/blogs/missing');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'not_found', message: 'Blog not found' });
  });

  it('serves the five FAQ entries in order', async () => {
    const faqs = (await (await api.fetch('/api/faqs')).json()) as { question: string }[];
    expect(faqs).toHaveLength(5);
    expect(faqs[0]?.question).toBe('What types of insurance do you offer?');
  });

  it('gives the one support contact in the FAQ, the same the Contact page shows', async () => {
    const faqs = (await (await api.fetch('/api/faqs')).json()) as { question: string; answer: string }[];
    const support = faqs.find((faq) => faq.question === 'How can I contact customer support?');
    expect(support?.answer).toContain(supportContact.phone);
    expect(support?.answer).toContain(supportContact.email);
    expect(support?.answer).toContain(supportContact.hours);
  });
});

describe(`newsletter on ${runtime}`, () => {
  const subscribe = (body: unknown) =>
    api.fetch('/api/subscribe', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('subscribes once and answers a second subscription with a clear conflict', async () => {
    const first = await subscribe({ name: 'Rina', email: 'rina@example.test' });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ message: 'Thank you for subscribing!', unsubscribeUrl: expect.stringMatching(/^\/unsubscribe\/[A-Za-z0-9_-]{43}$/) });
    const again = await subscribe({ name: 'Rina', email: 'RINA@example.test' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'conflict', message: 'This email is already subscribed to our newsletter.' });
  });

  it('requires a name and a valid email, saying which is wrong', async () => {
    const noName = await subscribe({ name: ' ', email: 'x@example.test' });
    expect(noName.status).toBe(400);
    expect(await noName.json()).toMatchObject({ error: 'validation_failed', message: 'Name is required', fields: { name: 'Name is required' } });
    const badEmail = await subscribe({ name: 'X', email: 'not-an-email' });
    expect(await badEmail.json()).toMatchObject({ message: 'Please enter a valid email address' });
    const missing = await subscribe({});
    expect(missing.status).toBe(400);
  });

  it('refuses a body that is not JSON with 400, and an oversized body with 413', async () => {
    const bad = await api.fetch('/api/subscribe', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'bad_request' });
    const huge = await subscribe({ name: 'x'.repeat(300 * 1024), email: 'big@example.test' });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: 'payload_too_large' });
  });
});

describe(`security headers on ${runtime}`, () => {
  it('sends a CSP that lets nothing run or frame an answer, HSTS of a year or more, nosniff and no framing', async () => {
    const res = await api.fetch('/api/policies');
    // An API answer is never a document the app runs: nothing may load in it (the pages' own
    // policy, with the app's script sources, is checked on the pages: static-headers.test.ts).
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get('strict-transport-security') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('gives a policy answered with its headers in one object (complete-answer.ts) the same security headers as any other answer, and the request id', async () => {
    await insertRow(api, 'policies', policyRow({ id: 'p-headers', title: 'Header Plan' }));
    const securityNames = ['content-security-policy', 'cross-origin-resource-policy', 'referrer-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options'];
    const security = (res: Response) => Object.fromEntries(securityNames.map((name) => [name, res.headers.get(name)]));
    const one = await api.fetch('/api/policies/p-headers', { headers: { 'x-request-id': 'trace-one-policy-01' } });
    expect(one.status).toBe(200);
    expect(one.headers.get('x-request-id')).toBe('trace-one-policy-01');
    expect(one.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(one.headers.get('content-type')).toBe('application/json');
    // On Node the length is the route's own (the Worker's runtime sets or drops it as it sends).
    if (runtime === 'node') expect(Number(one.headers.get('content-length'))).toBe(new TextEncoder().encode(await one.clone().text()).byteLength);
    expect(await one.json()).toMatchObject({ id: 'p-headers', title: 'Header Plan' });
    for (const other of [await api.fetch('/api/policies'), await api.fetch('/api/policies/no-such-policy'), await api.fetch('/api/faqs')]) {
      expect(security(other)).toEqual(security(one));
      expect(other.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(Object.values(security(one)).every((value) => value !== null)).toBe(true);
    // A HEAD of it: the same headers, no body.
    const head = await api.fetch('/api/policies/p-headers', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(security(head)).toEqual(security(one));
    expect(await head.text()).toBe('');
  });

  it('answers an unknown endpoint with 404 in the error shape', async () => {
    const res = await api.fetch('/no-such-thing');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'not_found' });
  });
});
