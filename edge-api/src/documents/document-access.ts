/**
 * Who may see and send an application's documents. Seeing: the owner, the agent assigned to
 * the application and admins, exactly who may see the application (db/applications.ts).
 * Sending: the applicant their papers; the assigned agent the evidence of their decision.
 */
import { findApplication, isAssignedAgent, isOwner, mayViewApplication, type StoredApplication } from '../db/applications.ts';
import type { AppDeps, SessionUser } from '../http/env.ts';
import { ApiError, forbidden } from '../http/errors.ts';
import type { DocumentKind } from '../schemas/document.ts';

const notFound = () => new ApiError(404, 'not_found', 'Application not found');

/** The application, when this user may see its documents; 404 when there is none, 403 otherwise. */
export async function viewableApplication(deps: Pick<AppDeps, 'db'>, user: SessionUser, id: string): Promise<StoredApplication> {
  const row = await findApplication(deps.db, id);
  if (!row) throw notFound();
  if (!mayViewApplication(user, row)) throw forbidden('You can only see the documents of your own applications.');
  return row;
}

/** The application, when this user may send a document of this kind to it. */
export async function uploadableApplication(deps: Pick<AppDeps, 'db'>, user: SessionUser, id: string, kind: DocumentKind): Promise<StoredApplication> {
  const row = await viewableApplication(deps, user, id);
  if (kind === 'evidence') {
    if (!isAssignedAgent(user, row)) throw forbidden('Only the agent assigned to this application can add evidence to its decision.');
  } else if (!isOwner(user, row)) {
    throw forbidden('Only the applicant can add documents to this application.');
  }
  return row;
}
