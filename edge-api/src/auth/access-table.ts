/**
 * The one authorization table: for every endpoint, who may call it and whose data they may
 * touch. The API enforces it (auth/access.ts); the PWA reads it to show or hide actions.
 * Pure data, no server imports, so the PWA can bundle it.
 *
 * `allow`: 'anyone' (no sign-in), or the roles that may call the endpoint.
 * `scope`: the data rule checked by the handler, in words, for people and the matrix test.
 */
export type Role = 'user' | 'agent' | 'admin';
export interface AccessRule {
  allow: 'anyone' | readonly Role[];
  scope?: string;
}

const signedIn = ['user', 'agent', 'admin'] as const;
const admin = ['admin'] as const;
const agentOrAdmin = ['agent', 'admin'] as const;

export const accessTable = {
  // Public reads (spec section 7).
  'GET /policies': { allow: 'anyone' },
  'GET /policies/6': { allow: 'anyone' },
  'GET /policies/:id': { allow: 'anyone' },
  'GET /policies/search': { allow: 'anyone', scope: 'a page of the catalogue search (issue 29)' },
  'GET /agents': { allow: 'anyone', scope: 'approved agents only' },
  'GET /blogs': { allow: 'anyone', scope: 'the newest 500' },
  'GET /blogs/:id': { allow: 'anyone' },
  'GET /faqs': { allow: 'anyone' },
  // Probes (routes/health.ts): details only with OPS_TOKEN, which is no sign-in.
  'GET /health/live': { allow: 'anyone' },
  'GET /health/ready': { allow: 'anyone' },
  'POST /subscribe': { allow: 'anyone' },
  // The newsletter's unsubscribe link (issue 29): the unguessable token is the permission.
  'GET /unsubscribe/:token': { allow: 'anyone', scope: 'the subscription of the token' },
  'POST /unsubscribe/:token': { allow: 'anyone', scope: 'the subscription of the token' },
  // The contact form (issue 29): anyone sends; signed in, the account is recorded. Admins read the inbox.
  'POST /support': { allow: 'anyone', scope: 'the sender\'s account when signed in' },
  'GET /support': { allow: admin, scope: 'a page, newest first' },
  'GET /client-config': { allow: 'anyone' },
  'GET /images/:name': { allow: 'anyone' },

  // Identity.
  'POST /auth/register': { allow: 'anyone', scope: 'a new account; the sign-up picture comes in this form, checked as POST /uploads' },
  'POST /auth/login': { allow: 'anyone' },
  'POST /auth/google': { allow: 'anyone' },
  'POST /auth/refresh': { allow: 'anyone', scope: 'the session of the refresh cookie' },
  'POST /auth/logout': { allow: 'anyone', scope: 'the session named with its sign-out key, else that of the refresh cookie' },
  'GET /auth/me': { allow: signedIn, scope: 'self' },
  'PATCH /auth/me': { allow: signedIn, scope: 'self' },
  'PUT /auth/language': { allow: signedIn, scope: 'self' },
  'POST /auth/password': { allow: signedIn, scope: 'self' },
  // Phone accounts and forgotten passwords (issue 50): the same answer for known and unknown.
  'POST /auth/otp/request': { allow: 'anyone', scope: 'a code to any Bangladeshi number; limited per number and per address' },
  'POST /auth/otp/verify': { allow: 'anyone', scope: 'the account of the number the code proves, made on first use' },
  'POST /auth/password/forgot': { allow: 'anyone', scope: 'a code or a link to the account of the number or email, if any' },
  'POST /auth/password/reset': { allow: 'anyone', scope: 'the account the code or the link is for' },
  'POST /auth/phone/request': { allow: signedIn, scope: 'self: a code to the number to add' },
  'POST /auth/phone/verify': { allow: signedIn, scope: 'self: the number the code proves' },
  'PUT /auth/sms': { allow: signedIn, scope: 'self' },
  'GET /demo/outbox': { allow: admin, scope: 'the demo\'s kept SMS and emails; demo mode only' },
  'POST /uploads': { allow: signedIn, scope: 'profile and policy images; owner recorded; visitors upload their picture inside POST /auth/register' },

  // Users and roles.
  'GET /users/role': { allow: signedIn, scope: 'own email; admins any' },
  'GET /users/:email': { allow: signedIn, scope: 'own email; admins any' },
  'POST /users': { allow: signedIn, scope: 'own profile only; role never taken from the body' },
  'PUT /make-admin': { allow: admin },
  'GET /make-admin/admins': { allow: admin },
  'PUT /make-admin/demote': { allow: admin, scope: 'another admin, never the last one' },

  // Agent requests.
  'POST /agents': { allow: signedIn, scope: 'email from the session' },
  'GET /agents/all': { allow: admin, scope: 'the newest 500' },
  'GET /agents/requests': { allow: admin, scope: 'a page; search and status filter' },
  'PATCH /agents/:id/status': { allow: admin },
  'DELETE /agents/:id': { allow: admin },

  // Policies.
  'POST /policies': { allow: admin },
  'PATCH /policies/:id': { allow: admin },
  'DELETE /policies/:id': { allow: admin },

  // Applications.
  'POST /applications': { allow: signedIn, scope: 'owner from the session' },
  'GET /applications': { allow: signedIn, scope: 'own email; admins any' },
  'GET /applications/all': { allow: admin, scope: 'the newest page only' },
  'GET /applications/search': { allow: admin, scope: 'a page; search, status filter and order' },
  'GET /applications/assigned/:email': { allow: agentOrAdmin, scope: 'that agent, or an admin; the newest 500' },
  'GET /applications/assigned/:email/search': { allow: agentOrAdmin, scope: 'that agent, or an admin; a page; search and status filter' },
  'GET /applications/:id': { allow: signedIn, scope: 'owner, assigned agent, or admin' },
  'DELETE /applications/:id': { allow: signedIn, scope: 'owner while pending, or admin' },
  'PATCH /applications/assign/:id': { allow: admin },
  'PATCH /applications/reject/:id': { allow: admin },
  'PATCH /applications/:id/status': { allow: ['agent'], scope: 'the assigned agent' },

  // Documents on applications (issue 27): whoever may see the application sees its documents.
  'GET /applications/:id/documents': { allow: signedIn, scope: 'owner, assigned agent, or admin' },
  'GET /applications/:id/documents/:documentId': { allow: signedIn, scope: 'owner, assigned agent, or admin' },
  'POST /applications/:id/documents/uploads': { allow: signedIn, scope: 'the owner (papers), or the assigned agent (evidence of a decision)' },
  'GET /applications/:id/documents/uploads/:uploadId': { allow: signedIn, scope: 'who started the upload (tus HEAD)' },
  'PATCH /applications/:id/documents/uploads/:uploadId': { allow: signedIn, scope: 'who started the upload' },
  // Documents on a claim (migration 0225): whoever may see the claim sees its documents.
  'GET /claims/:id/documents': { allow: signedIn, scope: 'claimant, assigned agent, or admin' },
  'GET /claims/:id/documents/:documentId': { allow: signedIn, scope: 'claimant, assigned agent, or admin' },
  'POST /claims/:id/documents/uploads': { allow: signedIn, scope: 'the claimant (required papers), or the assigned agent (evidence); while undecided' },
  'GET /claims/:id/documents/uploads/:uploadId': { allow: signedIn, scope: 'who started the upload (tus HEAD)' },
  'PATCH /claims/:id/documents/uploads/:uploadId': { allow: signedIn, scope: 'who started the upload' },

  // Blogs.
  'GET /blogs/manage': { allow: agentOrAdmin, scope: 'a page; agents their own, admins all; search' },
  'POST /blogs': { allow: agentOrAdmin, scope: 'author from the session' },
  'PATCH /blogs/:id': { allow: agentOrAdmin, scope: 'agents their own; admins all' },
  'DELETE /blogs/:id': { allow: agentOrAdmin, scope: 'agents their own; admins all' },

  // Administration.
  'GET /admin-stats': { allow: admin },
  'GET /audit': { allow: admin },
  'GET /payments/all': { allow: admin, scope: 'the newest 500 matching the filters' },
  'GET /payments/report': { allow: admin, scope: 'summary and income per day over the filters, and a page of them' },

  // Payments.
  'POST /create-payment-intent': { allow: signedIn, scope: 'the application owner' },
  'POST /payments/save': { allow: signedIn, scope: 'the application owner' },
  'POST /webhooks/stripe': { allow: 'anyone', scope: 'Stripe signature required' },
  'POST /payments/demo/confirm': { allow: signedIn, scope: 'the owner of the demo payment; demo mode only' },
  'POST /sslcommerz/session': { allow: signedIn, scope: 'the application owner' },
  'POST /sslcommerz/ipn': { allow: 'anyone', scope: 'SSLCommerz verify_sign required; confirmed with its validation API' },
  'POST /sslcommerz/return/:outcome': { allow: 'anyone', scope: 'the gateway sends the person back; confirmed with its validation API' },

  // Receipts and certificates (issue 26).
  'GET /receipts/:id': { allow: signedIn, scope: 'the application owner, or admin' },
  'GET /certificates/:id': { allow: signedIn, scope: 'the application owner, or admin' },
  'GET /verify/:code': { allow: 'anyone', scope: 'valid or not, the policy and a masked name only; rate limited' },

  // Notifications (issue 28): the inbox and the devices that receive pushes.
  'GET /notifications': { allow: signedIn, scope: 'own items only; a page, newest first' },
  'POST /notifications/read-all': { allow: signedIn, scope: 'own items only' },
  'POST /notifications/:id/read': { allow: signedIn, scope: 'own items only' },
  'GET /notifications/push-key': { allow: signedIn },
  'PUT /notifications/subscriptions': { allow: signedIn, scope: 'this device, for the signed-in person' },
  'DELETE /notifications/subscriptions': { allow: 'anyone', scope: 'the device whose endpoint is given (sign-out may have ended the session)' },
  'GET /admin/push-health': { allow: admin },

  // Insurance claims (issue 31): filed by the policyholder or the proven nominee, cleared by the
  // assigned agent, paid out by an admin (commands/claims.ts, commands/claim-steps.ts).
  'POST /claims': { allow: signedIn, scope: 'the policyholder, or the nominee proving the link by policy number and insured NID' },
  'GET /claims': { allow: signedIn, scope: 'a page: own claims; an agent also those assigned to them; admins all' },
  'GET /claims/:id': { allow: signedIn, scope: 'the claimant, the assigned agent, or admin' },
  'PATCH /claims/:id/assign': { allow: admin },
  'POST /claims/:id/review': { allow: ['agent'], scope: 'the assigned agent' },
  'POST /claims/:id/resubmit': { allow: signedIn, scope: 'the claimant' },
  'POST /claims/:id/payout': { allow: admin },

  // Policy servicing (issue 51): the holder asks; the policy's assigned agent or an admin decides.
  'POST /service-requests': { allow: signedIn, scope: 'the policyholder, on their own policy in force' },
  'GET /service-requests': { allow: signedIn, scope: 'a page: own requests; an agent those on policies assigned to them; admins all' },
  'POST /service-requests/:id/decision': { allow: agentOrAdmin, scope: "the policy's assigned agent, or admin" },
  // Premiums after the sale (issue 49): the policy's holder, its assigned agent and admins.
  'GET /premiums/report': { allow: admin, scope: 'every receipt between two Dhaka days, at most 92' },
  'GET /premiums/collections': { allow: agentOrAdmin, scope: 'an agent the dues of the policies assigned to them; admins all, or one agent\'s' },
  'GET /premiums/:applicationId': { allow: signedIn, scope: 'the holder, the assigned agent, or admin' },
  'GET /premiums/:applicationId/statement': { allow: signedIn, scope: 'the holder, the assigned agent, or admin' },
  'POST /premiums/:applicationId/collections': { allow: agentOrAdmin, scope: 'the assigned agent, or admin; Idempotency-Key required' },

  // Offline sync.
  'GET /sync': { allow: 'anyone', scope: 'public data; private rows only to who may see them' },
  'POST /sync/push': { allow: signedIn, scope: 'per mutation, as the endpoint it stands for' },
} as const satisfies Record<string, AccessRule>;

export type RouteKey = keyof typeof accessTable;

/** Whether a role (or a visitor, `null`) may call an endpoint at all. */
export function mayCall(role: Role | null, key: RouteKey): boolean {
  const rule: AccessRule = accessTable[key];
  if (rule.allow === 'anyone') return true;
  return role !== null && rule.allow.includes(role);
}
