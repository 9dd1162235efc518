/**
 * The Apply form and the server agree: each edge input below is checked by the form
 * (checkApplication) and by the server's own validation middleware on the request schema
 * POST /api/applications uses, and both must give the same verdict and the same words.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { applicationInput } from 'edge-api/src/schemas/application.ts';
import { agentRequestBody } from 'edge-api/src/schemas/auth.ts';
import { ApiError } from 'edge-api/src/http/errors.ts';
import { validate } from 'edge-api/src/http/validation.ts';
import { checkApplication, noQuoteMessage, type ApplicationForm } from './application-rules.ts';

const form: ApplicationForm = {
  policyId: 'policy-1',
  name: 'Nusrat Jahan',
  address: 'House 12, Road 5, Dhanmondi, Dhaka',
  nid: '1990123456789',
  dateOfBirth: '1990-04-12',
  phone: '',
  nomineeName: 'Rafiq Jahan',
  relationship: 'Spouse',
  healthConditions: [],
};

/** The server's verdict: the field messages of its 400 answer, or {} when it takes the body. */
async function serverFields(schema: typeof applicationInput | typeof agentRequestBody, body: unknown): Promise<Record<string, string>> {
  const app = new Hono()
    .post('/', validate('json', schema), (c) => c.json({}, 201))
    .onError((error, c) => c.json({ fields: error instanceof ApiError ? (error.extra.fields ?? {}) : {} }, 400));
  const res = await app.request('/', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  if (res.status === 201) return {};
  return ((await res.json()) as { fields: Record<string, string> }).fields;
}

describe('the Apply form and the server check an application alike', () => {
  const cases: [string, Partial<ApplicationForm>, Record<string, string>][] = [
    ['a phone of words', { phone: 'call me later' }, { phone: 'Please enter a valid phone number' }],
    ['a phone too short', { phone: '12345' }, { phone: 'Please enter a valid phone number' }],
    ['a phone with a country code, spaces and dashes', { phone: '+880 1711-000000' }, {}],
    ['no phone at all', { phone: '   ' }, {}],
    ['an NID with letters', { nid: '12ab' }, { nid: 'NID must be a number (digits only)' }],
    ['an NID of spaces', { nid: '   ' }, { nid: 'NID is required' }],
    ['an NID with spaces around it', { nid: ' 1990123456789 ' }, {}],
    ['a name of spaces', { name: '  ' }, { name: 'Name is required' }],
  ];

  it.each(cases)('%s', async (_label, change, expected) => {
    const values = { ...form, ...change };
    expect(checkApplication(values, 1250).errors).toEqual(expected);
    expect(await serverFields(applicationInput, { ...values, estimatedPremium: 1250 })).toEqual(expected);
  });

  it('sends exactly what the server would store: trimmed, a blank phone as none', () => {
    const checked = checkApplication({ ...form, nid: ' 42 ', phone: ' ' }, 1250);
    expect(checked.request).toEqual(applicationInput.parse({ ...form, nid: '42', phone: null, estimatedPremium: 1250 }));
    expect(checked.request?.phone).toBeNull();
  });

  it('asks for a quote first (the one rule only the form has)', () => {
    expect(checkApplication(form, null)).toEqual({ errors: { estimatedPremium: noQuoteMessage }, request: null });
  });

  it('uses the same phone and NID rules in the agent request', async () => {
    const request = { name: 'Sumi Akter', phone: 'call me', nid: '12ab', district: 'Sylhet' };
    const expected = { phone: 'Please enter a valid phone number', nid: 'NID must be a number (digits only)' };
    expect(await serverFields(agentRequestBody, request)).toEqual(expected);
    const formCheck = agentRequestBody.safeParse(request);
    expect(formCheck.success).toBe(false);
  });
});
