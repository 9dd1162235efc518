/**
 * Issue 29, point 6: at 360 px a customer changes, offline, their name: it waits on the device
 * and reaches the server once the network returns (the number is changed with a code since
 * issue 50: profile-number.test.ts). Their new photo is a camera's 12 MP JPEG, which the server's checks
 * refuse as it comes: the phone prepares it first (at most 1600 px, no EXIF) and it is shown.
 */
import { imageSize } from 'image-size';
import { describe, expect, it } from 'vitest';
import { cameraPhoto, hasApp1 } from './support/documents.ts';
import { queryDb } from './support/login.ts';
import { offlineJourney, openReadyForOffline, readOutbox } from './support/offline.ts';

const journey = offlineJourney();

const account = () => queryDb<{ name: string }>(journey.server, "SELECT name FROM users WHERE email = 'user@demo.local'")[0]!;

describe('editing the profile', () => {
  it('saves a new photo, and sends a name changed offline once back online', async () => {
    const { context, page } = await openReadyForOffline(journey, { role: 'user', path: '/dashboard/profile', viewport: { width: 360, height: 740 } });
    const form = page.getByRole('form', { name: 'Edit your profile' });
    await form.waitFor();
    const save = form.getByRole('button', { name: 'Save changes' });
    const box = (await save.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    // The number is not the form's: it is changed with a code (issue 50).
    expect(await form.getByLabel('Mobile phone').count()).toBe(0);

    // A new photo: a file that is no image is refused on the device, a real one goes through the upload's checks.
    const photo = form.getByLabel('New photo');
    await photo.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.getByText('Please upload an image file (jpg, png, etc.)').waitFor();
    // Named and typed as a JPEG, but no picture: the device tells, before anything is sent.
    await photo.setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not really a jpeg') });
    await form.getByText('Please upload an image file (jpg, png, etc.)').waitFor();
    // A camera's photo, 4000x3000 with GPS in its EXIF; Save is pressed at once and waits for its preparation.
    const camera = cameraPhoto();
    await photo.setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: camera });
    await form.getByRole('button', { name: 'Save changes' }).click();
    const shown = page.locator('.profile__card').getByRole('img', { name: /^Photo of / });
    await shown.waitFor({ timeout: 30_000 });
    expect(await form.getByText('Please upload an image file (jpg, png, etc.)').count()).toBe(0);
    // Shown whole: the prepared picture is at most 1600 px wide (smaller still when that was needed for its ~250 KB).
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const photoUrl = queryDb<{ photo_url: string | null }>(journey.server, "SELECT photo_url FROM users WHERE email = 'user@demo.local'")[0]!.photo_url ?? '';
    expect(photoUrl).toMatch(/^\/api\/images\/.+\.jpg$/);
    const stored = new Uint8Array(await (await fetch(`${journey.server.url}${photoUrl}`)).arrayBuffer());
    const { width, height } = imageSize(stored);
    expect(width).toBeLessThanOrEqual(1600);
    expect(width / height).toBeCloseTo(4 / 3, 1);
    expect(stored.byteLength).toBeLessThan(camera.byteLength / 4);
    expect(hasApp1(stored)).toBe(false);

    await context.setOffline(true);
    await form.getByLabel('Name').fill('Ayesha Rahman');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('You are offline: your changes will be sent when you are back online.').waitFor();
    await page.locator('.profile__card').getByText('Waiting to send').waitFor();
    await page.locator('.profile__card').getByText('Ayesha Rahman').waitFor();
    expect(await form.getByLabel('New photo').isDisabled()).toBe(true);
    // The earlier online edit may still be listed as sent until the outbox is pruned: the waiting ones are what count.
    expect((await readOutbox(page)).filter((item) => item.state === 'queued').map((item) => [item.type, item.state])).toEqual([['profile.update', 'queued']]);
    expect(account().name).not.toBe('Ayesha Rahman');

    await context.setOffline(false);
    await expect.poll(() => account().name, { timeout: 20_000 }).toBe('Ayesha Rahman');
    await expect.poll(async () => (await readOutbox(page)).length, { timeout: 20_000 }).toBe(0);
  });
});
