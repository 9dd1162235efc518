/**
 * The authorization table (auth/access-table.ts) against the running API: for every endpoint
 * in the table that the app mounts, and every kind of caller, the status the table promises.
 * - anonymous where sign-in is needed: 401; a role the row does not allow: 403;
 * - a role the row allows: anything but 401/403 (and no crash), for a valid-looking request;
 * - "another user" on endpoints that have an owner: refused (data scope).
 * Around it: the app's real routes are walked, and a route without a row, or a row without a
 * route, fails; and the table itself is checked against `fromTheSpec`, a list written by hand
 * from spec sections 6 and 7 and decisions.md, so a wrong row cannot pass by agreeing with itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPrefix } from '../src/http/api-prefix.ts';
import { createApp, type AppDeps } from '../src/app.ts';
import { accessTable, mayCall, type AccessRule, type Role, type RouteKey } from '../src/auth/access-table.ts';
import { hashPassword } from '../src/auth/password.ts';
import { readConfig } from '../src/http/config.ts';
import { migrate } from '../src/node/migrate.ts';
import { createNodeDatabase } from '../src/node/sqlite-node.ts';
import { migrationsDir } from '../src/node/node.ts';
import { blogRow, policyRow } from '../src/seed/factories.ts';
import { diskImageStore } from '../src/node/disk-images.ts';
import { useApi } from './support/app.ts';
import { insertRefreshSession, registrationForm, tinyPng } from './support/auth-client.ts';
import { insertRow } from './support/rows.ts';
import { runtime, testJwtSecret } from './support/target.ts';
import { createTestUser, type TestUser } from './support/users.ts';

/**
 * The app built in-process over a fresh database, for `use`; routes are only listed or asked
 * without a session, so the drivers that are not needed for that are left out.
 */
async function withInProcessApp<T>(use: (app: ReturnType<typeof createApp>) => T | Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'routes-walk-'));
  const database = createNodeDatabase(join(dir, 'walk.sqlite'));
  try {
    migrate(database.sqlite, migrationsDir);
    const deps = {
      db: database.db,
      batch: database.batch,
      config: readConfig({ JWT_SECRET: testJwtSecret }),
      images: diskImageStore(join(dir, 'images')),
      clock: () => new Date(),
    } as unknown as AppDeps;
    return await use(createApp(deps));
  } finally {
    database.sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The routes the app really mounts, as "METHOD /path". */
const mountedRoutes = () =>
  withInProcessApp((app) => new Set(app.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path.slice(apiPrefix.length)}`)));

const mounted = await mountedRoutes();
const tableKeys = Object.keys(accessTable) as RouteKey[];

type Allowed = 'anyone' | 'signed in' | 'agent' | 'admin' | 'agent or admin';
/**
 * Who may call what, written from the spec (section 6, the calls of section 7) and decisions.md
 * (blogs public to read, agents write their own; every rule enforced by the server), and for
 * the endpoints this product adds (sign-in, uploads, sync), from their contracts in docs/api-auth.md.
 */
const fromTheSpec: Record<string, Allowed> = {
  'GET /users/:email': 'signed in',
  'GET /users/role': 'signed in',
  'POST /users': 'signed in',
  'PUT /make-admin': 'admin',
  'GET /make-admin/admins': 'admin',
  'PUT /make-admin/demote': 'admin',
  'GET /agents': 'anyone',
  'GET /agents/all': 'admin',
  'GET /agents/requests': 'admin',
  'POST /agents': 'signed in',
  'PATCH /agents/:id/status': 'admin',
  'DELETE /agents/:id': 'admin',
  'GET /policies': 'anyone',
  'GET /policies/6': 'anyone',
  'GET /policies/:id': 'anyone',
  'GET /policies/search': 'anyone',
  'POST /policies': 'admin',
  'PATCH /policies/:id': 'admin',
  'DELETE /policies/:id': 'admin',
  'POST /subscribe': 'anyone',
  'GET /unsubscribe/:token': 'anyone',
  'POST /unsubscribe/:token': 'anyone',
  'POST /support': 'anyone',
  'GET /support': 'admin',
  'POST /applications': 'signed in',
  'GET /applications': 'signed in',
  'GET /applications/all': 'admin',
  'GET /applications/search': 'admin',
  'GET /applications/assigned/:email': 'agent or admin',
  'GET /applications/assigned/:email/search': 'agent or admin',
  'GET /applications/:id': 'signed in',
  'DELETE /applications/:id': 'signed in',
  'PATCH /applications/assign/:id': 'admin',
  'PATCH /applications/reject/:id': 'admin',
  'PATCH /applications/:id/status': 'agent',
  'POST /create-payment-intent': 'signed in',
  'POST /payments/save': 'signed in',
  'POST /payments/demo/confirm': 'signed in',
  'POST /webhooks/stripe': 'anyone',
  'GET /payments/all': 'admin',
  'GET /payments/report': 'admin',
  'GET /admin-stats': 'admin',
  'GET /audit': 'admin',
  'GET /blogs': 'anyone',
  'GET /blogs/:id': 'anyone',
  'GET /blogs/manage': 'agent or admin',
  'POST /blogs': 'agent or admin',
  'PATCH /blogs/:id': 'agent or admin',
  'DELETE /blogs/:id': 'agent or admin',
  'GET /faqs': 'anyone',
  'GET /health/live': 'anyone',
  'GET /health/ready': 'anyone',
  'GET /client-config': 'anyone',
  'GET /images/:name': 'anyone',
  'POST /uploads': 'signed in',
  'POST /auth/register': 'anyone',
  'POST /auth/login': 'anyone',
  'POST /auth/google': 'anyone',
  'POST /auth/refresh': 'anyone',
  'POST /auth/logout': 'anyone',
  'GET /auth/me': 'signed in',
  'PATCH /auth/me': 'signed in',
  'PUT /auth/language': 'signed in',
  'POST /auth/password': 'signed in',
  // Issue 50: phone sign-in and forgotten passwords are for visitors; a proven number is one's own.
  'POST /auth/otp/request': 'anyone',
  'POST /auth/otp/verify': 'anyone',
  'POST /auth/password/forgot': 'anyone',
  'POST /auth/password/reset': 'anyone',
  'POST /auth/phone/request': 'signed in',
  'POST /auth/phone/verify': 'signed in',
  'PUT /auth/sms': 'signed in',
  'GET /demo/outbox': 'admin',
  'GET /sync': 'anyone',
  'POST /sync/push': 'signed in',
  // Issue 28: each person's own inbox and devices; delivery health for admins.
  'GET /notifications': 'signed in',
  'POST /notifications/read-all': 'signed in',
  'POST /notifications/:id/read': 'signed in',
  'GET /notifications/push-key': 'signed in',
  'PUT /notifications/subscriptions': 'signed in',
  'DELETE /notifications/subscriptions': 'anyone',
  'GET /admin/push-health': 'admin',
  // Issue 26: SSLCommerz, and what a payment and a policy leave the customer (decisions.md).
  'POST /sslcommerz/session': 'signed in',
  'POST /sslcommerz/ipn': 'anyone',
  'POST /sslcommerz/return/:outcome': 'anyone',
  'GET /receipts/:id': 'signed in',
  'GET /certificates/:id': 'signed in',
  'GET /verify/:code': 'anyone',
  // Issue 27: documents are seen by whoever sees the application; uploads by who started them.
  'GET /applications/:id/documents': 'signed in',
  'GET /applications/:id/documents/:documentId': 'signed in',
  'POST /applications/:id/documents/uploads': 'signed in',
  'GET /applications/:id/documents/uploads/:uploadId': 'signed in',
  'PATCH /applications/:id/documents/uploads/:uploadId': 'signed in',
  // Issue 31: insurance claims (decisions.md "Claims"); whose claim is checked by the handler.
  'POST /claims': 'signed in',
  'GET /claims': 'signed in',
  'GET /claims/:id': 'signed in',
  'PATCH /claims/:id/assign': 'admin',
  'POST /claims/:id/review': 'agent',
  'POST /claims/:id/resubmit': 'signed in',
  'POST /claims/:id/payout': 'admin',
  // Documents on a claim (migration 0225): whoever sees the claim sees them; uploads by who started them.
  'GET /claims/:id/documents': 'signed in',
  'GET /claims/:id/documents/:documentId': 'signed in',
  'POST /claims/:id/documents/uploads': 'signed in',
  'GET /claims/:id/documents/uploads/:uploadId': 'signed in',
  'PATCH /claims/:id/documents/uploads/:uploadId': 'signed in',
  // Issue 51: policy servicing; the holder asks, the policy's assigned agent or an admin decides.
  'POST /service-requests': 'signed in',
  'GET /service-requests': 'signed in',
  'POST /service-requests/:id/decision': 'agent or admin',
  // Issue 49: premiums after the sale; whose policy is checked by the handler.
  'GET /premiums/report': 'admin',
  'GET /premiums/collections': 'agent or admin',
  'GET /premiums/:applicationId': 'signed in',
  'GET /premiums/:applicationId/statement': 'signed in',
  'POST /premiums/:applicationId/collections': 'agent or admin',
};

const asWords = (allow: AccessRule['allow']): Allowed => {
  if (allow === 'anyone') return 'anyone';
  const roles = [...allow].sort().join(',');
  if (roles === 'admin,agent,user') return 'signed in';
  if (roles === 'admin,agent') return 'agent or admin';
  return roles as Allowed;
};

describe('the authorization table covers the app', () => {
  it('has a row for every route the app mounts', () => {
    const missing = [...mounted].filter((route) => !(route in accessTable));
    expect(missing, 'routes without a row in auth/access-table.ts').toEqual([]);
  });

  it('refuses a route mounted without a row, before its handler runs (the check is the session layer\'s, by the route\'s method and path)', async () => {
    let reached = false;
    const res = await withInProcessApp((app) => {
      app.get(`${apiPrefix}/a-route-with-no-row`, (c) => {
        reached = true;
        return c.text('reached');
      });
      return app.request(`${apiPrefix}/a-route-with-no-row`);
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ error: 'internal' });
    expect(reached).toBe(false);
  });

  it('has a mounted route for every row', () => {
    const unmounted = tableKeys.filter((key) => !mounted.has(key));
    expect(unmounted, 'rows of auth/access-table.ts that the app does not mount').toEqual([]);
  });

  it('says what the spec says, row by row', () => {
    const table = Object.fromEntries(tableKeys.map((key) => [key, asWords(accessTable[key].allow)]));
    expect(table).toEqual(fromTheSpec);
  });
});

type Persona = 'anonymous' | 'user' | 'anotherUser' | 'agent' | 'admin';
// "anotherUser" goes before "user" so that the owner's own calls (a delete) cannot hide a scope check.
const personas: Persona[] = ['anonymous', 'anotherUser', 'user', 'agent', 'admin'];
const roleOf: Record<Persona, Role | null> = { anonymous: null, user: 'user', anotherUser: 'user', agent: 'agent', admin: 'admin' };

interface Fixtures {
  owner: TestUser;
  anotherUser: TestUser;
  agent: TestUser;
  admin: TestUser;
  loginEmail: string;
  loginUserId: string;
  applicationId: string;
  pendingApplicationId: string;
  blogId: string;
  policyId: string;
  /** The owner's notification (issue 28). */
  notificationId: string;
  /** The owner's approved and paid application: a receipt and a certificate (issue 26). */
  paidApplicationId: string;
  /** A document on the owner's application and an upload of theirs under way (issue 27). */
  documentId: string;
  uploadId: string;
  /** The owner's insurance claim, sent back for a document (issue 31). */
  claimId: string;
  /** A paper on that claim and an upload of the owner's to it under way (migration 0225). */
  claimDocumentId: string;
  claimUploadId: string;
}

interface Call {
  path: string;
  init?: RequestInit;
}

const missingId = 'matrix-missing-id';
let counter = 0;
const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/**
 * A valid-looking request per endpoint and caller. A caller uses their own data where the
 * endpoint has an owner; "anotherUser" aims at the owner's data; others get missing ids
 * (an allowed caller then sees 404, never 401/403).
 */
function callFor(key: RouteKey, persona: Persona, f: Fixtures, caller: TestUser | null): Call | Promise<Call> {
  const own = persona === 'anotherUser' ? f.owner.email : persona === 'admin' ? f.owner.email : (caller?.email ?? f.owner.email);
  const ownApplication = persona === 'user' || persona === 'anotherUser' ? f.applicationId : missingId;
  switch (key) {
    case 'POST /auth/register': {
      counter += 1;
      return { path: '/api/auth/register', init: { method: 'POST', body: registrationForm({ name: 'Matrix', email: `matrix-${counter}@example.test`, password: 'matrix-pass' }) } };
    }
    case 'POST /auth/login':
      return { path: '/api/auth/login', init: json('POST', { email: f.loginEmail, password: 'matrix-pass' }) };
    case 'POST /auth/refresh':
    case 'POST /auth/logout':
      return insertRefreshSession(api, f.loginUserId).then((cookie) => ({ path: apiPrefix + key.split(' ')[1]!, init: { method: 'POST', headers: { cookie } } }));
    case 'POST /auth/google':
      return { path: '/api/auth/google', init: json('POST', { idToken: 'not-configured-here' }) };
    case 'PATCH /auth/me':
      return { path: '/api/auth/me', init: json('PATCH', { name: 'Matrix Name' }) };
    case 'PUT /auth/language':
      return { path: '/api/auth/language', init: json('PUT', { language: 'bn' }) };
    case 'POST /auth/password':
      return { path: '/api/auth/password', init: json('POST', { oldPassword: 'wrong-old', newPassword: 'matrix-new', confirmPassword: 'matrix-new' }) };
    case 'POST /auth/otp/request':
    case 'POST /auth/password/forgot':
    case 'POST /auth/phone/request':
      return { path: apiPrefix + key.split(' ')[1]!, init: json('POST', { phone: '01712345678' }) };
    case 'POST /auth/otp/verify':
    case 'POST /auth/phone/verify':
      return { path: apiPrefix + key.split(' ')[1]!, init: json('POST', { phone: '01712345678', code: '000000' }) };
    case 'POST /auth/password/reset':
      return { path: '/api/auth/password/reset', init: json('POST', { phone: '01712345678', code: '000000', password: 'matrix-new' }) };
    case 'PUT /auth/sms':
      return { path: '/api/auth/sms', init: json('PUT', { smsOptOut: false }) };
    case 'POST /uploads': {
      const form = new FormData();
      form.set('image', new Blob([tinyPng], { type: 'image/png' }), 'm.png');
      return { path: '/api/uploads', init: { method: 'POST', body: form } };
    }
    case 'GET /users/role':
      return { path: `/api/users/role?email=${encodeURIComponent(own)}` };
    case 'GET /users/:email':
      return { path: `/api/users/${encodeURIComponent(own)}` };
    case 'POST /users':
      // Own profile only, admins included.
      return { path: '/api/users', init: json('POST', { email: persona === 'anotherUser' ? f.owner.email : (caller?.email ?? f.owner.email), name: 'Matrix Name' }) };
    case 'PUT /make-admin':
      return { path: '/api/make-admin', init: json('PUT', { email: 'nobody@matrix.test' }) };
    case 'GET /make-admin/admins':
      return { path: '/api/make-admin/admins' };
    case 'PUT /make-admin/demote':
      return { path: '/api/make-admin/demote', init: json('PUT', { email: 'nobody@matrix.test', role: 'user' }) };
    case 'POST /agents':
      return { path: '/api/agents', init: json('POST', { name: 'Matrix', phone: '+8801700000000', nid: '1234567890', district: 'Dhaka' }) };
    case 'PATCH /agents/:id/status':
      return { path: `/api/agents/${missingId}/status`, init: json('PATCH', { status: 'approved' }) };
    case 'GET /applications':
      return { path: `/api/applications?email=${encodeURIComponent(own)}` };
    case 'GET /applications/:id':
      return { path: `/api/applications/${persona === 'agent' || persona === 'admin' ? f.applicationId : ownApplication}` };
    case 'DELETE /applications/:id':
      return { path: `/api/applications/${persona === 'user' || persona === 'anotherUser' ? f.pendingApplicationId : missingId}`, init: { method: 'DELETE' } };
    case 'GET /applications/assigned/:email':
      return { path: `/api/applications/assigned/${encodeURIComponent(persona === 'agent' || persona === 'admin' ? f.agent.email : own)}` };
    case 'PATCH /applications/:id/status':
      return { path: `/api/applications/${persona === 'agent' ? f.applicationId : missingId}/status`, init: json('PATCH', { status: 'approved' }) };
    case 'PATCH /applications/assign/:id':
      return { path: `/api/applications/assign/${missingId}`, init: json('PATCH', { agentEmail: f.agent.email }) };
    case 'PATCH /blogs/:id':
      return { path: `/api/blogs/${f.blogId}`, init: json('PATCH', { title: 'Matrix title' }) };
    case 'DELETE /blogs/:id':
      return { path: `/api/blogs/${persona === 'agent' ? f.blogId : missingId}`, init: { method: 'DELETE' } };
    case 'POST /notifications/:id/read':
      return { path: `/api/notifications/${persona === 'user' || persona === 'anotherUser' ? f.notificationId : missingId}/read`, init: json('POST', {}) };
    case 'PUT /notifications/subscriptions':
      return { path: '/api/notifications/subscriptions', init: json('PUT', matrixSubscription) };
    case 'DELETE /notifications/subscriptions':
      return { path: '/api/notifications/subscriptions', init: json('DELETE', { endpoint: matrixSubscription.endpoint }) };
    case 'GET /applications/:id/documents':
      return { path: `/api/applications/${persona === 'agent' || persona === 'admin' ? f.applicationId : ownApplication}/documents` };
    case 'GET /applications/:id/documents/:documentId':
      return { path: `/api/applications/${persona === 'agent' || persona === 'admin' ? f.applicationId : ownApplication}/documents/${f.documentId}` };
    case 'POST /applications/:id/documents/uploads': {
      // The owner sends papers, the assigned agent evidence; an admin aims at no application.
      const kind = persona === 'agent' ? 'evidence' : 'photo';
      const meta = [`kind ${btoa(kind)}`, `writeId ${btoa(`matrix-write-${(counter += 1)}`)}`, `fileKey ${btoa('f')}`].join(',');
      const target = persona === 'admin' ? missingId : f.applicationId;
      return { path: `/api/applications/${target}/documents/uploads`, init: { method: 'POST', headers: { 'upload-length': '10', 'upload-metadata': meta, 'tus-resumable': '1.0.0' } } };
    }
    case 'GET /applications/:id/documents/uploads/:uploadId':
      return { path: `/api/applications/${f.applicationId}/documents/uploads/${persona === 'user' || persona === 'anotherUser' ? f.uploadId : missingId}` };
    case 'PATCH /applications/:id/documents/uploads/:uploadId':
      return {
        path: `/api/applications/${f.applicationId}/documents/uploads/${persona === 'user' || persona === 'anotherUser' ? f.uploadId : missingId}`,
        init: { method: 'PATCH', headers: { 'content-type': 'application/offset+octet-stream', 'upload-offset': '0', 'tus-resumable': '1.0.0' }, body: new Uint8Array([0xff, 0xd8]) },
      };
    case 'POST /claims':
      // Filing on the owner's policy as its policyholder: only the owner may.
      return { path: '/api/claims', init: json('POST', matrixClaim(persona === 'anotherUser' || persona === 'user')) };
    case 'GET /claims/:id':
      return { path: `/api/claims/${persona === 'anotherUser' || persona === 'user' || persona === 'admin' ? f.claimId : missingId}` };
    case 'POST /claims/:id/resubmit':
      return { path: `/api/claims/${persona === 'anotherUser' || persona === 'user' ? f.claimId : missingId}/resubmit`, init: json('POST', { note: 'Added' }) };
    case 'POST /claims/:id/review':
      return { path: `/api/claims/${missingId}/review`, init: json('POST', { step: 'note', note: 'Seen' }) };
    case 'PATCH /claims/:id/assign':
      return { path: `/api/claims/${missingId}/assign`, init: json('PATCH', { agentEmail: f.agent.email }) };
    case 'POST /claims/:id/payout':
      return { path: `/api/claims/${missingId}/payout`, init: json('POST', { payoutMethod: 'bkash', payoutAccount: '01712345678', amountPoisha: 100, reference: 'TRX1' }) };
    case 'GET /claims/:id/documents':
      return { path: `/api/claims/${f.claimId}/documents` };
    case 'GET /claims/:id/documents/:documentId':
      return { path: `/api/claims/${f.claimId}/documents/${f.claimDocumentId}` };
    case 'POST /claims/:id/documents/uploads': {
      // The claimant sends papers, the assigned agent evidence; an admin aims at no claim.
      const meta = persona === 'agent' ? [`kind ${btoa('evidence')}`] : [`kind ${btoa('other')}`, `paper ${btoa('medical-report')}`];
      meta.push(`writeId ${btoa(`matrix-write-${(counter += 1)}`)}`, `fileKey ${btoa('f')}`);
      const target = persona === 'admin' ? missingId : f.claimId;
      return { path: `/api/claims/${target}/documents/uploads`, init: { method: 'POST', headers: { 'upload-length': '10', 'upload-metadata': meta.join(','), 'tus-resumable': '1.0.0' } } };
    }
    case 'GET /claims/:id/documents/uploads/:uploadId':
      return { path: `/api/claims/${f.claimId}/documents/uploads/${persona === 'user' || persona === 'anotherUser' ? f.claimUploadId : missingId}` };
    case 'PATCH /claims/:id/documents/uploads/:uploadId':
      return {
        path: `/api/claims/${f.claimId}/documents/uploads/${persona === 'user' || persona === 'anotherUser' ? f.claimUploadId : missingId}`,
        init: { method: 'PATCH', headers: { 'content-type': 'application/offset+octet-stream', 'upload-offset': '0', 'tus-resumable': '1.0.0' }, body: new Uint8Array([0xff, 0xd8]) },
      };
    case 'POST /service-requests':
      // The owner asks about their own paid policy; another customer aims at it; staff at a missing one.
      return {
        path: '/api/service-requests',
        init: json('POST', { applicationId: persona === 'user' || persona === 'anotherUser' ? f.paidApplicationId : missingId, kind: 'duplicate_certificate', changes: {} }),
      };
    case 'POST /create-payment-intent':
      return { path: '/api/create-payment-intent', init: json('POST', { applicationId: ownApplication }) };
    case 'GET /receipts/:id':
    case 'GET /certificates/:id':
      // The owner and admins read the paid one; another customer aims at it; an agent's is missing.
      return { path: apiPrefix + key.split(' ')[1]!.replace(':id', persona === 'agent' ? missingId : f.paidApplicationId) };
    case 'GET /premiums/:applicationId':
      // The holder, the assigned agent and admins read the paid policy's; another customer aims at it.
      return { path: `/api/premiums/${f.paidApplicationId}` };
    case 'GET /premiums/:applicationId/statement':
      return { path: `/api/premiums/${f.paidApplicationId}/statement` };
    case 'POST /sslcommerz/return/:outcome':
      return { path: '/api/sslcommerz/return/cancel', init: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'tran_id=matrix-missing' } };
    default: {
      const [method, pattern] = key.split(' ') as [string, string];
      const path = apiPrefix + pattern.replace(/:email/g, encodeURIComponent(own)).replace(/:[a-z]+/gi, missingId);
      return method === 'GET' || method === 'DELETE' ? { path, init: { method } } : { path, init: json(method, {}) };
    }
  }
}

/** Endpoints with an owner: what "another user" gets when aiming at the owner's data. */
const anotherUsersAnswer: Partial<Record<RouteKey, number[]>> = {
  'GET /users/role': [403],
  'GET /users/:email': [403],
  'POST /users': [403],
  'GET /applications': [403],
  'GET /applications/:id': [403, 404],
  'DELETE /applications/:id': [403, 404],
  'POST /create-payment-intent': [403, 404],
  'GET /receipts/:id': [403],
  'GET /certificates/:id': [403],
  'POST /service-requests': [403],
  'GET /applications/:id/documents': [403, 404],
  'GET /applications/:id/documents/:documentId': [403, 404],
  'POST /applications/:id/documents/uploads': [403, 404],
  'GET /applications/:id/documents/uploads/:uploadId': [403, 404],
  'PATCH /applications/:id/documents/uploads/:uploadId': [403, 404],
  // Someone else's notification is as absent as a missing one.
  'POST /notifications/:id/read': [404],
  'POST /claims': [403],
  'GET /claims/:id': [403],
  'POST /claims/:id/resubmit': [403],
  'GET /claims/:id/documents': [403],
  'GET /claims/:id/documents/:documentId': [403],
  'POST /claims/:id/documents/uploads': [403],
  'GET /claims/:id/documents/uploads/:uploadId': [403],
  'PATCH /claims/:id/documents/uploads/:uploadId': [403],
  'GET /premiums/:applicationId': [403],
  'GET /premiums/:applicationId/statement': [403],
};

/** A claim on the owner's paid policy, as its policyholder (a fresh id each time). */
function matrixClaim(onOwnersPolicy: boolean) {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    claimNumber: `CLM-MTRX-${String(counter).padStart(4, '0')}`,
    policyNumber: onOwnersPolicy ? 'matrix-paid-application' : missingId,
    insuredNid: '1234567890',
    relation: 'policyholder',
    kind: 'hospitalisation',
    eventDate: '2026-01-02',
    description: 'In hospital for three days.',
    district: 'Dhaka',
    payoutMethod: 'bkash',
    payoutAccount: '01712345678',
  };
}

/** A well-formed browser subscription (keys of the right shape; nothing is ever sent to it here). */
const matrixSubscription = {
  endpoint: 'https://push.example.test/matrix-device',
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
};

const { api } = useApi();

let fixtures: Fixtures;

beforeAll(async () => {
  const [owner, anotherUser, agent, admin] = [
    await createTestUser(api, 'user'),
    await createTestUser(api, 'user'),
    await createTestUser(api, 'agent'),
    await createTestUser(api, 'admin'),
  ];
  const loginUserId = 'matrix-login-user';
  await api.sql(
    'INSERT INTO users (id, email, name, role, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    loginUserId,
    'matrix-login@example.test',
    'Matrix Login',
    'user',
    await hashPassword('matrix-pass'),
    new Date().toISOString(),
  );
  const policy = policyRow({ id: 'matrix-policy' });
  await insertRow(api, 'policies', policy);
  await insertRow(api, 'blogs', blogRow({ id: 'matrix-blog', author_id: agent.id, author_email: agent.email, author_name: agent.name }));
  const application = (id: string, status: string, assigned: string | null) =>
    api.sql(
      `INSERT INTO applications (id, user_id, user_email, name, address, nid, nominee_name, relationship, policy_id, policy_name, status, assigned_agent, applied_at)
       VALUES (?, ?, ?, 'Owner', 'Dhaka', '1234567890', 'Nominee', 'Spouse', ?, ?, ?, ?, ?)`,
      id,
      owner.id,
      owner.email,
      policy.id,
      policy.title,
      status,
      assigned,
      new Date().toISOString(),
    );
  await application('matrix-application', 'assigned', agent.email);
  await application('matrix-pending-application', 'pending', null);
  await application('matrix-paid-application', 'approved', agent.email);
  await api.sql(
    `UPDATE applications SET payment_status = 'paid', receipt_number = 'RC-MATRIX', paid_amount_minor = 5000, paid_currency = 'bdt',
       paid_method = 'demo', paid_provider = 'demo', paid_transaction_id = 'demo_pi_matrix', paid_at = ?, decided_at = ?,
       policy_number = 'BD-MATRIX', verify_code = ? WHERE id = 'matrix-paid-application'`,
    new Date().toISOString(),
    new Date().toISOString(),
    'f'.repeat(32),
  );
  await api.sql(`UPDATE applications SET payment_status = 'paid' WHERE id = 'matrix-paid-application'`);
  const at = new Date().toISOString();
  await insertRow(api, 'claims', {
    id: 'matrix-claim', claim_number: 'CLM-MTRX-0000', application_id: 'matrix-paid-application', policy_id: policy.id, policy_name: policy.title,
    insured_name: 'Owner', claimant_id: owner.id, claimant_email: owner.email, claimant_name: 'Owner', claimant_relation: 'policyholder',
    kind: 'disability', event_date: '2026-01-01', description: 'Fell.', district: 'Dhaka', payout_method: 'bkash', payout_account: '01712345678',
    coverage_poisha: 100_000_00, status: 'more_documents', assigned_agent: agent.email, assigned_at: at, filed_at: at, due_on: '2026-01-15', updated_at: at,
  });
  await insertRow(api, 'notifications', {
    id: 'matrix-notification',
    user_id: owner.id,
    event: 'application.assigned',
    entity_id: 'matrix-application',
    policy_name: policy.title,
    link: '/dashboard/applications/matrix-application',
    created_at: new Date().toISOString(),
  });
  const now = new Date().toISOString();
  await insertRow(api, 'documents', {
    id: 'matrix-document', application_id: 'matrix-application', owner_id: owner.id, kind: 'photo', write_id: 'matrix-write', client_key: 'photo',
    stored_name: 'matrix-document.png', content_type: 'image/png', byte_size: tinyPng.byteLength, width: 1, height: 1, created_at: now,
  });
  await insertRow(api, 'document_uploads', {
    id: 'matrix-upload', application_id: 'matrix-application', owner_id: owner.id, kind: 'other', write_id: 'matrix-write', client_key: 'other',
    length: 1000, received: 0, created_at: now, updated_at: now,
  });
  await insertRow(api, 'documents', {
    id: 'matrix-claim-document', application_id: 'matrix-paid-application', claim_id: 'matrix-claim', paper: 'insured-nid', owner_id: owner.id, kind: 'other',
    write_id: 'matrix-claim-write', client_key: 'insured-nid', stored_name: 'matrix-claim-document.png', content_type: 'image/png', byte_size: tinyPng.byteLength,
    width: 1, height: 1, created_at: now,
  });
  await insertRow(api, 'document_uploads', {
    id: 'matrix-claim-upload', application_id: 'matrix-paid-application', claim_id: 'matrix-claim', paper: 'medical-report', owner_id: owner.id, kind: 'other',
    write_id: 'matrix-claim-write', client_key: 'medical-report', length: 1000, received: 0, created_at: now, updated_at: now,
  });
  fixtures = {
    owner,
    anotherUser,
    agent,
    admin,
    loginEmail: 'matrix-login@example.test',
    loginUserId,
    applicationId: 'matrix-application',
    pendingApplicationId: 'matrix-pending-application',
    blogId: 'matrix-blog',
    policyId: policy.id,
    notificationId: 'matrix-notification',
    paidApplicationId: 'matrix-paid-application',
    documentId: 'matrix-document',
    uploadId: 'matrix-upload',
    claimId: 'matrix-claim',
    claimDocumentId: 'matrix-claim-document',
    claimUploadId: 'matrix-claim-upload',
  };
});

function callerOf(persona: Persona): TestUser | null {
  if (persona === 'anonymous') return null;
  return persona === 'user' ? fixtures.owner : fixtures[persona];
}

describe(`route × role matrix on ${runtime}`, () => {
  for (const key of tableKeys) {
    for (const persona of personas) {
      const allowed = mayCall(roleOf[persona], key);
      const owned = persona === 'anotherUser' ? anotherUsersAnswer[key] : undefined;
      const expectation = !allowed ? (persona === 'anonymous' ? '401' : '403') : owned ? `refused (${owned.join('/')})` : 'allowed';
      it(`${key} as ${persona}: ${expectation}`, async () => {
        const caller = callerOf(persona);
        const call = await callFor(key, persona, fixtures, caller);
        const headers = new Headers(call.init?.headers);
        if (caller) headers.set('authorization', `Bearer ${caller.token}`);
        const res = await api.fetch(call.path, { ...call.init, headers });
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        const seen = `${res.status} ${body?.message ?? ''}`;
        if (!allowed) {
          expect(res.status, seen).toBe(persona === 'anonymous' ? 401 : 403);
        } else if (owned) {
          expect(owned, seen).toContain(res.status);
        } else {
          expect([401, 403], seen).not.toContain(res.status);
          expect(res.status, seen).not.toBe(500);
          // A 404 must be about the data, not a path the matrix got wrong.
          if (res.status === 404) expect(body?.message ?? '', seen).not.toMatch(/^No such endpoint/);
        }
      });
    }
  }
});
