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
  nomineeNid: '1987654321',
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
  const mobile = 'Please enter a Bangladeshi mobile number: 01 and 9 more digits (01712345678), with or without +880';
  const nid = 'Please enter a Bangladeshi NID number: 10, 13 or 17 digits';
  const cases: [string, Partial<ApplicationForm>, Record<string, string>][] = [
    ['a phone of words', { phone: 'call me later' }, { phone: mobile }],
    ['a phone too short', { phone: '12345' }, { phone: mobile }],
    // Issue 47: the profile's rule, a Bangladeshi mobile number (the agent's screens offer it to call).
    ['a phone of dashes', { phone: '------' }, { phone: mobile }],
    ['a foreign phone', { phone: '+1 415 555 0100' }, { phone: mobile }],
    ['a landline', { phone: '02 9876543' }, { phone: mobile }],
    ['a phone with a country code, spaces and dashes', { phone: '+880 1711-000000' }, {}],
    ['a phone in Bengali digits', { phone: '০১৭১১০০০০০০' }, {}],
    ['no phone at all', { phone: '   ' }, {}],
    ['an NID with letters', { nid: '12ab' }, { nid }],
    ['an NID of one digit', { nid: '1' }, { nid }],
    ['an NID of 12 digits', { nid: '199012345678' }, { nid }],
    ['an NID of spaces', { nid: '   ' }, { nid: 'NID is required' }],
    ['an NID with spaces around it', { nid: ' 1990123456789 ' }, {}],
    ['a smart card NID of 10 digits', { nid: '1987654321' }, {}],
    ['an older NID of 17 digits, in groups', { nid: '1990 2612 3456 78901' }, {}],
    ["a nominee's NID of 11 digits", { nomineeNid: '12345678901' }, { nomineeNid: nid }],
    ['a name of spaces', { name: '  ' }, { name: 'Name is required' }],
  ];

  it.each(cases)('%s', async (_label, change, expected) => {
    const values = { ...form, ...change };
    expect(checkApplication(values, 1250).errors).toEqual(expected);
    expect(await serverFields(applicationInput, { ...values, estimatedPremium: 1250 })).toEqual(expected);
  });

  it('sends exactly what the server would store: trimmed, a blank phone as none, the mobile as +880…', () => {
    const checked = checkApplication({ ...form, nid: ' 1990123456789 ', phone: ' ' }, 1250);
    expect(checked.request).toEqual(applicationInput.parse({ ...form, nid: '1990123456789', phone: null, estimatedPremium: 1250 }));
    expect(checked.request?.phone).toBeNull();
    expect(checkApplication({ ...form, phone: '01711-000000' }, 1250).request?.phone).toBe('+8801711000000');
  });

  it("asks for the nominee's NID, which the server still takes an older app's application without", async () => {
    const { nomineeNid: _left, ...older } = form;
    expect(checkApplication({ ...form, nomineeNid: ' ' }, 1250).errors).toEqual({ nomineeNid: "Nominee's NID is required" });
    expect(await serverFields(applicationInput, { ...older, estimatedPremium: 1250 })).toEqual({});
    expect(applicationInput.parse({ ...older, estimatedPremium: 1250 }).nomineeNid).toBeNull();
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
