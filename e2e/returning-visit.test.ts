/**
 * A customer's returning visit with nothing changed (issue 15's goal, kept through issue 32):
 * the device already holds the documents of the customer's application and the list of their
 * role's screens, so a new start asks the network for neither. A document added elsewhere moves
 * the application's version (migration 0245): the next start asks for that one list again and
 * keeps the new document.
 */
import { describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { newContext, type BrowserContext, type Page } from './support/browser.ts';
import { demoUser, insertApplication } from './support/dashboard-data.ts';
import { cameraPhoto } from './support/documents.ts';
import { apiAs, loginAs } from './support/login.ts';
import { offlineJourney, readStore, waitForLocalCopy, waitForRoleScreens, waitForServiceWorker } from './support/offline.ts';

const journey = offlineJourney();

/** Sends a photo to an application's documents as its owner, over the resumable upload, whole. */
async function sendPhoto(customer: Awaited<ReturnType<typeof apiAs>>, applicationId: string, kind: 'photo' | 'other', fileKey: string) {
  const bytes = cameraPhoto(400, 300, fileKey.length);
  const metadata = Object.entries({ kind, writeId: `write-${fileKey}`, fileKey })
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  const tus = { 'tus-resumable': '1.0.0' };
  const created = await customer.fetch(`/api/applications/${applicationId}/documents/uploads`, {
    method: 'POST',
    headers: { ...tus, 'upload-length': String(bytes.byteLength), 'upload-metadata': metadata },
  });
  expect(created.status).toBe(201);
  const sent = await customer.fetch(created.headers.get('location')!, {
    method: 'PATCH',
    headers: { ...tus, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
    body: new Uint8Array(bytes),
  });
  expect(sent.status).toBe(204);
}

/** The paths this context asks of the server: the worker's own requests and what it did not answer. */
function networkPaths(context: BrowserContext): string[] {
  const paths: string[] = [];
  const record = async (request: Request) => {
    const fromWorker = (await request.response())?.fromServiceWorker() ?? false;
    if (request.serviceWorker() || !fromWorker) paths.push(new URL(request.url()).pathname);
  };
  context.on('requestfinished', (request) => void record(request));
  return paths;
}

/** The documents of `applicationId` the page's device keeps. */
const keptOf = async (page: Page, applicationId: string) =>
  (await readStore<{ id: string; applicationId: string }>(page, 'keptDocuments')).filter((doc) => doc.applicationId === applicationId);

describe('a returning customer', () => {
  it('asks for no documents list and no screens list when nothing changed, and for the one list whose application got a document', async () => {
    const application = insertApplication(journey.server, demoUser(journey.server), { status: 'pending' });
    const customer = await apiAs(journey.server, 'user');
    await sendPhoto(customer, application.id, 'photo', 'first');

    const context = await newContext(journey.browser);
    const first = await context.newPage();
    await loginAs(first, journey.server, 'user', '/dashboard/myApplication');
    await waitForServiceWorker(first);
    await waitForLocalCopy(first);
    await waitForRoleScreens(first);
    await expect.poll(() => keptOf(first, application.id)).toHaveLength(1);
    await first.close();

    const asked = networkPaths(context);
    const documentsList = `/api/applications/${application.id}/documents`;
    const again = await context.newPage();
    await again.goto(`${journey.server.url}/dashboard/myApplication`);
    await again.getByRole('heading', { name: 'My Policies' }).waitFor();
    // The start's pull has answered, and what runs after it (the documents) has had its turn: the
    // screens' list is read after the page settles, the documents after the pull.
    await expect.poll(() => asked.filter((path) => path === '/api/sync').length).toBeGreaterThan(0);
    await waitForRoleScreens(again);

    // Something changes elsewhere: another paper. The next start asks for that list, once.
    await sendPhoto(customer, application.id, 'other', 'second');
    await again.reload();
    await expect.poll(() => keptOf(again, application.id)).toHaveLength(2);
    expect(asked.filter((path) => path === documentsList)).toEqual([documentsList]);
    expect(asked).not.toContain('/signed-in-screens.json');
    await context.close();
  });
});
