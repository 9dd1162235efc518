/**
 * A customer's returning visit with nothing changed (issue 15's goal, kept through issue 32):
 * the device already holds the documents of the customer's application and the list of their
 * role's screens, so a new start asks the network for neither. A document added elsewhere moves
 * the application's version (migration 0245): the next start asks for that one list again and
 * keeps the new document. A first visit on a slow phone, whose worker took control only after the
 * page had read the screens' list, leaves a return that asks for nothing either (issue 47).
 */
import { describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { newContext, type BrowserContext, type Page } from './support/browser.ts';
import { demoUser, insertApplication } from './support/dashboard-data.ts';
import { uploadDocument } from '../edge-api/test/support/documents.ts';
import { cameraPhoto } from './support/documents.ts';
import { apiAs, loginThroughForm } from './support/login.ts';
import { offlineJourney, readStore, waitForLocalCopy, waitForRoleScreens, waitForServiceWorker } from './support/offline.ts';

const journey = offlineJourney();

/** Sends a photo to an application's documents as its owner, over the resumable upload. */
async function sendPhoto(customer: Awaited<ReturnType<typeof apiAs>>, applicationId: string, kind: 'photo' | 'other', fileKey: string) {
  const sent = await uploadDocument({ fetch: customer.fetch }, null, applicationId, { kind, writeId: `write-${fileKey}`, fileKey }, cameraPhoto(400, 300, fileKey.length));
  expect(sent.status, sent.message).toBe(204);
}

interface Asked {
  path: string;
  /** Made by the service worker itself (its precache, what it keeps), not by the page. */
  byWorker: boolean;
  /** A page's request the worker answered (from its caches, or by asking the network itself). */
  answeredByWorker: boolean;
}

/** Every request of this context that finished, from now on. */
function recordRequests(context: BrowserContext): Asked[] {
  const asked: Asked[] = [];
  const record = async (request: Request) => {
    const answeredByWorker = (await request.response())?.fromServiceWorker() ?? false;
    asked.push({ path: new URL(request.url()).pathname, byWorker: request.serviceWorker() !== null, answeredByWorker });
  };
  context.on('requestfinished', (request) => void record(request));
  return asked;
}

/** What reached the network: the worker's own requests, and the page's that the worker did not answer. */
const fromNetwork = (asked: Asked[]) => asked.filter((request) => request.byWorker || !request.answeredByWorker).map((request) => request.path);

/**
 * A slow phone's first visit: the worker's install (its precache) outlasts the sign-in, so the
 * page reads the screens' list before any worker controls it. Here the worker's precache
 * requests wait until the page has asked for the list itself; then they go on.
 */
async function installAfterTheListIsRead(context: BrowserContext) {
  let pageAsked!: () => void;
  const pageAskedForTheList = new Promise<void>((resolve) => (pageAsked = resolve));
  await context.route('**/signed-in-screens.json', async (route) => {
    if (!route.request().serviceWorker()) pageAsked();
    await route.continue();
  });
  await context.route('**/assets/**', async (route) => {
    if (route.request().serviceWorker()) await pageAskedForTheList;
    await route.continue();
  });
}

/** The documents of `applicationId` the page's device keeps. */
const keptOf = async (page: Page, applicationId: string) =>
  (await readStore<{ id: string; applicationId: string }>(page, 'keptDocuments')).filter((doc) => doc.applicationId === applicationId);

/** The customer's first visit: signed in, the worker installed, the local copy and the screens list kept. */
async function firstVisit(context: BrowserContext) {
  const first = await context.newPage();
  // The form (decision 0128): this file counts the requests of a first visit and the next, from sign-in on.
  await loginThroughForm(first, journey.server, 'user', '/dashboard/myApplication');
  await waitForServiceWorker(first);
  await waitForLocalCopy(first);
  await waitForRoleScreens(first);
  return first;
}

describe('a returning customer', () => {
  it('asks for no documents list and no screens list when nothing changed, and for the one list whose application got a document', async () => {
    const application = insertApplication(journey.server, demoUser(journey.server), { status: 'pending' });
    const customer = await apiAs(journey.server, 'user');
    await sendPhoto(customer, application.id, 'photo', 'first');

    const context = await newContext(journey.browser);
    const asked = recordRequests(context);
    const first = await firstVisit(context);
    await expect.poll(() => keptOf(first, application.id)).toHaveLength(1);
    await first.close();
    // The worker's own requests are seen (its precache, the screens it kept): one that went to the
    // network on the return would be counted.
    expect(asked.filter((request) => request.byWorker).length).toBeGreaterThan(0);

    const returned = asked.length;
    const onReturn = () => asked.slice(returned);
    const documentsList = `/api/applications/${application.id}/documents`;
    const again = await context.newPage();
    await again.goto(`${journey.server.url}/dashboard/myApplication`);
    await again.getByRole('heading', { name: 'My Policies' }).waitFor();
    // The start's pull has answered, and what runs after it (the documents) has had its turn: the
    // screens' list is read after the page settles, the documents after the pull.
    await expect.poll(() => fromNetwork(onReturn()).filter((path) => path === '/api/sync').length).toBeGreaterThan(0);
    await waitForRoleScreens(again);
    // The app read the screens' list, and the worker answered it from the device.
    expect(onReturn()).toContainEqual({ path: '/signed-in-screens.json', byWorker: false, answeredByWorker: true });

    // Something changes elsewhere: another paper. The next start asks for that list, once.
    await sendPhoto(customer, application.id, 'other', 'second');
    await again.reload();
    await expect.poll(() => keptOf(again, application.id)).toHaveLength(2);
    expect(fromNetwork(onReturn()).filter((path) => path === documentsList)).toEqual([documentsList]);
    expect(fromNetwork(onReturn())).not.toContain('/signed-in-screens.json');
    await context.close();
  });

  it('asks for no screens list after a first visit that read it before the worker took control', async () => {
    const context = await newContext(journey.browser);
    await installAfterTheListIsRead(context);
    const asked = recordRequests(context);
    const first = await firstVisit(context);
    await first.close();
    // The page read the list past the worker (no worker controlled it yet), as on a slow phone.
    expect(asked).toContainEqual({ path: '/signed-in-screens.json', byWorker: false, answeredByWorker: false });

    const returned = asked.length;
    const onReturn = () => asked.slice(returned);
    const again = await context.newPage();
    await again.goto(`${journey.server.url}/dashboard/myApplication`);
    await again.getByRole('heading', { name: 'My Policies' }).waitFor();
    await waitForRoleScreens(again);
    // The app read the list again, and the worker answered it from the device, asking nothing.
    expect(onReturn()).toContainEqual({ path: '/signed-in-screens.json', byWorker: false, answeredByWorker: true });
    expect(fromNetwork(onReturn())).not.toContain('/signed-in-screens.json');
    await context.close();
  });
});
